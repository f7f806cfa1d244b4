/**
 * The page plan: one entry per route with two cache keys, then what this build must do.
 * - body key: everything a compiled body depends on (page text, variables, snippets, the
 *   imports other pages make); an unchanged key reuses the cached body.
 * - page key: the body key plus everything the page's HTML depends on (layout, section, route);
 *   an unchanged key skips the page outright: no compile, no layout, no write.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { HASH_MODE_TEXT_CHARS, parseFrontmatter } from '../content/index.js';
import type { PageRoute } from '../navigation/index.js';
import { pageSourceOf, type MdxJob, type SiteRenderer } from '../render/index.js';
import type { Diagnostic } from '../shared/index.js';
import { hashText } from '../shared/index.js';
import type { Site } from '../site/index.js';
import { BUILD_FORMAT, readPageDiagnostics, type BuildCache, type CachedBody } from './build-cache.js';
import { buildProblem } from './codes.js';

export interface PlannedPage {
  route: PageRoute;
  bodyKey: string;
  pageKey: string;
  /** The MDX body to compile (page files). */
  job?: MdxJob;
  /** The body, once known: generated endpoint pages have it from the start, others from the cache or the compiler. */
  body?: CachedBody;
  /** Endpoint reference appended to an MDX page with `openapi:` frontmatter. */
  suffix?: string;
  /** The same reference as Markdown, appended to the page's Markdown. */
  markdownSuffix?: string;
  /** Everything the page's Markdown document depends on: body, title, description, suffix. */
  markdownKey: string;
  /**
   * The page file whose body `job` compiles, when its text was let go after planning
   * (`releaseSources`): `compilePages` reads it again just before compiling.
   */
  reread?: { file: string; bodyOffset: number; sourceHash: string };
}

/** What every body and every page depends on besides itself. */
export interface BuildKeys {
  /** Build format, variables and snippets: a change recompiles every body. */
  env: string;
  /** Asset names and site settings: a change lays out every page again. */
  layout: string;
}

/** The keys of a build; `assetFiles` are the URL paths of the stylesheet, client bundle, KaTeX and Mermaid. */
export function buildKeys(site: Site, variables: Record<string, string>, snippets: string, assetFiles: string[], markdown = true): BuildKeys {
  return {
    env: hashText(BUILD_FORMAT, markdown ? 'md' : 'no-md', JSON.stringify(variables), snippets, site.config.icons?.library ?? '', JSON.stringify(site.config.styling?.codeblocks ?? null)),
    layout: hashText(...assetFiles, JSON.stringify(site.model.settings)),
  };
}

/** Hash of every snippet file: a snippet edit invalidates cached bodies (pages may import it). */
export async function snippetsKey(root: string): Promise<string> {
  const parts: string[] = [];
  const walk = async (dir: string) => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      // No such folder: the site has no snippets there.
      return;
    }
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const abs = path.join(dir, e.name);
      if (e.isDirectory()) await walk(abs);
      else if (e.isFile()) parts.push(abs, await readFile(abs, 'utf8'));
    }
  };
  for (const name of ['snippets', '_snippets']) await walk(path.join(root, name));
  return hashText(...parts);
}

/** One entry per route, in route order; unreadable pages and bad `openapi:` frontmatter are reported. */
export function planPages(site: Site, renderer: SiteRenderer, keys: BuildKeys, diagnostics: Diagnostic[], markdown = true): PlannedPage[] {
  const planned: PlannedPage[] = [];
  for (const route of site.model.pages.values()) {
    const entry = planPage(site, renderer, keys, route, planned.length, diagnostics, markdown);
    if (entry) planned.push(entry);
  }
  return planned;
}

/** The plan of one route (its MDX job numbered `id`); null, reported, when its file cannot be read. */
export function planPage(site: Site, renderer: SiteRenderer, keys: BuildKeys, route: PageRoute, id: number, diagnostics: Diagnostic[], markdown = true): PlannedPage | null {
  const source = pageSourceOf(site, route);
  if (source.kind === 'unreadable') {
    diagnostics.push(buildProblem('BUILD_PAGE_UNREADABLE', `The page ${route.path} is listed but its file could not be read; check the file exists and is readable.`, route.file ?? 'docs.json', 'error'));
    return null;
  }
  let entry: Omit<PlannedPage, 'pageKey' | 'markdownKey'>;
  if (source.kind === 'mdx') {
    diagnostics.push(...source.problems);
    const { page, job, suffix, markdownSuffix } = source;
    const bodyKey = hashText(keys.env, page.file, page.sourceHash ?? page.source, JSON.stringify(job.knownImports));
    // A page file of the index is read again when compiled (`releaseSources`); generated
    // content (an operation's `x-mint` body) has no file to read and keeps its text.
    const reread = page.sourceHash !== undefined && site.index.pages.get(route.path) === page ? { file: page.file, bodyOffset: page.bodyOffset, sourceHash: page.sourceHash } : undefined;
    entry = { route, bodyKey, job: { id, ...job, ...(markdown ? {} : { markdown: false }) }, suffix, markdownSuffix, ...(reread ? { reread } : {}) };
  } else {
    const body: CachedBody = { html: source.html, headings: source.headings, diagnostics: [], features: [], renderer: 'openapi', markdown: source.markdown };
    entry = { route, bodyKey: hashText(keys.env, 'endpoint', source.html, source.markdown), body };
  }
  const pageKey = hashText(entry.bodyKey, entry.suffix ?? '', keys.layout, renderer.sectionParts(route.sectionId).key, JSON.stringify(route), JSON.stringify(renderer.pageFlags(route)));
  const markdownKey = hashText(entry.bodyKey, route.title, route.description ?? '', entry.markdownSuffix ?? '');
  return { ...entry, pageKey, markdownKey };
}

/**
 * Let go of the page texts once every page is planned, when the index holds more than
 * `HASH_MODE_TEXT_CHARS` of them (a small site's are kept: reading and hashing every file again
 * costs more): each page's text (the index's `Page.source` and the planned job's copy) is read
 * again from its file when it is compiled, so a build holds the text of the pages being compiled,
 * not of the whole site (~10 KB a page of the generated corpus: 500 MB at 50,000 pages). Pages
 * skipped or served from the cache are never read again.
 */
export function releaseSources(site: Site, planned: PlannedPage[], keepChars = HASH_MODE_TEXT_CHARS): void {
  let chars = 0;
  for (const page of site.index.pages.values()) if (page.sourceHash !== undefined) chars += page.source?.length ?? 0;
  if (chars <= keepChars) return;
  for (const p of planned) if (p.reread && p.job) p.job.source = '';
  for (const page of site.index.pages.values()) if (page.sourceHash !== undefined) delete page.source;
}

/**
 * The body text of a released page, read again: `changed` when the file is not what was planned
 * (edited since: its body key would be wrong, so the body is not cached); null when it is gone.
 */
export function rereadBody(root: string, reread: NonNullable<PlannedPage['reread']>): { body: string; changed: boolean } | null {
  let text: string;
  try {
    text = readFileSync(path.join(root, reread.file), 'utf8');
  } catch {
    return null;
  }
  const changed = createHash('sha1').update(text).digest('hex') !== reread.sourceHash;
  return { body: text.slice(changed ? parseFrontmatter(text, reread.file).bodyOffset : reread.bodyOffset), changed };
}

/** What a build does with its planned pages. */
export interface PageWork {
  planned: PlannedPage[];
  /** Pages to lay out and write: those whose page key changed (all when the output is gone). */
  todo: PlannedPage[];
  /** Pages of `todo` whose body is not cached (the others have `body` set). */
  toCompile: PlannedPage[];
  /** Hrefs of every planned page. */
  live: Set<string>;
  /** href → page key, as the previous build wrote them. */
  previous: Record<string, string>;
  /** The previous build's output is still there (its 404 page stands for it). */
  outputIntact: boolean;
}

/**
 * Skip unchanged pages, take cached bodies for the rest, and leave the others to compile. With
 * `markdown` (the export is on), a cached body, which holds no Markdown (`cachedBodyOf`), is used
 * only when the page's `.md` the previous build wrote is still right (same Markdown key); a page
 * whose `.md` must be written again is compiled again.
 */
export async function decideWork(planned: PlannedPage[], cache: BuildCache, outDir: string, markdown = false): Promise<PageWork> {
  const previous = cache.manifest.pages;
  const outputIntact = existsSync(path.join(outDir, '404.html'));
  const todo = planned.filter((p) => !(outputIntact && previous[p.route.href] === p.pageKey));
  const writtenMarkdown = outputIntact ? cache.manifest.markdown : undefined;
  const toCompile: PlannedPage[] = [];
  await Promise.all(
    todo.map(async (p) => {
      if (p.body) return;
      const cached = await cache.getBody(p.bodyKey);
      if (cached && !(markdown && cached.markdown === undefined && writtenMarkdown?.[p.route.href] !== p.markdownKey)) p.body = cached;
      else toCompile.push(p);
    }),
  );
  return { planned, todo, toCompile, live: new Set(planned.map((p) => p.route.href)), previous, outputIntact };
}

/** Hrefs rendered or removed by this build. */
export function changedHrefs(work: PageWork): string[] {
  return [...work.todo.map((p) => p.route.href), ...Object.keys(work.previous).filter((h) => !work.live.has(h))];
}

/** Problems of the pages this build skips, as the build that rendered them found them (href → problems). */
export async function carriedDiagnostics(cacheDir: string, work: PageWork): Promise<Record<string, Diagnostic[]>> {
  const old = await readPageDiagnostics(cacheDir);
  const todo = new Set(work.todo);
  const carried: Record<string, Diagnostic[]> = {};
  for (const p of work.planned) if (!todo.has(p) && old[p.route.href]) carried[p.route.href] = old[p.route.href]!;
  return carried;
}
