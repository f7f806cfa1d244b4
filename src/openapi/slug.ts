import { slug as githubSlug } from 'github-slugger';

/** Slug of a human title, as heading anchors and existing generated URLs spell it. */
export function titleSlug(text: string): string {
  return githubSlug(text.trim());
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
