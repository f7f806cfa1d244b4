import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Context, MiddlewareHandler } from 'hono';
import type { CspSources } from '../../render/index.js';
import type { ProxyOptions } from '../../openapi/index.js';
import { serveApiProxy } from './api-proxy-route.js';
import { AGENT_PATHS, serveAgentEndpoint } from './site-mcp.js';
import { API_HOSTS_FILE, API_PROXY_PATH, CONTENT_TYPES, HEAD_SCRIPT, markdownFileFor, markdownLink, matchRedirect, stripBasePath, wantsMarkdown, withBasePath, withSiteOrigin } from '../../shared/index.js';
import { builtSiteSettings } from './site-settings.js';
import type { SiteAccess } from './site-access.js';
import { HostingError } from '../codes.js';
import { buildFileText, siteStoreOf, textBuildFile, type BuildFile, type ByteRange, type PublishedBuild, type SiteStore } from '../storage/site-store.js';
import { requestedRange } from './byte-range.js';
import { acceptsGzip, compressible, gzipEtag, gzipped } from './compression.js';
import { framingHeaders } from './framing.js';
import type { HostMap, SiteRef } from './host-map.js';
import { redirectsOf } from './redirects.js';
import { mcpToolOf, type SiteAnalytics } from '../../analytics/index.js';
import { ANALYTICS_PATHS, buildHasPage, serveAnalyticsRoute } from './analytics-route.js';
import type { ReaderData } from './personalize.js';
import { READER_USER_SCRIPT } from './reader-script.js';
import { buildForReader, fileForReader, readablePages, viewApplies, type ReaderView } from './reader-view.js';

const TYPES = CONTENT_TYPES;

/** Personalization, loaded on the first answer for a signed-in reader of a personalized site: it reads branches and values with MDX, OpenAPI and Markdown helpers that a server of plain sites never needs. */
const personalize = () => import('./personalize.js');

// Build assets carry a content hash in their name (`site.0c053d3ce4.js`): cache them for good.
const HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+$/;

/** The inline scripts of a page (the theme before paint; `window.mintlify.user` on a personalized answer), allowed by their hashes: computed once, not per answer. */
const HEAD_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(HEAD_SCRIPT).digest('base64')}' 'sha256-${createHash('sha256').update(READER_USER_SCRIPT).digest('base64')}'`;

/**
 * The Content-Security-Policy of hosted pages: scripts only from the site itself plus Folio's one
 * inline head script (by hash), WebAssembly for Pagefind's search, no plugins, no `<base>`, forms
 * only to the site; images, media and frames may come from https (docs embed them). A `<script>`
 * a repository put in a page does not run, and no other site may frame a page.
 */
function siteCsp(frameAncestors: string, extra: CspSources = {}): string {
  // The build's additions for what the site configures (`.folio-site.json` `csp`, checked by `site-settings.ts`).
  const plus = (directive: keyof CspSources) => (extra[directive]?.length ? ` ${extra[directive]!.join(' ')}` : '');
  return [
    "default-src 'self'",
    `script-src 'self' ${HEAD_SCRIPT_SOURCE} 'wasm-unsafe-eval'${plus('script-src')}`,
    `style-src 'self' 'unsafe-inline'${plus('style-src')}`,
    "img-src 'self' https: data:",
    "media-src 'self' https:",
    `font-src 'self' data:${plus('font-src')}`,
    "frame-src https:",
    `connect-src 'self'${plus('connect-src')}`,
    ...(extra['worker-src']?.length ? [`worker-src 'self'${plus('worker-src')}`] : []),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    // Which sites may frame the pages (clickjacking): none, unless the project lists some.
    frameAncestors,
  ].join('; ');
}

export const SITE_CSP = siteCsp(framingHeaders([]).directive);

/** The headers that keep a hosted page out of other sites' frames (older browsers read X-Frame-Options only). */
export const NO_FRAMING = { 'Content-Security-Policy': SITE_CSP, 'X-Frame-Options': 'DENY' } as const;

/** The framing headers of a site's pages: `NO_FRAMING`, or a CSP naming the origins the project allows and the build's additions. */
function framingOf(origins: readonly string[] | undefined, csp?: CspSources): Record<string, string> {
  if (!origins?.length && !csp) return NO_FRAMING;
  const framing = framingHeaders(origins ?? []);
  return { 'Content-Security-Policy': siteCsp(framing.directive, csp), ...(framing.xFrameOptions ? { 'X-Frame-Options': framing.xFrameOptions } : {}) };
}

/**
 * Answer with a file of the build, streamed (see `BuildFile`). A `GET` with one byte range gets 206
 * and that range (416 past the end), unless `If-Range` names another version; HEAD gets the headers.
 */
async function respond(file: BuildFile, name: string, request: Request, status = 200, extra: Record<string, string> = {}, framing: Record<string, string> = NO_FRAMING): Promise<Response> {
  const type = TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream';
  const cache = HASHED.test(name) ? 'public, max-age=31536000, immutable' : 'no-cache';
  const headers: Record<string, string> = { 'Content-Type': type, 'Content-Length': String(file.size), 'X-Content-Type-Options': 'nosniff', 'Cache-Control': cache, ...extra };
  if (type.startsWith('text/html') || type.startsWith('image/svg')) Object.assign(headers, framing);
  if (file.etag) headers.ETag = file.etag;
  let range: ByteRange | undefined;
  if (status === 200) {
    headers['Accept-Ranges'] = 'bytes';
    const ifRange = request.headers.get('if-range');
    const asked = request.method === 'GET' && (ifRange === null || ifRange === file.etag) ? requestedRange(request.headers.get('range'), file.size) : null;
    if (asked === 'unsatisfiable') {
      return new Response(null, { status: 416, headers: { 'Content-Range': `bytes */${file.size}`, 'Cache-Control': cache, 'X-Content-Type-Options': 'nosniff' } });
    }
    if (asked) {
      range = asked;
      status = 206;
      headers['Content-Range'] = `bytes ${asked.start}-${asked.end}/${file.size}`;
      headers['Content-Length'] = String(asked.end - asked.start + 1);
    }
  }
  if (compressible(type, file.size)) {
    headers.Vary = headers.Vary ? `${headers.Vary}, Accept-Encoding` : 'Accept-Encoding';
    if (!range && acceptsGzip(request.headers.get('accept-encoding'))) {
      delete headers['Content-Length'];
      headers['Content-Encoding'] = 'gzip';
      if (file.etag) headers.ETag = gzipEtag(file.etag);
      return new Response(request.method === 'HEAD' ? null : gzipped(await file.body()), { status, headers });
    }
  }
  return new Response(request.method === 'HEAD' ? null : await file.body(range), { status, headers });
}

/**
 * The build's sitemap.xml or robots.txt with the site's address in its URLs, where the build, not knowing
 * it, left them site-relative (a crawler needs absolute ones); null when the build has no such file.
 */
async function withOrigin(root: PublishedBuild, candidate: '/sitemap.xml' | '/robots.txt', origin: string): Promise<BuildFile | null> {
  const body = await root.read(candidate.slice(1));
  if (!body) return null;
  return textBuildFile(withSiteOrigin(candidate === '/sitemap.xml' ? 'sitemap.xml' : 'robots.txt', body.toString('utf8'), origin));
}

/** The hosts the build allowed its playground proxy (`API_HOSTS_FILE`); none when the build wrote no list. */
async function apiHostsOf(root: PublishedBuild): Promise<string[]> {
  const body = await root.read(API_HOSTS_FILE);
  try {
    const list: unknown = body ? JSON.parse(body.toString('utf8')) : [];
    return Array.isArray(list) ? list.filter((h): h is string => typeof h === 'string') : [];
  } catch {
    return [];
  }
}

export interface SiteServeOptions {
  /** Limits of the playground proxy (`POST /__folio/api-proxy`); tests widen `isAllowedAddress` to reach a local API. */
  apiProxy?: ProxyOptions;
  /** Protected sites: sign-in routes and the check of each request (none: every site is public). */
  access?: SiteAccess;
  /** The client's address (password attempts are counted per address). */
  clientAddress?: string;
  /** Server log (shared storage failures). */
  log?: (line: string) => void;
  /** Count views and accept the beacon's events (none: nothing is counted). */
  analytics?: SiteAnalytics;
  /** The docs assistant's routes under `<base>/__folio/assistant/` (the assistant layer answers them; none: not found). */
  assistantRoute?: AssistantSiteRoute;
  /** Origins the project lets frame its pages (`framing.ts`); none: no site may. */
  frameAncestors?: readonly string[];
  /**
   * The site's address, scheme and host (`https://docs.acme.com`; the base path is the build's): sitemap.xml's
   * site-relative `<loc>`s and robots.txt's `Sitemap:` line are made absolute with it (`siteOrigin`).
   */
  origin?: string;
}

/** Where the site's own assistant routes live (the widget's session and messages). */
export const assistantPathPrefix = '/__folio/assistant/';

/** A hosted site's request under `assistantPathPrefix`, with the site it is for. */
export type AssistantSiteRoute = (at: { projectId: string; preview: string | null; sitePath: string; root: PublishedBuild | null; basePath: string; clientAddress: string }, request: Request) => Promise<Response>;

/**
 * Serve a file of a project's published build: `/a/b` → `a/b`, `a/b.html` or
 * `a/b/index.html`; anything else → the site's `404.html` with status 404.
 * Every candidate path is resolved inside the build, so no request escapes it.
 * `store`: where published sites live (a data directory means the local store).
 */
export async function serveSite(store: SiteStore | string, projectId: string, request: Request, preview: string | null = null, options: SiteServeOptions = {}): Promise<Response> {
  const sites = siteStoreOf(store);
  let root: PublishedBuild | null;
  let settings: Awaited<ReturnType<typeof builtSiteSettings>> | null;
  try {
    root = await sites.current({ projectId, preview });
    settings = root ? await builtSiteSettings(root) : null;
  } catch (error) {
    return storageTrouble(error, options);
  }
  const url = new URL(request.url);
  // Under a base path (`/docs`), a proxy may pass the path whole (`/docs/guide`) or strip it (`/guide`): both are served.
  const base = settings?.basePath ?? '';
  const sitePath = stripBasePath(url.pathname, base);
  let reader: 'public' | 'private' = 'public';
  let view: ReaderView | undefined;
  let user: ReaderData | undefined;
  let userGroups: ReadonlySet<string> | undefined;
  if (options.access && settings) {
    const decision = await options.access.decide(request, projectId, sitePath, settings, options.clientAddress ?? 'unknown');
    if ('answer' in decision) return decision.answer;
    reader = decision.serve;
    user = decision.user;
    userGroups = decision.userGroups;
    const restricted = settings.access?.restricted;
    if (decision.groups && restricted) view = { basePath: base, restricted, groups: decision.groups, searchIndexes: settings.access?.searchIndexes };
  }
  // A site built with telemetry off is not counted, and its events endpoint is closed.
  const analytics = settings?.telemetry === false ? undefined : options.analytics;
  const clientAddress = options.clientAddress ?? 'unknown';
  if (ANALYTICS_PATHS.has(sitePath)) return serveAnalyticsRoute({ projectId, preview, sitePath, root, clientAddress }, request, analytics);
  if (options.assistantRoute && sitePath.startsWith(assistantPathPrefix)) {
    // The assistant reads the build with the restricted pages this reader may read (their groups'), no one else's.
    const answer = await options.assistantRoute({ projectId, preview, sitePath, root: root && view ? buildForReader(root, view) : root, basePath: base, clientAddress }, request);
    if (view) {
      answer.headers.set('Cache-Control', 'private, no-store');
      answer.headers.set('Vary', [answer.headers.get('vary'), 'Cookie'].filter(Boolean).join(', '));
    }
    return answer;
  }
  const mcpTool = analytics && sitePath === '/mcp' ? await mcpToolOf(request) : null;
  let response: Response;
  try {
    response = await serveSiteFile(sites, projectId, request, preview, { ...options, analytics }, { root, base, sitePath, url, view, user, userGroups, csp: settings?.csp, personalized: settings?.personalized ?? [] });
  } catch (error) {
    return storageTrouble(error, options);
  }
  if (analytics && root) {
    const build = root;
    analytics.observe({ projectId, preview, request, sitePath, status: response.status, contentType: response.headers.get('content-type') ?? '', clientAddress, mcpTool, isPage: (p) => buildHasPage(build, p) });
  }
  // A protected page went to one signed-in reader, or a file was cut to the reader's groups: no
  // shared cache may keep it, nor serve it to another reader.
  if (reader === 'private' || response.headers.has(READER_CUT)) {
    response.headers.delete(READER_CUT);
    response.headers.set('Cache-Control', 'private, no-store');
    response.headers.set('Vary', [response.headers.get('vary'), 'Cookie'].filter(Boolean).join(', '));
  }
  return response;
}

/** Shared storage (or the database naming the live build) failed: 503, logged; anything else is a bug and goes on. */
function storageTrouble(error: unknown, options: SiteServeOptions): Response {
  if (!(error instanceof HostingError) || error.code !== 'SITE_STORAGE_UNAVAILABLE') throw error;
  options.log?.(`SITE_STORAGE_UNAVAILABLE: ${error.message}`);
  return new Response('The site storage is unavailable; try again shortly (code SITE_STORAGE_UNAVAILABLE).\n', {
    status: 503,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '5' },
  });
}

/** The llms-full file (or one of its per-section parts). */
const LLMS_FULL = /(^|\/)llms-full[^/]*\.txt$/;

/** Marks, between `serveSiteFile` and `serveSite`, an answer cut to its reader (`reader-view.ts`); never sent. */
const READER_CUT = 'x-folio-reader-cut';

async function serveSiteFile(store: SiteStore, projectId: string, request: Request, preview: string | null, options: SiteServeOptions, at: { root: PublishedBuild | null; base: string; sitePath: string; url: URL; view?: ReaderView; user?: ReaderData; userGroups?: ReadonlySet<string>; csp?: CspSources; personalized?: readonly string[] }): Promise<Response> {
  const { root, base, sitePath, url, view } = at;
  const framing = framingOf(options.frameAncestors, at.csp);
  if (AGENT_PATHS.has(sitePath)) {
    // Agents' `submit_feedback` is recorded as unhelpful feedback on the page, as the platform does.
    const analytics = options.analytics;
    const feedback = analytics
      ? ({ page, problem }: { page: string; problem: string }) =>
          analytics.collector.offer({ kind: 'beacon', projectId, preview, at: Date.now(), address: options.clientAddress ?? 'unknown', userAgent: request.headers.get('user-agent') ?? '', event: { type: 'feedback', path: page, source: 'agent', helpful: false, comment: problem, contact: null, code: null, filename: null, lang: null } })
      : undefined;
    const user = at.user;
    const personal = user && at.personalized?.length ? async (build: PublishedBuild) => (await personalize()).readerMarkdownOf(build, at.personalized!, user) : undefined;
    const answer = await serveAgentEndpoint(store, projectId, request, preview, { path: sitePath, base }, options.apiProxy, feedback, view ? readablePages(view) : [], personal);
    // Search and pages as this reader may see them: never shared.
    if (view || personal) answer.headers.set(READER_CUT, '1');
    return answer;
  }
  if (sitePath === API_PROXY_PATH) {
    // Only the servers the published build's specs and api: pages name.
    const allowedHosts = options.apiProxy?.allowedHosts ?? (root ? await apiHostsOf(root) : []);
    return serveApiProxy(request, { ...options.apiProxy, allowedHosts });
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response('Method not allowed', { status: 405, headers: { Allow: 'GET, HEAD' } });
  }
  if (!root) {
    const trigger = preview === null ? `an update: POST /v1/project/update/${projectId}` : `a preview of the branch: POST /v1/project/preview/${projectId}`;
    return new Response(
      `No site is published for "${preview === null ? projectId : `${preview}--${projectId}`}" yet. Trigger ${trigger} (code SITE_NOT_PUBLISHED).\n`,
      { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } },
    );
  }
  let pathname: string;
  try {
    pathname = decodeURIComponent(sitePath);
  } catch {
    // Malformed percent-encoding: a path no file can have, so the request ends at the 404 page.
    pathname = '/\0';
  }
  // Build bookkeeping (`.folio-cache/` lists every page, hidden ones too) and other dot-folders are
  // not part of the site; `.well-known/` is.
  if (pathname.split('/').some((segment) => segment.startsWith('.') && segment !== '.well-known')) pathname = '/\0';
  if (pathname.includes('\0')) pathname = '/\0';
  // `_redirects` names public paths, base included.
  const redirect = matchRedirect(await redirectsOf(root), withBasePath(pathname, base), url.search);
  if (redirect) return new Response(null, { status: redirect.status, headers: { Location: redirect.location } });
  const clean = pathname.replace(/\/+$/, '');
  // A page's Markdown (written beside it by the build): for `Accept: text/markdown`, and linked from its HTML.
  const markdownFile = markdownFileFor(clean || '/');
  // A personalized page's Markdown as this reader reads it (`readerMarkdown`); never shared, as its HTML.
  const markdownForReader = async (file: BuildFile, name: string): Promise<[BuildFile, Record<string, string>]> => {
    if (!at.user) return [file, {}];
    const text = await (await personalize()).readerMarkdown(root, name, at.user);
    return [text === null ? file : textBuildFile(text), { [READER_CUT]: '1' }];
  };
  if (wantsMarkdown(request.headers.get('accept'))) {
    const file = pathname === '/\0' ? null : await root.open(markdownFile);
    if (file) {
      const [mine, cut] = await markdownForReader(file, markdownFile);
      return respond(mine, markdownFile, request, 200, { Vary: 'Accept', ...cut }, framing);
    }
  }
  // The folder's index before `<path>.html`: pages are written as `<path>/index.html`, and `<path>.html`
  // may be another page's folder (`/api/index` is `api/index/index.html`; `api/index.html` is `/api`, or
  // the redirect of `/guide` to `/guide/index`, which would send the reader back to itself).
  const candidates = pathname === '/\0' ? [] : pathname.endsWith('/') ? [`${clean}/index.html`] : [clean, `${clean}/index.html`, `${clean}.html`];
  // On a site with pages restricted to groups, the HTML and llms files as this reader sees them.
  // A page the build marked personalized (the access check gave the reader's data only for one): filled for this reader.
  const forReader = async (file: BuildFile, name: string): Promise<[BuildFile, Record<string, string>]> => {
    if (name.endsWith('.md')) return markdownForReader(file, name);
    let cut = view && viewApplies(name) ? await fileForReader(file, name, view, root) : file;
    // The llms-full file with the personalized pages as this reader reads them.
    if (at.user && LLMS_FULL.test(name) && at.personalized?.length) {
      const { llmsFullForUser, readerMarkdownOf } = await personalize();
      const mine = await readerMarkdownOf(root, at.personalized, at.user);
      if (mine.size) cut = textBuildFile(await llmsFullForUser(await buildFileText(cut), root, mine));
      else if (cut === file) return [file, { [READER_CUT]: '1' }];
    }
    const filled = at.user && name.endsWith('.html') ? await (await personalize()).personalizedFile(cut, at.user, at.userGroups) : cut;
    return filled === file ? [file, {}] : [filled, { [READER_CUT]: '1' }];
  };
  for (const candidate of candidates) {
    const found = (options.origin && (candidate === '/sitemap.xml' || candidate === '/robots.txt') ? await withOrigin(root, candidate, options.origin) : null) ?? (await root.open(candidate));
    if (!found) continue;
    const [file, cut] = await forReader(found, candidate);
    const alternate: Record<string, string> = candidate.endsWith('.html') && (await root.open(markdownFile)) ? { Link: markdownLink(withBasePath('/' + markdownFileFor(clean || '/'), base).slice(1)), Vary: 'Accept' } : {};
    return respond(file, candidate, request, 200, { ...alternate, ...cut }, framing);
  }
  const missing = await root.open('404.html');
  if (missing) {
    const [notFound, cut] = await forReader(missing, '404.html');
    return respond(notFound, '404.html', request, 404, cut, framing);
  }
  return new Response('Not found\n', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

/**
 * Answer a request whose Host names a project (`<projectId>.<siteDomain>` or a
 * custom domain) from its published site; any other request goes on to the
 * admin API and the dashboard.
 */
export function publishedSites(hosts: HostMap, store: SiteStore | string, options: SiteServeOptions & { trustProxy?: boolean } = {}): MiddlewareHandler {
  const sites = siteStoreOf(store);
  return async (c, next) => {
    const site = await hosts.siteFor(c.req.header('host'));
    if (site === null) return next();
    return serveSite(sites, site.projectId, c.req.raw, site.preview, { ...options, clientAddress: socketAddress(c, options.trustProxy), frameAncestors: site.frameAncestors, origin: siteOrigin(c, site, options.trustProxy) });
  };
}

/**
 * Where readers reach the site: `https://` its custom domain when it has one (a production site, on
 * whichever host it was asked for), else the host the request named (`<project>.<siteDomain>`, a
 * preview's `<slug>--<project>.<siteDomain>`) with the request's scheme (behind a trusted proxy, the
 * `X-Forwarded-Proto` it sets).
 */
function siteOrigin(c: Context, site: SiteRef, trustProxy = false): string {
  if (site.customDomain) return `https://${site.customDomain}`;
  const forwarded = trustProxy ? c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() : undefined;
  const scheme = forwarded === 'http' || forwarded === 'https' ? forwarded : new URL(c.req.url).protocol.replace(/:$/, '');
  return `${scheme}://${(c.req.header('host') ?? '').toLowerCase()}`;
}

/** The client's address: the socket's, or behind a trusted proxy the last `X-Forwarded-For` entry (the one it added). */
function socketAddress(c: Context, trustProxy = false): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'unknown';
}
