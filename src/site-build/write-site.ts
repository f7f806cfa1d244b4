/**
 * Everything a build writes: each page as soon as its body is known (laid out, handed to the
 * search index, written), then the site-wide files (404, `/`, sitemap, robots, redirects),
 * the removal of what the previous build wrote and this one no longer has, and the assets.
 */
import { readFile } from 'node:fs/promises';
import { hasUserMarkdown, markdownFileFor, pageMarkdown, userMarkdown } from '../markdown/index.js';
import { hasUserParts } from '../mdx/index.js';
import { GROUPS_ATTRIBUTE } from '../openapi/index.js';
import { isDiscoverable } from '../navigation/index.js';
import { composeEndpointBody, type BuiltAsset, type CspSources, type SiteRenderer } from '../render/index.js';
import type { Diagnostic } from '../shared/index.js';
import { compileRedirect, prefixHtmlUrls, prefixMarkdownLinks, redirectsFileText, removeFileInside, resolveInside, withBasePath, type RedirectRule } from '../shared/index.js';
import type { Site } from '../site/index.js';
import { copyMermaidAssets, writeAssets } from './assets.js';
import { buildProblem, refusedWrite } from './codes.js';
import type { CpuSplit } from './cpu-split.js';
import { bodyAsSitePaths, type SitePathReader } from './base-links.js';
import type { LinkCollector } from './link-checks.js';
import { OutputWriter } from './output-writer.js';
import type { PlannedPage } from './page-plan.js';
import type { SearchPlan } from './search-plan.js';
import { htmlFileFor, READER_MARKDOWN_DIR, SITE_SETTINGS_FILE } from '../shared/index.js';
import { isStaticRedirectSource, redirectHtml, robotsTxt, sitemapXml } from './site-files.js';
import { copyCustomFiles, copyStaticFiles } from './static-files.js';
import { feedEntries, feedFileFor, feedXml } from './rss.js';

export interface PageWriterOptions {
  outDir: string;
  renderer: SiteRenderer;
  search: SearchPlan;
  /** href → problems of the page's body; filled in as pages are written. */
  pageDiagnostics: Record<string, Diagnostic[]>;
  /** Called with (done, total) after each page is laid out. */
  progress?: (done: number, total: number) => void;
  /** Collects each body's links and ids for the link checks. */
  links?: LinkCollector;
  /** The site's base path (`/docs`, `''`): page Markdown links get it (the HTML has it from the renderer). */
  basePath?: string;
  /** With a base path: reads the author's `/docs/...` URLs in each body as site paths before the base is put in front (`base-links.ts`). */
  sitePaths?: SitePathReader;
  /** Write each page's Markdown beside it (default true). */
  markdown?: boolean;
  /** href → Markdown key of the `.md` files the previous build left in place: one with the same key is not written again. */
  writtenMarkdown?: Record<string, string>;
  /** Changelog feeds (`<page>/rss.xml`): the site's name and absolute URL for their links. */
  feeds?: { siteName: string; siteUrl?: string };
  /** Adds the time of each step of a page (layout, search hand-off, writes, Markdown, links) here. */
  split?: CpuSplit;
}


/** The contents of the build settings file (`.folio-site.json`). */
export interface BuiltSiteSettings {
  /** The base path the site was built for (`/docs`), `''` for none. */
  basePath: string;
  /** Built for a protected site: which pages sign-in guards (`folio serve` enforces it). */
  access?: BuiltSiteAccess;
  /** `false` when docs.json turns telemetry off (`integrations.telemetry.enabled: false`): `folio serve` counts nothing for the site. */
  telemetry?: false;
  /** Sources the hosted Content-Security-Policy adds per directive for the site's integrations, font hosts and imported stylesheets (`site-csp.ts`). */
  csp?: CspSources;
  /**
   * Pages `folio serve` fills per signed-in reader (`personalizedHtml`): those with `user` values
   * (`{user.firstName}`) or an API playground the reader's `apiPlaygroundInputs` prefill. Every
   * other file is served as built.
   */
  personalized?: string[];
}


/** Whether a page's HTML has parts filled per reader: a `{user...}` value or branch, or the API playground's data. */
export function personalizedHtml(html: string): boolean {
  return hasUserParts(html) || html.includes(` ${GROUPS_ATTRIBUTE}="`) || html.includes('<script type="application/json" class="api-playground-data"');
}

/** The protected pages of a build: hrefs (`/guide/intro`) of every protected page under `scope`. */
export interface BuiltSiteAccess {
  scope: 'site' | 'hidden';
  protected: string[];
  /** Scope `site`: the pages anyone may read (`public: true`); everything else of the site is guarded. */
  public?: string[];
  /**
   * Pages only readers of some groups may see (frontmatter `groups`), by href: those groups and the
   * page's title (a reader's own llms.txt lists it). Protected on any site, public or not; their links
   * are taken out of each page's sidebar for readers outside them when served.
   */
  restricted?: Record<string, { groups: string[]; title: string }>;
  /** Search index folder → the groups whose readers may load it (`reader-indexes.ts`); served only to them. */
  searchIndexes?: Record<string, string[]>;
}

/** Writes pending at once before a build waits for some to finish. */
const MAX_WRITES = 64;

/** Markdown of written pages kept for the llms files, up to this many bytes (past it they are read back from their `.md`). */
const KEEP_MARKDOWN_BYTES = 32 * 1024 * 1024;

/** Size of the shared buffers `Utf8Slabs` encodes into. */
const SLAB_BYTES = 1024 * 1024;

/**
 * UTF-8 bytes of many page-sized strings, encoded into shared 1 MB buffers: one allocation per
 * megabyte of text instead of one buffer (and its external-memory bookkeeping) per page.
 * `Buffer.from` of a 10 KB Markdown document cost ~4x the encoding itself (bench/markdown-cost.ts).
 * A slab lives as long as any of its pages' bytes is held (the llms files keep some).
 */
export class Utf8Slabs {
  private slab = Buffer.alloc(0);
  private at = 0;

  encode(text: string): Buffer {
    // At most 3 bytes per UTF-16 unit (a surrogate pair is 4 bytes for 2 units).
    const room = text.length * 3;
    if (this.at + room > this.slab.length) {
      this.slab = Buffer.allocUnsafe(Math.max(SLAB_BYTES, room));
      this.at = 0;
    }
    const length = this.slab.write(text, this.at, 'utf8');
    const bytes = this.slab.subarray(this.at, this.at + length);
    this.at += length;
    return bytes;
  }
}

/** Lays out and writes the pages of a build one by one, counting what it did. */
export class PageWriter {
  rendered = 0;
  written = 0;
  /** Some page drew a Mermaid diagram (the site then needs Mermaid's browser build). */
  drawsDiagrams = false;
  /** Island modules the written pages draw (id → code), bundled once after the pages. */
  readonly islands = new Map<string, string>();
  /** Pages this build rendered whose HTML `folio serve` fills per reader (`personalizedHtml`). */
  readonly personalized = new Set<string>();
  /** Writes refused because the output folder holds a link (`BUILD_PATH_OUTSIDE_ROOT`). */
  readonly refused: Diagnostic[] = [];
  /**
   * href → the Markdown document written beside the page, as the bytes written, for the llms files
   * (bounded: `KEEP_MARKDOWN_BYTES`). Encoded once: the `.md` file and `llms-full.txt` are written
   * from the same bytes, held outside the JavaScript heap.
   */
  readonly markdown = new Map<string, Uint8Array>();
  private markdownBytes = 0;
  /** `.md` files written, and the milliseconds they cost: the body's conversion where it was compiled, then assembling and writing the file here. */
  markdownFiles = 0;
  markdownMs = 0;
  /** The part of `markdownMs` spent writing the files (open, write, close in this thread). */
  markdownWriteMs = 0;
  private readonly utf8 = new Utf8Slabs();
  private readonly writes = new Set<Promise<void>>();
  private readonly waiting: (() => void)[] = [];

  private constructor(
    readonly output: OutputWriter,
    private readonly options: PageWriterOptions,
    private readonly total: number,
  ) {}

  /** A writer for `pages`, with every folder they need already made. */
  static async open(pages: PlannedPage[], options: PageWriterOptions): Promise<PageWriter> {
    const output = new OutputWriter(options.outDir);
    await output.prepare(pages.flatMap((p) => [htmlFileFor(p.route.href), ...(options.markdown === false ? [] : [markdownFileFor(p.route.href)])]).map((f) => resolveInside(options.outDir, f)).filter((f): f is string => f !== null));
    return new PageWriter(output, options, pages.length);
  }

  /**
   * Backpressure: resolves once the event loop has run (so started writes progress), fewer than
   * `MAX_WRITES` writes are pending and the search index is not far behind. Without it a build
   * rendered every page before the first was on disk, holding all their HTML (3.1 GB at 3,000 pages).
   */
  async ready(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (this.writes.size >= MAX_WRITES) await new Promise<void>((resolve) => this.waiting.push(resolve));
    // And the search index keeps up: what Pagefind has not read stays in this process's memory.
    await this.options.search.drained();
  }

  private track(write: Promise<void>): void {
    const settled = write.finally(() => {
      this.writes.delete(settled);
      this.waiting.shift()?.();
    });
    this.writes.add(settled);
  }

  /** Lay out a page whose body is known, pass it to the search index and start writing it. */
  write(p: PlannedPage): void {
    const { outDir, renderer, search, pageDiagnostics, progress, split } = this.options;
    const written = p.body!;
    if (written.diagnostics.length) pageDiagnostics[p.route.href] = written.diagnostics;
    let mark = performance.now();
    /** Adds the time since the last step to `phase`. */
    const lap = (phase: Parameters<CpuSplit['add']>[0]) => {
      const now = performance.now();
      split?.add(phase, now - mark);
      mark = now;
    };
    // The links as written: the checks read them as the body below does, and name them as the author wrote them.
    this.options.links?.add(p.route, written.html, written.headings.map((h) => h.id), written.diagnostics.some((d) => d.severity === 'error'), p.suffix);
    lap('links');
    const base = this.options.basePath ?? '';
    const body = base && this.options.sitePaths ? bodyAsSitePaths(written, this.options.sitePaths, base) : written;
    const html = renderer.render(p.route, composeEndpointBody(body, p.suffix));
    this.rendered++;
    if (body.features.includes('mermaid')) this.drawsDiagrams = true;
    for (const island of body.islands ?? []) this.islands.set(island.id, island.code);
    lap('layout');
    if (personalizedHtml(html)) this.personalized.add(p.route.href);
    search.pageRendered(p.route.href, html);
    lap('searchHandOff');
    progress?.(this.rendered, this.total);
    const target = resolveInside(outDir, htmlFileFor(p.route.href));
    if (!target) return;
    // In this thread: a page's HTML is written faster than the thread pool is handed it (see `OutputWriter.writeNow`).
    this.writeNow(target, html, p, () => void this.written++);
    lap('writeHtml');
    // The page's Markdown, beside it (`/guide/intro.md`), from the same compiled tree as the HTML.
    // Unchanged since the previous build wrote it (the page is laid out again for its HTML only): the
    // `.md` stays, and the llms files read it if they need it (a cached body has no Markdown).
    const mdTarget = this.options.markdown === false || this.options.writtenMarkdown?.[p.route.href] === p.markdownKey ? null : resolveInside(outDir, markdownFileFor(p.route.href));
    if (mdTarget) {
      const started = performance.now();
      const text = prefixMarkdownLinks(pageMarkdown({ title: p.route.title, description: p.route.description, body: body.markdown ?? '', suffix: p.markdownSuffix }), this.options.basePath ?? '');
      // A page with parts chosen per reader: its `.md` (and llms files) as a reader without data reads it; `folio serve` fills the marked copy per reader.
      const marked = hasUserMarkdown(text) ? resolveInside(outDir, `${READER_MARKDOWN_DIR}/${markdownFileFor(p.route.href)}`) : null;
      if (marked) this.writeNow(marked, text, p);
      const markdown = this.utf8.encode(marked ? userMarkdown(text, {}) : text);
      if (this.markdownBytes + markdown.length <= KEEP_MARKDOWN_BYTES) {
        this.markdown.set(p.route.href, markdown);
        this.markdownBytes += markdown.length;
      }
      const writing = performance.now();
      this.writeNow(mdTarget, markdown, p);
      this.markdownFiles++;
      this.markdownWriteMs += performance.now() - writing;
      this.markdownMs += performance.now() - started + (body.markdownMs ?? 0);
      lap('markdown');
    }
    // A changelog page (`<Update>` entries) gets its feed beside it.
    const entries = this.options.feeds ? feedEntries(body.html) : [];
    const feedTarget = entries.length ? resolveInside(outDir, feedFileFor(p.route.href)) : null;
    if (feedTarget) {
      const feed = feedXml(p.route, entries, this.options.feeds!.siteName, this.options.feeds!.siteUrl);
      this.track(this.output.write(feedTarget, feed).catch((error: unknown) => void this.refused.push(refusedWrite(error, p.route.file ?? 'docs.json'))));
    }
    // Looking for changelog entries (and their feed) counts with the layout.
    lap('layout');
    // Written: the page holds no body any more (the cache has it), so memory stays flat as pages flow through.
    p.body = undefined;
  }

  /** Write a file of page `p` now (`OutputWriter.writeNow`), then call `done`; a refused write is reported as the page's. */
  private writeNow(target: string, contents: string | Uint8Array, p: PlannedPage, done?: () => void): void {
    const refuse = (error: unknown) => void this.refused.push(refusedWrite(error, p.route.file ?? 'docs.json'));
    try {
      const pending = this.output.writeNow(target, contents);
      if (pending) this.track(pending.then(done, refuse));
      else done?.();
    } catch (error) {
      refuse(error);
    }
  }

  /** Wait until every page started is on disk. */
  async finished(): Promise<void> {
    while (this.writes.size) await Promise.all(this.writes);
  }
}

/** Hrefs of `<folder>/index` pages (the root's aside) whose folder path is neither a page nor a redirect source. */
export function folderIndexAliases(pages: ReadonlyMap<string, unknown>, redirectSources: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const href of pages.keys()) {
    if (!href.endsWith('/index') || href === '/index') continue;
    const folder = href.slice(0, -'/index'.length);
    if (!pages.has(folder) && !redirectSources.has(folder)) out.push(href);
  }
  return out;
}

/** 404, root index, sitemap, robots, redirects; returns the redirect files written. */
export async function writeSiteFiles(site: Site, output: OutputWriter, renderer: SiteRenderer, redirects: RedirectRule[], urls: { publicUrl?: string; basePath: string; access?: BuiltSiteAccess; csp?: CspSources; personalized?: string[] }, diagnostics: Diagnostic[]): Promise<string[]> {
  const { model, config } = site;
  const outDir = output.outDir;
  const { publicUrl, basePath } = urls;
  const underBase = (html: string) => prefixHtmlUrls(html, basePath);
  const routes = [...model.pages.values()];
  const all = config.seo?.indexing === 'all';
  const indexed = routes.filter((r) => isDiscoverable(r, all) && !renderer.pageFlags(r).noindex && !renderer.pageFlags(r).protected).map((r) => r.href);
  const defaultSection = model.sectionsById.get(model.defaultSectionId);
  const home = defaultSection?.firstPage ?? routes[0]?.href ?? '/';
  const files: [string, string][] = [
    ['404.html', renderer.renderNotFound()],
    ['sitemap.xml', sitemapXml(indexed, publicUrl ?? basePath)],
    ['robots.txt', robotsTxt(publicUrl ?? basePath)],
    // Public URLs on both sides: a host (or `folio serve`) matches the path the reader asked for.
    ['_redirects', redirectsFileText(basePath ? redirects.map((r) => compileRedirect(withBasePath(r.source, basePath), withBasePath(r.destination, basePath), r.status)) : redirects)],
  ];
  // What a server of the build must know that no page says: the base path it was built for (`folio serve` reads it).
  files.push([SITE_SETTINGS_FILE, JSON.stringify({ basePath, ...(urls.access ? { access: urls.access } : {}), ...(config.integrations?.telemetry?.enabled === false ? { telemetry: false as const } : {}), ...(urls.csp && Object.keys(urls.csp).length ? { csp: urls.csp } : {}), ...(urls.personalized?.length ? { personalized: urls.personalized } : {}) } satisfies BuiltSiteSettings)]);
  const extra: string[] = [];
  // `/` when no page is at the root: the home page (an `index` page, else the first page).
  if (!model.pages.has('/')) {
    const indexFile = model.pages.has('/index') ? resolveInside(outDir, htmlFileFor('/index')) : null;
    // Unreadable only when someone deleted it from the output since the build that wrote it
    // (skipped as unchanged this time): `/` then redirects to the home page instead.
    const html = indexFile ? await readFile(indexFile, 'utf8').catch(() => null) : null;
    // The copy at `/` stays out of the search index: `/index` is already in it.
    files.push(['index.html', html ? html.replace(' data-pagefind-body=""', '') : underBase(redirectHtml(home))]);
  }
  // A folder's `index` page (`/guide/index`) is also `/guide`, as links and `folio check` read it: a redirect there
  // when no page or docs.json redirect has that path.
  const redirected = new Set(redirects.map((r) => r.source));
  for (const href of folderIndexAliases(model.pages, redirected)) {
    const rel = htmlFileFor(href.slice(0, -'/index'.length));
    files.push([rel, underBase(redirectHtml(href))]);
    extra.push(rel);
  }
  for (const r of redirects) {
    if (!isStaticRedirectSource(r.source)) {
      // The platform documents wildcard and parameter sources, so the repository is right: a note, not a warning.
      diagnostics.push(buildProblem('BUILD_REDIRECT_SKIPPED', `Redirect ${withBasePath(r.source, basePath)} has wildcards or parameters, so it is only in _redirects (folio serve, Netlify and Cloudflare Pages apply it); on a host that ignores _redirects, configure it there.`, 'docs.json', 'info'));
      continue;
    }
    if (model.pages.has(r.source)) continue;
    // `/page.md` is the page's Markdown file now; a redirect from it (old `.md` URLs) would replace it with a folder.
    if (r.source.endsWith('.md') && model.pages.has(r.source.slice(0, -3) || '/')) continue;
    const rel = htmlFileFor(r.source);
    files.push([rel, underBase(redirectHtml(r.destination))]);
    extra.push(rel);
  }
  await Promise.all(
    files.map(([rel, contents]) => {
      const target = resolveInside(outDir, rel);
      return target ? output.write(target, contents).catch((error: unknown) => void diagnostics.push(refusedWrite(error))) : Promise.resolve();
    }),
  );
  return extra;
}

/**
 * Delete pages (HTML and Markdown), redirect files and parts of a split `llms-full.txt` the previous
 * build wrote that this one no longer has. The list comes from the output folder's manifest, which
 * may be planted: only such files that are real files inside the output folder, reached through no
 * link, are deleted.
 */
export async function removeStale(outDir: string, previous: Record<string, string>, previousFiles: string[], live: ReadonlySet<string>, extra: string[]): Promise<void> {
  const liveFiles = new Set(extra);
  const stale = [
    ...Object.keys(previous).filter((h) => !live.has(h)).flatMap((h) => [htmlFileFor(h), markdownFileFor(h)]),
    ...previousFiles.filter((f) => !liveFiles.has(f)),
  ];
  await Promise.all(stale.filter((rel) => typeof rel === 'string' && (rel.endsWith('.html') || rel.endsWith('.md') || /^llms-full\/[^/]+\.txt$/.test(rel))).map((rel) => removeFileInside(outDir, rel)));
}

/** Stylesheet and client bundle, Mermaid when a page drew a diagram, and the repository's static files. */
export async function writeAssetFiles(site: Site, outDir: string, assets: BuiltAsset[], mermaid: boolean, diagnostics: Diagnostic[], basePath = ''): Promise<void> {
  try {
    await writeAssets(outDir, assets);
    // Mermaid's browser build (3.6 MB) goes only into sites where a page drew a diagram.
    if (mermaid) await copyMermaidAssets(outDir);
    await copyStaticFiles(site.root, outDir, diagnostics);
    await copyCustomFiles(site, outDir, diagnostics, basePath);
  } catch (error) {
    diagnostics.push(refusedWrite(error));
  }
}
