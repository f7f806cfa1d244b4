/** ASCII punctuation a URL segment drops; `-` and `_` stay, and letters beyond ASCII (`é`, `—`) too. */
const ASCII_PUNCTUATION = /[!-,./:-@[-^`{-~]/g;

/**
 * Slug of a human title (an operation summary, a tag) as the platform spells generated URLs:
 * lower case, ASCII punctuation dropped, each space a hyphen, and a word that was only hyphens
 * dropped, so `Client API - Display` is `client-api--display` and `Job status (SSE)` is
 * `job-status-sse`. Unlike heading anchors, non-ASCII punctuation stays (`a — b` → `a-—-b`).
 */
export function titleSlug(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .split(/\s/)
    .map((word) => word.replace(ASCII_PUNCTUATION, '').replace(/^-+$/, ''))
    .join('-');
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
