/**
 * `folio check --external`: every http(s) link and image of the rendered pages, asked for once
 * (HEAD, then GET when a server refuses HEAD), with a bound on requests in flight, a time limit
 * per request, a minimum gap between two requests to one host, and redirects followed by hand
 * (at most 5) so a permanent move is reported with its new address. Answers are cached in a JSON
 * file for a day, so a second check asks only about new links. Never part of a build.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PageRoute } from '../navigation/index.js';
import type { Diagnostic } from '../shared/index.js';
import type { Site } from '../site/index.js';
import type { BuildCode } from './codes.js';
import { locate } from './link-checks.js';

export interface ExternalCheckOptions {
  /** Requests in flight at once (default 8). */
  concurrency?: number;
  /** Time limit of one request, ms (default 10 s). */
  timeoutMs?: number;
  /** Minimum gap between two requests to the same host, ms (default 500). */
  hostIntervalMs?: number;
  /** Cache file (default `~/.cache/folio/external-links.json`); `null`: no cache. */
  cacheFile?: string | null;
  /** How long a cached answer is trusted, ms (default 24 h). */
  cacheTtlMs?: number;
}

/** What one URL answered. */
export interface LinkAnswer {
  /** Final HTTP status; 0 when there was no answer. */
  status: number;
  /** Why there was no answer (timeout, refused, ...). */
  error?: string;
  /** Address after a permanent redirect (301, 308). */
  movedTo?: string;
  at: number;
}

export interface ExternalCheckResult {
  diagnostics: Diagnostic<BuildCode>[];
  checked: number;
  fromCache: number;
}

const DEFAULT_CACHE = path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'folio', 'external-links.json');
const USER_AGENT = 'Folio link checker (+folio check --external)';

/** Ask one URL: HEAD, GET when HEAD is refused; redirects followed by hand. */
export async function askUrl(url: string, timeoutMs: number, wait: (host: string) => Promise<void>): Promise<LinkAnswer> {
  let current = url;
  let movedTo: string | undefined;
  for (let hop = 0; hop <= 5; hop++) {
    let response: Response;
    try {
      await wait(new URL(current).host);
      response = await request(current, 'HEAD', timeoutMs);
      // Servers that do not answer HEAD properly: ask with GET (the body is not read).
      if ([403, 404, 405, 501].includes(response.status)) {
        await wait(new URL(current).host);
        response = await request(current, 'GET', timeoutMs);
      }
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : error instanceof Error ? error.message : String(error);
      return { status: 0, error: name === 'TimeoutError' || name === 'AbortError' ? `no answer within ${timeoutMs / 1000} s` : cause, at: Date.now() };
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, current).toString();
      if (response.status === 301 || response.status === 308) movedTo = next;
      current = next;
      continue;
    }
    return { status: response.status, movedTo, at: Date.now() };
  }
  return { status: 0, error: 'more than 5 redirects', at: Date.now() };
}

async function request(url: string, method: 'HEAD' | 'GET', timeoutMs: number): Promise<Response> {
  const response = await fetch(url, { method, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs), headers: { 'user-agent': USER_AGENT, accept: '*/*' } });
  // Only the status matters: drop the body without reading it.
  await response.body?.cancel().catch(() => undefined);
  return response;
}

/** A per-host gap: each request to a host waits for its slot, `interval` ms after the previous one's. */
export function hostPacer(interval: number): (host: string) => Promise<void> {
  const next = new Map<string, number>();
  return async (host) => {
    const now = Date.now();
    const slot = Math.max(now, next.get(host) ?? 0);
    next.set(host, slot + interval);
    if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
  };
}

async function readCache(file: string | null): Promise<Record<string, LinkAnswer>> {
  if (!file) return {};
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Record<string, LinkAnswer>;
  } catch {
    // No cache yet, or an unreadable one: every URL is asked.
    return {};
  }
}

/** Check every external URL of `links` (URL → the pages using it) and report the broken and moved ones. */
export async function checkExternalLinks(site: Site, links: ReadonlyMap<string, PageRoute[]>, options: ExternalCheckOptions = {}): Promise<ExternalCheckResult> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const ttl = options.cacheTtlMs ?? 24 * 3600_000;
  const cacheFile = options.cacheFile === undefined ? DEFAULT_CACHE : options.cacheFile;
  const cache = await readCache(cacheFile);
  const wait = hostPacer(options.hostIntervalMs ?? 500);
  const answers = new Map<string, LinkAnswer>();
  const todo: string[] = [];
  let fromCache = 0;
  for (const url of links.keys()) {
    const hit = cache[url];
    if (hit && Date.now() - hit.at < ttl) {
      answers.set(url, hit);
      fromCache++;
    } else todo.push(url);
  }
  let at = 0;
  const worker = async () => {
    while (at < todo.length) {
      const url = todo[at++]!;
      answers.set(url, await askUrl(url, timeoutMs, wait));
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 8) }, worker));

  if (cacheFile) {
    const kept = Object.fromEntries(Object.entries(cache).filter(([, a]) => Date.now() - a.at < ttl));
    // Rate limits (429) and server errors may pass: only other answers are kept.
    for (const [url, a] of answers) if (a.status !== 429 && a.status < 500 && a.status !== 0) kept[url] = a;
    await mkdir(path.dirname(cacheFile), { recursive: true });
    await writeFile(cacheFile, JSON.stringify(kept));
  }

  const diagnostics: Diagnostic<BuildCode>[] = [];
  for (const [url, pages] of links) {
    const a = answers.get(url)!;
    const broken = a.status === 0 || a.status >= 400;
    let message: string | undefined;
    let code: BuildCode = 'BUILD_EXTERNAL_LINK_BROKEN';
    if (broken && a.status === 429) message = `External link \`${url}\`: the server asked to slow down (429); check it later.`;
    else if (broken) message = `External link \`${url}\` ${a.status ? `answered ${a.status}` : `did not answer (${a.error})`}; fix or remove it.`;
    else if (a.movedTo) {
      code = 'BUILD_EXTERNAL_LINK_MOVED';
      message = `External link \`${url}\` moved permanently to \`${a.movedTo}\`; link the new address.`;
    }
    if (!message) continue;
    for (const route of pages) diagnostics.push({ ...locate(site, route, url), severity: 'warning', code, path: '', message });
  }
  return { diagnostics, checked: todo.length, fromCache };
}
