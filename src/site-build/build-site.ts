/**
 * `buildSite`: docs root → static site. Plan every page and its cache key first, then compile
 * only the bodies that changed (workers on every core), render layout for pages whose key
 * changed, write them, and finish with the site-wide files and the search index.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Diagnostic } from '../shared/diagnostics.js';
import { hasErrors, sortDiagnostics } from '../shared/diagnostics.js';
import { isInside, resolveInside } from '../shared/paths.js';
import type { PageRoute } from '../navigation/types.js';
import { copyKatexAssets, copyMermaidAssets, mermaidAssetPath, siteAssets, writeAssets } from './assets.js';
import { BUILD_FORMAT, BuildCache, hashText, type CachedBody } from './build-cache.js';
import { loadSite, type LoadedSite } from './load-site.js';
import { knownImportsFor } from '../mdx/index.js';
import { compileAll } from './mdx-pool.js';
import type { MdxJob } from './mdx-job.js';
import { fallbackEndpointBody } from './openapi.js';
import { SearchPlan } from './search-plan.js';
import { SiteRenderer } from './site-renderer.js';
import { htmlFileFor, isStaticRedirectSource, redirectHtml, redirectsFile, robotsTxt, sitemapXml } from './site-files.js';
import { copyStaticFiles } from './static-files.js';
import { OutputWriter } from './output-writer.js';

export interface BuildOptions {
  root: string;
  outDir: string;
  log?: (line: string) => void;
  /** Absolute site URL for sitemap.xml and robots.txt (`https://docs.example.com`). */
  siteUrl?: string;
  /** Reuse `<outDir>/.folio-cache` (default true). */
  cache?: boolean;
  /** Build the Pagefind index (default true). */
  search?: boolean;
  /** Worker threads for MDX (default: all cores). */
  threads?: number;
  /** Called with (done, total) while pages are rendered. */
  progress?: (done: number, total: number) => void;
}

export interface BuildStats {
  compiled: number;
  rendered: number;
  skipped: number;
  written: number;
  /** Time the search index took after the pages were written (a streamed index mostly overlaps rendering; 0 when untouched). */
  searchMs: number;
  /** How the search index was updated: streamed while rendering, delta, full, keep (unchanged), off. */
  searchMode: string;
  assets: { css: string; js: string; jsBytes: number };
}

export interface BuildResult {
  ok: boolean;
  pages: number;
  diagnostics: Diagnostic[];
  durationMs: number;
  stats?: BuildStats;
}

interface PlannedPage {
  route: PageRoute;
  bodyKey: string;
  pageKey: string;
  job?: MdxJob;
  body?: CachedBody;
  /** Endpoint reference appended to an MDX page with `openapi:` frontmatter. */
  suffix?: string;
}

const diag = (code: string, message: string, file = 'docs.json', severity: Diagnostic['severity'] = 'warning'): Diagnostic => ({
  file, line: 1, column: 1, severity, code, path: '', message,
});

/** Hash of every snippet file: a snippet edit invalidates cached bodies (pages may import it). */
async function snippetsKey(root: string): Promise<string> {
  const parts: string[] = [];
  const walk = async (dir: string) => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
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

/** Build the static site of `root` into `outDir`. */
export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const outDir = path.resolve(options.outDir);
  const { site, diagnostics } = await loadSite(options.root);
  const done = (ok: boolean, pages: number, stats?: BuildStats): BuildResult => ({
    ok: ok && !hasErrors(diagnostics),
    pages,
    diagnostics: sortDiagnostics(diagnostics),
    durationMs: Math.round(performance.now() - started),
    stats,
  });
  if (!site) {
    if (!diagnostics.some((d) => d.severity === 'error')) diagnostics.push(diag('BUILD_CONFIG_MISSING', 'No usable docs.json or mint.json was found; create docs.json at the docs root.', 'docs.json', 'error'));
    return done(false, 0);
  }
  if (isInside(outDir, site.root)) {
    diagnostics.push(diag('BUILD_OUT_DIR_INVALID', `The output directory ${outDir} is the docs root or contains it; pass an output folder of its own, e.g. --out dist-site.`, 'docs.json', 'error'));
    return done(false, 0);
  }
  await mkdir(outDir, { recursive: true });
  const [assets, cache, snippets, katex, mermaid] = await Promise.all([
    siteAssets(),
    BuildCache.open(outDir, options.cache !== false),
    snippetsKey(site.root),
    copyKatexAssets(outDir),
    mermaidAssetPath(),
  ]);
  const base = '/';
  const renderer = new SiteRenderer(site, { css: base + assets.css.file, js: base + assets.js.file, base, katex: katex ? base + katex : undefined, mermaid: mermaid ? base + mermaid : undefined });
  const variables = Object.fromEntries(Object.entries(site.config.variables ?? {}).map(([k, v]) => [k, String(v)]));
  const envKey = hashText(BUILD_FORMAT, JSON.stringify(variables), snippets);
  const layoutKey = hashText(assets.css.file, assets.js.file, katex ?? '', mermaid ?? '', JSON.stringify(site.model.settings));

  // Plan: one entry per route, with the keys that decide what can be skipped.
  const planned: PlannedPage[] = [];
  let nextJob = 0;
  for (const route of site.model.pages.values()) {
    let bodyKey: string;
    let job: MdxJob | undefined;
    let body: CachedBody | undefined;
    let suffix: string | undefined;
    if (route.kind === 'page' && route.file) {
      const page = site.index.pages.get(route.path);
      if (!page || page.source === undefined) {
        diagnostics.push(diag('BUILD_PAGE_UNREADABLE', `The page ${route.path} is listed but its file could not be read; check the file exists and is readable.`, route.file, 'error'));
        continue;
      }
      if (page.openapi && site.openapi) {
        const ref = site.openapi.frontmatterReference(page.openapi, route.href);
        if ('html' in ref) suffix = ref.html;
        else diagnostics.push({ file: page.file, line: lineOf(page.source, /^openapi\s*:/m), column: 1, path: 'openapi', ...ref.diagnostic });
      }
      // What other pages import under the names this page uses decides forgotten imports: part of the key.
      const knownImports = knownImportsFor(page.file, page.source, site.imports);
      bodyKey = hashText(envKey, page.file, page.sourceHash ?? page.source, JSON.stringify(knownImports));
      job = { id: nextJob++, file: page.file, source: page.source.slice(page.bodyOffset), lineOffset: page.bodyLine - 1, knownImports };
    } else {
      const html = site.openapi?.renderBody(route) ?? fallbackEndpointBody(route);
      bodyKey = hashText(envKey, 'endpoint', html);
      body = { html, headings: [], diagnostics: [], features: [], renderer: 'openapi' };
    }
    const pageKey = hashText(bodyKey, suffix ?? '', layoutKey, renderer.sectionParts(route.sectionId).key, JSON.stringify(route), JSON.stringify(renderer.pageFlags(route)));
    planned.push({ route, bodyKey, pageKey, job, body, suffix });
  }

  // Unchanged pages are skipped outright; their earlier problems are reported again.
  const previous = cache.manifest.pages;
  const outputIntact = existsSync(path.join(outDir, '404.html'));
  const todo = planned.filter((p) => !(outputIntact && previous[p.route.href] === p.pageKey));
  const todoSet = new Set(todo);
  const skipped = planned.length - todo.length;
  const toCompile: PlannedPage[] = [];
  await Promise.all(
    todo.map(async (p) => {
      if (p.body) return;
      p.body = await cache.getBody(p.bodyKey);
      if (!p.body) toCompile.push(p);
    }),
  );
  const live = new Set(planned.map((p) => p.route.href));
  const search = await SearchPlan.open({
    enabled: options.search !== false,
    outDir,
    cacheDir: cache.dir,
    pages: planned.length,
    allRendered: todo.length === planned.length,
    changed: [...todo.map((p) => p.route.href), ...Object.keys(previous).filter((h) => !live.has(h))],
    reuse: outputIntact && options.cache !== false,
  });
  const oldDiagnostics = (await readPageDiagnostics(cache.dir)) ?? {};
  const pageDiagnostics: Record<string, Diagnostic[]> = {};
  for (const p of planned) if (!todoSet.has(p) && oldDiagnostics[p.route.href]) pageDiagnostics[p.route.href] = oldDiagnostics[p.route.href]!;

  const output = new OutputWriter(outDir);
  await output.prepare(todo.map((p) => resolveInside(outDir, htmlFileFor(p.route.href))).filter((f): f is string => f !== null));
  let written = 0;
  let rendered = 0;
  let drawsDiagrams = false;
  const total = todo.length;
  const writes: Promise<void>[] = [];
  const emit = (p: PlannedPage) => {
    const body = p.body!;
    if (body.diagnostics.length) pageDiagnostics[p.route.href] = body.diagnostics;
    const html = renderer.render(p.route, p.suffix ? { ...body, html: body.html + p.suffix } : body);
    rendered++;
    if (body.features.includes('mermaid')) drawsDiagrams = true;
    search.pageRendered(p.route.href, html);
    options.progress?.(rendered, total);
    const target = resolveInside(outDir, htmlFileFor(p.route.href));
    if (!target) return;
    writes.push(output.write(target, html).then(() => void written++));
  };
  for (const p of todo) if (p.body) emit(p);
  const byJob = new Map(toCompile.map((p) => [p.job!.id, p]));
  await compileAll(
    toCompile.map((p) => p.job!),
    {
      root: site.root,
      variables,
      threads: options.threads ?? defaultThreads(options.search !== false),
      onResult: (r) => {
        const p = byJob.get(r.id)!;
        const { id: _id, ...body } = r;
        p.body = body;
        void cache.putBody(p.bodyKey, body);
        emit(p);
      },
    },
  );
  await Promise.all(writes);
  for (const list of Object.values(pageDiagnostics)) diagnostics.push(...list);

  const extra = await writeSiteFiles(site, outDir, output, renderer, options.siteUrl, diagnostics);
  await removeStale(outDir, previous, cache.manifest.files, live, extra);
  // The index is finished while assets and static files are copied (a full index reads pages only).
  const searchStart = performance.now();
  const indexing = search.finish().then((outcome) => ({ outcome, ms: Math.round(performance.now() - searchStart) }));
  // So is the cache (serialising the bodies is CPU this thread has while Pagefind finishes).
  const saving = Promise.all([
    cache.save(Object.fromEntries(planned.map((p) => [p.route.href, p.pageKey])), extra, new Set(planned.map((p) => p.bodyKey))),
    writePageDiagnostics(cache.dir, pageDiagnostics),
  ]);
  await writeAssets(outDir, [assets.css, assets.js]);
  // Mermaid's browser build (3.6 MB) goes only into sites where a page drew a diagram.
  if (mermaid && drawsDiagrams) await copyMermaidAssets(outDir);
  await copyStaticFiles(site.root, outDir);
  const [{ outcome: indexed, ms }] = await Promise.all([indexing, saving]);
  const searchMs = indexed ? ms : 0;
  for (const e of indexed?.errors ?? []) diagnostics.push(diag('BUILD_SEARCH_FAILED', `Search index: ${e}. Pages were written; rebuild with --no-search to skip the index.`));
  log(`built ${planned.length} pages (${toCompile.length} compiled, ${skipped} unchanged)`);
  return done(true, planned.length, {
    compiled: toCompile.length,
    rendered,
    skipped,
    written,
    searchMs,
    searchMode: indexed?.mode ?? search.mode,
    assets: { css: assets.css.file, js: assets.js.file, jsBytes: assets.js.contents.length },
  });
}

/**
 * MDX threads when the caller does not say. Measured on 2 cores (1,000 and 3,000 generated pages):
 * compiling in the main thread took 4.3-4.7 s of CPU for 1,000 pages against 6.4-6.6 s with two
 * workers (each worker loads the pipeline, warms its JIT and Shiki's grammars again), and was as
 * fast or faster in wall time; it also leaves the second core to Pagefind, which indexes while
 * pages render. Workers pay off only with cores to spare: all but one (kept for Pagefind).
 */
function defaultThreads(search: boolean): number {
  const cores = os.availableParallelism();
  return cores >= 4 ? cores - (search ? 1 : 0) : 1;
}

/** 1-based line of the first match of `pattern` in `text` (1 when absent). */
function lineOf(text: string, pattern: RegExp): number {
  const m = pattern.exec(text);
  return m ? text.slice(0, m.index).split('\n').length : 1;
}

async function readPageDiagnostics(dir: string): Promise<Record<string, Diagnostic[]> | null> {
  try {
    return JSON.parse(await readFile(path.join(dir, 'diagnostics.json'), 'utf8')) as Record<string, Diagnostic[]>;
  } catch {
    return null;
  }
}

async function writePageDiagnostics(dir: string, value: Record<string, Diagnostic[]>): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'diagnostics.json'), JSON.stringify(value));
}

/** 404, root index, sitemap, robots, redirects; returns the redirect files written. */
async function writeSiteFiles(site: LoadedSite, outDir: string, output: OutputWriter, renderer: SiteRenderer, siteUrl: string | undefined, diagnostics: Diagnostic[]): Promise<string[]> {
  const { model, config } = site;
  const routes = [...model.pages.values()];
  const all = config.seo?.indexing === 'all';
  const indexed = routes.filter((r) => (r.listed || all) && !renderer.pageFlags(r).noindex).map((r) => r.href);
  const defaultSection = model.sectionsById.get(model.defaultSectionId);
  const home = defaultSection?.firstPage ?? routes[0]?.href ?? '/';
  const notFound = renderer.renderNotFound();
  const files: [string, string][] = [
    ['404.html', notFound],
    ['sitemap.xml', sitemapXml(indexed, siteUrl)],
    ['robots.txt', robotsTxt(siteUrl)],
    ['_redirects', redirectsFile(model.redirects)],
  ];
  const extra: string[] = [];
  // `/` when no page is at the root: the home page (an `index` page, else the first page).
  if (!model.pages.has('/')) {
    const indexFile = model.pages.has('/index') ? resolveInside(outDir, htmlFileFor('/index')) : null;
    const html = indexFile ? await readFile(indexFile, 'utf8').catch(() => null) : null;
    // The copy at `/` stays out of the search index: `/index` is already in it.
    files.push(['index.html', html ? html.replace(' data-pagefind-body=""', '') : redirectHtml(home)]);
  }
  for (const r of model.redirects) {
    if (!isStaticRedirectSource(r.source)) {
      diagnostics.push(diag('BUILD_REDIRECT_SKIPPED', `Redirect ${r.source} has wildcards or parameters, so it is only in _redirects; hosts that ignore _redirects will not apply it.`));
      continue;
    }
    if (model.pages.has(r.source)) continue;
    const rel = htmlFileFor(r.source);
    files.push([rel, redirectHtml(r.destination)]);
    extra.push(rel);
  }
  await Promise.all(
    files.map(([rel, contents]) => {
      const target = resolveInside(outDir, rel);
      return target ? output.write(target, contents) : Promise.resolve();
    }),
  );
  return extra;
}

/** Delete pages and redirect files the previous build wrote that this one no longer has. */
async function removeStale(outDir: string, previous: Record<string, string>, previousFiles: string[], live: ReadonlySet<string>, extra: string[]): Promise<void> {
  const liveFiles = new Set(extra);
  const stale = [
    ...Object.keys(previous).filter((h) => !live.has(h)).map(htmlFileFor),
    ...previousFiles.filter((f) => !liveFiles.has(f)),
  ];
  await Promise.all(
    stale.map((rel) => {
      const target = resolveInside(outDir, rel);
      return target ? rm(target, { force: true }) : Promise.resolve();
    }),
  );
}
