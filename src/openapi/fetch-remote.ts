import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { isPublicAddress } from './address-policy.js';

export interface RemoteFetchOptions {
  /** Largest body accepted, in bytes. */
  maxBytes?: number;
  /** Whole-download deadline in milliseconds, redirects included. */
  timeoutMs?: number;
  maxRedirects?: number;
  /** Which resolved addresses may be contacted; tests narrow or widen it. */
  isAllowedAddress?: (address: string) => boolean;
}

/** Why a remote fetch was refused or failed; `refused` is a policy decision, `failed` a network one. */
export class RemoteFetchError extends Error {
  constructor(
    readonly kind: 'refused' | 'failed',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Download a spec over http(s) with SSRF guards: every hop's host is resolved
 * and each resolved address checked, and the socket connects to exactly the
 * checked address (the check lives in `lookup`, so DNS rebinding between check
 * and connect is impossible). Redirects are followed by hand so each target is
 * checked again.
 */
export async function fetchRemoteSpec(
  url: string,
  { maxBytes = 10 * 1024 * 1024, timeoutMs = 10_000, maxRedirects = 5, isAllowedAddress = isPublicAddress }: RemoteFetchOptions = {},
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let current = url;
  for (let hop = 0; hop <= maxRedirects; hop++) {
    const target = parseHttpUrl(current);
    const response = await requestOnce(target, { maxBytes, deadline, isAllowedAddress });
    if (response.kind === 'body') return response.body;
    current = new URL(response.location, target).toString();
  }
  throw new RemoteFetchError('failed', `more than ${maxRedirects} redirects starting at ${url}`);
}

function parseHttpUrl(value: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new RemoteFetchError('refused', `"${value}" is not a valid URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new RemoteFetchError('refused', `only http and https URLs are fetched, not ${parsed.protocol}`);
  }
  if (parsed.username || parsed.password) {
    throw new RemoteFetchError('refused', 'URLs with credentials are not fetched');
  }
  return parsed;
}

type Outcome = { kind: 'body'; body: string } | { kind: 'redirect'; location: string };

export function guardedLookup(isAllowedAddress: (address: string) => boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as dns.LookupAddress[];
      const refused = list.find((a) => !isAllowedAddress(a.address));
      if (refused || list.length === 0) {
        const reason = new RemoteFetchError(
          'refused',
          `${hostname} resolves to ${refused?.address ?? 'no address'}, a private, loopback or link-local address`,
        );
        return callback(reason as NodeJS.ErrnoException, '', 0);
      }
      if (options.all) return (callback as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      const first = list[0]!;
      callback(null, first.address, first.family);
    });
  };
}

function requestOnce(
  target: URL,
  opts: { maxBytes: number; deadline: number; isAllowedAddress: (address: string) => boolean },
): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const remaining = opts.deadline - Date.now();
    if (remaining <= 0) return reject(new RemoteFetchError('failed', `timed out fetching ${target}`));
    // IP literals skip `lookup`, so check them here.
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (/^[\d.]+$|:/.test(host) && !opts.isAllowedAddress(host)) {
      return reject(new RemoteFetchError('refused', `${host} is a private, loopback or link-local address`));
    }
    const client = target.protocol === 'https:' ? https : http;
    const req = client.request(
      target,
      { method: 'GET', lookup: guardedLookup(opts.isAllowedAddress), headers: { accept: 'application/json, application/yaml, text/yaml, */*' } },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          return resolve({ kind: 'redirect', location: res.headers.location });
        }
        if (status < 200 || status >= 300) {
          res.resume();
          return reject(new RemoteFetchError('failed', `${target} answered HTTP ${status}`));
        }
        const declared = Number(res.headers['content-length'] ?? 0);
        if (declared > opts.maxBytes) {
          req.destroy();
          return reject(new RemoteFetchError('failed', `${target} is ${declared} bytes, over the ${opts.maxBytes}-byte limit`));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > opts.maxBytes) {
            req.destroy();
            reject(new RemoteFetchError('failed', `${target} is over the ${opts.maxBytes}-byte limit`));
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => resolve({ kind: 'body', body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', (e) => reject(new RemoteFetchError('failed', e.message)));
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      reject(new RemoteFetchError('failed', `timed out fetching ${target} after the time limit`));
    }, remaining);
    req.on('close', () => clearTimeout(timer));
    req.on('error', (e) => {
      clearTimeout(timer);
      reject(e instanceof RemoteFetchError ? e : new RemoteFetchError('failed', `${target}: ${e.message}`));
    });
    req.end();
  });
}
