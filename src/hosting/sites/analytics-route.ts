/**
 * The analytics routes of a hosted site: the beacon's events endpoint and the beacon script, both
 * under the site's base path. A site built with telemetry off, or a server without analytics,
 * answers both with 404 `ANALYTICS_DISABLED`.
 */
import { BEACON_PATH, EVENTS_PATH, pagePathOf, type SiteAnalytics } from '../../analytics/index.js';
import type { PublishedBuild } from '../storage/site-store.js';

export const ANALYTICS_PATHS = new Set([EVENTS_PATH, BEACON_PATH]);

/**
 * Where a build lists every page it wrote, hidden ones too (site-build's `build-cache.ts`: its
 * manifest's `pages`, href → key, hrefs without the base path; the home page is `/index`). Redirect pages, the 404 page, the
 * shared sidebar fragments (`assets/nav.<hash>.html`), feeds and static files are not in it.
 */
const MANIFEST_FILE = '.folio-cache/manifest.json';

/**
 * The pages of each build read lately (a build never changes once published), as sets. A build's
 * manifest is read once, on its first view or event: for 50,000 pages it is 9 MB, parsed in 150 to
 * 250 ms of the server's thread on this 2-core machine (busy), and its set holds about 4 MB; a few
 * hundred pages cost well under a millisecond.
 */
const pageSets = new Map<string, Promise<Set<string> | null>>();
const KEPT_BUILDS = 16;
/** Lookups of builds without a manifest (published before it), by file, remembered per build. */
const probed = new Map<string, Map<string, boolean>>();

/** The pages the build's manifest lists, as views name them (`pagePathOf`: `/index` is `/`), or null when it has none (or not one Folio can read). */
function pagesOf(root: PublishedBuild): Promise<Set<string> | null> {
  let pages = pageSets.get(root.key);
  if (pages) {
    // Most recently used last.
    pageSets.delete(root.key);
  } else {
    pages = root.read(MANIFEST_FILE).then((body) => {
      try {
        const hrefs = body ? (JSON.parse(body.toString('utf8')) as { pages?: unknown }).pages : undefined;
        return hrefs && typeof hrefs === 'object' ? new Set(Object.keys(hrefs).map(pagePathOf)) : null;
      } catch {
        return null;
      }
    });
    // A storage failure is not remembered: the next lookup reads again.
    pages.catch(() => pageSets.delete(root.key));
    if (pageSets.size >= KEPT_BUILDS) pageSets.delete(pageSets.keys().next().value!);
  }
  pageSets.set(root.key, pages);
  return pages;
}

/**
 * True when the published build has a page at `pagePath` (`/guide/intro`, `/` for the home page):
 * one its manifest lists. Both what counts as a page view and which pages the beacon's events may
 * name are decided here, by what the build says it wrote, not by the shape of the path: a shared
 * sidebar fragment (`/assets/nav.<hash>`) or the 404 page asked for by name are served as HTML and
 * are no pages. A build without a manifest (published before it) is asked for the page's HTML.
 */
export async function buildHasPage(root: PublishedBuild, pagePath: string): Promise<boolean> {
  const pages = await pagesOf(root);
  if (pages) return pages.has(pagePathOf(pagePath));
  let known = probed.get(root.key);
  if (!known) {
    if (probed.size > 100) probed.clear();
    known = new Map();
    probed.set(root.key, known);
  }
  const hit = known.get(pagePath);
  if (hit !== undefined) return hit;
  const clean = pagePath.replace(/\/+$/, '');
  const candidates = clean === '' || clean === '/index' ? ['index.html'] : [`${clean}.html`, `${clean}/index.html`];
  let found = false;
  for (const candidate of candidates) {
    if (candidate.split('/').some((s) => s === '..' || s.startsWith('.'))) break;
    if (await root.read(candidate)) {
      found = true;
      break;
    }
  }
  if (known.size < 20_000) known.set(pagePath, found);
  return found;
}

export async function serveAnalyticsRoute(
  at: { projectId: string; preview: string | null; sitePath: string; root: PublishedBuild | null; clientAddress: string },
  request: Request,
  analytics: SiteAnalytics | undefined,
): Promise<Response> {
  if (!analytics || !at.root) {
    return Response.json({ error: 'Analytics are turned off for this site.', code: 'ANALYTICS_DISABLED' }, { status: 404, headers: { 'Cache-Control': 'no-store' } });
  }
  if (at.sitePath === BEACON_PATH) {
    // The render layer (the layout, MDX) loads with the first beacon asked for, not with every server.
    const body = await (await import('../../render/index.js')).bundleBeacon();
    return new Response(request.method === 'HEAD' ? null : body, {
      headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=3600', 'X-Content-Type-Options': 'nosniff' },
    });
  }
  const root = at.root;
  return analytics.handleEvent({ projectId: at.projectId, preview: at.preview }, request, at.clientAddress, (p) => buildHasPage(root, p));
}
