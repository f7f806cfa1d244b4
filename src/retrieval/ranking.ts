/**
 * Every input of retrieval's ranking, in one place. MiniSearch scores each section with BM25+ per
 * field, multiplied by the field's boost and, for a term found by prefix or typo, by its weight;
 * `SectionIndex` then multiplies a page's weight (`boost`, less for API reference) and, on a search
 * naming no version, less for other versions than the default. Words are stemmed per language
 * (`termProcessor`); only a question's last word (maybe still being typed) also matches by prefix; a
 * typo match covers misspellings of longer words; long sections are indexed in windows
 * (`CHUNK_WORDS` in `section-index.ts`).
 * Chosen on `npm run eval:search`: 68 questions on mintlify-docs (the set the boosts below were tuned
 * on), then 50 on nango and 44 on prefect written by another hand without seeing the ranking.
 * Recall@1 / @5 before → after stemming, last-word prefix and windows: mintlify-docs 64.7 / 94.1 →
 * 60.3 / 94.1 %, nango 56.0 / 86.0 → 68.0 / 86.0 %, prefect 43.2 / 65.9 → 50.0 / 72.7 %. Those two
 * sets then picked among six variants, so they are no longer unseen. The older figures: title 2–4,
 * heading 1.5–2.5, prefix 0.2–0.5 moved mintlify-docs recall@5 between 89.7 and 94.1 %; the coverage
 * factor is what counted there (recall@1 54 → 63 %).
 * Since: section-level proximity (`PROXIMITY`), and four held-out sets (`eval/heldout-*`, pipecat,
 * fastmcp, lago and formbricks, 120 questions) that no constant here was chosen on, but
 * `OTHER_VERSION_WEIGHT` and `CHANGELOG_WEIGHT`, which only the first three measured (see each).
 */
import { createRequire } from 'node:module';
import type { SearchOptions } from 'minisearch';

/** The fields each section is indexed by, and how much a match in each counts. */
export const FIELD_BOOSTS = {
  /** The page's title (every section of the page carries it). */
  title: 3,
  /** The section's heading, with the headings above it. */
  heading: 2.5,
  /** Frontmatter `keywords`, the description, and an endpoint page's method and path. */
  keywords: 1.8,
  /** The section's text. */
  body: 1,
} as const;

export type RetrievalField = keyof typeof FIELD_BOOSTS;

/** Prefix matches (the last word only) from the third letter on; typo matches (one edit in five letters) from the fifth. */
export const PREFIX_MIN_LENGTH = 3;

export const FUZZY_MIN_LENGTH = 5;
export const FUZZY_FRACTION = 0.2;
/**
 * At most two edits, however long the word (as search engines' typo tolerance does): a word of 25
 * letters would otherwise be matched up to five edits away, a walk of the whole term tree that
 * cost a question tens of milliseconds for an identifier no page holds.
 */
export const FUZZY_MAX_EDITS = 2;
/** How much a prefix or typo match counts against an exact one. */
export const MATCH_WEIGHTS = { prefix: 0.5, fuzzy: 0.3 } as const;

/**
 * A section matching few of the question's words loses most of its score: it is multiplied by
 * (words matched / words asked) to this power. BM25 sums per word, so one rare word matched
 * often ("page" in a page titled "Pages") otherwise outranks a section that matches them all.
 */
export const COVERAGE_POWER = 2;

/**
 * A page generated from an API operation (or written for one, `api:`, or with `openapi:` frontmatter)
 * against a guide: reference pages repeat a product's words in every field and parameter, so on a
 * tie of words the guide that explains them comes first. A question naming the operation still finds
 * it (its method and path are indexed, and its title and fields carry the words). 0.75 before
 * endpoint pages with `openapi:` frontmatter were recognised: at 0.75 mintlify-docs lost one question
 * from its first five ("trigger a deployment from my CI with the API"), at 0.9 none.
 */
export const REFERENCE_WEIGHT = 0.9;

/**
 * A page in a reference folder (`/api-reference/`, `/reference/`, `/api-ref/`, `/sdk-reference/`):
 * generated SDK and CLI reference repeats every word of a product (prefect: 707 of its 907 pages),
 * so a guide sharing the words comes first. Measured with `FEEDBACK` on (recall@1 / @5):
 * mintlify-docs 60.3 / 94.1 → 60.3 / 94.1 %, nango 70.0 / 90.0 → 72.0 / 90.0 %, prefect 52.3 / 72.7 →
 * 54.5 / 72.7 %; with endpoint pages read from their Markdown at `REFERENCE_WEIGHT` 0.9 too.
 */
export const REFERENCE_FOLDER_WEIGHT = 0.75;

export const REFERENCE_FOLDER = /(^|\/)(api-?ref(erence)?s?|references?|sdk-?ref(erence)?)(\/|$)/i;

/**
 * Pseudo-relevance feedback: a reader's symptom ("when my cache is full which keys go first")
 * rarely uses the product's own term ("eviction"), but the first results of it do. The `words`
 * strongest words of the first `pages` pages' best sections (`Partition.expansion`) are added to the
 * question, each counting up to `weight` of a question's word; they re-score the sections the
 * question already reached (a section matching only added words is not brought in). Measured on
 * `npm run eval:search` (recall@1 / @5, before → after): mintlify-docs 60.3 / 94.1 → 60.3 / 94.1 %,
 * nango 68.0 / 86.0 → 70.0 / 90.0 %, prefect 50.0 / 72.7 → 52.3 / 72.7 %. 3 or 10 pages, 10 words,
 * weight 0.15 or 0.5, or keeping only words found in two pages each cost mintlify-docs a question or two.
 * A word held by more than `maxShare` of the sections is not added: on bench:search's generated site
 * (a small vocabulary, each word in ~10,000 of 15,000 sections) each distinct question added five such
 * words, each a list of 10,000 sections worked out anew, and together past the kept results' bound
 * (`KEPT_TERM_ENTRIES`), so every question worked its words out again: 80 ms CPU at the median
 * (autocannon's distinct queries, in-process), 3 ms with the cap. It changes no eval answer at 0.2
 * (0.1: tuned 150 / 213, held-out 57 / 89 of 120; 0.05: 151 / 212 (58 / 90); none is chosen for that).
 */
export const FEEDBACK = { pages: 5, words: 5, weight: 0.3, maxShare: 0.2 } as const;

/**
 * Section-level proximity: BM25 scores a section by how often and how rarely it holds the question's
 * words, not by whether they stand together, so a section that says "evict keys" and one that says
 * "evict" at its top and "keys" 150 words later tie. The first `sections` sections (after feedback)
 * keep their score times (1 + `weight` × closeness), closeness being (words found / words asked) ×
 * (words found / length of the shortest run of the section's words holding them all): 1 for the
 * whole question side by side, 0 for fewer than two of its words (`Partition.proximity`). A reordering
 * of the first few: a section further down is not brought up.
 * Measured on `npm run eval:search` (questions answered first / in the first five, sum over the
 * five tuned sets of 252 questions; the two held-out sets of 60 in brackets, never tuned on):
 * without 149 / 212 (31 / 48); weight 0.3: 147 / 212 (32 / 49); 0.5: 149 / 213 (32 / 49); 1: 150 / 211
 * (32 / 49; nango -2 in the first five); 0.5 over 60 sections: as over 30.
 */
export const PROXIMITY = { weight: 0.5, sections: 30 } as const;

/*
 * Tried beside proximity and not kept (same sums, tuned first / top 5 of 252, held-out of 60 in
 * brackets; without any: 149 / 212 (31 / 48)):
 * - Reference pages (endpoint or reference folder) ×0.5 more for a question of four words or more
 *   naming no identifier (a how-to or symptom, not a lookup): 148 / 211 (33 / 48); ×0.8 on top of
 *   proximity: 147 / 211 (34 / 49). mintlify-docs and trigger-dev each lost a question's first five.
 * - Preferring the product the results point to: pages outside the product (else tab) holding half or
 *   more of the first ten pages' score ×0.8: 149 / 212 (30 / 48; pipecat lost one first place).
 * - A vocabulary bridge from the site's own links: the text of every link to a page from the others
 *   indexed as a field of that page (anchor text), boost 1: 144 / 207 (34 / 47); boost 2: 142 / 209
 *   (34 / 47); with five words either side of each link: 137 / 209 (34 / 49). Held-out first places
 *   gained, the tuned sets (nango most: 36 → 33, 30 and 28 first) lost more.
 * - Generated pages told by their template: a page whose set of three or more headings eight pages or
 *   more share (nango's integration pages, prefect's and runpod's REST endpoints) ×0.8, on top of
 *   proximity: 146 / 212 (32 / 49). The integration page is often the answer ("connect lemlist").
 */

/*
 * Tried with a third held-out set (lago, 30 questions; tuned first / top 5 of 252, held-out of 90 in
 * brackets; at the time 149 / 213 (42 / 67) without the changelog weight) and not kept:
 * - Field boosts: title 2: 145 / 213 (40 / 66); title 4: 149 / 210 (43 / 66); heading 1.5: 147 / 215
 *   (43 / 65); heading 3.5: 144 / 209 (44 / 65); keywords 1: 149 / 211 (41 / 66); keywords 3: 144 / 209
 *   (43 / 65).
 * - `COVERAGE_POWER` 1.5: 145 / 209 (44 / 67); 3: 147 / 214 (40 / 65).
 * - A page scored as its best section plus 0.2 of its next two (or four) sections, 0.4 of the next two:
 *   146 / 211 (43 / 67), 144 / 210 (43 / 68), 145 / 209 (43 / 68); nango lost the most (36 → 33 first).
 * - Hub pages (a path ending `index`, `overview` or `introduction`) ×0.8: 149 / 213 (42 / 67), runpod -1
 *   and trigger-dev +1 first.
 * - Feedback words from the first pages' titles and headings only: 148 / 208 (41 / 65); with weight 0.5:
 *   146 / 209 (41 / 65).
 */

/*
 * Tried with a fourth held-out set (formbricks, 30 questions; tuned first / top 5 of 252, held-out of
 * 120 in brackets; without any: 149 / 213 (57 / 90)) and not kept, none clearly better on the tuned sets:
 * - API reference (an endpoint page or a reference folder) ×0.5 for a question naming no API word (api,
 *   endpoint, request, response, payload, parameter, json, schema, sdk, curl, http, rest, graphql), no
 *   method in capitals and no identifier (camelCase, snake_case, a slash): 148 / 214 (58 / 90); ×0.7: the
 *   same (nango -1 first, prefect +1 in the first five, pipecat +1 first).
 * - A vocabulary bridge from the site's headings: for each question word, the title and heading words
 *   of its 100 best sections, each by log(lift) × share (lift: its share of those sections against its
 *   share of all), the best 3 added to feedback's words (up to 0.3 of a question's word): 149 / 214
 *   (57 / 89); 200 sections, 5 words, each in 3 sections at least: 149 / 213 (56 / 90).
 * - Coverage as the share of the question's IDF matched (squared) instead of the share of its words:
 *   145 / 215 (59 / 89; nango -3 first); the mean of both shares: 147 / 214 (55 / 91).
 * - Product affinity: when one product (else tab) holds half the first ten pages' score or more, the
 *   other products' sections ×0.9: 149 / 211 (55 / 90); ×0.8 with the reference ×0.7 above: 148 / 213
 *   (58 / 90).
 */

/**
 * A page of another version than the site's default one, when the search names no version: readers
 * land on the current docs unless they ask for an older release (the filter then keeps only it).
 * Measured on `npm run eval:search` with `CHANGELOG_WEIGHT` (first / top 5; tuned of 252, held-out of 90
 * in brackets): 0.5: 149 / 213 (43 / 68); 0.3: 149 / 213 (44 / 70); 0.2: 149 / 213 (44 / 71). No tuned
 * set is versioned, so only fastmcp (held out) measured it, and 0.3 was taken over 0.2 (one question
 * more) to choose as little as possible on it: fastmcp is no longer unseen for this constant. At 0.5 an
 * older release's page came first where it held the words a little better (fastmcp `/v2/servers/progress`).
 */
export const OTHER_VERSION_WEIGHT = 0.3;

/**
 * A changelog or release-notes page (`CHANGELOG_PAGE`, by its path or title), when the question does
 * not ask about changes (`ASKS_CHANGES`): such pages name every feature of a product once a release,
 * so they share a how-to question's words without explaining them (trigger-dev's `/ai-chat/changelog`,
 * nango's `/updates/changelog`, runpod's `/release-notes` among the first three of misses). Measured
 * on `npm run eval:search` (first / top 5; tuned sets of 252, held-out of 90 in brackets): without
 * 149 / 213 (42 / 67); ×0.5: 149 / 213 (43 / 68, lago +1 / +1); ×0.3: the same as ×0.5.
 */
export const CHANGELOG_WEIGHT = 0.5;

/**
 * A folder or page named as a changelog (singular: mintlify-docs' `/create/changelogs` is a guide to
 * writing one), or a title that is only that name ("Changelog", "Release notes: 2025", "What's new in
 * FastMCP 4"; not "Changelog generator using Claude").
 */
export const CHANGELOG_PAGE = {
  path: /(^|\/)(change-?log|release-?notes|releases|whats-new|what-s-new)(\/|$)/i,
  title: /^\s*(change ?log|release notes|what's new)(\s*[:(\u2013-].*|\s+in\s.*)?\s*$/i,
};

/** A question about changes: it names a changelog, a release or a version number. */
export const ASKS_CHANGES = /\b(change ?logs?|changed|changes|releases?|released|release notes|what's new|whats new)\b|\bv?\d+\.\d+/i;

/**
 * A question asked from a page (the assistant's `currentPath`, an MCP client's `page`) prefers that
 * page's product (or tab) and language: a page elsewhere keeps this much of its score, so a
 * neighbouring product's tutorial sharing the words comes after the reader's own product's page
 * unless it matches clearly better. A version the reader is on counts as `OTHER_VERSION_WEIGHT`.
 * Not tuned: no eval set records the page a question was asked from.
 */
export const PLACE_WEIGHTS = { otherProduct: 0.7, otherLanguage: 0.5 } as const;

/**
 * Scores leave retrieval as a relevance from 0 to 1: raw / (raw + `SCORE_HALF`), the raw score
 * being BM25+ with the boosts and coverage, per word of the question. On mintlify-docs, the
 * first result of the eval's questions scores raw 4.5 at least, 23 at the tenth percentile, 99 at
 * the median (relevance 0.31, 0.70, 0.91); questions the docs do not answer ("recipe for
 * lasagna", "kubernetes pod eviction policy") 0.1–3.4 (relevance ≤ 0.26), one 13.8 (0.58).
 */
export const SCORE_HALF = 10;

/**
 * Below this many sections a collection cannot tell a rare word from a common one: BM25's IDF of a
 * word found in one section of N is ln(1 + (N - 0.5) / 1.5), 0.29 with one section and 4.9 with 200,
 * so a small site's (or a small translation's) best answer scored under the relevance a large
 * site's gets, and its readers were told the docs had nothing.
 */
export const SMALL_COLLECTION = 200;

/**
 * What a score of a collection of `sections` is multiplied by: the ratio of the rarest word's IDF at
 * `SMALL_COLLECTION` sections to its IDF at this size (1 from that size on). The same factor for every
 * section of a collection, so its order is unchanged; only its relevance is read as a larger site's.
 */
export function smallCollectionScale(sections: number): number {
  if (sections >= SMALL_COLLECTION) return 1;
  const rarest = (n: number) => Math.log(1 + (Math.max(1, n) - 0.5) / 1.5);
  return rarest(SMALL_COLLECTION) / rarest(sections);
}

/** A raw score as a relevance from 0 to 1. */
export function relevance(raw: number): number {
  return raw / (raw + SCORE_HALF);
}

/**
 * BM25+ as MiniSearch documents it: term saturation `k`, length normalisation `b`, floor `d`.
 * Tried on all five eval sets (questions answered first / in the first five, sum over the sets, of
 * 149 / 212 at these values): k 0.9 → 147 / 210, k 1.6 → unchanged, b 0.5 → 147 / 211 (prefect +1 @5,
 * mintlify-docs -2 @5), b 0.9 → 146 / 212. Also tried and not kept: a bonus for the share of the
 * question's words in the page title (×(1 + 0.3 share): 148 / 212, mintlify-docs +1, prefect and
 * runpod -1 @1; ×(1 + share): 145 / 210).
 */
export const BM25 = { k: 1.2, b: 0.7, d: 0.5 } as const;

/**
 * Words too common in questions to tell pages apart ("how do I ..."): dropped from sections and
 * queries alike. Small on purpose: "not", "without", "new", "all" can carry meaning in docs.
 */
export const STOP_WORDS = new Set(
  ('a an and are as at be been but by can could do does did for from how i if in into is it its me my of on or our so than that the their them then there these this those to was we were what when where which who why will with would you your ' +
    "i'm i've it's can't don't want need should let us any some").split(' '),
);

/** Words of text: letters, digits and `_`, lowercased; dots and dashes split (`api.baseUrl` → `api`, `baseurl`). */
export function tokenize(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}_']+/gu) ?? [];
}

/** A word as indexed and searched: stop words and one-letter words dropped, apostrophes taken off the ends. */
export function processTerm(term: string): string | null {
  const t = term.replace(/^'+|'+$/g, '');
  if (t.length < 2 || STOP_WORDS.has(t)) return null;
  return t;
}

/**
 * Snowball stemmers (`@orama/stemmers`) by a language code's primary subtag: a reader asks "evicted
 * keys" of a page on "eviction", "retrying" of one on "retries". Both the indexed words and the
 * question's are stemmed, so a prefix match still finds longer forms. Pages under no language are
 * taken as English; a language without a stemmer (Chinese, Japanese, Korean...) keeps its words.
 */
const STEMMERS: Record<string, string> = {
  en: 'english', fr: 'french', de: 'german', es: 'spanish', pt: 'portuguese', it: 'italian', nl: 'dutch',
  ru: 'russian', uk: 'ukrainian', sv: 'swedish', no: 'norwegian', nb: 'norwegian', da: 'danish', fi: 'finnish',
  tr: 'turkish', ro: 'romanian', hu: 'hungarian', id: 'indonesian', ar: 'arabic', el: 'greek', lt: 'lithuanian',
  ga: 'irish', sr: 'serbian', bg: 'bulgarian', ta: 'tamil', ne: 'nepali', hy: 'armenian',
};

const load = createRequire(import.meta.url);
const stemmers = new Map<string, ((word: string) => string) | null>();

/** The stemmer of a language code ('' is English), or null; each language's module loaded on first use. */
export function stemmerOf(language: string): ((word: string) => string) | null {
  const primary = (language || 'en').toLowerCase().split(/[-_]/)[0]!;
  if (!stemmers.has(primary)) {
    const name = STEMMERS[primary];
    stemmers.set(primary, name ? (load(`@orama/stemmers/${name}`) as { stemmer: (word: string) => string }).stemmer : null);
  }
  return stemmers.get(primary)!;
}

/**
 * How one language's words are indexed and asked. A question's word is its stem; a page's word is
 * indexed as its stem and, when that differs, also as written, so a misspelt word no page uses is
 * still matched against the words as they are spelt ("navigaton" is one edit from "navigation",
 * four from its stem "navig"). Words with digits or `_` (identifiers, versions) are kept as written.
 */
export interface TermProcessing {
  /** For `MiniSearch`'s indexing: the stem, or the stem and the word. */
  index(term: string): string | string[] | null;
  /** For a question's words: the stem. */
  query(term: string): string | null;
}

export function termProcessor(language: string): TermProcessing {
  const stem = stemmerOf(language);
  if (!stem) return { index: processTerm, query: processTerm };
  const query = (term: string) => {
    const t = processTerm(term);
    return t === null || /[\d_]/.test(t) ? t : stem(t) || t;
  };
  return {
    query,
    index: (term) => {
      const t = processTerm(term);
      if (t === null) return null;
      const s = query(t)!;
      return s === t ? t : [s, t];
    },
  };
}

/** The search options of every query (filters and limits aside). */
export const SEARCH_OPTIONS: SearchOptions = {
  boost: { ...FIELD_BOOSTS },
  fuzzy: (term) => (term.length >= FUZZY_MIN_LENGTH ? FUZZY_FRACTION : false),
  maxFuzzy: FUZZY_MAX_EDITS,
  weights: { ...MATCH_WEIGHTS },
  bm25: { ...BM25 },
  combineWith: 'OR',
};

