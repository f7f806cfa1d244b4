/**
 * The assistant on a hosted site's own origin, for its widget (no key: the site is the caller):
 * - `GET <base>/__folio/assistant/config`: `{ enabled }`, cached five minutes (the main script asks
 *   once to show the Ask button);
 * - `GET <base>/__folio/assistant/session`: a page token and the starter questions (never cached);
 * - `POST <base>/__folio/assistant/message`: the question, answered as the v2 stream;
 * - `POST <base>/__folio/assistant/rating`: the reader's thumb on an answer of theirs, 204.
 * Same origin only: a browser's cross-site request is refused (another site embeds the keyed API).
 */
import type { AssistantSiteRoute } from '../hosting/index.js';
import { messageBody, ratingBody, type AssistantService } from './assistant-service.js';
import { AssistantError } from './codes.js';
import { parseBody, refusal } from './request-body.js';

const MAX_MESSAGE_BYTES = 64 * 1024;
/** A rating is an id and a word: 1 KB is ample. */
const MAX_RATING_BYTES = 1024;

export function assistantSiteRoute(service: AssistantService): AssistantSiteRoute {
  return async (at, request) => {
    try {
      const route = at.sitePath.slice('/__folio/assistant/'.length);
      if (route === 'config' && request.method === 'GET') {
        return Response.json({ enabled: service.enabled && at.root !== null }, { headers: { 'Cache-Control': 'public, max-age=300' } });
      }
      if (!at.root) throw new AssistantError(404, 'ASSISTANT_SITE_NOT_FOUND', 'Nothing is published for this site yet.');
      const site = { projectId: at.projectId, preview: at.preview, build: at.root, basePath: at.basePath };
      if (route === 'session' && request.method === 'GET') {
        return Response.json(await service.session(site, at.clientAddress), { headers: { 'Cache-Control': 'no-store' } });
      }
      if (route === 'message' && request.method === 'POST') {
        sameSite(request);
        const body = await parseBody(request, messageBody, MAX_MESSAGE_BYTES);
        return await service.message(site, request, body, at.clientAddress, 'v2');
      }
      if (route === 'rating' && request.method === 'POST') {
        sameSite(request);
        const body = await parseBody(request, ratingBody, MAX_RATING_BYTES);
        await service.rate(site, request, body, at.clientAddress);
        return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });
      }
      return Response.json({ error: 'No such assistant route.', code: 'ASSISTANT_INVALID_REQUEST' }, { status: 404 });
    } catch (error) {
      if (error instanceof AssistantError) return refusal(error);
      throw error;
    }
  };
}

/** Refuse a browser's request from a page of another site (a request without an Origin is no browser's cross-site one). */
function sameSite(request: Request): void {
  const origin = request.headers.get('origin');
  // Behind a proxy the browser's host may be the forwarded one (a browser cannot add that header cross-site without a preflight, which is refused).
  const hosts = [request.headers.get('host'), request.headers.get('x-forwarded-host')?.split(',')[0]?.trim()];
  if (origin && !hosts.includes(hostOf(origin) ?? '-')) {
    throw new AssistantError(403, 'ASSISTANT_ORIGIN_REFUSED', `The site's assistant answers its own pages only; from ${origin}, use the API with an assistant key.`);
  }
}

/** The host of an Origin header; null for `null` (sandboxed frames, file pages) or anything unparsable. */
function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}
