/**
 * Pagefind's hits → what the search dialog lists: one entry per page (title, the labels of its
 * product / version / language / tab, an excerpt of its text before the first heading when that
 * is where the words are) and under it the sections whose text matched, each with its heading
 * and an excerpt. Excerpts come from Pagefind already escaped, with `<mark>` around the matches.
 */

/** The section id the build gives a page's frontmatter `keywords` (site-build/search-document.ts): they find the page, they are never shown. */
export const KEYWORDS_ANCHOR = 'folio-search-keywords';

/** The Pagefind filters the build writes for a page's place in the site, in the order they are shown. */
const LABEL_FILTERS = ['folio_product', 'folio_version', 'folio_language', 'folio_tab'];

export interface PagefindSubResult {
  title: string;
  url: string;
  excerpt: string;
  anchor?: { id?: string; element?: string };
}

export interface PagefindData {
  url: string;
  excerpt: string;
  /** The page's indexed text; `locations` and anchors index its words. */
  content?: string;
  /** Where the query's words matched: indexes of the words of `content` (split on white space). */
  locations?: number[];
  meta: { title?: string; folio_delta?: string };
  filters?: Record<string, string[]>;
  sub_results?: PagefindSubResult[];
  anchors?: { id?: string; location: number }[];
}

export interface SectionHit {
  url: string;
  title: string;
  excerpt: string;
}

export interface PageHit {
  url: string;
  title: string;
  labels: string[];
  /** HTML (escaped text and `<mark>`); empty when the words are only in sections. */
  excerpt: string;
  sections: SectionHit[];
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'" };
const plain = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&(amp|lt|gt|quot|#39|#x27);/g, (e) => ENTITIES[e]!);
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const words = (text: string) => text.split(/\s+/).filter(Boolean);
const sameWord = (a: string, b: string) => a.replace(/[.:]$/, '').toLowerCase() === b.replace(/[.:]$/, '').toLowerCase();

/**
 * An excerpt without the heading it starts with: Pagefind's excerpt of a section begins with the
 * heading's words ("Events. The event name…") and the dialog shows the heading above it already.
 */
export function withoutHeading(excerpt: string, heading: string): string {
  const lead = words(heading);
  const tokens = excerpt.split(' ');
  if (lead.length === 0 || tokens.length <= lead.length) return excerpt;
  const starts = lead.every((w, i) => sameWord(plain(tokens[i]!), w));
  return starts ? tokens.slice(lead.length).join(' ') : excerpt;
}

/**
 * The first `length` words of a page's text after its title and before its keywords, escaped:
 * the excerpt of a page found by its frontmatter `keywords` alone, whose matches are not shown.
 */
export function leadingText(data: PagefindData, title: string, length = 24): string {
  const all = words(data.content ?? '');
  const keywordsAt = data.anchors?.find((a) => a.id === KEYWORDS_ANCHOR)?.location ?? all.length;
  const lead = words(title);
  const from = lead.length > 0 && lead.every((w, i) => sameWord(all[i] ?? '', w)) ? lead.length : 0;
  const text = all.slice(from, Math.min(keywordsAt, from + length));
  return escapeHtml(text.join(' ')) + (from + length < keywordsAt ? ' …' : '');
}

/**
 * The label filters worth showing on these hits. A page's language says nothing while every hit
 * has the same one, which is the rule: Pagefind searches the index of the page's own `<html lang>`.
 */
export function shownLabels(hits: PagefindData[]): string[] {
  const languages = new Set(hits.map((d) => d.filters?.folio_language?.[0]));
  return languages.size > 1 ? LABEL_FILTERS : LABEL_FILTERS.filter((key) => key !== 'folio_language');
}

/** One page's entry: its labels, its own excerpt when the match is before the first heading, and up to `maxSections` sections. */
export function pageHit(data: PagefindData, { maxSections = 3, labels: keys = LABEL_FILTERS } = {}): PageHit {
  const title = data.meta.title || data.url;
  const labels = keys.flatMap((key) => data.filters?.[key]?.slice(0, 1) ?? []);
  const subs = (data.sub_results ?? []).filter((s) => s.anchor?.id !== KEYWORDS_ANCHOR);
  const top = subs.find((s) => !s.anchor);
  const sections = subs
    .filter((s) => s.anchor)
    .slice(0, maxSections)
    .map((s) => ({ url: s.url, title: s.title, excerpt: withoutHeading(s.excerpt, s.title) }));
  const excerpt = top ? withoutHeading(top.excerpt, title) : sections.length > 0 ? '' : leadingText(data, title);
  return { url: data.url, title, labels, excerpt, sections };
}

/**
 * The relevance threshold: the share of a query word the word it matched must begin with. Pagefind
 * finds a word of the query, a longer one it begins (the reader still typing) or one of the same
 * stem; and when none is in the index, the longest prefix that is (its pull request 315):
 * `nonexistent` then finds every "None", `orchid` every "or". Measured on the polar corpus (40
 * queries), a stem kept more than half of the query word where the page had no closer form
 * ("installation" → "Install" 58 %, "policies" → "policy" 63 %), a substituted prefix at most half
 * ("docker" → "docs" 50 %, "nonexistent" → "None" 36 %, "orchid" → "or" 33 %).
 */
export const RELEVANT_SHARE = 0.55;

/** Scripts written without spaces: Pagefind segments them itself, and its match is taken as it is. */
const UNSPACED = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}]/u;
/** Lower case, accents off, letters and digits only: `checkout.created.` → `checkout`, `created`. */
const tokens = (text: string) => text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** Whether a matched word stands for a query word: begins with it, or shares enough of its start (a stem). */
function stands(word: string, term: string): boolean {
  if (word.startsWith(term)) return true;
  let same = 0;
  while (same < word.length && word[same] === term[same]) same++;
  return same >= Math.max(3, Math.ceil(term.length * RELEVANT_SHARE));
}

/**
 * Whether a hit is relevant to `query`: some word of the query matched in it as itself, a word it
 * begins or its stem, not only as a shorter prefix Pagefind put in its place (`RELEVANT_SHARE`). A
 * search whose hits are all below that found nothing: the dialog does not list them, and analytics
 * counts it as a search without results. A hit without locations is taken as relevant.
 */
export function isRelevant(data: PagefindData, query: string): boolean {
  const terms = tokens(query);
  if (!data.locations || terms.length === 0 || terms.some((t) => UNSPACED.test(t))) return true;
  const all = words(data.content ?? '');
  const matched = new Set(data.locations.flatMap((at) => tokens(all[at] ?? '')));
  return terms.some((term) => [...matched].some((word) => stands(word, term)));
}
