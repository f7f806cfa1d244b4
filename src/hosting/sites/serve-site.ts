import fs from 'node:fs/promises';
import path from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { isInside, matchRedirect, resolveInside } from '../../shared/index.js';
import { projectSiteDir, publishedDir } from '../updates/publish.js';
import type { HostMap } from './host-map.js';
import { redirectsOf } from './redirects.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

async function readFileIfAny(root: string, file: string | null): Promise<Buffer | null> {
  if (!file) return null;
  try {
    // A symlink inside the build must not lead outside it either.
    const real = await fs.realpath(file);
    if (!isInside(root, real)) return null;
    const stat = await fs.stat(real);
    return stat.isFile() ? await fs.readFile(real) : null;
  } catch {
    // Missing or unreadable: the caller tries the next candidate, then the site's 404 page.
    return null;
  }
}

// Build assets carry a content hash in their name (`site.0c053d3ce4.js`): cache them for good.
const HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+$/;

function respond(body: Buffer, file: string, status = 200, method = 'GET'): Response {
  const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  const cache = HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache';
  const headers = { 'Content-Type': type, 'Content-Length': String(body.length), 'X-Content-Type-Options': 'nosniff', 'Cache-Control': cache };
  return new Response(method === 'HEAD' ? null : new Uint8Array(body), { status, headers });
}

/**
 * Serve a file of a project's published build: `/a/b` → `a/b`, `a/b.html` or
 * `a/b/index.html`; anything else → the site's `404.html` with status 404.
 * Every candidate path is resolved inside the build, so no request escapes it.
 */
export async function serveSite(dataDir: string, projectId: string, request: Request): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return new Response('Method not allowed', { status: 405, headers: { Allow: 'GET, HEAD' } });
  }
  const siteDir = projectSiteDir(dataDir, projectId);
  const root = siteDir ? publishedDir(siteDir) : null;
  if (!root) {
    return new Response(
      `No site is published for "${projectId}" yet. Trigger an update: POST /v1/project/update/${projectId} (code SITE_NOT_PUBLISHED).\n`,
      { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } },
    );
  }
  let pathname: string;
  const url = new URL(request.url);
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    // Malformed percent-encoding: a path no file can have, so the request ends at the 404 page.
    pathname = '/\0';
  }
  const redirect = matchRedirect(redirectsOf(root), pathname, url.search);
  if (redirect) return new Response(null, { status: redirect.status, headers: { Location: redirect.location } });
  const clean = pathname.replace(/\/+$/, '');
  const candidates = pathname.endsWith('/') ? [`${clean}/index.html`] : [clean, `${clean}.html`, `${clean}/index.html`];
  for (const candidate of candidates) {
    const file = resolveInside(root, candidate);
    const body = await readFileIfAny(root, file);
    if (body && file) return respond(body, file, 200, request.method);
  }
  const notFound = path.join(root, '404.html');
  const body = await readFileIfAny(root, notFound);
  if (body) return respond(body, notFound, 404, request.method);
  return new Response('Not found\n', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

/**
 * Answer a request whose Host names a project (`<projectId>.<siteDomain>` or a
 * custom domain) from its published site; any other request goes on to the
 * admin API and the dashboard.
 */
export function publishedSites(hosts: HostMap, dataDir: string): MiddlewareHandler {
  return async (c, next) => {
    const projectId = await hosts.projectFor(c.req.header('host'));
    if (projectId === null) return next();
    return serveSite(dataDir, projectId, c.req.raw);
  };
}
