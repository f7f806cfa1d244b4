/**
 * Pagefind search index, built three ways so that its cost stays off the critical path:
 * - streamed: when every page is rendered (a cold build), each page is handed to Pagefind the
 *   moment it is rendered, round-robin over two Pagefind processes (one process indexes one page
 *   at a time: 1,000 generated pages took 1.2 s in one, 0.7 s in two), each writing one shard
 *   (`pagefind/`, `pagefind-1/`) that the browser merges. Indexing runs on the core rendering
 *   leaves free, so the index costs little more than its final write. Only the
 *   `<article data-pagefind-body>` part of a page is sent (~0.2 ms a page over stdio).
 * - delta: when a few pages changed, only those pages go into a small extra index
 *   (`pagefind-delta/`); `pagefind/folio-search.json` lists the pages whose entries in the main
 *   shards are stale, and the browser merges the delta and drops stale hits. Pagefind has no
 *   incremental mode; this gives a one-page rebuild an index update of a few milliseconds.
 * - full: past the delta limit, Pagefind re-reads the written site (`addDirectory`).
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

type PagefindModule = typeof import('pagefind');
type PagefindIndex = NonNullable<Awaited<ReturnType<PagefindModule['createIndex']>>['index']>;

/** Written next to Pagefind's files: what the browser needs to merge the delta index. */
const SEARCH_MANIFEST = 'folio-search.json';
const DELTA_DIR = 'pagefind-delta';

export interface SearchManifest {
  /** Further shards of the main index (relative to the site root), merged with `pagefind/`. */
  shards?: string[];
  /** Folder of the delta index relative to the site root, when there is one. */
  delta?: string;
  /** Hrefs whose entries in the main index are out of date (changed or removed pages). */
  stale?: string[];
}

export interface SearchOutcome {
  errors: string[];
  pages: number;
  mode: 'streamed' | 'delta' | 'full';
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Pagefind's Node API drives one service process per module instance; instance `n` > 0 is the
 * same module loaded under another URL, which gives it a process of its own.
 */
async function loadPagefind(instance = 0): Promise<PagefindModule | string> {
  try {
    if (instance === 0) return await import('pagefind');
    return (await import(`${import.meta.resolve('pagefind')}?instance=${instance}`)) as PagefindModule;
  } catch (error) {
    return `Pagefind could not be loaded (${message(error)})`;
  }
}

interface OpenIndex {
  pagefind: PagefindModule;
  index: PagefindIndex;
  /** Problems Pagefind reported while starting. */
  errors: string[];
}

/** Start Pagefind process `instance` with an empty index; a string is why it could not start. */
async function openIndex(instance = 0): Promise<OpenIndex | string> {
  const pagefind = await loadPagefind(instance);
  if (typeof pagefind === 'string') return pagefind;
  try {
    const { index, errors } = await pagefind.createIndex({});
    if (index) return { pagefind, index, errors: [...errors] };
    await closeIndex({ pagefind });
    return errors.join('; ') || 'Pagefind did not start';
  } catch (error) {
    await closeIndex({ pagefind });
    return message(error);
  }
}

/**
 * Stop a Pagefind process. A failure to close is ignored: it means the process is already gone,
 * and whatever killed it has been reported by the index call that failed.
 */
const closeIndex = ({ pagefind }: Pick<OpenIndex, 'pagefind'>) => pagefind.close().catch(() => undefined);

/**
 * The part of a page Pagefind indexes: the `<html lang>`, `<title>` and the article marked with
 * `data-pagefind-body`. Null when the page is not indexed (noindex pages carry no such article).
 */
export function indexDocument(html: string, marker = ''): string | null {
  const body = html.indexOf(' data-pagefind-body=""');
  if (body < 0) return null;
  const start = html.lastIndexOf('<article', body);
  const end = html.indexOf('</article>', body);
  if (start < 0 || end < 0) return null;
  const lang = /^<!DOCTYPE html><html lang="([^"]*)"/i.exec(html)?.[1] ?? 'en';
  const title = /<title>[^<]*<\/title>/.exec(html)?.[0] ?? '';
  const article = html.slice(start, end + '</article>'.length);
  const tagged = marker ? article.replace(' data-pagefind-body=""', ` data-pagefind-body="" data-pagefind-meta="${marker}"`) : article;
  return `<!DOCTYPE html><html lang="${lang}"><head>${title}</head><body>${tagged}</body></html>`;
}

/** Write Pagefind's bundle to `outputPath` and collect every error reported on the way. */
async function writeShard(index: PagefindIndex, adds: Promise<{ errors: string[] }>[], outputPath: string, errors: string[]): Promise<number> {
  const added = await Promise.all(adds);
  for (const a of added) errors.push(...a.errors);
  const written = await index.writeFiles({ outputPath });
  errors.push(...written.errors);
  return added.length;
}

/** Folder of main-index shard `n` in the site. */
const shardDir = (n: number) => (n === 0 ? 'pagefind' : `pagefind-${n}`);

/**
 * A full index fed page by page while the build renders. `add` never waits; `finish` writes
 * the shards, removes any delta index and earlier extra shards, and returns what went wrong.
 */
export class StreamingSearchIndex {
  private adds: Promise<{ errors: string[] }>[][];
  private next = 0;

  private constructor(
    private readonly shards: OpenIndex[],
    private readonly errors: string[],
  ) {
    this.adds = shards.map(() => []);
  }

  /** Start `count` Pagefind processes; a string is the reason none could start. */
  static async start(count: number): Promise<StreamingSearchIndex | string> {
    const shards: OpenIndex[] = [];
    const errors: string[] = [];
    for (let n = 0; n < count; n++) {
      const opened = await openIndex(n);
      if (typeof opened === 'string') {
        errors.push(opened);
        break;
      }
      errors.push(...opened.errors);
      shards.push(opened);
    }
    if (shards.length === 0) return errors.join('; ') || 'Pagefind did not start';
    return new StreamingSearchIndex(shards, errors);
  }

  /** Queue one rendered page (pages without an indexed article are ignored). */
  add(href: string, html: string): void {
    const content = indexDocument(html);
    if (!content) return;
    const shard = this.next++ % this.shards.length;
    this.adds[shard]!.push(this.shards[shard]!.index.addHTMLFile({ url: href, content }).catch((error: unknown) => ({ errors: [`${href}: ${message(error)}`] })));
  }

  async finish(outDir: string): Promise<SearchOutcome> {
    try {
      const counts = await Promise.all(this.shards.map((s, n) => writeShard(s.index, this.adds[n]!, path.join(outDir, shardDir(n)), this.errors)));
      const extra = this.shards.slice(1).map((_, i) => `${shardDir(i + 1)}/`);
      await Promise.all([removeIndexes(outDir, this.shards.length), writeManifest(outDir, extra.length ? { shards: extra } : {})]);
      return { errors: this.errors, pages: counts.reduce((a, b) => a + b, 0), mode: 'streamed' };
    } catch (error) {
      return { errors: [...this.errors, message(error)], pages: 0, mode: 'streamed' };
    } finally {
      await Promise.all(this.shards.map(closeIndex));
    }
  }
}

/** Delete the delta index and main-index shards numbered `keep` and above. */
async function removeIndexes(outDir: string, keep: number): Promise<void> {
  // An output folder that cannot be listed has no earlier indexes to remove.
  const names = await readdir(outDir).catch(() => [] as string[]);
  const stale = names.filter((name) => name === DELTA_DIR || (/^pagefind-\d+$/.test(name) && Number(name.slice('pagefind-'.length)) >= keep));
  await Promise.all(stale.map((name) => rm(path.join(outDir, name), { recursive: true, force: true })));
}

/** Index the whole written site again from its HTML files. */
export async function buildFullSearchIndex(outDir: string): Promise<SearchOutcome> {
  const opened = await openIndex();
  if (typeof opened === 'string') return { errors: [opened], pages: 0, mode: 'full' };
  try {
    const added = await opened.index.addDirectory({ path: outDir, glob: '**/*.html' });
    const written = await opened.index.writeFiles({ outputPath: path.join(outDir, 'pagefind') });
    await Promise.all([removeIndexes(outDir, 1), writeManifest(outDir, {})]);
    return { errors: [...opened.errors, ...added.errors, ...written.errors], pages: added.page_count, mode: 'full' };
  } catch (error) {
    return { errors: [message(error)], pages: 0, mode: 'full' };
  } finally {
    await closeIndex(opened);
  }
}

/**
 * Index `pages` (href → current HTML, or null for a page that no longer exists or is not
 * indexed) into `<outDir>/pagefind-delta/`, and mark every one of them stale in the main index.
 * `keepService` (`folio build --watch`): the Pagefind process stays up for the next delta (its
 * index is deleted instead), saving a process start per edit (~100-300 ms wall on a busy machine);
 * it does not keep Node running (Pagefind unrefs it when idle).
 */
export async function buildDeltaSearchIndex(outDir: string, pages: Map<string, string | null>, keepService = false): Promise<SearchOutcome> {
  const opened = await openIndex();
  if (typeof opened === 'string') return { errors: [opened], pages: 0, mode: 'delta' };
  const deltaDir = path.join(outDir, DELTA_DIR);
  try {
    const adds: Promise<{ errors: string[] }>[] = [];
    for (const [href, html] of pages) {
      const content = html === null ? null : indexDocument(html, 'folio_delta:1');
      if (content) adds.push(opened.index.addHTMLFile({ url: href, content }));
    }
    await rm(deltaDir, { recursive: true, force: true });
    const count = await writeShard(opened.index, adds, deltaDir, opened.errors);
    const { shards } = await readManifest(outDir);
    await writeManifest(outDir, { ...(shards?.length ? { shards } : {}), delta: `${DELTA_DIR}/`, stale: [...pages.keys()].sort() });
    if (keepService && opened.errors.length === 0) {
      await opened.index.deleteIndex();
      return { errors: [], pages: count, mode: 'delta' };
    }
    await closeIndex(opened);
    return { errors: opened.errors, pages: count, mode: 'delta' };
  } catch (error) {
    await closeIndex(opened);
    return { errors: [message(error)], pages: 0, mode: 'delta' };
  }
}

async function readManifest(outDir: string): Promise<SearchManifest> {
  try {
    return JSON.parse(await readFile(path.join(outDir, 'pagefind', SEARCH_MANIFEST), 'utf8')) as SearchManifest;
  } catch {
    // No manifest (an index Folio did not write) or an unreadable one: no extra shards to keep.
    return {};
  }
}

async function writeManifest(outDir: string, manifest: SearchManifest): Promise<void> {
  await writeFile(path.join(outDir, 'pagefind', SEARCH_MANIFEST), JSON.stringify(manifest));
}

/**
 * An index of `documents` (href → HTML carrying a `data-pagefind-body` article) kept in memory:
 * Pagefind's files by path under `pagefind/` (`pagefind.js`, `pagefind-entry.json`, ...), for
 * servers that answer from memory (`folio dev`). Its own Pagefind process, closed when done.
 */
export async function searchIndexFiles(documents: Iterable<[string, string]>): Promise<{ files: Map<string, Buffer>; pages: number; errors: string[] }> {
  const opened = await openIndex(9);
  if (typeof opened === 'string') return { files: new Map(), pages: 0, errors: [opened] };
  try {
    const adds: Promise<{ errors: string[] }>[] = [];
    for (const [href, html] of documents) {
      const content = indexDocument(html);
      if (content) adds.push(opened.index.addHTMLFile({ url: href, content }));
    }
    const added = await Promise.all(adds);
    const got = await opened.index.getFiles();
    const files = new Map(got.files.map((f) => [f.path.replace(/^\/+/, ''), Buffer.from(f.content)]));
    return { files, pages: added.length, errors: [...opened.errors, ...added.flatMap((a) => a.errors), ...got.errors] };
  } catch (error) {
    return { files: new Map(), pages: 0, errors: [message(error)] };
  } finally {
    await closeIndex(opened);
  }
}
