/**
 * Sending: through the docs server's proxy (`POST <base>/__folio/api-proxy`, on `folio dev` and
 * `folio serve`), or straight from the browser when the site turns the proxy off or its host has
 * none (the built site on a static host). Every failure comes back as a `Problem` that says what
 * happened and what the reader or the site's owner can do, never as a raw parse error.
 */
import type { Answer, Outgoing } from './spec.js';

/** The server's proxy, under the site's base path (`/docs/__folio/api-proxy` behind a reverse proxy at `/docs`). */
export const PROXY = `${(document.documentElement.dataset.base ?? '/').replace(/\/?$/, '/')}__folio/api-proxy`;

/** A failure explained: a title and the sentences under it. */
export interface Problem {
  title: string;
  lines: string[];
}

export type Outcome = { answer: Answer; route: string } | { problem: Problem };

/**
 * What the proxy path answered when it is not Folio's proxy (say "404, an HTML page"), remembered
 * for the page: later sends go straight from the browser without asking again.
 */
let missingProxy: string | undefined;

class ProxyMissing extends Error {}

function base64(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

/** Send through the proxy; throws `ProxyMissing` when what answers is not Folio's proxy (a static host). */
async function viaProxy(method: string, request: Outgoing): Promise<Answer | { error: { code: string; message: string } }> {
  const { form, ...plain } = request;
  const payload: Record<string, unknown> = { method, ...plain };
  if (form) {
    // The browser encodes the multipart body (boundary included); the proxy forwards its bytes.
    const encoded = new Request(location.href, { method: 'POST', body: form });
    payload.body = base64(new Uint8Array(await encoded.arrayBuffer()));
    payload.bodyEncoding = 'base64';
    payload.headers = [...plain.headers, ['Content-Type', encoded.headers.get('content-type') ?? 'multipart/form-data']];
  }
  const response = await fetch(PROXY, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
  const type = response.headers.get('content-type') ?? '';
  // A static host answers 404/405/501 or, with a catch-all rewrite, 200 and its HTML page.
  const what = `${response.status}${type ? `, ${/html/i.test(type) ? 'an HTML page' : type.split(';')[0]}` : ''}`;
  if (!/json/i.test(type)) throw new ProxyMissing(what);
  let json: Partial<Answer> & { error?: { code: string; message: string } };
  try {
    json = (await response.json()) as typeof json;
  } catch {
    throw new ProxyMissing(what);
  }
  if (json.error?.code) return { error: json.error };
  if (typeof json.status !== 'number') throw new ProxyMissing(what);
  return json as Answer;
}

/** Thrown when the page's Content-Security-Policy (`connect-src`) kept the browser from sending. */
class BlockedByPolicy extends Error {}

async function direct(method: string, request: Outgoing, credentials: boolean, mode?: RequestMode): Promise<Answer> {
  const started = performance.now();
  const init: RequestInit = { method, headers: request.headers, credentials: credentials ? 'include' : 'omit', ...(mode ? { mode, cache: 'no-store' as const } : {}) };
  if (request.form) init.body = request.form;
  else if (request.body !== undefined) init.body = request.body;
  let blocked = false;
  const onViolation = (event: SecurityPolicyViolationEvent) => void (event.effectiveDirective === 'connect-src' && (blocked = true));
  document.addEventListener('securitypolicyviolation', onViolation);
  try {
    const response = await fetch(request.url, init);
    const body = await response.text();
    return { status: response.status, statusText: response.statusText, headers: [...response.headers.entries()], body, encoding: 'utf8', timeMs: Math.round(performance.now() - started) };
  } catch (error) {
    // The violation is reported in a task of its own, which may come after the rejection.
    await new Promise((resolve) => setTimeout(resolve, 50));
    throw blocked ? new BlockedByPolicy() : error;
  } finally {
    document.removeEventListener('securitypolicyviolation', onViolation);
  }
}

/**
 * Whether the page may connect to the host of `url` at all: false when its Content-Security-Policy
 * (`connect-src`) forbids it, as `folio serve` does for its sites. Same-origin URLs are always
 * reachable; otherwise one HEAD request without credentials to the host's root finds out (the
 * browser refuses it before it leaves when the policy forbids it). Network failures count as
 * reachable: the send explains them.
 */
export async function canReach(url: string): Promise<boolean> {
  const origin = originOf(url);
  if (!/^https?:/.test(origin) || origin === location.origin) return true;
  try {
    await direct('HEAD', { url: `${origin}/`, headers: [] }, false, 'no-cors');
    return true;
  } catch (error) {
    return !(error instanceof BlockedByPolicy);
  }
}

export function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/** Why a request sent from the browser failed, and what would make it work. */
function directProblem(error: unknown, request: Outgoing, why: string): Problem {
  const api = originOf(request.url);
  if (error instanceof BlockedByPolicy) {
    return {
      title: 'This site does not let the browser reach other hosts',
      lines: [why, `The page's Content-Security-Policy allows connections to ${location.origin} only, so the browser did not send the request. Served by Folio with api.playground.proxy on (the default), the request goes through the docs server instead.`],
    };
  }
  if (!(error instanceof TypeError)) return { title: 'The request could not be sent', lines: [why, String(error instanceof Error ? error.message : error)] };
  const lines = [why];
  if (location.protocol === 'https:' && request.url.startsWith('http:')) {
    lines.push(`Your browser does not send requests from an https page to an http API (${api}).`);
  } else {
    lines.push(
      `Your browser stopped it: ${api} does not allow requests from ${location.origin} (CORS), or it could not be reached.`,
      `For it to work, the API must answer with Access-Control-Allow-Origin: ${location.origin} (and allow the headers sent), or the docs must be served by Folio (folio serve), whose proxy sends the request from the server.`,
    );
  }
  lines.push('The cURL command beside the form sends the same request from a terminal.');
  return { title: 'The browser could not reach the API', lines };
}

/** Send the request by the way the site allows and explain any failure. */
export async function send(method: string, request: Outgoing, { proxy, credentials }: { proxy: boolean; credentials: boolean }): Promise<Outcome> {
  if (proxy && missingProxy === undefined) {
    try {
      const answer = await viaProxy(method, request);
      if ('error' in answer) {
        const refused = answer.error.code === 'OPENAPI_PROXY_REFUSED';
        return { problem: { title: refused ? 'The docs server refused to send this request' : 'The docs server could not complete the request', lines: [`${answer.error.code}: ${answer.error.message}`] } };
      }
      return { answer, route: 'sent through the docs server\'s proxy (api.playground.proxy)' };
    } catch (error) {
      if (!(error instanceof ProxyMissing)) {
        return { problem: { title: 'The docs server did not answer', lines: [`The request goes through ${PROXY} on the docs server, which could not be reached: ${String(error instanceof Error ? error.message : error)}.`] } };
      }
      missingProxy = error.message;
    }
  }
  const why = proxy
    ? `This site is served without Folio's request proxy (${PROXY} answered ${missingProxy}, as static hosting does), so the request went straight from your browser to ${originOf(request.url)}.`
    : `This site sends requests straight from your browser (api.playground.proxy: false), here to ${originOf(request.url)}.`;
  try {
    const answer = await direct(method, request, credentials);
    return { answer, route: proxy ? 'sent from your browser: this host has no request proxy' : 'sent from your browser (api.playground.proxy: false)' };
  } catch (error) {
    return { problem: directProblem(error, request, why) };
  }
}
