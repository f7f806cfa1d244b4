/**
 * URL path of a request → the page href it asks for, or the static file inside the docs root.
 * Decoding happens once, here, before the `resolveInside` check, so `%2e%2e` cannot slip past.
 */
import { resolveInside } from '../shared/index.js';

/** Decoded path without query; null when the encoding is malformed or holds a NUL. */
export function decodePath(url: string): string | null {
  const raw = url.split(/[?#]/, 1)[0] ?? '/';
  try {
    const decoded = decodeURIComponent(raw);
    return decoded.includes('\0') ? null : decoded;
  } catch {
    // Malformed percent-encoding: the caller refuses the request (DEV_PATH_ESCAPE).
    return null;
  }
}

/** `/a/b/`, `/a/b/index.html`, `/a/b.html` → `/a/b`; `/` stays `/`. */
export function pageHrefOf(pathname: string): string {
  let p = pathname.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
  if (p.length > 1) p = p.replace(/\/+$/, '');
  return p || '/';
}

/** True when the path tries to leave the root (`..` segments, backslashes, drive letters). */
export function escapesRoot(root: string, pathname: string): boolean {
  return resolveInside(root, pathname) === null || pathname.split(/[\\/]/).includes('..');
}
