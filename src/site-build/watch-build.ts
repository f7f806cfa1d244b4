/**
 * `folio build --watch` in proportion to the change. The first build (and any change it cannot
 * take the short way) is a whole `buildSite`, which hands over what it loaded: the site, its
 * renderer, the page plan and every problem. A body-only edit of known pages (`bodyOnlyEdits`:
 * same frontmatter, same imports, so navigation, titles and prev/next links are as they were)
 * then re-plans, compiles and writes only those pages (HTML, `.md`, feed), checks their links,
 * updates the search index with their entries (delta), the llms files (unchanged groups kept),
 * the cache manifest and the page problems. Nothing else is read: not docs.json, the other
 * pages, the OpenAPI specs nor the snippets; navigation is not resolved again.
 *
 * A whole build after an edit of pages only (frontmatter, a new or removed page) resolves
 * navigation again but keeps the OpenAPI specs it read (`loadSite`'s `specs`).
 *
 * What falls back to a whole build: any file but an existing page's `.md`/`.mdx` (docs.json,
 * specs, snippets, images, a new or removed page), a frontmatter or import change, a page with
 * index problems, class names that change the Tailwind stylesheet, the `/index` page copied to
 * `/`, social images, external link checks, and an output folder that lost its 404 page.
 */
import { classCandidates, bundleIslands, runMdxJob, type MdxJob } from '../render/index.js';
import { hasErrors, sortDiagnostics, type Diagnostic, type RedirectRule } from '../shared/index.js';
import { applyPageEdits, bodyOnlyEdits, wantsTimestamps, type Site } from '../site/index.js';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { SiteRenderer } from '../render/index.js';
import { BuildCache, writePageDiagnostics } from './build-cache.js';
import { buildSite, timedRetrieval, type BuildOptions, type BuildResult, type BuildStats } from './build-site.js';
import { buildProblem, refusedWrite } from './codes.js';
import { compilePages, defaultThreads } from './compile-pages.js';
import { LinkCollector, pageProblems } from './link-checks.js';
import { writeLlmsFiles } from './llms-files.js';
import { planPage, type BuildKeys, type PlannedPage } from './page-plan.js';
import { warmDeltaService } from './search-index.js';
import { SearchPlan } from './search-plan.js';
import { PageWriter, writeAssetFiles } from './write-site.js';

/** What a finished `buildSite` hands to the next body-only rebuild. */
export interface BuildState {
  options: BuildOptions;
  site: Site;
  renderer: SiteRenderer;
  keys: BuildKeys;
  variables: Record<string, string>;
  /** Every page of the build, in route order (bodies dropped once written). */
  planned: PlannedPage[];
  /** Problems found planning pages (unreadable page, bad `openapi:` frontmatter), each with its page file. */
  planProblems: Diagnostic[];
  /** href → problems of each page's body and links. */
  pageDiagnostics: Record<string, Diagnostic[]>;
  /** Every other problem of the build (config, navigation, specs, redirects, ...). */
  otherDiagnostics: Diagnostic[];
  redirects: RedirectRule[];
  /** Redirect pages the build wrote (the cache manifest lists them with the llms files). */
  redirectFiles: string[];
  publicUrl: string | undefined;
  basePath: string;
  assets: BuildStats['assets'];
}

/** Builds of one docs root into one output folder, each after the first in proportion to the change when it can. */
export class WatchBuild {
  private state: BuildState | null = null;
  private stopWarming = false;
  /**
   * Resolves once the edit path is warm after the last whole build (`warmEditPath`); an edit that
   * comes first stops the warm-up at its next page. Benches wait for it, as a person would not type at once.
   */
  warmed: Promise<void> = Promise.resolve();

  constructor(
    private readonly options: BuildOptions,
    /** Warm the edit path after each whole build (`warmEditPath`); off for hosted updates, whose whole build compiled every page just before. */
    private readonly warmAfter = true,
  ) {}

  /**
   * Build; `changed` (docs-root relative files, `/`-separated) lets a body-only edit take the
   * short way. Without it, or when the change needs more, the whole site is built. `committed`:
   * the change is a git commit (a hosted update), so a site whose pages show git dates or
   * translations' stale notices is built whole (the edit changes those of other pages too).
   */
  async build(changed?: string[], { committed = false }: { committed?: boolean } = {}): Promise<BuildResult> {
    const state = this.state;
    this.state = null;
    this.stopWarming = true;
    const gitBound = state !== null && committed && (wantsTimestamps(state.site) || state.site.config.translations?.staleNotice === true);
    if (state && changed?.length && !gitBound) {
      const quick = await rebuildEditedPages(state, changed);
      if (quick) {
        this.state = state;
        return quick;
      }
    }
    // Only pages changed (a title, a new page): the specs are as they were, navigation is resolved again.
    const specs = state && changed?.length && changed.every((f) => /\.mdx?$/i.test(f)) ? state.site.openapi : undefined;
    const result = await buildSite({ ...this.options, specs, keepState: (next) => (this.state = next) });
    if (this.state && this.warmAfter) {
      this.stopWarming = false;
      this.warmed = warmEditPath(this.state, () => this.stopWarming);
    }
    return result;
  }
}

/** Most pages `warmEditPath` compiles: one per code language, the first languages found. */
const WARM_PAGES = 8;

/**
 * Right after a whole build, while nobody types, make the first edit as fast as the next ones:
 * start the search delta's Pagefind process, and compile (keeping nothing) one page for each code
 * language the pages use, so the MDX pipeline's JIT and Shiki's grammars are warm, and lay out one
 * page per section (its sidebar and chrome are made once, on the section's first page). A build
 * from the cache compiles and renders nothing, and the first edit then paid ~0.8 s of grammar
 * compiling (3,000 pages, a TypeScript block each). `stop()` true ends it before the next page.
 */
async function warmEditPath(state: BuildState, stop: () => boolean): Promise<void> {
  const { options, site, variables } = state;
  if (options.search !== false) void warmDeltaService();
  if (options.untrusted) return;
  const byLanguage = new Map<string, MdxJob>();
  for (const p of state.planned) {
    if (!p.job) continue;
    if (byLanguage.size === 0) byLanguage.set('', p.job);
    for (const m of p.job.source.matchAll(FENCE_LANGUAGE)) if (!byLanguage.has(m[1]!.toLowerCase())) byLanguage.set(m[1]!.toLowerCase(), p.job);
    if (byLanguage.size > WARM_PAGES) break;
  }
  for (const job of [...new Set(byLanguage.values())].slice(0, WARM_PAGES)) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (stop()) return;
    // Its result (and any problem) is dropped: the build already reported this page.
    await runMdxJob(job, site.root, variables).catch(() => undefined);
  }
  // The layout of a section (its sidebar, chrome) is made on its first page rendered: a build from
  // the cache renders none (36 ms for a 3,000-page sidebar on the first edit). One page per section.
  const bySection = new Map<string, PlannedPage>();
  for (const p of state.planned) if (!bySection.has(p.route.sectionId) && bySection.size < WARM_SECTIONS) bySection.set(p.route.sectionId, p);
  for (const p of bySection.values()) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (stop()) return;
    state.renderer.render(p.route, { html: '', headings: [], features: [] });
  }
}

/** Most sections whose layout `warmEditPath` makes ahead of an edit. */
const WARM_SECTIONS = 32;

/** The language of a fenced code block's opening line. */
const FENCE_LANGUAGE = /^[ \t>]*(?:```|~~~)[ \t]*([\w+#.-]+)/gm;

const sameSet = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((x) => b.has(x));

/**
 * Rebuild the pages of a body-only edit of `files` into the output `state` describes, updating
 * `state`; null (nothing written, `state` no longer usable) when the change needs a whole build.
 */
export async function rebuildEditedPages(state: BuildState, files: string[]): Promise<BuildResult | null> {
  const started = performance.now();
  const startCpu = process.cpuUsage();
  const { options, site, renderer } = state;
  if (options.ogImages || options.externalLinks || options.cache === false) return null;
  const outDir = path.resolve(options.outDir);
  if (!existsSync(path.join(outDir, '404.html'))) return null;
  const edits = bodyOnlyEdits(site, files);
  if (!edits?.length) return null;
  // Class names feed the site's one Tailwind stylesheet, whose name every page links.
  if (edits.some((e) => !sameSet(classCandidates(e.before.source ?? ''), classCandidates(e.after.source ?? '')))) return null;
  const editedFiles = new Set(edits.map((e) => e.after.file));
  const routes = [...site.model.pages.values()].filter((r) => typeof r.file === 'string' && editedFiles.has(r.file));
  // `/` is a copy of `/index` when no page sits at the root: the whole build writes it.
  if (routes.some((r) => r.href === '/index') && !site.model.pages.has('/')) return null;
  applyPageEdits(site, edits);

  const markdown = options.markdown !== false;
  const planProblems = state.planProblems.filter((d) => !editedFiles.has(d.file));
  const todo: PlannedPage[] = [];
  for (const route of routes) {
    const entry = planPage(site, renderer, state.keys, route, todo.length, planProblems, markdown);
    if (!entry) return null;
    todo.push(entry);
  }
  const cache = await BuildCache.open(outDir, true);
  const plannedAt = performance.now();
  const toCompile: PlannedPage[] = [];
  for (const p of todo) {
    if (p.body) continue;
    p.body = await cache.getBody(p.bodyKey);
    if (!p.body) toCompile.push(p);
  }
  const hrefs = todo.map((p) => p.route.href);
  const search = options.search !== false;
  const searchPlan = await SearchPlan.open({ enabled: search, outDir, cacheDir: cache.dir, pages: state.planned.length, allRendered: false, changed: hrefs, reuse: true, keepService: true });
  const pageDiagnostics = state.pageDiagnostics;
  for (const href of hrefs) delete pageDiagnostics[href];
  const links = new LinkCollector(false);
  const pages = await PageWriter.open(todo, { outDir, renderer, search: searchPlan, pageDiagnostics, links, markdown, basePath: state.basePath, writtenMarkdown: cache.manifest.markdown, feeds: { siteName: site.config.name, siteUrl: state.publicUrl ?? (state.basePath || undefined) } });
  for (const p of todo) if (p.body) pages.write(p);
  await compilePages(toCompile, { root: site.root, variables: state.variables, threads: options.threads ?? defaultThreads(search), untrusted: options.untrusted, pageTimeoutMs: options.pageTimeoutMs, cache, onCompiled: (p) => (pages.write(p), pages.ready()) });
  await pages.finished();
  const compiledAt = performance.now();
  // The search delta (Pagefind, its own process) is made while the links, llms files and cache are.
  const searchStart = performance.now();
  const indexing = searchPlan.finish().then((outcome) => ({ outcome, ms: Math.round(performance.now() - searchStart) }));
  const diagnostics: Diagnostic[] = [...pages.refused];
  const linksStart = performance.now();
  for (const [href, problems] of links.check(site, state.redirects)) (pageDiagnostics[href] ??= []).push(...problems);
  const linksMs = Math.round(performance.now() - linksStart);

  // The plan of the whole site with the edited pages' new entries.
  const replaced = new Map(todo.map((p) => [p.route.href, p]));
  state.planned = state.planned.map((p) => replaced.get(p.route.href) ?? p);
  state.planProblems = planProblems;
  const llmsFiles: string[] = [];
  let retrieval: BuildStats['retrieval'];
  if (markdown) {
    try {
      llmsFiles.push(...(await writeLlmsFiles({ site, output: pages.output, renderer, siteUrl: state.publicUrl ?? (state.basePath || undefined), maxFullBytes: options.llmsFullMaxBytes, markdownKeys: new Map(state.planned.map((p) => [p.route.href, p.markdownKey])), rendered: pages.markdown, reuse: true })));
    } catch (error) {
      diagnostics.push(refusedWrite(error));
    }
    // The edited pages are cut into sections again; the others keep theirs.
    if (options.retrieval !== false) retrieval = await timedRetrieval({ site, outDir, renderer, markdownKeys: new Map(state.planned.map((p) => [p.route.href, p.markdownKey])), rendered: pages.markdown, reuse: true }, diagnostics);
  }
  const saving = Promise.all([
    cache.save(Object.fromEntries(state.planned.map((p) => [p.route.href, p.pageKey])), [...state.redirectFiles, ...llmsFiles], new Set(state.planned.map((p) => p.bodyKey)), markdown ? Object.fromEntries(state.planned.map((p) => [p.route.href, p.markdownKey])) : undefined),
    writePageDiagnostics(outDir, pageDiagnostics),
  ]).catch((error: unknown) => void diagnostics.push(refusedWrite(error)));
  // As in a whole build: the islands of the pages written now, and Mermaid once a page draws a diagram.
  if (pages.islands.size || pages.drawsDiagrams) {
    const islands = pages.islands.size ? await bundleIslands(pages.islands) : { assets: [], failed: [] };
    for (const f of islands.failed) diagnostics.push(buildProblem('BUILD_ISLAND_FAILED', `A component module (island ${f.id}) could not be bundled for the browser: ${f.message}. Its pages show the server-rendered HTML, which does not react to clicks.`));
    await writeAssetFiles(site, outDir, islands.assets, pages.drawsDiagrams, diagnostics, state.basePath);
  }
  const [{ outcome: indexed, ms }] = await Promise.all([indexing, saving]);
  for (const e of indexed?.errors ?? []) diagnostics.push(buildProblem('BUILD_SEARCH_FAILED', `Search index: ${e}. Pages were written; rebuild with --no-search to skip the index.`));

  const all = [...state.otherDiagnostics, ...planProblems, ...pageProblems(pageDiagnostics), ...diagnostics];
  const skipped = state.planned.length - todo.length;
  options.log?.(`built ${state.planned.length} pages (${toCompile.length} compiled, ${skipped} unchanged): a body-only edit of ${todo.length} page(s), nothing else read`);
  const used = process.cpuUsage(startCpu);
  const cpuMs = used.user + used.system;
  return {
    ok: !hasErrors(all),
    pages: state.planned.length,
    diagnostics: sortDiagnostics(all),
    durationMs: Math.round(performance.now() - started),
    stats: {
      compiled: toCompile.length,
      rendered: pages.rendered,
      skipped,
      written: pages.written,
      searchMs: indexed ? ms : 0,
      searchMode: indexed?.mode ?? searchPlan.mode,
      linksMs,
      ...(retrieval ? { retrieval } : {}),
      assets: state.assets,
      phases: { planMs: Math.round(plannedAt - started), compileMs: Math.round(compiledAt - plannedAt), writeMs: Math.round(performance.now() - compiledAt) },
      cpu: { process: Math.round(cpuMs / 1000), children: 0 },
    },
  };
}
