/**
 * `folio dev`: renders pages on request from the current files, pushes a reload to open
 * browsers (Server-Sent Events) when a page, snippet or docs.json changes, and draws build
 * errors over the page. Loopback only, with Host checking against DNS rebinding.
 */
import { codeThemesOf } from '../mdx/index.js';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { llmsGroups, LlmsText, markdownFileFor, markdownLink, pageMarkdown, skillFile, userMarkdown, wantsMarkdown } from '../markdown/index.js';
import { isDiscoverable } from '../navigation/index.js';
import { bundleBeacon, bundleIslands, composeEndpointBody, fontFileSource, pageSourceOf, prepareEndpointHighlighting, runMdxJob, siteAssets, siteTailwind, SiteRenderer, siteVariables, type BuiltAsset, type PageBody } from '../render/index.js';
import { API_PROXY_PATH, handleProxyRoute, type ProxyOptions } from '../openapi/index.js';
import type { Diagnostic } from '../shared/index.js';
import { hashText, matchRedirect, normalizeBasePath, prefixHtmlUrls, prefixMarkdownLinks, stripBasePath, withBasePath, type RedirectRule } from '../shared/index.js';
import { realPathInside, resolveInside } from '../shared/index.js';
import { gitLastModified, loadSite, siteApiHosts, staleNoticeHrefs, wantsTimestamps, type Site } from '../site/index.js';
import { bodyAsSitePaths, sitePathReader, siteRedirects } from '../site-build/index.js';
import { isLoopbackHost } from './host-check.js';
import { fallbackNoticeHtml, overlayHtml } from './overlay.js';
import { DevRetrieval } from './dev-retrieval.js';
import { DevSearch } from './dev-search.js';
import { decodePath, escapesRoot, pageHrefOf } from './request-path.js';
import { patchEditedPages } from './page-patch.js';
import { isEditorPath, requestOf, sendResponse, type DevSiteRoute } from './site-route.js';
import { watchTree } from './watch.js';

export interface DevServerOptions {
  root: string;
  port?: number;
  /** Interface to listen on; loopback by default. */
  host?: string;
  log?: (line: string) => void;
  /** Load the site's `integrations` (analytics, chat) as the build does; off by default so previews are not counted. */
  integrations?: boolean;
  /** Limits of the playground proxy (`POST /__folio/api-proxy`); tests widen `isAllowedAddress` to reach a local API. */
  apiProxy?: ProxyOptions;
  /** Serve the site under this base path (`/docs`), as `folio build --base` lays it out; `/` then leads to it. */
  basePath?: string;
  /**
   * Routes of the docs assistant and the discovery API (`<base>/__folio/assistant/*`, `POST /v1|v2/...`),
   * answered over the site's live retrieval index (`dev-retrieval.ts`); the cli passes the assistant's.
   */
  siteRoute?: DevSiteRoute;
}

export interface DevServer {
  url: string;
  server: Server;
  /** Resolves after the next reload broadcast (tests wait on it). */
  nextReload(): Promise<string[]>;
  close(): Promise<void>;
}

/** The reload script; its events URL is under the base path (scripts are not rewritten by `prefixHtmlUrls`). */
const reloadScript = (base: string) => `<script>(function(){var s=new EventSource('${base}/__folio/events');s.addEventListener('reload',function(){location.reload()})})()</script>`;

const TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp', '.ico': 'image/x-icon',
  '.json': 'application/json', '.yaml': 'text/yaml; charset=utf-8', '.yml': 'text/yaml; charset=utf-8', '.txt': 'text/plain; charset=utf-8',
  '.pdf': 'application/pdf', '.mp4': 'video/mp4', '.woff2': 'font/woff2', '.woff': 'font/woff',
};
const SERVED_EXTENSIONS = new Set(Object.keys(TYPES));
TYPES['.ttf'] = 'font/ttf';

type DevBody = PageBody & { diagnostics: Diagnostic[]; markdown: string };

/** KaTeX's dist folder (stylesheet and fonts for pages with math), or null when not installed. */
function katexDist(): string | null {
  try {
    return path.dirname(createRequire(import.meta.url).resolve('katex/dist/katex.min.css'));
  } catch {
    // Not installed: pages are served without KaTeX's stylesheet.
    return null;
  }
}

/** Mermaid's browser build folder (`mermaid.esm.min.mjs` and its chunks), or null when not installed. */
function mermaidDist(): string | null {
  try {
    return path.dirname(createRequire(import.meta.url).resolve('mermaid/dist/mermaid.esm.min.mjs'));
  } catch {
    // Not installed: diagrams stay code blocks.
    return null;
  }
}

/** A file of an installed package's dist folder served under `prefix`, or null. */
async function distFile(pathname: string, prefix: string, dist: string | null): Promise<string | null> {
  if (!dist || !pathname.startsWith(prefix) || pathname.endsWith('.map')) return null;
  const file = resolveInside(dist, pathname.slice(prefix.length));
  // No such file in the package: the request falls through to a 404.
  const info = file ? await stat(file).catch(() => null) : null;
  return file && info?.isFile() ? file : null;
}

/** Start the dev server; `port: 0` picks a free port. */
export async function startDevServer({ root: rootDir, port = 3000, host = '127.0.0.1', log = () => {}, integrations = false, apiProxy = {}, basePath, siteRoute }: DevServerOptions): Promise<DevServer> {
  const root = path.resolve(rootDir);
  const checkedBase = normalizeBasePath(basePath);
  if (checkedBase === null) throw new Error(`BUILD_BASE_PATH_INVALID: the base path ${JSON.stringify(basePath)} is not a URL path; pass folder names after a slash, e.g. --base /docs.`);
  const base: string = checkedBase;
  const RELOAD_SCRIPT = reloadScript(base);
  const clients = new Set<ServerResponse>();
  const waiters: ((files: string[]) => void)[] = [];
  const bodies = new Map<string, DevBody>();
  // Island modules of the pages served so far (id → code), bundled together on request.
  const islandModules = new Map<string, string>();
  let islandBundle: { key: string; files: Promise<Map<string, string>> } | null = null;
  function islandFile(pathname: string): Promise<string | undefined> | null {
    if (!/^\/assets\/island[.-][\w.-]+\.js$/.test(pathname)) return null;
    const key = [...islandModules.keys()].sort().join(',');
    if (islandBundle?.key !== key) islandBundle = { key, files: bundleIslands(islandModules).then((r) => new Map(r.assets.map((a) => ['/' + a.file, a.contents]))) };
    return islandBundle.files.then((files) => files.get(pathname));
  }
  const search = new DevSearch(log);
  const retrieval = new DevRetrieval();
  // The compiled Markdown of each page object (an edit or a reload makes new ones), for retrieval.
  const compiledMarkdown = new WeakMap<object, string>();
  let state: Promise<{ site: Site | null; diagnostics: Diagnostic[]; renderer: SiteRenderer | null; redirects: RedirectRule[]; assets: Awaited<ReturnType<typeof siteAssets>>; tailwind: BuiltAsset | null }> | null = null;

  // Specs of the loaded site kept for the next load when only pages changed (a title, a new page).
  let keptSpecs: Site['openapi'] | undefined;
  const load = () =>
    (state ??= (async () => {
      const specs = keptSpecs;
      keptSpecs = undefined;
      const [{ site, diagnostics }, assets] = await Promise.all([loadSite(root, { keepSource: true, specs }), siteAssets()]);
      if (site?.openapi) await prepareEndpointHighlighting(codeThemesOf(site.config.styling?.codeblocks).themes);
      const katex = katexDist() ? '/assets/katex/katex.min.css' : undefined;
      const mermaid = mermaidDist() ? '/assets/mermaid/mermaid.esm.min.mjs' : undefined;
      const tailwind = site ? await siteTailwind(site) : null;
      const lastModified = site && wantsTimestamps(site) ? await gitLastModified(site.root) : undefined;
      const staleTranslations = site ? await staleNoticeHrefs(site) : undefined;
      const renderer = site ? new SiteRenderer(site, { css: '/' + assets.css.file, js: '/' + assets.js.file, base: '/', tailwind: tailwind ? '/' + tailwind.file : undefined, katex, mermaid, devScript: RELOAD_SCRIPT }, { integrations, lastModified, staleTranslations, basePath: base, feedback: {} }) : null;
      // The build's matcher and rules (pages win over redirects); target checks are left to `folio check`.
      const redirects = site ? siteRedirects(site, { checkTargets: false, basePath: base }).rules : [];
      return { site, diagnostics, renderer, redirects, assets, tailwind };
    })());

  // Files a route wrote and reported itself (`filesChanged`), with their modification time: the
  // watcher's report of the same write comes after and is not a second change (no second reload).
  const reported = new Map<string, { mtimeMs: number; at: number }>();
  const mtimeOf = (file: string) => statSync(path.join(root, file), { throwIfNoEntry: false })?.mtimeMs ?? -1;
  const stopWatching = watchTree(root, (seen) => {
    const now = Date.now();
    const files = seen.filter((f) => {
      const known = reported.get(f);
      if (!known) return true;
      reported.delete(f);
      return now - known.at > 2_000 || known.mtimeMs !== mtimeOf(f);
    });
    if (files.length) void changed(files);
  });

  /** The site after a change of `files`: the loaded one patched or loaded again, open pages told to reload. */
  async function changed(files: string[]): Promise<void> {
    // A body-only edit of known pages keeps the loaded site (`page-patch.ts`); anything else reloads it.
    const loaded = state ? await state.catch(() => null) : null;
    let patched = Boolean(loaded?.site && patchEditedPages(loaded.site, files));
    // A save caught between its truncate and its write (the editor's open and write are separate
    // steps; on a busy machine tens of milliseconds apart): the page reads empty for a moment. Look
    // again for up to 200 ms before loading the whole site again for what is an ordinary edit.
    const empty = (site: Site) => files.every((f) => site.index.pages.get(f.replace(/\.mdx?$/i, ''))?.file === f && statSync(path.join(root, f), { throwIfNoEntry: false })?.size === 0);
    for (let tries = 0; !patched && loaded?.site && tries < 10 && empty(loaded.site); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (!empty(loaded.site)) patched = patchEditedPages(loaded.site, files);
    }
    if (!patched) {
      state = null;
      keptSpecs = loaded?.site && files.every((f) => /\.mdx?$/i.test(f)) ? loaded.site.openapi : undefined;
    }
    search.invalidate();
    if (files.some((f) => /(^|\/)_?snippets\//.test(f) || f === 'docs.json' || f === 'mint.json')) bodies.clear();
    log(`changed: ${files.slice(0, 3).join(', ')}${files.length > 3 ? ` and ${files.length - 3} more` : ''}${patched ? '' : ' (site loaded again)'}`);
    for (const c of clients) c.write(`event: reload\ndata: ${JSON.stringify(files)}\n\n`);
    for (const w of waiters.splice(0)) w(files);
  }

  const send = (res: ServerResponse, status: number, type: string, body: string | Buffer, extra: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', ...extra });
    res.end(body);
  };

  /** Forgotten imports resolve through what other pages import: a change there changes the key. */
  const bodyKey = (site: Site, source: Extract<ReturnType<typeof pageSourceOf>, { kind: 'mdx' }>) =>
    hashText(source.page.file, source.page.source, JSON.stringify(site.config.variables ?? {}), JSON.stringify(source.job.knownImports), source.suffix ?? '');

  /** The body of `href` compiled earlier for its current text, if any (search indexes it). */
  const compiledBody = (site: Site, href: string): PageBody | undefined => {
    const route = site.model.pages.get(href);
    const source = route ? pageSourceOf(site, route) : undefined;
    return source?.kind === 'mdx' ? bodies.get(bodyKey(site, source)) : undefined;
  };

  /** The body of `href` with its problems, compiled once per page text, variables and imports. */
  async function pageBody(site: Site, href: string): Promise<DevBody | null> {
    const route = site.model.pages.get(href);
    if (!route) return null;
    const source = pageSourceOf(site, route);
    if (source.kind === 'unreadable') return null;
    if (source.kind === 'endpoint') return { html: source.html, headings: source.headings, features: [], diagnostics: [], markdown: source.markdown };
    const { job, suffix = '', markdownSuffix, problems } = source;
    const key = bodyKey(site, source);
    let body = bodies.get(key);
    if (!body) {
      const r = await runMdxJob({ id: 0, ...job }, root, siteVariables(site));
      const composed = composeEndpointBody({ html: r.html, headings: r.headings }, suffix);
      const written = { html: composed.html, headings: composed.headings, features: r.features, diagnostics: [...problems, ...r.diagnostics], markdown: userMarkdown([r.markdown ?? '', markdownSuffix ?? ''].join('\n\n'), {}), ...(r.islands ? { islands: r.islands } : {}) };
      // Under the base, an author's `/docs/a` is the full path, read as `/a` as the build reads it.
      body = base ? bodyAsSitePaths(written, sitePathReader(site, base), base) : written;
      for (const island of r.islands ?? []) islandModules.set(island.id, island.code);
      bodies.set(key, body);
    }
    compiledMarkdown.set(source.page, body.markdown);
    return body;
  }

  /** The Markdown document of a page (title, description, body), or null when it cannot be compiled. */
  async function pageDocument(site: Site, href: string): Promise<string | null> {
    const route = site.model.pages.get(href);
    const body = route ? await pageBody(site, href) : null;
    return route && body ? prefixMarkdownLinks(pageMarkdown({ title: route.title, description: route.description, body: body.markdown }), base) : null;
  }

  /**
   * `llms.txt` and `llms-full.txt` (also under `/.well-known/`) of the loaded site, made on request
   * from the current files (the repository's own file wins, as in the build). The full text is one
   * file here: the build splits it past its size limit.
   */
  async function llmsFile(site: Site, renderer: SiteRenderer, name: 'llms.txt' | 'llms-full.txt'): Promise<string> {
    const own = await readFile(path.join(root, name), 'utf8').catch(() => null);
    if (own !== null) return own;
    const all = site.config.seo?.indexing === 'all';
    const groups = llmsGroups(site.model, (r) => isDiscoverable(r, all) && !renderer.pageFlags(r).noindex);
    const text = new LlmsText({ name: site.config.name, description: site.config.description, siteUrl: base || undefined });
    if (name === 'llms.txt') return text.indexFile(groups, false);
    const documents = new Map<string, string | null>();
    // One page at a time: compiled bodies are cached, so later requests only compile edited pages.
    for (const group of groups) for (const r of group.pages) documents.set(r.href, await pageDocument(site, r.href));
    return text.fullFile(groups.map((g) => text.groupText(g, (href) => documents.get(href) ?? null)));
  }

  /** `skill.md` of the loaded site (the repository's own file wins, as in the build). */
  async function skillOf(site: Site, renderer: SiteRenderer): Promise<string> {
    const own = await realPathInside(root, 'skill.md');
    if (own.ok) return readFile(own.path, 'utf8');
    const all = site.config.seo?.indexing === 'all';
    const groups = llmsGroups(site.model, (r) => isDiscoverable(r, all) && !renderer.pageFlags(r).noindex);
    return skillFile({ name: site.config.name, ...(site.config.description ? { description: site.config.description } : {}), ...(base ? { siteUrl: base } : {}) }, groups);
  }

  /** The playground's proxy: JSON in, the API's answer (or a coded error) as JSON out. */
  async function proxyRoute(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const json = (status: number, value: unknown) => send(res, status, 'application/json; charset=utf-8', JSON.stringify(value));
    // JSON only (a cross-site form cannot send it without a CORS preflight), and from this server's own pages.
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '') || (req.headers.origin && !isLoopbackHost(req.headers.origin.replace(/^https?:\/\//, '')))) {
      return json(403, { error: { code: 'OPENAPI_PROXY_REFUSED', message: 'the proxy answers JSON requests from the docs pages only' } });
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > 2 * 1024 * 1024) return json(413, { error: { code: 'OPENAPI_PROXY_BAD_REQUEST', message: 'the request is over the 2 MB limit' } });
      chunks.push(chunk as Buffer);
    }
    // Only the servers the site's specs and api: pages name (a test or operator may pass its own list).
    const { site } = await load();
    const allowedHosts = apiProxy.allowedHosts ?? (site ? siteApiHosts(site) : []);
    const answer = await handleProxyRoute(Buffer.concat(chunks).toString('utf8'), { ...apiProxy, allowedHosts });
    return json(answer.status, answer.json);
  }

  /** Hand the request to `siteRoute`; false when it leaves it to the dev server. */
  async function answerSiteRoute(route: DevSiteRoute, sitePath: string, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    // The editor's routes take a page text or an image (their own limits are 2 and 5 MB); the others 1 MB.
    const limitMb = isEditorPath(sitePath) ? 8 : 1;
    const request = await requestOf(req, `http://${req.headers.host}`, limitMb * 1024 * 1024);
    if (!request) {
      send(res, 413, 'application/json; charset=utf-8', `{"error":"Request body too large: the limit is ${limitMb} MB.","code":"DEV_BODY_TOO_LARGE"}\n`);
      return true;
    }
    const response = await route(
      {
        sitePath,
        basePath: base,
        retrieval: async () => {
          const { site, renderer } = await load();
          return site && renderer ? retrieval.current(site, renderer, (page) => compiledMarkdown.get(page)) : null;
        },
        pageMarkdown: async (href) => {
          const { site } = await load();
          return site ? pageDocument(site, href) : null;
        },
        filesChanged: async (files) => {
          const at = Date.now();
          for (const f of files) reported.set(f, { mtimeMs: mtimeOf(f), at });
          await changed(files);
        },
        pageProblems: async (file) => {
          const { site, diagnostics } = await load();
          if (!site) return diagnostics.filter((d) => d.severity === 'error');
          const route = [...site.model.pages.values()].find((r) => r.file === file);
          const body = route ? await pageBody(site, route.href) : null;
          return [...diagnostics.filter((d) => d.file === file), ...(body?.diagnostics ?? [])];
        },
      },
      request,
    );
    if (!response) return false;
    await sendResponse(response, req, res);
    return true;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!isLoopbackHost(req.headers.host)) return send(res, 403, 'text/plain; charset=utf-8', 'DEV_FORBIDDEN_HOST: the dev server only answers requests for localhost, 127.0.0.1 or [::1]; open it through one of those names.\n');
    const requested = decodePath(req.url ?? '/');
    // The discovery API is at the server's root, as on `folio serve`, whatever the site's base path.
    if (siteRoute && requested !== null && (req.method === 'POST' || req.method === 'OPTIONS') && /^\/v[12]\//.test(requested) && (await answerSiteRoute(siteRoute, requested, req, res))) return;
    if (base && requested !== null && requested !== base && !requested.startsWith(base + '/')) {
      // Outside the base path: the site's root leads into it, anything else is not this site's.
      if (requested === '/') return void res.writeHead(307, { location: base + '/' }).end();
      return send(res, 404, 'text/plain; charset=utf-8', `Not found: this preview serves the site under ${base}/.\n`);
    }
    const pathname = requested === null ? null : stripBasePath(requested, base);
    if (pathname === null || escapesRoot(root, pathname)) return send(res, 403, 'text/plain; charset=utf-8', 'DEV_PATH_ESCAPE: the requested path leaves the docs root.\n');
    if (pathname === API_PROXY_PATH && req.method === 'POST') return proxyRoute(req, res);
    if (siteRoute && (pathname.startsWith('/__folio/assistant/') || isEditorPath(pathname)) && (await answerSiteRoute(siteRoute, pathname, req, res))) return;
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'text/plain; charset=utf-8', 'Method not allowed\n');
    if (pathname === '/__folio/events') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' });
      res.write(': connected\n\n');
      clients.add(res);
      req.on('close', () => clients.delete(res));
      return;
    }
    const { site, diagnostics, renderer, redirects, assets, tailwind } = await load();
    if (pathname === '/' + assets.css.file) return send(res, 200, TYPES['.css']!, assets.css.contents);
    if (tailwind && pathname === '/' + tailwind.file) return send(res, 200, TYPES['.css']!, tailwind.contents);
    if (pathname === '/' + assets.js.file) return send(res, 200, TYPES['.js']!, assets.js.contents);
    if (pathname === '/' + assets.playground.file) return send(res, 200, TYPES['.js']!, assets.playground.contents);
    if (pathname === '/' + assets.search.file) return send(res, 200, TYPES['.js']!, assets.search.contents);
    if (pathname === '/' + assets.assistant.file) return send(res, 200, TYPES['.js']!, assets.assistant.contents);
    // The feedback widget shows as on a served site; this copy of the beacon sends nothing.
    if (pathname === '/__folio/beacon.js') return send(res, 200, TYPES['.js']!, await bundleBeacon({ dry: true }));
    // Routes of `folio serve` this preview has not (analytics; the assistant without `siteRoute`): a short answer, not the 404 page.
    if (pathname.startsWith('/__folio/')) return send(res, 404, 'application/json; charset=utf-8', '{"error":"folio dev does not serve this route","code":"DEV_NOT_SERVED"}\n');
    const island = await islandFile(pathname);
    if (island !== undefined && island !== null) return send(res, 200, TYPES['.js']!, island);
    const packaged = (await distFile(pathname, '/assets/katex/', pathname.startsWith('/assets/katex/') ? katexDist() : null)) ?? (await distFile(pathname, '/assets/mermaid/', pathname.startsWith('/assets/mermaid/') ? mermaidDist() : null));
    if (packaged) return send(res, 200, TYPES[path.extname(packaged)] ?? 'application/octet-stream', await readFile(packaged));
    // Self-hosted fonts (`render/fonts.ts`): only the files a font package lists, by their exact names.
    const font = pathname.startsWith('/assets/fonts/') ? fontFileSource(pathname.slice('/assets/fonts/'.length)) : undefined;
    if (font) return send(res, 200, 'font/woff2', await readFile(font));
    // A large section's sidebar, shared by its pages (`assets/nav.<hash>.html`).
    const nav = renderer?.sharedFile(pathname);
    if (nav) return send(res, 200, 'text/html; charset=utf-8', nav.contents);
    // The search box's index, built from the loaded site (`dev-search.ts`).
    if (site && renderer && pathname.startsWith('/pagefind/')) {
      const file = await search.file(pathname.slice('/pagefind/'.length), site, renderer, (href) => compiledBody(site, href));
      if (file) return send(res, 200, TYPES[path.extname(pathname)] ?? 'application/octet-stream', file);
      return send(res, 404, 'text/plain; charset=utf-8', 'Not in the search index\n');
    }
    if (!site || !renderer) {
      const html = `<!doctype html><html><head><meta charset="utf-8"><title>Build error</title><link rel="stylesheet" href="${base}/${assets.css.file}">${RELOAD_SCRIPT}</head><body>${overlayHtml(root, diagnostics.filter((d) => d.severity === 'error'))}</body></html>`;
      return send(res, 500, 'text/html; charset=utf-8', html);
    }
    const llms = /^\/(?:\.well-known\/)?(llms(?:-full)?\.txt)$/.exec(pathname);
    if (llms) return send(res, 200, 'text/plain; charset=utf-8', await llmsFile(site, renderer, llms[1] as 'llms.txt' | 'llms-full.txt'));
    // A page at `/skill` keeps its Markdown there, as in a build.
    if (pathname === '/skill.md' && !site.model.pages.has('/skill')) return send(res, 200, 'text/markdown; charset=utf-8', await skillOf(site, renderer));
    // `/page.md` and `Accept: text/markdown` answer with the page's Markdown, from the same compiled body.
    const asMarkdown = pathname.endsWith('.md') && !site.model.pages.has(pageHrefOf(pathname));
    let href = pageHrefOf(asMarkdown ? pathname.slice(0, -3) : pathname);
    if (href === '/index' && !site.model.pages.has(href)) href = '/';
    // `/guide` is the folder's `guide/index` page, as in a build.
    if (href !== '/' && !site.model.pages.has(href) && site.model.pages.has(`${href}/index`)) href = `${href}/index`;
    if (href === '/' && !site.model.pages.has('/')) {
      const home = site.model.pages.has('/index') ? '/index' : site.model.sectionsById.get(site.model.defaultSectionId)?.firstPage;
      if (home) href = home;
    }
    const route = site.model.pages.get(href);
    if (route) {
      const body = await pageBody(site, href);
      if (body && (asMarkdown || wantsMarkdown(req.headers.accept))) {
        return send(res, 200, 'text/markdown; charset=utf-8', (await pageDocument(site, href))!, { vary: 'Accept' });
      }
      if (body) {
        const errors = [...diagnostics, ...body.diagnostics].filter((d) => d.severity === 'error');
        const shown = { ...body, html: fallbackNoticeHtml(body.diagnostics) + body.html };
        const html = renderer.render(route, shown).replace('</body>', `${prefixHtmlUrls(overlayHtml(root, errors), base)}</body>`);
        return send(res, 200, 'text/html; charset=utf-8', html, { link: markdownLink(withBasePath('/' + markdownFileFor(pathname.replace(/\/+$/, '') || '/'), base).slice(1)), vary: 'Accept' });
      }
    }
    const query = (req.url ?? '').replace(/^[^?]*/, '');
    const redirect = matchRedirect(redirects, pathname, query);
    if (redirect) {
      res.writeHead(redirect.status, { location: withBasePath(redirect.location, base) });
      return void res.end();
    }
    const ext = path.extname(pathname).toLowerCase();
    if (SERVED_EXTENSIONS.has(ext) && !/(^|\/)(docs|mint)\.json$/.test(pathname)) {
      // Real path inside the docs root only: a link to a file outside it is a 404, said in the terminal.
      const real = await realPathInside(root, pathname);
      if (!real.ok && real.reason === 'outside') log(`${pathname.slice(1)}: a symbolic link to a file outside the docs root; not served (BUILD_PATH_OUTSIDE_ROOT)`);
      // No such file: the request falls through to the 404 page.
      const info = real.ok ? await stat(real.path).catch(() => null) : null;
      if (real.ok && info?.isFile()) return send(res, 200, TYPES[ext]!, await readFile(real.path));
    }
    return send(res, 404, 'text/html; charset=utf-8', renderer.renderNotFound(pathname));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      log(`error: ${error instanceof Error ? error.stack : String(error)}`);
      if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', 'Internal error; see the terminal.\n');
      else res.end();
    });
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
  } catch (error) {
    // A port in use (or any refusal to listen) leaves nothing running: the watcher would keep the
    // process alive after `folio dev` said DEV_PORT_IN_USE, and it never exited.
    stopWatching();
    throw error;
  }
  const address = server.address() as AddressInfo;
  const shownHost = host.includes(':') ? `[${host}]` : host === '127.0.0.1' ? 'localhost' : host;
  return {
    url: `http://${shownHost}:${address.port}`,
    server,
    nextReload: () => new Promise((resolve) => waiters.push(resolve)),
    async close() {
      stopWatching();
      for (const c of clients) c.end();
      clients.clear();
      // Every connection is ended, not only idle ones: a browser's open or half-open keep-alive
      // socket would otherwise keep the close waiting.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
    },
  };
}
