/**
 * The playground's proxy: forwards one request a reader built on an endpoint page to the API,
 * for APIs that do not allow cross-origin requests. `folio dev` and `folio serve` answer
 * `POST /__folio/api-proxy` with it. The target's host is resolved through the same guarded
 * lookup as remote specs (private, loopback and link-local addresses refused, the socket bound
 * to the checked address), no redirect is followed, and time and sizes are capped. Only the
 * headers the reader typed are sent: never the docs site's own cookies.
 */
import http from 'node:http';
import https from 'node:https';
import { isPublicAddress } from './address-policy.js';
import type { OpenApiCode } from './codes.js';
import { guardedLookup, RemoteFetchError } from './fetch-remote.js';
import { hostAllowed } from './proxy-hosts.js';


export interface ProxyRequest {
  method: string;
  url: string;
  headers: [string, string][];
  /** Request body as text (JSON, form data, ...), or base64 bytes (a multipart body with files). */
  body?: string;
  bodyEncoding?: 'utf8' | 'base64';
}

export interface ProxyResponse {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: string;
  /** `base64` for bodies that are not text (images, files). */
  encoding: 'utf8' | 'base64';
  timeMs: number;
}

export interface ProxyOptions {
  /** Whole-request deadline in milliseconds. */
  timeoutMs?: number;
  /** Largest request body forwarded, in bytes. */
  maxRequestBytes?: number;
  /** Largest response body returned, in bytes. */
  maxResponseBytes?: number;
  /** Which resolved addresses may be contacted; public ones only unless a test or operator widens it. */
  isAllowedAddress?: (address: string) => boolean;
  /**
   * Host patterns the proxy may reach (`proxyHostsOf`: the API's own servers); a target whose
   * `host[:port]` matches none is refused. Absent: any host that passes the address check.
   */
  allowedHosts?: readonly string[];
}

/** Why the proxy did not return the API's answer; `status` is what the proxy route answers with. */
export class ProxyError extends Error {
  constructor(
    readonly code: Extract<OpenApiCode, 'OPENAPI_PROXY_BAD_REQUEST' | 'OPENAPI_PROXY_REFUSED' | 'OPENAPI_PROXY_FAILED'>,
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const METHODS = new Set(['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH']);
// Set by the proxy's own connection, or never forwarded: hop-by-hop headers and the reader's browser state.
const DROPPED = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive', 'upgrade', 'proxy-authorization', 'te', 'trailer', 'expect']);
const TEXT = /^(text\/|application\/([\w.+-]*\+)?(json|xml|javascript|x-www-form-urlencoded|yaml|graphql)|application\/problem)/i;

/** The proxy request in a route's JSON body, checked field by field. */
export function parseProxyRequest(value: unknown, maxRequestBytes = 1024 * 1024): ProxyRequest {
  const bad = (message: string) => new ProxyError('OPENAPI_PROXY_BAD_REQUEST', 400, message);
  if (!value || typeof value !== 'object') throw bad('the body must be a JSON object { method, url, headers, body }');
  const { method, url, headers = [], body, bodyEncoding } = value as Record<string, unknown>;
  if (typeof method !== 'string' || !METHODS.has(method.toUpperCase())) throw bad(`method must be one of ${[...METHODS].join(', ')}`);
  if (typeof url !== 'string') throw bad('url must be a string');
  if (!Array.isArray(headers) || !headers.every((h) => Array.isArray(h) && h.length === 2 && typeof h[0] === 'string' && typeof h[1] === 'string')) {
    throw bad('headers must be a list of [name, value] string pairs');
  }
  if (body !== undefined && typeof body !== 'string') throw bad('body must be a string when present');
  if (bodyEncoding !== undefined && bodyEncoding !== 'utf8' && bodyEncoding !== 'base64') throw bad('bodyEncoding must be "utf8" or "base64"');
  if (body !== undefined && Buffer.byteLength(body, bodyEncoding === 'base64' ? 'base64' : 'utf8') > maxRequestBytes) throw bad(`the request body is over the ${maxRequestBytes}-byte limit`);
  const out: ProxyRequest = { method: method.toUpperCase(), url, headers: headers as [string, string][] };
  if (body !== undefined) out.body = body;
  if (bodyEncoding === 'base64') out.bodyEncoding = 'base64';
  return out;
}

function targetOf(value: string, isAllowedAddress: (address: string) => boolean, allowedHosts: readonly string[] | undefined): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ProxyError('OPENAPI_PROXY_BAD_REQUEST', 400, `"${value}" is not an absolute URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ProxyError('OPENAPI_PROXY_REFUSED', 403, `only http and https APIs are proxied, not ${url.protocol}`);
  if (url.username || url.password) throw new ProxyError('OPENAPI_PROXY_REFUSED', 403, 'URLs with credentials are not proxied; use an Authorization header');
  if (allowedHosts && !hostAllowed(url.host, allowedHosts)) {
    const known = allowedHosts.length ? `: ${allowedHosts.join(', ')}` : '; this site documents none';
    throw new ProxyError('OPENAPI_PROXY_REFUSED', 403, `${url.host} is not a server of this site's API; the proxy only reaches the servers its specs and api: pages name${known}`);
  }
  // IP literals skip the lookup, so check them here.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if ((/^[\d.]+$/.test(host) || host.includes(':')) && !isAllowedAddress(host)) {
    throw new ProxyError('OPENAPI_PROXY_REFUSED', 403, `${host} is a private, loopback or link-local address; the proxy only reaches public APIs`);
  }
  return url;
}

/** Send one request to the API and return its answer (status, headers, body), or throw a `ProxyError`. */
export function forwardApiRequest(
  request: ProxyRequest,
  { timeoutMs = 15_000, maxResponseBytes = 5 * 1024 * 1024, isAllowedAddress = isPublicAddress, allowedHosts }: ProxyOptions = {},
): Promise<ProxyResponse> {
  const target = targetOf(request.url, isAllowedAddress, allowedHosts);
  const headers: Record<string, string> = {};
  for (const [name, value] of request.headers) if (!DROPPED.has(name.toLowerCase()) && name.trim() !== '') headers[name] = value;
  const body = request.body !== undefined && request.method !== 'GET' && request.method !== 'HEAD' ? Buffer.from(request.body, request.bodyEncoding === 'base64' ? 'base64' : 'utf8') : undefined;
  if (body) headers['content-length'] = String(body.length);
  const started = performance.now();
  return new Promise<ProxyResponse>((resolve, reject) => {
    const client = target.protocol === 'https:' ? https : http;
    const req = client.request(target, { method: request.method, headers, lookup: guardedLookup(isAllowedAddress) }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxResponseBytes) {
          req.destroy();
          reject(new ProxyError('OPENAPI_PROXY_FAILED', 502, `the API's answer is over the ${maxResponseBytes}-byte limit`));
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () => {
        const type = String(res.headers['content-type'] ?? '');
        const all = Buffer.concat(chunks);
        const text = type === '' || TEXT.test(type);
        resolve({
          status: res.statusCode ?? 0,
          statusText: res.statusMessage ?? '',
          headers: Object.entries(res.headers).flatMap(([name, value]) => (Array.isArray(value) ? value.map((v): [string, string] => [name, v]) : value === undefined ? [] : [[name, value]])),
          body: all.toString(text ? 'utf8' : 'base64'),
          encoding: text ? 'utf8' : 'base64',
          timeMs: Math.round(performance.now() - started),
        });
      });
      res.on('error', (e) => reject(new ProxyError('OPENAPI_PROXY_FAILED', 502, e.message)));
    });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new ProxyError('OPENAPI_PROXY_FAILED', 504, `${target.host} did not answer within ${timeoutMs} ms`));
    }, timeoutMs);
    req.on('close', () => clearTimeout(timer));
    req.on('error', (e) => {
      clearTimeout(timer);
      if (e instanceof RemoteFetchError) reject(new ProxyError('OPENAPI_PROXY_REFUSED', 403, `${e.message}; the proxy only reaches public APIs`));
      else reject(new ProxyError('OPENAPI_PROXY_FAILED', 502, `${target.host}: ${e.message}`));
    });
    req.end(body);
  });
}

/**
 * The proxy route for any server: a JSON request body in, `{ status, code?, json }` out, where
 * `json` is the API's answer or `{ error: { code, message } }`.
 */
export async function handleProxyRoute(rawBody: string, options: ProxyOptions = {}): Promise<{ status: number; json: unknown }> {
  try {
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawBody);
    } catch {
      throw new ProxyError('OPENAPI_PROXY_BAD_REQUEST', 400, 'the body is not JSON');
    }
    const response = await forwardApiRequest(parseProxyRequest(parsed, options.maxRequestBytes), options);
    return { status: 200, json: response };
  } catch (error) {
    if (error instanceof ProxyError) return { status: error.status, json: { error: { code: error.code, message: error.message } } };
    throw error;
  }
}
