import type { ProxyOptions } from '../../openapi/index.js';

const json = (status: number, value: unknown) =>
  new Response(JSON.stringify(value), { status, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' } });

/** Largest proxy request read, in bytes (the forwarded body itself is capped at 1 MB). */
const MAX_BODY = 2 * 1024 * 1024;

/**
 * `POST /__folio/api-proxy` on a hosted site: the playground's proxy (see `forwardApiRequest`).
 * JSON requests from the site's own pages only: a cross-site form cannot send JSON without a
 * CORS preflight, which is never granted, and a foreign `Origin` is refused.
 */
export async function serveApiProxy(request: Request, options: ProxyOptions = {}): Promise<Response> {
  if (request.method !== 'POST') return new Response('Method not allowed\n', { status: 405, headers: { Allow: 'POST' } });
  const origin = request.headers.get('origin');
  const sameOrigin = !origin || origin === new URL(request.url).origin || new URL(origin).host === request.headers.get('host');
  if (!/^application\/json\b/i.test(request.headers.get('content-type') ?? '') || !sameOrigin) {
    return json(403, { error: { code: 'OPENAPI_PROXY_REFUSED', message: 'the proxy answers JSON requests from the site\'s own pages only' } });
  }
  if (Number(request.headers.get('content-length') ?? 0) > MAX_BODY) return json(413, { error: { code: 'OPENAPI_PROXY_BAD_REQUEST', message: 'the request is over the 2 MB limit' } });
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_BODY) return json(413, { error: { code: 'OPENAPI_PROXY_BAD_REQUEST', message: 'the request is over the 2 MB limit' } });
  // The OpenAPI layer (specs, validators) loads on a site's first proxied request, not with every server.
  const { handleProxyRoute } = await import('../../openapi/index.js');
  const answer = await handleProxyRoute(text, options);
  return json(answer.status, answer.json);
}
