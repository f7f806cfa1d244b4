/**
 * The assistant's and discovery API's index input (`RETRIEVAL_FILE`): every page site search may
 * show (the Pagefind index's own rule, `SiteRenderer.pageFlags(...).unsearchable`: not hidden unless
 * `seo.indexing: "all"`, not `noindex`, `searchable: false` or protected), cut into sections from
 * the Markdown the build wrote beside it. Incremental: a page whose Markdown key and metadata are
 * those of the previous build keeps its sections from the previous file (one read of it), so an
 * edit cuts only its own page again. Pages' Markdown comes from memory (`rendered`) or their `.md`.
 */
import { createReadStream, readFileSync } from 'node:fs';
import { rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { markdownFileFor } from '../markdown/index.js';
import type { PageRoute } from '../navigation/index.js';
import { searchBoost, searchKeywords, type SiteRenderer } from '../render/index.js';
import { RETRIEVAL_FILE, RETRIEVAL_FORMAT, retrievalHeaderLine, retrievalPageLine, sectionsOfMarkdown, type AssistantSiteSettings, type RetrievalPage } from '../retrieval/index.js';
import { hashText, noteOutputWrite, openFileInside, resolveInside } from '../shared/index.js';
import type { Site } from '../site/index.js';

export interface RetrievalInput {
  site: Site;
  outDir: string;
  renderer: SiteRenderer;
  /** href → Markdown key of every planned page. */
  markdownKeys: ReadonlyMap<string, string>;
  /** The Markdown of pages this build wrote; others are read from their `.md`. */
  rendered: ReadonlyMap<string, Uint8Array>;
  /** Reuse the previous file's sections of unchanged pages (false: cut every page). */
  reuse: boolean;
}

/** Kept in the file beside each page: what its sections were cut from (`RetrievalPage` plus this). */
type KeyedPage = RetrievalPage & { key: string };

/** A page's line of the previous file, kept as its bytes: the line is written again as it is. */
interface KeptLine {
  key: string;
  line: Buffer;
}

/** Bytes of page lines gathered before they are written out. */
const WRITE_BYTES = 4 * 1024 * 1024;

/**
 * Write `RETRIEVAL_FILE`; returns how many pages were cut again (the others were kept). The file is
 * a line per page after a header line (`retrieval/file-lines.ts`), written a few megabytes at a
 * time as pages are cut: whole, it is about as large as the site's Markdown (~10 KB a generated
 * page: 500 MB at 50,000 pages, past V8's longest string), so it is never one string, here or
 * where it is read. A kept page's line is copied byte for byte from the previous file, never
 * parsed or serialised again (its key covers its metadata and its Markdown): a one-page edit of a
 * 1,000-page site parsed and wrote ~10 MB of JSON again, a third of the update's build CPU.
 */
export async function writeRetrievalFile(input: RetrievalInput): Promise<{ pages: number; cut: number }> {
  const { site, outDir, renderer, markdownKeys, rendered } = input;
  const previous = input.reuse ? await previousLines(outDir) : new Map<string, KeptLine>();
  const decoder = new TextDecoder();
  const assistant = retrievalAssistantSettings(site);
  // The first format's file (one JSON document), left by an older Folio in a reused output.
  noteOutputWrite(path.join(outDir, '.folio-cache', 'retrieval.json'));
  await rm(path.join(outDir, '.folio-cache', 'retrieval.json'), { force: true });
  const handle = await openFileInside(outDir, RETRIEVAL_FILE);
  let pages = 0;
  let cut = 0;
  try {
    let pending: Buffer[] = [Buffer.from(retrievalHeaderLine(assistant))];
    let bytes = 0;
    const add = async (line: Buffer) => {
      pages++;
      pending.push(line);
      bytes += line.length;
      if (bytes >= WRITE_BYTES) await writeAll(handle, pending), (pending = []), (bytes = 0);
    };
    for (const route of site.model.pages.values()) {
      if (renderer.pageFlags(route).unsearchable) continue;
      const meta = retrievalPageMeta(site, route);
      const key = hashText(markdownKeys.get(route.href) ?? '', JSON.stringify(meta));
      const kept = previous.get(route.href);
      if (kept?.key === key) {
        await add(kept.line);
        continue;
      }
      const markdown = markdownOf(outDir, route.href, rendered, decoder);
      // A page whose Markdown was not written (it failed to compile) is left out until it is.
      if (markdown === null) continue;
      cut++;
      await add(Buffer.from(retrievalPageLine<KeyedPage>({ ...meta, key, sections: sectionsOfMarkdown(markdown) })));
    }
    await writeAll(handle, pending);
  } finally {
    await handle.close();
  }
  return { pages, cut };
}

/** Write `buffers` one after another at the file's position (`writev` writes part of them at times: the rest follows). */
async function writeAll(handle: FileHandle, buffers: Buffer[]): Promise<void> {
  let rest = buffers.filter((b) => b.length > 0);
  while (rest.length) {
    const { bytesWritten } = await handle.writev(rest);
    let left = bytesWritten;
    while (rest.length && left >= rest[0]!.length) left -= rest.shift()!.length;
    if (left > 0) rest[0] = rest[0]!.subarray(left);
  }
}

/** The docs.json `assistant` settings the file carries (the build's file and `folio dev`'s index). */
export function retrievalAssistantSettings(site: Site): AssistantSiteSettings {
  const { starterQuestions, supportEmail, supportUrl } = site.config.assistant ?? {};
  return { siteName: site.config.name, ...(starterQuestions?.length ? { starterQuestions } : {}), ...(supportEmail ? { supportEmail } : {}), ...(supportUrl ? { supportUrl } : {}) };
}

/** What a page's record says besides its sections (the build's file and `folio dev`'s index). */
export function retrievalPageMeta(site: Site, route: PageRoute): Omit<RetrievalPage, 'sections'> {
  const frontmatter = route.kind === 'page' ? (site.index.pages.get(route.path)?.frontmatter ?? {}) : {};
  const keywords = searchKeywords(frontmatter);
  const boost = (searchBoost(frontmatter) ?? 1) * (route.boost ?? 1);
  const section = site.model.sectionsById.get(route.sectionId);
  const trail = section?.trail ?? [];
  const version = trail.find((d) => d.kind === 'version')?.label;
  const otherVersion = version !== undefined && section?.switchers.versions.find((v) => v.active)?.isDefault === false;
  const language = trail.find((d) => d.kind === 'language')?.label;
  const group = route.breadcrumbs.at(-1)?.label;
  const product = trail.find((d) => d.kind === 'product')?.label;
  const tab = trail.findLast((d) => d.kind === 'tab' || d.kind === 'anchor' || d.kind === 'dropdown' || d.kind === 'menu')?.label;
  const tag = typeof frontmatter.tag === 'string' && frontmatter.tag.trim() ? frontmatter.tag.trim() : undefined;
  return {
    href: route.href,
    title: route.title,
    ...(route.description ? { description: route.description } : {}),
    ...(keywords.length ? { keywords } : {}),
    ...(group ? { group } : {}),
    ...(product ? { product } : {}),
    ...(tab ? { tab } : {}),
    ...(tag ? { tag } : {}),
    ...(version ? { version } : {}),
    ...(otherVersion ? { otherVersion: true as const } : {}),
    ...(language ? { language } : {}),
    ...(boost !== 1 ? { boost } : {}),
    ...(route.endpoint ? { operation: { method: route.endpoint.method.toUpperCase(), path: route.endpoint.path } } : {}),
  };
}

function markdownOf(outDir: string, href: string, rendered: ReadonlyMap<string, Uint8Array>, decoder: TextDecoder): string | null {
  const known = rendered.get(href);
  if (known) return decoder.decode(known);
  const file = resolveInside(outDir, markdownFileFor(href));
  try {
    // Synchronous: thousands of small reads cost more in promise handles than in reading (llms-files.ts).
    return file ? readFileSync(file, 'utf8') : null;
  } catch {
    // Not written: the page failed, or the output lost it.
    return null;
  }
}

const SECTIONS_FIELD = Buffer.from(',"sections":[');
const NEWLINE = 0x0a;

/**
 * The previous file's page lines by href, as bytes, with the key each was cut under. Only what comes
 * before a line's `"sections"` (written last: `{ ...meta, key, sections }`) is parsed; a quote inside
 * a JSON string is escaped, so the first `,"sections":[` of a line is its own field. A file of
 * another format (its header) keeps nothing, and a line that does not read as a page is dropped
 * (that page is cut again).
 */
async function previousLines(outDir: string): Promise<Map<string, KeptLine>> {
  const lines = new Map<string, KeptLine>();
  let header = true;
  /** One line with its line break (what `retrievalPageLine` writes, kept as it is); false: the file is of another format. */
  const take = (full: Buffer): boolean => {
    const line = full[full.length - 1] === NEWLINE ? full.subarray(0, full.length - 1) : full;
    if (line.length === 0) return true;
    if (header) {
      header = false;
      try {
        return (JSON.parse(line.toString('utf8')) as { format?: unknown } | null)?.format === RETRIEVAL_FORMAT;
      } catch {
        // Not this format's header: nothing is kept.
        return false;
      }
    }
    const at = line.indexOf(SECTIONS_FIELD);
    if (at < 0) return true;
    try {
      const page = JSON.parse(`${line.toString('utf8', 0, at)}}`) as { href?: unknown; key?: unknown } | null;
      if (typeof page?.href === 'string' && typeof page.key === 'string') lines.set(page.href, { key: page.key, line: full[full.length - 1] === NEWLINE ? full : Buffer.concat([full, Buffer.from('\n')]) });
    } catch {
      // Not a page line: that page is cut again.
    }
    return true;
  };
  try {
    // The start of a line the last chunk ended in. Only such a piece is copied (the line it ends in
    // the next chunk): copying whole megabyte chunks together cost more than the rest of the read.
    let rest: Buffer = Buffer.alloc(0);
    for await (const chunk of createReadStream(path.join(outDir, RETRIEVAL_FILE), { highWaterMark: 1024 * 1024 }) as AsyncIterable<Buffer>) {
      let start = 0;
      if (rest.length) {
        const end = chunk.indexOf(NEWLINE);
        if (end === -1) {
          rest = Buffer.concat([rest, chunk]);
          continue;
        }
        if (!take(Buffer.concat([rest, chunk.subarray(0, end + 1)]))) return new Map();
        start = end + 1;
      }
      for (let end = chunk.indexOf(NEWLINE, start); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
        // A view of the chunk, not a copy: the chunks of kept lines stay in memory until the file is written.
        if (!take(chunk.subarray(start, end + 1))) return new Map();
        start = end + 1;
      }
      rest = Buffer.from(chunk.subarray(start));
    }
    if (rest.length && !take(rest)) return new Map();
    return header ? new Map() : lines;
  } catch {
    // First build, or an unreadable file: every page is cut.
    return new Map();
  }
}
