/**
 * The analytics routes of a hosted site: the beacon's events endpoint and the beacon script, both
 * under the site's base path. A site built with telemetry off, or a server without analytics,
 * answers both with 404 `ANALYTICS_DISABLED`.
 */
import { BEACON_PATH, EVENTS_PATH, type SiteAnalytics } from '../../analytics/index.js';
import { bundleBeacon } from '../../render/index.js';
import type { PublishedBuild } from '../storage/site-store.js';

export const ANALYTICS_PATHS = new Set([EVENTS_PATH, BEACON_PATH]);

const known = new Map<string, Map<string, boolean>>();

/** True when the published build has a page at `pagePath` (its HTML), remembered per build. */
async function pageExists(root: PublishedBuild, pagePath: string): Promise<boolean> {
  let pages = known.get(root.key);
  if (!pages) {
    if (known.size > 100) known.clear();
    pages = new Map();
    known.set(root.key, pages);
  }
  const hit = pages.get(pagePath);
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
  if (pages.size < 20_000) pages.set(pagePath, found);
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
    const body = await bundleBeacon();
    return new Response(request.method === 'HEAD' ? null : body, {
      headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'public, max-age=3600', 'X-Content-Type-Options': 'nosniff' },
    });
  }
  const root = at.root;
  return analytics.handleEvent({ projectId: at.projectId, preview: at.preview }, request, at.clientAddress, (p) => pageExists(root, p));
}
