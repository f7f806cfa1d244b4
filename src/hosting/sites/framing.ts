/**
 * Which other sites may show a hosted site in a frame: none by default (clickjacking), or the
 * origins a project lists (`folio projects set --frame-ancestor https://app.example.com`), for a
 * product that embeds its docs. The site sign-in page is never framed, whatever the list says.
 */

/** At most this many origins per project. */
export const MAX_FRAME_ANCESTORS = 20;

/**
 * An origin as CSP's `frame-ancestors` takes it (`https://app.example.com`, `https://*.example.com`,
 * `http://localhost:3000`), lower-cased; null for anything else (a path, credentials, a query,
 * another scheme, a keyword such as `*` or `'self'`). http only for localhost.
 */
export function frameAncestorOrigin(input: string): string | null {
  const text = input.trim().toLowerCase().replace(/\/$/, '');
  const match = /^(https?):\/\/(\*\.)?([a-z0-9-]+(?:\.[a-z0-9-]+)*)(?::(\d{1,5}))?$/.exec(text);
  if (!match) return null;
  const [, scheme, wildcard = '', host, port] = match;
  if (host!.split('.').some((label) => label.length > 63 || label.startsWith('-') || label.endsWith('-'))) return null;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return null;
  if (scheme === 'http' && host !== 'localhost' && host !== '127.0.0.1') return null;
  // A wildcard needs a registrable name under it, not `*.com`.
  if (wildcard && !host!.includes('.')) return null;
  return `${scheme}://${wildcard}${host}${port ? `:${port}` : ''}`;
}

/** The CSP directive and legacy header of a site's pages for its allowed origins. */
export function framingHeaders(origins: readonly string[]): { directive: string; xFrameOptions: string | null } {
  // X-Frame-Options cannot name origins (ALLOW-FROM is gone from browsers): only CSP speaks for a list.
  return origins.length ? { directive: `frame-ancestors ${origins.join(' ')}`, xFrameOptions: null } : { directive: "frame-ancestors 'none'", xFrameOptions: 'DENY' };
}
