/**
 * How frontmatter tunes a page in search, as Pagefind reads it from the page's HTML:
 * `keywords` (words that should find the page but are not in its text) go in a hidden element
 * weighted like the title, and `boost` (a number, >1 raises, <1 lowers) scales the weight of the
 * title and the keywords. The build and `folio dev` index the same markup.
 */

/** Pagefind's weights run from 0 to 10; the title's default is 7. */
const TITLE_WEIGHT = 7;

/** `keywords` frontmatter as a list of strings (a list, or one comma-separated string). */
export function searchKeywords(frontmatter: Record<string, unknown>): string[] {
  const value = frontmatter.keywords;
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return list.filter((k): k is string | number => typeof k === 'string' || typeof k === 'number').map((k) => String(k).trim()).filter(Boolean);
}

/** `boost` frontmatter as a positive number, or undefined. */
export function searchBoost(frontmatter: Record<string, unknown>): number | undefined {
  const n = typeof frontmatter.boost === 'number' ? frontmatter.boost : typeof frontmatter.boost === 'string' ? Number(frontmatter.boost) : NaN;
  return Number.isFinite(n) && n > 0 ? n : undefined;
}

/** The Pagefind weight of the title and keywords for a page boosted by `boost` (as a string attribute value). */
export function searchWeight(boost: number | undefined): string {
  return String(Math.round(Math.min(10, Math.max(0.1, TITLE_WEIGHT * (boost ?? 1))) * 10) / 10);
}

/** `false` frontmatter `searchable` keeps a page out of search (not out of the sitemap). */
export function isUnsearchable(frontmatter: Record<string, unknown>): boolean {
  return frontmatter.searchable === false || frontmatter.searchable === 'false';
}
