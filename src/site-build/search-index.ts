/**
 * Pagefind search index, built three ways so that its cost stays off the critical path:
 * - streamed: when every page is rendered (a cold build), each page is handed to Pagefind the
 *   moment it is rendered, round-robin over two Pagefind processes (one process indexes one page
 *   at a time: 1,000 generated pages took 1.2 s in one, 0.7 s in two), each writing one shard
 *   (`pagefind/`, `pagefind-1/`) that the browser merges. Only the `<article data-pagefind-body>`
 *   part of a page is sent (~0.2 ms a page over stdio). Pagefind's own cost is mostly in writing
 *   (building each language's word index and gzipping every fragment and chunk: ~4.6 ms a page
 *   against ~2.6 ms to add it), so each language is an index of its own, written as soon as its
 *   last page is rendered: on a site of many languages the writing overlaps the rendering of the
 *   next ones instead of all waiting for the last page (25 languages x 1,000 pages: 50 s after it).
 * - delta: when a few pages changed, only those pages go into a small extra index
 *   (`pagefind-delta/`); `pagefind/folio-search.json` lists the pages whose entries in the main
 *   shards are stale, and the browser merges the delta and drops stale hits. Pagefind has no
 *   incremental mode; this gives a one-page rebuild an index update of a few milliseconds.
 * - full: past the delta limit, the written site is read again, every page in one index.
 * Every page goes in through `indexDocument` (search-document.ts), which makes its excerpts clean.
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { noteOutputWrite } from '../shared/index.js';
import { documentLang, indexDocument } from './search-document.js';

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
 * Write Pagefind's bundle to `outputPath`, collect every error reported on the way, and return
 * the pages written with the bundle's `pagefind-entry.json` once that file is whole (null when
 * Pagefind reported an error and wrote none).
 */
async function writeShard(
  index: PagefindIndex,
  adds: Promise<{ errors: string[] }>[],
  outputPath: string,
  errors: string[],
): Promise<{ pages: number; entry: PagefindEntry | null }> {
  const added = await Promise.all(adds);
  for (const a of added) errors.push(...a.errors);
  // Pagefind writes the folder itself: a hosted publish looks at all of it.
  noteOutputWrite(outputPath);
  const written = await index.writeFiles({ outputPath });
  errors.push(...written.errors);
  const entry = written.errors.length ? null : await settledEntry(outputPath);
  return { pages: added.length, entry };
}

/**
 * Read `pagefind-entry.json` in `dir` once Pagefind has finished writing it. Pagefind answers
 * `writeFiles` when it has handed each file's bytes to a background writer, not when they are on
 * disk: the file can still be empty (seen in CI as "Unexpected end of JSON input"). It is the
 * last file Pagefind starts, and it was truncated before the answer, so the first read that
 * parses is the new content. Waiting for it also keeps the process alive until its writes land:
 * closing kills it. `within` bounds the wait (ms).
 */
export async function settledEntry(dir: string, within = 10_000): Promise<PagefindEntry> {
  const file = path.join(dir, 'pagefind-entry.json');
  const deadline = Date.now() + within;
  for (let attempt = 1; ; attempt++) {
    try {
      return JSON.parse(await readFile(file, 'utf8')) as PagefindEntry;
    } catch (error) {
      const unfinished = error instanceof SyntaxError || (error as NodeJS.ErrnoException).code === 'ENOENT';
      if (!unfinished || Date.now() >= deadline) throw new Error(`Pagefind did not finish writing ${file} (${message(error)})`);
    }
    await sleep(Math.min(100, 2 * attempt));
  }
}

/**
 * Pages handed to Pagefind and not yet indexed, past which the build waits (`drained`): Pagefind's
 * client writes each page to the process's stdin at once, and what the process has not read yet
 * stays in this process's memory. On a busy machine Pagefind fell behind the rendering of a
 * 50,000-page site and its backlog passed 500 MB; the build's own peak RSS with it, 1.5 GB.
 */
const MAX_PENDING_PAGES = 128;

/** Folder of main-index shard `n` in the site. */
const shardDir = (n: number) => (n === 0 ? 'pagefind' : `pagefind-${n}`);

/** Pagefind's `pagefind-entry.json`: the languages of a bundle, each with its metadata file's hash. */
export interface PagefindEntry {
  languages?: Record<string, unknown>;
  [key: string]: unknown;
}

/** One language's pages in one shard: a Pagefind index of their own, written once the language is complete. */
interface Part {
  index: Promise<PagefindIndex | string>;
  adds: Promise<{ errors: string[] }>[];
}

/** One Pagefind process and the shard folder it writes (`pagefind/`, `pagefind-1/`). */
interface Shard {
  pagefind: PagefindModule;
  dir: string;
  parts: Map<string, Part>;
  /** Writes of this shard's parts, one after another (each rewrites the bundle's common files). */
  queue: Promise<void>;
  /** The languages written so far, merged into one `pagefind-entry.json` at the end. */
  entry: PagefindEntry | null;
  pages: number;
}

/**
 * A full index fed page by page while the build renders, split by language: Pagefind builds
 * and writes each language apart (its own `pf_meta`, fragments and word chunks), so every
 * language gets an index of its own in each shard, written the moment its last page is
 * rendered (`expected`: pages to render per `<html lang>`) while the other languages are still
 * rendering. `finish` writes the languages still open, merges the languages of every shard into
 * its `pagefind-entry.json`, removes any delta index and earlier extra shards, and returns what
 * went wrong. A page of a language already written (an `expected` count too low) makes `finish`
 * index the written site again in full.
 */
export class StreamingSearchIndex {
  /** Pages rendered per language (indexed or not), to know when a language is complete. */
  private seen = new Map<string, number>();
  /** Pages indexed per language: the next one goes to shard `count % shards`. */
  private indexed = new Map<string, number>();
  private written = new Set<string>();
  private late = false;
  /** Pages sent to Pagefind whose answer has not come back, and the renderers waiting for fewer. */
  private pending = 0;
  private waiting: (() => void)[] = [];

  private constructor(
    private readonly shards: Shard[],
    private readonly errors: string[],
    private readonly expected: ReadonlyMap<string, number>,
  ) {}

  /** Start `count` Pagefind processes writing under `outDir`; a string is the reason none could start. */
  static async start(count: number, outDir: string, expected: ReadonlyMap<string, number> = new Map()): Promise<StreamingSearchIndex | string> {
    const shards: Shard[] = [];
    const errors: string[] = [];
    for (let n = 0; n < count; n++) {
      const pagefind = await loadPagefind(n);
      if (typeof pagefind === 'string') {
        errors.push(pagefind);
        break;
      }
      shards.push({ pagefind, dir: path.join(outDir, shardDir(n)), parts: new Map(), queue: Promise.resolve(), entry: null, pages: 0 });
    }
    if (shards.length === 0) return errors.join('; ') || 'Pagefind did not start';
    return new StreamingSearchIndex(shards, errors, new Map([...expected].map(([lang, pages]) => [lang.toLowerCase(), pages])));
  }

  /** Queue one rendered page (pages without an indexed article are counted, not indexed). */
  add(href: string, html: string): void {
    const lang = documentLang(html).toLowerCase();
    const content = indexDocument(html);
    if (content && this.written.has(lang)) this.late = true;
    else if (content) {
      const n = this.indexed.get(lang) ?? 0;
      this.indexed.set(lang, n + 1);
      const shard = this.shards[n % this.shards.length]!;
      const part = this.partOf(shard, lang);
      this.pending++;
      part.adds.push(
        part.index
          .then(async (index): Promise<{ errors: string[] }> => (typeof index === 'string' ? { errors: [] } : index.addHTMLFile({ url: href, content })))
          .catch((error: unknown) => ({ errors: [`${href}: ${message(error)}`] }))
          .finally(() => {
            this.pending--;
            this.waiting.shift()?.();
          }),
      );
    }
    const seen = (this.seen.get(lang) ?? 0) + 1;
    this.seen.set(lang, seen);
    if (seen === this.expected.get(lang)) this.writeLanguage(lang);
  }

  /** Resolves once fewer than `MAX_PENDING_PAGES` pages wait for Pagefind (backpressure for the renderer). */
  async drained(): Promise<void> {
    while (this.pending >= MAX_PENDING_PAGES) await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private partOf(shard: Shard, lang: string): Part {
    let part = shard.parts.get(lang);
    if (!part) {
      const index = shard.pagefind.createIndex({}).then(
        ({ index, errors }) => (this.errors.push(...errors), index ?? (errors.join('; ') || 'Pagefind did not start')),
        (error: unknown) => message(error),
      );
      part = { index, adds: [] };
      shard.parts.set(lang, part);
    }
    return part;
  }

  /** Write every shard's index of `lang` (after the shard's earlier writes) and let it go. */
  private writeLanguage(lang: string): void {
    if (this.written.has(lang)) return;
    this.written.add(lang);
    for (const shard of this.shards) {
      const part = shard.parts.get(lang);
      if (!part) continue;
      shard.parts.delete(lang);
      shard.queue = shard.queue.then(() => this.writePart(shard, part));
    }
  }

  private async writePart(shard: Shard, part: Part): Promise<void> {
    const index = await part.index;
    if (typeof index === 'string') {
      this.errors.push(index);
      return;
    }
    try {
      const { pages, entry } = await writeShard(index, part.adds, shard.dir, this.errors);
      shard.pages += pages;
      if (entry) shard.entry = { ...entry, languages: { ...shard.entry?.languages, ...entry.languages } };
    } catch (error) {
      this.errors.push(message(error));
    } finally {
      await index.deleteIndex().catch(() => undefined);
    }
  }

  /** Resolves once every language written so far is on disk. */
  async flushed(): Promise<void> {
    await Promise.all(this.shards.map((s) => s.queue));
  }

  async finish(outDir: string): Promise<SearchOutcome> {
    try {
      for (const shard of this.shards) for (const lang of [...shard.parts.keys()]) this.writeLanguage(lang);
      // A site without an indexed page still gets Pagefind's bundle, so that search answers "no results".
      const first = this.shards[0]!;
      if (!first.entry && first.pages === 0) first.queue = first.queue.then(() => this.writePart(first, this.partOf(first, '')));
      await Promise.all(this.shards.map((s) => s.queue));
      if (this.late) {
        const full = await buildFullSearchIndex(outDir);
        return { ...full, errors: [...this.errors, ...full.errors], mode: 'streamed' };
      }
      const used = this.shards.filter((s) => s.entry);
      await Promise.all(used.map((s) => writeFile(path.join(s.dir, 'pagefind-entry.json'), JSON.stringify(s.entry))));
      const extra = used.slice(1).map((_, i) => `${shardDir(i + 1)}/`);
      await Promise.all([removeIndexes(outDir, Math.max(1, used.length)), writeManifest(outDir, extra.length ? { shards: extra } : {})]);
      return { errors: this.errors, pages: this.shards.reduce((a, s) => a + s.pages, 0), mode: 'streamed' };
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
  for (const name of stale) noteOutputWrite(path.join(outDir, name));
  await Promise.all(stale.map((name) => rm(path.join(outDir, name), { recursive: true, force: true })));
}

/** Index the whole written site again from its HTML files. */
export async function buildFullSearchIndex(outDir: string): Promise<SearchOutcome> {
  const opened = await openIndex();
  if (typeof opened === 'string') return { errors: [opened], pages: 0, mode: 'full' };
  try {
    const adds: Promise<{ errors: string[] }>[] = [];
    for (const file of await pageFiles(outDir)) {
      const content = indexDocument(await readFile(path.join(outDir, file), 'utf8'));
      if (content) adds.push(opened.index.addHTMLFile({ url: hrefOfFile(file), content }));
    }
    const { pages: count } = await writeShard(opened.index, adds, path.join(outDir, 'pagefind'), opened.errors);
    await Promise.all([removeIndexes(outDir, 1), writeManifest(outDir, {})]);
    return { errors: opened.errors, pages: count, mode: 'full' };
  } catch (error) {
    return { errors: [...opened.errors, message(error)], pages: 0, mode: 'full' };
  } finally {
    await closeIndex(opened);
  }
}

/** The HTML files of a written site, relative to it, outside the search indexes and assets. */
async function pageFiles(outDir: string): Promise<string[]> {
  const names = await readdir(outDir, { recursive: true });
  return names.filter((name) => name.endsWith('.html') && !/^(pagefind[^/\\]*|assets)[/\\]/.test(name)).map((name) => name.split(path.sep).join('/'));
}

/** `a/b/index.html` → `/a/b`, `index.html` → `/`: the hrefs the streamed index uses. */
function hrefOfFile(file: string): string {
  const clean = file.replace(/(^|\/)index\.html$/, '').replace(/\.html$/, '');
  return '/' + clean;
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
    noteOutputWrite(deltaDir);
    await rm(deltaDir, { recursive: true, force: true });
    const { pages: count } = await writeShard(opened.index, adds, deltaDir, opened.errors);
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

/**
 * Start the Pagefind process of `buildDeltaSearchIndex` ahead of the first edit (`folio build
 * --watch`, right after a whole build): the first delta then finds it running, as later ones do,
 * instead of spawning it (~25 ms of CPU, 100-300 ms of wall on a busy machine). Idle, it does not
 * keep Node running.
 */
export async function warmDeltaService(): Promise<void> {
  const opened = await openIndex();
  if (typeof opened === 'string') return;
  if (opened.errors.length) await closeIndex(opened);
  else await opened.index.deleteIndex().catch(() => closeIndex(opened));
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
  noteOutputWrite(path.join(outDir, 'pagefind', SEARCH_MANIFEST));
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
