import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../shared/index.js';
import type { ContentCode } from './codes.js';
import { discoverCustomFiles } from './custom-files.js';
import { discoverPageFiles, loadIgnoreRules } from './discover.js';
import { parseFrontmatter } from './frontmatter.js';
import { metaFromFrontmatter, titleFromPath } from './page-meta.js';
import type { KeepSource, Page, PageIndex, PageIndexOptions } from './types.js';

/**
 * Discover every page under `root` and read its frontmatter and title. One bad page only adds
 * diagnostics.
 *
 * Files are read synchronously in batches, yielding to the event loop between batches. Measured
 * on the prefect corpus (946 pages, 2 cores): 25-90 ms with sync reads against 450-600 ms with
 * 32 concurrent `fs.promises.readFile` calls, whose open/fstat/read/close each take a thread-pool
 * round trip. The yield keeps a dev server answering while a large site is indexed.
 */
export async function buildPageIndex(root: string, { keepSource = false, batch = 64, ignore = [], variables }: PageIndexOptions = {}): Promise<PageIndex> {
  const absRoot = path.resolve(root);
  const unreadable: Diagnostic<ContentCode>[] = [];
  const rules = await loadIgnoreRules(absRoot, ignore, unreadable);
  const [files, custom] = await Promise.all([discoverPageFiles(absRoot, rules, unreadable), discoverCustomFiles(absRoot, rules)]);
  const results: Array<{ page: Page | null; diagnostics: Diagnostic<ContentCode>[] }> = [{ page: null, diagnostics: unreadable }];
  const budget = { chars: HASH_MODE_TEXT_CHARS };
  for (let i = 0; i < files.length; i++) {
    if (i > 0 && i % batch === 0) await new Promise((resolve) => setImmediate(resolve));
    results.push(readPage(absRoot, files[i]!, keepSource, variables, budget));
  }
  return { ...indexFromPages(absRoot, results), custom };
}

/** Put pages in path order; `.mdx` wins over `.md` for the same path (reported). */
function indexFromPages(root: string, results: Array<{ page: Page | null; diagnostics: Diagnostic<ContentCode>[] }>): PageIndex {
  const pages = new Map<string, Page>();
  const diagnostics: Diagnostic<ContentCode>[] = [];
  for (const { page, diagnostics: found } of results) {
    diagnostics.push(...found);
    if (!page) continue;
    const existing = pages.get(page.path);
    if (existing) {
      const [keep, drop] = existing.format === 'mdx' ? [existing, page] : [page, existing];
      diagnostics.push({
        file: drop.file, line: 1, column: 1, severity: 'warning', code: 'CONTENT_DUPLICATE_PAGE', path: '',
        message: `\`${drop.file}\` and \`${keep.file}\` are both page \`${page.path}\`; \`${keep.file}\` is used. Rename or delete one of them.`,
      });
      pages.set(page.path, keep);
    } else {
      pages.set(page.path, page);
    }
  }
  return { root, pages, diagnostics };
}

/**
 * Pages read by this process, by absolute path, with the file's size and times when read. A
 * long-running process (dev, `build --watch`, serve) re-reads only files whose stat changed: for
 * 3,000 unchanged pages one `stat` each instead of a read, a hash and a frontmatter lookup.
 */
type Entry = { stamp: Stamp; keep: KeepSource; page: Page; diagnostics: Diagnostic<ContentCode>[] };
/**
 * A file's size, times and inode when read, and the variables it was read with: an edit changes at
 * least one. Numbers, not one string: a template-literal stamp was a tree of ~40 string pieces,
 * ~1.3 KB a page held for the life of the process (34 MB at 25,000 pages).
 */
interface Stamp {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
  /** The variables as JSON, one string shared by every entry read with the same variables. */
  variables: string;
}
const sameStamp = (a: Stamp, b: Stamp) => a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs && a.ino === b.ino && a.variables === b.variables;
let lastVariables = '';
/** `variables` as JSON, the same string instance as the last call's when equal (entries share it). */
function variablesKey(variables?: Readonly<Record<string, string>>): string {
  const json = variables ? JSON.stringify(variables) : '';
  if (json !== lastVariables) lastVariables = json;
  return lastVariables;
}
const readCache = new Map<string, Entry>();
const READ_CACHE_LIMIT = 50_000;
/**
 * Page text the read cache keeps, in characters: past it, pages are cached with their hash but
 * without their text (a hit that needs the text reads the file again). Without a bound a
 * 50,000-page build kept every page's text here for the life of the process.
 */
const READ_CACHE_SOURCE_CHARS = 64 * 1024 * 1024;
let readCacheSourceChars = 0;

/** How much of a page's text a mode keeps: none, the hash (and the text of pages later stages read whole), all. */
const level = (keep: KeepSource) => (keep === true ? 2 : keep === 'hash' ? 1 : 0);

/**
 * Pages whose text the load itself reads whole: imports (the repository's import map), `class=`
 * (the Tailwind stylesheet's candidates) and API frontmatter (the endpoint reference and the lines
 * of its problems). `keepSource: 'hash'` keeps their text; other pages' text is read again when compiled.
 */
const TEXT_READ_AT_LOAD = /^import[\s{*]|\bclass(?:Name)?\s*=|^(?:openapi|api|asyncapi)\s*:/m;

/** `TEXT_READ_AT_LOAD` matches `text`; the words it needs are looked for first (a string search is ~10x faster than the regular expression on a page without them). */
const readAtLoad = (text: string) => (text.includes('class') || text.includes('import') || text.includes('api')) && TEXT_READ_AT_LOAD.test(text);

/**
 * Page text a `'hash'` index keeps besides the text the load reads: below it, holding a page's text
 * costs less than the build reading and hashing the file again when it compiles the page (~100 ms
 * of a 1,000-page build); past it, a large site's text is not all held at once. 16 M characters is
 * ~1,600 pages of the generated benchmark corpus.
 */
export const HASH_MODE_TEXT_CHARS = 16 * 1024 * 1024;

/** Characters of page text an index may still keep in `'hash'` mode (`HASH_MODE_TEXT_CHARS`), spent as pages are read. */
export interface TextBudget {
  chars: number;
}

/**
 * `page` as `keep` asks: its text and hash dropped, or the text alone (unless the load reads it or
 * `budget` still has room for it, which it then pays).
 */
function shaped(page: Page, keep: KeepSource, budget?: TextBudget): Page {
  const out: Page = { ...page };
  if (keep === true) return out;
  if (keep === false) delete out.sourceHash;
  if (keep === false || out.source === undefined) delete out.source;
  else if (!readAtLoad(out.source)) {
    if (budget && out.source.length <= budget.chars) budget.chars -= out.source.length;
    else delete out.source;
  }
  return out;
}

function remember(abs: string, entry: Entry): void {
  if (readCache.size >= READ_CACHE_LIMIT) {
    readCache.clear();
    readCacheSourceChars = 0;
  }
  readCacheSourceChars -= readCache.get(abs)?.page.source?.length ?? 0;
  const length = entry.page.source?.length ?? 0;
  // Over the bound, a page whose text the load reads is cached without hash or text (a hit reads it all again).
  if (readCacheSourceChars + length > READ_CACHE_SOURCE_CHARS) entry = entry.page.source !== undefined && readAtLoad(entry.page.source) ? { ...entry, keep: false, page: shaped(entry.page, false) } : { ...entry, keep: level(entry.keep) > 0 ? 'hash' : false, page: shaped(entry.page, 'hash') };
  else readCacheSourceChars += length;
  readCache.set(abs, entry);
}

/** Read one file into a `Page`. */
export function readPage(root: string, file: string, keep: KeepSource, variables?: Readonly<Record<string, string>>, budget?: TextBudget): { page: Page | null; diagnostics: Diagnostic<ContentCode>[] } {
  const abs = path.join(root, file);
  let text: string;
  let stamp: Stamp;
  try {
    const info = statSync(abs);
    stamp = { size: info.size, mtimeMs: info.mtimeMs, ctimeMs: info.ctimeMs, ino: info.ino, variables: variablesKey(variables) };
    const hit = readCache.get(abs);
    if (hit && sameStamp(hit.stamp, stamp) && level(hit.keep) >= level(keep)) return { page: shaped(hit.page, keep, budget), diagnostics: [...hit.diagnostics] };
    text = readFileSync(abs, 'utf8');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { page: null, diagnostics: [{ file, line: 1, column: 1, severity: 'error', code: 'CONTENT_READ_FAILED', path: '', message: `Cannot read page: ${reason}. Check the file's permissions.` }] };
  }
  const result = pageFromText(file, text, keep !== false, variables);
  if (keep !== false) result.page.sourceHash = createHash('sha1').update(text).digest('hex');
  const page = shaped(result.page, keep, budget);
  remember(abs, { stamp, keep, page: { ...page }, diagnostics: [...result.diagnostics] });
  return { page, diagnostics: result.diagnostics };
}

/** Parse page text (already read) into a `Page`; exported for the dev server and tests. */
export function pageFromText(file: string, text: string, keepSource = false, variables?: Readonly<Record<string, string>>): { page: Page; diagnostics: Diagnostic<ContentCode>[] } {
  const fm = parseFrontmatter(text, file, { variables });
  const diagnostics = fm.diagnostics;
  const { title: fmTitle, ...meta } = metaFromFrontmatter(fm.data, file, diagnostics);
  const pagePath = file.replace(/\.mdx?$/i, '');
  const page: Page = {
    path: pagePath,
    file,
    format: file.toLowerCase().endsWith('.mdx') ? 'mdx' : 'md',
    // Without a frontmatter title the platform titles a page by its file name, never by its
    // first heading (camel's notebooks open with a long `# ...` line; their sidebar shows the file name).
    title: fmTitle || titleFromPath(pagePath),
    titleSource: fmTitle ? 'frontmatter' : 'filename',
    ...meta,
    frontmatter: fm.data,
    bodyOffset: fm.bodyOffset,
    bodyLine: fm.bodyLine,
  };
  if (keepSource) page.source = text;
  return { page, diagnostics };
}
