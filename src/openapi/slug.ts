/**
 * Slug of a human title (an operation summary, a tag) as the platform names generated pages:
 * each space a hyphen, each `{...}` path parameter a hyphen, one leading and one trailing hyphen
 * dropped, then only `{ } ( ) , . '` (straight quote), `/` and line breaks deleted, other
 * punctuation kept (`` ` ``, `;`, `+`, `&`), `--` made `-` in one pass, lower case. So
 * `Account / Address` is `account-address`, `status\nNOT_FOUND` is `statusnot_found`,
 * `New & Newly Verified` is `new-&-newly-verified` and `Client API - Display` is
 * `client-api--display`. `?` and `#` are deleted too: they would end the URL's path.
 */
export function titleSlug(text: string): string {
  return text
    .replaceAll(' ', '-')
    .replace(/\{.*?\}/g, '-')
    .replace(/^-/, '')
    .replace(/-$/, '')
    .replace(/[{}(),.'\n/?#]/g, '')
    .replaceAll('--', '-')
    .toLowerCase();
}

/**
 * Slug of an operation without a summary, from its method and path with the separators removed,
 * as the platform names it: `GET /services/metadata/api/v1/addresses` →
 * `get-servicesmetadataapiv1addresses` (its operationId plays no part).
 */
export function operationPathSlug(method: string, path: string): string {
  return `${method.toLowerCase()}-${titleSlug(path)}`;
}

/**
 * Title of a generated page that has no summary, from the last segment of its URL as the platform
 * makes it: hyphens and underscores become spaces, the first letter upper case
 * (`get-servicesmetadataapiv1addresses` → `Get servicesmetadataapiv1addresses`).
 */
export function titleFromSlug(href: string): string {
  const words = (href.split('/').at(-1) ?? '').replace(/[-_]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Slug of an identifier or `METHOD /path`: every run of non-alphanumerics becomes one hyphen. */
export function identifierSlug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/** Hands out unique slugs: the second `x` becomes `x-1`, the third `x-2` (github-slugger's convention). */
export function createSlugDeduper(): (base: string) => string {
  const used = new Set<string>();
  return (base) => {
    let candidate = base;
    for (let n = 1; used.has(candidate); n++) candidate = `${base}-${n}`;
    used.add(candidate);
    return candidate;
  };
}

/** `/<directory>/<slug>` with single slashes; directory defaults to `api-reference`. */
export function joinHref(directory: string | undefined, slug: string): string {
  const dir = (directory ?? 'api-reference').replace(/^\/+|\/+$/g, '');
  return `/${[dir, slug].filter(Boolean).join('/')}`;
}
