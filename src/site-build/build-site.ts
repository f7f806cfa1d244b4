/**
 * `buildSite`: docs root → static site, as a pipeline. Plan every page and its cache keys
 * (`page-plan.ts`), compile only the bodies that changed (`compile-pages.ts`), lay out and write
 * the pages whose key changed and then the site-wide files (`write-site.ts`), finish the search
 * index (`search-plan.ts`), and report.
 */
import { codeThemesOf } from '../mdx/index.js';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { bundleIslands, prepareEndpointHighlighting, seoBaseUrl, SiteRenderer, siteAssets, siteTailwind, siteVariables, type SiteRendererOptions } from '../render/index.js';
import { hasErrors, makeDirInside, sortDiagnostics, writeFileInside, type Diagnostic } from '../shared/index.js';
import { API_HOSTS_FILE, isInside, MCP_TOOLS_FILE, normalizeBasePath, siteUrlWithBase, watchOutputWrites } from '../shared/index.js';
import { gitLastModified, loadSite, pageGroups, protectedHrefs, siteApiHosts, siteMcpTools, staleNoticeHrefs, wantsTimestamps, type AccessScope, type Site, type SiteOpenApi } from '../site/index.js';
import { copyFontFiles, copyKatexAssets, mermaidAssetPath } from './assets.js';
import { BuildCache, writePageDiagnostics } from './build-cache.js';
import { buildProblem, refusedWrite } from './codes.js';
import { compilePages, defaultThreads } from './compile-pages.js';
import { CpuSplit, endedChildrenCpuMs, type BuildSplit } from './cpu-split.js';
import { writeLlmsFiles } from './llms-files.js';
import { writeRetrievalFile } from './retrieval-file.js';
import { buildKeys, carriedDiagnostics, changedHrefs, decideWork, planPages, releaseSources, snippetsKey, type PlannedPage } from './page-plan.js';
import { checkExternalLinks, type ExternalCheckOptions } from './external-links.js';
import { sitePathReader } from './base-links.js';
import { LinkCollector, pageProblems } from './link-checks.js';
import { writeOgImages, type OgImagesStats } from './og-images.js';
import { siteRedirects } from './redirect-checks.js';
import { SearchPlan } from './search-plan.js';
import { groupSearchIndexes, personalizedPages, writeReaderIndexes } from './reader-indexes.js';
import type { BuildState } from './watch-build.js';
import { PageWriter, removeStale, writeAssetFiles, writeSiteFiles } from './write-site.js';
import { buildCspOf } from './site-csp.js';

export interface BuildOptions {
  root: string;
  outDir: string;
  log?: (line: string) => void;
  /** Absolute site URL for sitemap.xml and robots.txt (`https://docs.example.com`). */
  siteUrl?: string;
  /** A site `folio serve` hosts: pages end with the feedback widget (and its edit/issue links for `repository`). */
  feedback?: SiteRendererOptions['feedback'];
  /** Reuse `<outDir>/.folio-cache` (default true). */
  cache?: boolean;
  /** Build the Pagefind index (default true). */
  search?: boolean;
  /** Worker threads for MDX (default: all cores). */
  threads?: number;
  /**
   * Write each page's Markdown (`<page>.md`) and the llms files (default true). Off, bodies are not
   * turned into Markdown at all: `npm run bench:build -- --no-llms` measures what the export costs.
   */
  markdown?: boolean;
  /**
   * Write the sections of every searchable page for the discovery API and the assistant
   * (`.folio-cache/retrieval.jsonl`, `retrieval-file.ts`; default true, needs `markdown`).
   */
  retrieval?: boolean;
  /** Size in bytes past which `llms-full.txt` is split into one file per section (default 8 MB). */
  llmsFullMaxBytes?: number;
  /** The repository is not trusted: no page or snippet code runs, raw HTML is sanitised (see README, trust model). */
  untrusted?: boolean;
  /**
   * A delta search index leaves its Pagefind process up for this process's next build (a warm
   * sandboxed process of `buildSiteIsolated`, as `--watch` does): one process start fewer per update.
   */
  keepSearchService?: boolean;
  /** Untrusted builds: each page compiles in an isolated worker and is stopped after this many milliseconds (default 10 s), with BUILD_PAGE_TIMEOUT. */
  pageTimeoutMs?: number;
  /** Draw a social image per page (`assets/og/<path>.png`) and name it as `og:image`; `max` caps the images drawn per build (default 1000). */
  ogImages?: boolean | { max?: number };
  /** Also ask every external http(s) link of the rendered pages (`folio check --external`; never in a plain build). */
  externalLinks?: boolean | ExternalCheckOptions;
  /** Called with (done, total) while pages are rendered. */
  progress?: (done: number, total: number) => void;
  /**
   * The site's base path when it is served under a folder (`/docs`, behind a reverse proxy): every
   * link, asset, search, sitemap, redirect, canonical and Markdown/llms URL gets it. Default: none.
   */
  basePath?: string;
  /**
   * A protected site (hosted with password or OpenID sign-in): `site` protects every page but
   * `public: true` ones, `hidden` only hidden pages and `public: false` pages or groups. Protected
   * pages stay out of search, sitemap and llms files; the output's `.folio-site.json` lists them.
   */
  protect?: AccessScope;
  /** Internal (`WatchBuild`): the specs of the previous build, reused when only pages changed since (`loadSite`'s `specs`). */
  specs?: SiteOpenApi | null;
  /** Internal (`WatchBuild`): handed what a later body-only rebuild reuses, once the build has finished. */
  keepState?: (state: BuildState) => void;
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
  /** Time of the internal link, anchor and asset checks. */
  linksMs: number;
  /** The llms files (`llms.txt`, `llms-full.txt` and its parts, `docs-index.json`) after the pages: wall and CPU (this process) milliseconds; absent with the Markdown export off. */
  llms?: { ms: number; cpuMs: number };
  /**
   * The pages' Markdown: `files` `.md` written, and `ms` spent on them in the threads that did the
   * work (converting each compiled tree, assembling and writing the file), timed around synchronous
   * code, so it is close to their CPU with the kernel's part of the writes (a thread descheduled
   * meanwhile counts too). `writeMs` is the writing alone. Absent with the Markdown export off.
   */
  markdownPages?: { files: number; ms: number; writeMs: number };
  /** The retrieval file (`retrieval`): searchable pages, pages cut into sections again (the others kept), wall and CPU milliseconds. */
  retrieval?: { pages: number; cut: number; ms: number; cpuMs: number };
  /** External links asked (`externalLinks`) and answered from the cache. */
  external?: { checked: number; fromCache: number };
  /** Social images (`ogImages`): pages with one, drawn now, kept from the last build, given the site's image past the cap, and the time taken. */
  og?: OgImagesStats;
  assets: { css: string; js: string; jsBytes: number };
  /**
   * Wall milliseconds of the build's phases: `plan` loads the site and decides what changed, `compile`
   * compiles and writes the pages that did (interleaved), `write` finishes the rest (links, site files,
   * llms files, search index, cache, assets). A hosted update prints them beside its fetch and publish.
   */
  phases?: { planMs: number; compileMs: number; writeMs: number };
  /** Where the build's CPU went, in milliseconds per phase (`cpu-split.ts`; `npm run bench:build` prints it). */
  split?: BuildSplit;
  /**
   * CPU milliseconds of the whole build: this process with its threads (`process`), and its child
   * processes that ended during it (`children`: Pagefind; Linux only, 0 elsewhere). A Pagefind process
   * kept for the next build (`keepSearchService`) is not among them until it ends.
   */
  cpu?: { process: number; children: number };
  /**
   * A sandboxed build (`buildSiteIsolated`): whether its process was kept warm from the site's last
   * build, and the wall milliseconds from starting a new one until Folio had loaded in it (0 when warm).
   */
  sandbox?: { warm: boolean; startMs: number };
  /**
   * What this build wrote or removed in `outDir` (posix paths relative to it: files, and folders written
   * whole by Pagefind), so a hosted publish looks at these only; absent past `MAX_CHANGED_PATHS`.
   */
  changed?: string[];
}

/** Past this many written paths a build reports none (`BuildStats.changed`): the publish then walks the whole output. */
const MAX_CHANGED_PATHS = 20_000;

export interface BuildResult {
  ok: boolean;
  pages: number;
  diagnostics: Diagnostic[];
  durationMs: number;
  stats?: BuildStats;
}

/** Build the static site of `root` into `outDir`. */
export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  return withOutputChanges(options.outDir, () => buildSiteWatched(options));
}

/** Run a build of `outDir` and put what it wrote or removed there in its stats (`BuildStats.changed`). */
export async function withOutputChanges(outDir: string, build: () => Promise<BuildResult>): Promise<BuildResult> {
  const root = path.resolve(outDir);
  const changed = new Set<string>();
  const stop = watchOutputWrites(root, (file) => {
    if (changed.size <= MAX_CHANGED_PATHS) changed.add(file);
  });
  try {
    const result = await build();
    if (result.stats && changed.size <= MAX_CHANGED_PATHS) result.stats.changed = [...changed].map((file) => path.relative(root, file).split(path.sep).join('/'));
    return result;
  } finally {
    stop();
  }
}

async function buildSiteWatched(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const startCpu = process.cpuUsage();
  const startChildrenCpu = endedChildrenCpuMs();
  const split = new CpuSplit();
  const cpuMsSince = (from: NodeJS.CpuUsage) => {
    const used = process.cpuUsage(from);
    return (used.user + used.system) / 1000;
  };
  const outDir = path.resolve(options.outDir);
  // A --watch build (keepState) keeps every page's text: its next body-only check compares old and new.
  const { site, diagnostics } = await loadSite(options.root, { keepSource: options.keepState ? true : 'hash', specs: options.specs });
  const done = (ok: boolean, pages: number, stats?: BuildStats): BuildResult => ({
    ok: ok && !hasErrors(diagnostics),
    pages,
    diagnostics: sortDiagnostics(diagnostics),
    durationMs: Math.round(performance.now() - started),
    stats,
  });
  if (!site) {
    if (!hasErrors(diagnostics)) diagnostics.push(buildProblem('BUILD_CONFIG_MISSING', 'No usable docs.json or mint.json was found; create docs.json at the docs root.', 'docs.json', 'error'));
    return done(false, 0);
  }
  if (isInside(outDir, site.root)) {
    diagnostics.push(buildProblem('BUILD_OUT_DIR_INVALID', `The output directory ${outDir} is the docs root or contains it; pass an output folder of its own, e.g. --out dist-site.`, 'docs.json', 'error'));
    return done(false, 0);
  }
  const basePath = normalizeBasePath(options.basePath);
  if (basePath === null) {
    diagnostics.push(buildProblem('BUILD_BASE_PATH_INVALID', `The base path ${JSON.stringify(options.basePath)} is not a URL path; pass folder names after a slash, e.g. --base /docs.`, 'docs.json', 'error'));
    return done(false, 0);
  }
  // The public URL of the site's root, base included: sitemap, robots, feeds and llms links.
  const publicUrl = siteUrlWithBase(options.siteUrl ?? seoBaseUrl(site.config.seo?.metatags, undefined), basePath);
  await mkdir(outDir, { recursive: true });
  const search = options.search !== false;
  const [assets, cache, snippets, katex, mermaid, tailwind] = await Promise.all([siteAssets(), BuildCache.open(outDir, options.cache !== false), snippetsKey(site.root), copyKatexAssets(outDir).catch((error: unknown) => (diagnostics.push(refusedWrite(error)), null)), mermaidAssetPath(), siteTailwind(site)]);
  const ogImages = options.ogImages === true ? {} : options.ogImages || undefined;
  const lastModified = wantsTimestamps(site) ? await gitLastModified(site.root) : undefined;
  const staleTranslations = await staleNoticeHrefs(site);
  // Pages restricted to groups are protected whatever the project's access: out of search, sitemap and llms files.
  const restricted = pageGroups(site);
  const guarded = options.protect || restricted.size ? new Set([...(options.protect ? protectedHrefs(site, options.protect) : []), ...restricted.keys()]) : undefined;
  const renderer = new SiteRenderer(site, { css: '/' + assets.css.file, js: '/' + assets.js.file, base: '/', tailwind: tailwind ? '/' + tailwind.file : undefined, katex: katex ? '/' + katex : undefined, mermaid: mermaid ? '/' + mermaid : undefined }, { siteUrl: options.siteUrl, integrations: true, lastModified, staleTranslations, ogImages: ogImages !== undefined, basePath, protectedHrefs: guarded, feedback: options.feedback });
  for (const family of renderer.fonts.missing) diagnostics.push(fontNotBundled(site, family));
  await copyFontFiles(outDir, renderer.fonts.files).catch((error: unknown) => void diagnostics.push(refusedWrite(error)));
  for (const p of renderer.integrationProblems) diagnostics.push(buildProblem('BUILD_INTEGRATION_INVALID', `Integration ${p}; it was not loaded. Fix the value under \`integrations\` in docs.json.`));
  const variables = siteVariables(site);

  // Plan: every page with its keys; unchanged pages are skipped, their earlier problems reported again.
  const markdown = options.markdown !== false;
  const keys = buildKeys(site, variables, options.untrusted ? `${snippets}:untrusted` : snippets, [assets.css.file, assets.js.file, katex ?? '', mermaid ?? '', tailwind?.file ?? '', options.feedback ? `feedback:${JSON.stringify(options.feedback)}` : ''], markdown);
  // Endpoint pages are drawn while planning, their samples highlighted: load the grammars first.
  if (site.openapi) await prepareEndpointHighlighting(codeThemesOf(site.config.styling?.codeblocks).themes);
  const planProblems: Diagnostic[] = [];
  const work = await decideWork(planPages(site, renderer, keys, planProblems, markdown), cache, outDir, markdown);
  diagnostics.push(...planProblems);
  const { planned, todo, toCompile } = work;
  const plannedAt = performance.now();
  // A --watch build keeps its site for the next edit, whose body-only check reads the old texts.
  if (!options.keepState) releaseSources(site, planned);
  const searchPlan = await SearchPlan.open({ enabled: search, outDir, cacheDir: cache.dir, pages: planned.length, allRendered: todo.length === planned.length, changed: changedHrefs(work), reuse: work.outputIntact && options.cache !== false, keepService: options.keepSearchService === true, languages: search ? pagesPerLang(todo, renderer) : undefined });
  const pageDiagnostics = await carriedDiagnostics(cache.dir, work);
  split.add('plan', cpuMsSince(startCpu));

  // Compile and write: cached bodies first, then each compiled body as it arrives.
  const links = new LinkCollector(Boolean(options.externalLinks));
  // Under a base path, an author's `/docs/a` is the full path: the bodies, the redirects and both checks read it as `/a`.
  const sitePaths = sitePathReader(site, basePath);
  const pages = await PageWriter.open(todo, { outDir, renderer, search: searchPlan, pageDiagnostics, progress: options.progress, links, markdown, basePath, sitePaths, writtenMarkdown: work.outputIntact ? cache.manifest.markdown : undefined, feeds: { siteName: site.config.name, siteUrl: publicUrl ?? (basePath || undefined) }, split });
  for (const p of todo) {
    if (!p.body) continue;
    pages.write(p);
    await pages.ready();
  }
  await compilePages(toCompile, { root: site.root, variables, threads: options.threads ?? defaultThreads(search), untrusted: options.untrusted, pageTimeoutMs: options.pageTimeoutMs, cache, split, onCompiled: (p) => (pages.write(p), pages.ready()) });
  await pages.finished();
  // A delta index needs only the rendered pages and the other delta pages' HTML (on disk, unchanged), so it
  // starts now and runs in its Pagefind process beside the links, site files, llms files and retrieval
  // (it waited for them: a one-page rebuild's write phase ran a median 129 ms past the search's own time at load
  // 17-20, 20 ms now). Streamed and full indexes start below, after the stale pages are removed: a full one
  // reads every page on disk.
  const timedIndex = (start = performance.now()) => searchPlan.finish({ live: work.live }).then((outcome) => ({ outcome, ms: Math.round(performance.now() - start) }));
  const earlyIndexing = searchPlan.mode === 'delta' ? timedIndex() : null;
  // Awaited below; a throw before that (a refused write) must not also leave this rejection unhandled.
  earlyIndexing?.catch(() => undefined);
  const compiledAt = performance.now();
  const compiledCpu = process.cpuUsage();
  diagnostics.push(...pages.refused);
  const redirects = siteRedirects(site, { basePath });
  diagnostics.push(...redirects.diagnostics);
  // Link problems are page problems: cached with the page, reported again while it is unchanged.
  const linksStart = performance.now();
  for (const [href, problems] of links.check(site, redirects.rules, sitePaths)) (pageDiagnostics[href] ??= []).push(...problems);
  const linksMs = Math.round(performance.now() - linksStart);
  split.add('links', linksMs);
  let external: { checked: number; fromCache: number } | undefined;
  if (options.externalLinks) {
    const checked = await checkExternalLinks(site, links.external, options.externalLinks === true ? {} : options.externalLinks);
    diagnostics.push(...checked.diagnostics);
    external = { checked: checked.checked, fromCache: checked.fromCache };
  }
  diagnostics.push(...pageProblems(pageDiagnostics));
  const restrictedPages = restricted.size ? { restricted: Object.fromEntries([...restricted].map(([href, groups]) => [href, { groups, title: site.model.pages.get(href)?.title ?? href }])), ...(search ? { searchIndexes: groupSearchIndexes(site, restricted) } : {}) } : {};
  const access = guarded
    ? { scope: options.protect ?? ('hidden' as const), protected: [...guarded].sort(), ...(options.protect === 'site' ? { public: [...site.model.pages.keys()].filter((h) => !guarded.has(h)).sort() } : {}), ...restrictedPages }
    : undefined;
  const siteFilesCpu = process.cpuUsage();
  const csp = await buildCspOf(site, renderer.csp, diagnostics);
  const personalized = await personalizedPages(outDir, pages.personalized, todo, planned);
  const extra = await writeSiteFiles(site, pages.output, renderer, redirects.rules, { publicUrl, basePath, access, csp, personalized }, diagnostics);
  split.add('siteFiles', cpuMsSince(siteFilesCpu));
  const redirectFiles = [...extra];
  let llms: BuildStats['llms'];
  let retrieving: Promise<BuildStats['retrieval']> = Promise.resolve(undefined);
  if (markdown) {
    const llmsStart = performance.now();
    const llmsCpu = process.cpuUsage();
    const markdownKeys = new Map(planned.map((p) => [p.route.href, p.markdownKey]));
    // A write refused inside the output (a linked .folio-cache) is reported like the others, not thrown.
    try {
      extra.push(...(await writeLlmsFiles({ site, output: pages.output, renderer, siteUrl: publicUrl ?? (basePath || undefined), maxFullBytes: options.llmsFullMaxBytes, markdownKeys, rendered: pages.markdown, reuse: work.outputIntact && options.cache !== false })));
    } catch (error) {
      diagnostics.push(refusedWrite(error));
    }
    const cpu = process.cpuUsage(llmsCpu);
    llms = { ms: Math.round(performance.now() - llmsStart), cpuMs: Math.round((cpu.user + cpu.system) / 1000) };
    split.add('llms', llms.cpuMs);
    // Finished beside the search index and the cache (its CPU is small; its wall is mostly the write).
    if (options.retrieval !== false) retrieving = timedRetrieval({ site, outDir, renderer, markdownKeys, rendered: pages.markdown, reuse: work.outputIntact && options.cache !== false }, diagnostics);
  }
  await removeStale(outDir, work.previous, cache.manifest.files, work.live, extra);

  // Index and cache are finished while the assets and static files are copied (a full index reads pages only;
  // serialising the cached bodies is CPU this thread has while Pagefind works).
  const indexing = earlyIndexing ?? timedIndex();
  const saving = Promise.all([
    cache.save(Object.fromEntries(planned.map((p) => [p.route.href, p.pageKey])), extra, new Set(planned.map((p) => p.bodyKey)), markdown ? Object.fromEntries(planned.map((p) => [p.route.href, p.markdownKey])) : undefined),
    writePageDiagnostics(outDir, pageDiagnostics),
    // The hosts `folio serve`'s playground proxy may reach for this site (its specs' servers).
    makeDirInside(outDir, '.folio-cache').then(() =>
      Promise.all([writeFileInside(outDir, API_HOSTS_FILE, JSON.stringify(siteApiHosts(site))), writeFileInside(outDir, MCP_TOOLS_FILE, JSON.stringify(siteMcpTools(site)))]),
    ),
  ]).catch((error: unknown) => void diagnostics.push(refusedWrite(error)));
  // Shared sidebars of large sections (`assets/nav.<hash>.html`) go with the assets.
  // Components that keep state hydrate in the browser: one bundle per island module, React shared.
  const islands = pages.islands.size ? await bundleIslands(pages.islands) : { assets: [], failed: [] };
  for (const f of islands.failed) diagnostics.push(buildProblem('BUILD_ISLAND_FAILED', `A component module (island ${f.id}) could not be bundled for the browser: ${f.message}. Its pages show the server-rendered HTML, which does not react to clicks.`));
  await writeAssetFiles(site, outDir, [assets.css, assets.js, assets.playground, assets.search, assets.assistant, ...(tailwind ? [tailwind] : []), ...renderer.sharedFiles(), ...islands.assets], mermaid !== null && pages.drawsDiagrams, diagnostics, basePath);
  // Social images are drawn while Pagefind (its own process) indexes.
  const og = ogImages ? await writeOgImages(site, outDir, cache.dir, diagnostics, ogImages).catch((error: unknown) => void diagnostics.push(refusedWrite(error))) : undefined;
  const [{ outcome: indexed, ms }, , retrieval] = await Promise.all([indexing, saving, retrieving]);
  // Restricted pages' own search indexes and retrieval lines, served only to readers of their groups.
  if (restricted.size) {
    const readers = await writeReaderIndexes({ site, outDir, restricted, search, retrieval: markdown && options.retrieval !== false }).catch((error: unknown) => ({ errors: [String(error)] }));
    for (const e of readers.errors) diagnostics.push(buildProblem('BUILD_SEARCH_FAILED', `Search index of restricted pages: ${e}.`));
  }

  for (const e of indexed?.errors ?? []) diagnostics.push(buildProblem('BUILD_SEARCH_FAILED', `Search index: ${e}. Pages were written; rebuild with --no-search to skip the index.`));
  const skipped = planned.length - todo.length;
  // What no phase after the pages accounts for: saving the cache, assets, waiting on the search index, glue.
  split.add('retrieval', retrieval?.cpuMs ?? 0);
  split.add('finish', Math.max(0, cpuMsSince(compiledCpu) - linksMs - split.ms.siteFiles - split.ms.llms - split.ms.retrieval));
  options.log?.(`built ${planned.length} pages (${toCompile.length} compiled, ${skipped} unchanged)`);
  const stats: BuildStats = {
    compiled: toCompile.length,
    rendered: pages.rendered,
    skipped,
    written: pages.written,
    searchMs: indexed ? ms : 0,
    searchMode: indexed?.mode ?? searchPlan.mode,
    linksMs,
    ...(llms ? { llms, markdownPages: { files: pages.markdownFiles, ms: Math.round(pages.markdownMs), writeMs: Math.round(pages.markdownWriteMs) } } : {}),
    ...(retrieval ? { retrieval } : {}),
    external,
    og: og ?? undefined,
    assets: { css: assets.css.file, js: assets.js.file, jsBytes: assets.js.contents.length },
    phases: { planMs: Math.round(plannedAt - started), compileMs: Math.round(compiledAt - plannedAt), writeMs: Math.round(performance.now() - compiledAt) },
    split: split.result(),
    cpu: { process: Math.round(cpuMsSince(startCpu)), children: Math.round(endedChildrenCpuMs() - startChildrenCpu) },
  };
  if (options.keepState) {
    // What a body-only edit leaves as it is: every problem but those of planning and of pages.
    const perPage = new Set([...planProblems, ...Object.values(pageDiagnostics).flat()]);
    options.keepState({ options, site, renderer, keys, variables, planned, planProblems, pageDiagnostics, otherDiagnostics: diagnostics.filter((d) => !perPage.has(d)), redirects: redirects.rules, redirectFiles, publicUrl, basePath, assets: stats.assets });
  }
  return done(true, planned.length, stats);
}

/** `writeRetrievalFile` timed (wall and this process's CPU); a refused write is reported, not thrown. */
export async function timedRetrieval(input: Parameters<typeof writeRetrievalFile>[0], diagnostics: Diagnostic[]): Promise<BuildStats['retrieval']> {
  const started = performance.now();
  const cpu0 = process.cpuUsage();
  try {
    const { pages, cut } = await writeRetrievalFile(input);
    const cpu = process.cpuUsage(cpu0);
    return { pages, cut, ms: Math.round(performance.now() - started), cpuMs: Math.round((cpu.user + cpu.system) / 1000) };
  } catch (error) {
    diagnostics.push(refusedWrite(error));
    return undefined;
  }
}

/** How many of `pages` each `<html lang>` has: a streamed search index writes a language once all of its pages are in. */
function pagesPerLang(pages: readonly PlannedPage[], renderer: SiteRenderer): Map<string, number> {
  const counts = new Map<string, number>();
  for (const p of pages) {
    const lang = renderer.htmlLangOf(p.route);
    counts.set(lang, (counts.get(lang) ?? 0) + 1);
  }
  return counts;
}

/** A `fonts` family no package provides, located at the docs.json field that names it. */
function fontNotBundled(site: Site, family: string): Diagnostic {
  const fonts = site.config.fonts as Record<string, unknown> | undefined;
  const named = (v: unknown) => typeof v === 'object' && v !== null && (v as { family?: unknown }).family === family;
  const at = named(fonts) ? ['fonts', 'family'] : named(fonts?.body) ? ['fonts', 'body', 'family'] : ['fonts', 'heading', 'family'];
  const pos = site.locate(at);
  const pkg = `@fontsource-variable/${family.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return {
    ...buildProblem('BUILD_FONT_NOT_BUNDLED', `The font "${family}" is not bundled: no Fontsource package for it is installed and docs.json gives no \`source\`, so its text uses the fallback font (Folio loads no font from a CDN). Add the font file to the repository and name it in \`fonts.source\`, or install ${pkg} beside Folio.`, pos.file, 'warning'),
    line: pos.line,
    column: pos.column,
    path: at.join('.'),
  };
}
