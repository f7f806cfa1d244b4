/**
 * Redirects as the platform answers them, in one matcher that `folio serve` (from a build's
 * `_redirects`) and `folio dev` (from the site model) both use:
 * - `permanent` (default) answers 308, `permanent: false` 307;
 * - `:name` matches one path segment, `:name*` any number of segments (none included), `:name+`
 *   at least one; `*` alone as a segment matches the rest of the path (`:splat`);
 * - `*` inside a segment (`/articles/concepts-*`) matches the rest of that segment, and a `*`
 *   in the destination takes the same value;
 * - the request's query string is passed on to the destination (before any `#anchor`).
 */

export interface RedirectRule {
  source: string;
  pattern: RegExp;
  /** Capture names in order; `*` for an in-segment or whole-segment wildcard. */
  names: string[];
  destination: string;
  status: 307 | 308;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The pattern of one source segment, appending its capture names. */
function segmentPattern(segment: string, names: string[]): string {
  const param = /^:([A-Za-z_][\w-]*)([*+?]?)$/.exec(segment);
  if (param) {
    const [, name, modifier] = param as unknown as [string, string, string];
    names.push(name);
    if (modifier === '*') return '(?:/(.*))?';
    if (modifier === '+') return '/(.+)';
    if (modifier === '?') return '(?:/([^/]+))?';
    return '/([^/]+)';
  }
  if (segment === '*') {
    names.push('*');
    return '(?:/(.*))?';
  }
  if (segment.includes('*')) {
    const parts = segment.split('*');
    for (let i = 1; i < parts.length; i++) names.push('*');
    return '/' + parts.map(escapeRegExp).join('([^/]*)');
  }
  return '/' + escapeRegExp(segment);
}

/** One rule from a `source`, `destination` and status. */
export function compileRedirect(source: string, destination: string, status: 307 | 308): RedirectRule {
  const names: string[] = [];
  const body = source
    .replace(/\/+$/, '')
    .split('/')
    .slice(1)
    .map((s) => segmentPattern(s, names))
    .join('');
  return { source, pattern: new RegExp(`^${body}/?$`), names, destination, status };
}

/** Rules for the redirects of a site, in order (the first match wins). */
export function redirectRules(redirects: readonly { source: string; destination: string; permanent: boolean }[]): RedirectRule[] {
  return redirects.map((r) => compileRedirect(r.source, normalizeRedirectDestination(r.destination), r.permanent ? 308 : 307));
}

/** The destination with captures filled in: `:name*`/`:name` by name, `:splat` and `*` by position. */
function fillDestination(rule: RedirectRule, match: RegExpExecArray): string {
  const values = new Map<string, string>();
  const stars: string[] = [];
  rule.names.forEach((name, i) => {
    const value = match[i + 1] ?? '';
    if (name === '*') stars.push(value);
    else values.set(name, value);
  });
  if (stars.length && !values.has('splat')) values.set('splat', stars[0]!);
  let star = 0;
  return rule.destination
    .replace(/:([A-Za-z_][\w-]*)[*+?]?/g, (whole, name: string) => (values.has(name) ? values.get(name)! : whole))
    .replace(/\*/g, () => stars[star++] ?? '')
    .replace(/([^:])\/{2,}/g, '$1/')
    .replace(/(.)\/+(?=$|[?#])/, '$1');
}

/** `query` (with `?`, or '') added to `location`, before its anchor. */
function withQuery(location: string, query: string): string {
  if (!query || query === '?') return location;
  const hash = location.indexOf('#');
  const [base, anchor] = hash === -1 ? [location, ''] : [location.slice(0, hash), location.slice(hash)];
  return base + (base.includes('?') ? '&' + query.slice(1) : query) + anchor;
}

/** The redirect for a request path (and its query string), or null. */
export function matchRedirect(rules: readonly RedirectRule[], pathname: string, query = ''): { location: string; status: number; rule: RedirectRule } | null {
  for (const rule of rules) {
    const match = rule.pattern.exec(pathname);
    if (match) return { location: withQuery(fillDestination(rule, match), query), status: rule.status, rule };
  }
  return null;
}

/** A destination Folio will send readers to: a site path (`/a`, or `a` read as `/a`) or an http(s) URL; never `javascript:`, `data:` or `//host`. */
export function isSafeRedirectDestination(destination: string): boolean {
  if (destination.startsWith('//') || /\s/.test(destination) || destination === '') return false;
  if (/^[a-z][a-z0-9+.-]*:/i.test(destination)) return /^https?:\/\/./i.test(destination);
  return !destination.startsWith('\\');
}

/** A safe destination as sent: a relative path is taken from the site root (`guide/a` → `/guide/a`), as the platform does. */
export function normalizeRedirectDestination(destination: string): string {
  return /^(?:\/|https?:\/\/)/i.test(destination) ? destination : '/' + destination.replace(/^\.\//, '');
}

/** `_redirects` text: one `source destination status` per line. */
export function redirectsFileText(rules: readonly RedirectRule[]): string {
  return rules.map((r) => `${r.source} ${r.destination} ${r.status}\n`).join('');
}

/** Rules from `_redirects` text (as `redirectsFileText` writes it; 301/302 are read as 308/307). */
export function parseRedirectsFile(text: string): RedirectRule[] {
  const rules: RedirectRule[] = [];
  for (const line of text.split('\n')) {
    const [source, destination, code] = line.trim().split(/\s+/);
    if (!source || !destination || source.startsWith('#') || !source.startsWith('/') || !isSafeRedirectDestination(destination)) continue;
    rules.push(compileRedirect(source, normalizeRedirectDestination(destination), code === '307' || code === '302' ? 307 : 308));
  }
  return rules;
}
