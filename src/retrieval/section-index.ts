/**
 * `SectionIndex`: full-text search over a site's sections (MiniSearch, ranking in `ranking.ts`),
 * built from the `RetrievalFile` a build writes. Each result is a section with its page's path,
 * title, the section's anchor, an excerpt and the score; filters narrow to a version, language or
 * group. Pages can be added, replaced and removed one at a time (`folio dev`, a page edit).
 */
import MiniSearch from 'minisearch';
import { ASKS_CHANGES, CHANGELOG_PAGE, CHANGELOG_WEIGHT, COVERAGE_POWER, FEEDBACK, PROXIMITY, OTHER_VERSION_WEIGHT, PLACE_WEIGHTS, REFERENCE_FOLDER, REFERENCE_FOLDER_WEIGHT, PREFIX_MIN_LENGTH, processTerm, REFERENCE_WEIGHT, relevance, termProcessor, type TermProcessing, SEARCH_OPTIONS, smallCollectionScale, tokenize, type RetrievalField } from './ranking.js';
import type { AssistantSiteSettings, PageOperation, RetrievalFile, RetrievalPage } from './types.js';

/** Narrow a search to pages of one version, language, product, sidebar group or frontmatter `tag` (case-insensitive). */
export interface SearchFilters {
  version?: string;
  language?: string;
  group?: string;
  product?: string;
  tag?: string;
}

/**
 * Where a reader is (the page a question was asked from): a search prefers pages of the same
 * product, version and language without leaving the others out (`PLACE_WEIGHTS`). `product` is
 * the page's product, else its tab (`RetrievalPage.tab`), where a site without products keeps them.
 */
export interface SearchPlace {
  product?: string;
  version?: string;
  language?: string;
}

export interface SectionSearchOptions {
  /** Most results (default 10). */
  limit?: number;
  /** Leave out results scoring below this (0 to 1, see `SectionHit.score`). */
  scoreThreshold?: number;
  filters?: SearchFilters;
  /** One result per page (its best section), as a reader's result list wants; default false. */
  perPage?: boolean;
  /** The reader's place: pages elsewhere rank lower (a filter, when given, decides instead). */
  prefer?: SearchPlace;
}

export interface SectionHit {
  /** Site path of the page (`/guides/intro`). */
  path: string;
  title: string;
  /** The section's anchor id ('' for the top of the page). */
  anchor: string;
  /** The section's heading ('' for the top of the page). */
  heading: string;
  excerpt: string;
  /** Relevance from 0 to 1 (`ranking.ts`, `relevance`): ~0.3 and below is rarely an answer. */
  score: number;
  operation?: PageOperation;
}

type IndexedDoc = { id: number } & Record<RetrievalField, string>;

const FIELDS: readonly RetrievalField[] = ['title', 'heading', 'keywords', 'body'];

interface Stored {
  page: RetrievalPage;
  section: number;
  /** Which window of a long section's words (`CHUNK_WORDS`); 0 for most. */
  chunk: number;
}

const EXCERPT_CHARS = 220;

/** A word added to a question (an indexed stem) and how much its matches count against the question's own words. */
interface Expansion {
  term: string;
  weight: number;
}

/** A section that matched some of a query's words, and its MiniSearch score. */
interface Candidate {
  partition: Partition;
  id: number;
  score: number;
  /** How many of the query's words it matched. */
  matched: number;
}

/**
 * A partition's scored sections for one query, as arrays: a broad question reaches most sections
 * (thousands), and only the best few ever become `Candidate`s.
 */
interface Scored {
  partition: Partition;
  ids: Int32Array;
  scores: Float64Array;
  matched: Uint16Array;
  length: number;
}

/** One query word's scored sections (MiniSearch's scores for that word alone) and the indexed words each matched. */
interface TermResults {
  ids: Int32Array;
  scores: Float64Array;
  matched: (readonly string[])[];
}

/**
 * Sections kept over all words' results of one language: an id, a score and a shared list of matched
 * words, ~25 bytes each, so ~2.5 MB per language searched (a broad word of a 1,000-page site is ~7,000).
 */
const KEPT_TERM_ENTRIES = 100_000;

/**
 * The sections of one language's pages, indexed on first use. One index per language: a reader's
 * question is in one language, so IDF is that language's and a search scores only its sections
 * (mintlify-docs, 4 languages: 2.0 ms a question in its English index, 13 ms in one index of all
 * four with a filter), and a server indexes only the languages readers ask in.
 */
class Partition {
  /** `processTerm` with this language's stemmer, for its pages and its questions alike. */
  private readonly term: TermProcessing;
  constructor(language: string) {
    this.term = termProcessor(language);
  }
  readonly pages = new Map<string, RetrievalPage>();
  private index: MiniSearch<IndexedDoc> | null = null;
  /** Every term indexed since the index was made (terms of removed sections stay until it is made again). */
  private readonly vocabulary = new Set<string>();
  /** How many sections (indexed documents) hold each term, per field (`FIELDS` order): feedback's rarity of a word. */
  private readonly sectionsWith = new Map<string, number[]>();
  /** While one section is added to or removed from the index: the terms each of its fields gave. */
  private termsOfDoc: Set<string>[] | null = null;
  private readonly stored = new Map<number, Stored>();
  private readonly idsOf = new Map<string, number[]>();
  private nextId = 0;
  /**
   * By section id, what its page's place weight depends on when the reader's place is not given:
   * `OTHER_VERSION` and `CHANGELOG` bits. A broad question weighs every section of the site (15,000
   * on a generated 1,000-page site): a byte read here instead of two map lookups and a closure each.
   */
  private flags = new Uint8Array(0);
  /** Per-query positions by section id, plus one (zero between queries). */
  private positions = new Int32Array(0);
  /** Sections held now (what BM25 counts as the collection). */
  get sections(): number {
    return this.stored.size;
  }
  /** Each query word's scored sections, most recently used last; emptied on any page change. */
  private readonly termResults = new Map<string, TermResults>();
  private termEntries = 0;
  /**
   * One query's buffers, made again only when the sections outgrow them: the ids it reached, its
   * scored sections (`search`'s answer, valid until the next query) and their factors. A broad
   * question reaches every section, and new arrays of that size each question were garbage.
   */
  private touched = new Int32Array(0);
  private found: Scored = { partition: this, ids: new Int32Array(0), scores: new Float64Array(0), matched: new Uint16Array(0), length: 0 };
  private factors = new Float64Array(0);
  /** The last query's factor buffer (as long as its scored sections, at least). */
  get factorBuffer(): Float64Array {
    return this.factors;
  }
  /** Per-query sums and counts by section id (zero between queries). */
  private sums = new Float64Array(0);
  private counts = new Uint16Array(0);
  /** The same list of matched words is kept once, whichever sections share it. */
  private readonly matchedLists = new Map<string, readonly string[]>();

  /** While the index is being made: the pages not yet added to it, and how far `pending` is done. */
  private pending: string[] | null = null;
  private pendingAt = 0;
  private making: Promise<void> | null = null;

  put(page: RetrievalPage): void {
    this.remove(page.href);
    this.pages.set(page.href, page);
    this.forgetTerms();
    if (this.index) this.addDocs(this.documentsOf(page));
  }

  /**
   * Index sections one at a time, counting the sections each term is in (`sectionsWith`) from the
   * terms MiniSearch's `processTerm` hands over for that section: public API only.
   */
  private addDocs(docs: readonly IndexedDoc[]): void {
    for (const doc of docs) {
      this.termsOfDoc = FIELDS.map(() => new Set());
      try {
        this.index!.add(doc);
      } finally {
        this.count(this.termsOfDoc, 1);
      }
    }
  }

  private removeDoc(doc: IndexedDoc): void {
    this.termsOfDoc = FIELDS.map(() => new Set());
    try {
      this.index!.remove(doc);
    } finally {
      this.count(this.termsOfDoc, -1);
    }
  }

  private count(terms: Set<string>[], by: 1 | -1): void {
    this.termsOfDoc = null;
    terms.forEach((set, f) => {
      for (const t of set) {
        let counts = this.sectionsWith.get(t);
        if (!counts) this.sectionsWith.set(t, (counts = FIELDS.map(() => 0)));
        counts[f] = Math.max(0, counts[f]! + by);
        if (by < 0 && counts.every((n) => n === 0)) this.sectionsWith.delete(t);
      }
    });
  }

  /** Sections holding `term` (an indexed stem or word), in the field that holds it most often. */
  sectionsHolding(term: string): number {
    return Math.max(0, ...(this.sectionsWith.get(term) ?? []));
  }

  /**
   * Make the index (once) a slice at a time, giving the thread back between slices: a first
   * question on a large site (50,000 pages: minutes of indexing) must not hold every other
   * request of the server. Pages put or removed meanwhile go straight into the index being made.
   */
  prepare(): Promise<void> {
    if (this.index && !this.pending) return Promise.resolve();
    this.making ??= (async () => {
      if (!this.index) this.start();
      while (this.pending) {
        this.addPending(performance.now() + SLICE_MS);
        if (this.pending) await new Promise((resolve) => setImmediate(resolve));
      }
    })().finally(() => (this.making = null));
    return this.making;
  }

  private start(): void {
    const vocabulary = this.vocabulary;
    vocabulary.clear();
    this.sectionsWith.clear();
    // Indexing records each term it keeps (and, for the section being added or removed, its terms); queries use the same processing.
    const { index: indexTerms, query } = this.term;
    const indexTerm = (t: string, field?: string) => {
      const kept = indexTerms(t);
      const doc = this.termsOfDoc?.[FIELDS.indexOf(field as RetrievalField)];
      if (typeof kept === 'string') {
        vocabulary.add(kept);
        doc?.add(kept);
      } else
        kept?.forEach((k) => {
          vocabulary.add(k);
          doc?.add(k);
        });
      return kept;
    };
    this.index = new MiniSearch<IndexedDoc>({ fields: [...FIELDS], tokenize, processTerm: indexTerm, searchOptions: { ...SEARCH_OPTIONS, processTerm: query } });
    this.pending = [...this.pages.keys()];
    this.pendingAt = 0;
  }

  /** Add pending pages until `deadline` (a `performance.now()` time; Infinity: all of them). */
  private addPending(deadline: number): void {
    const pending = this.pending!;
    while (this.pendingAt < pending.length) {
      const href = pending[this.pendingAt++]!;
      const page = this.pages.get(href);
      // Removed since, or put again (and so added) since.
      if (page && !this.idsOf.has(href)) this.addDocs(this.documentsOf(page));
      if (performance.now() >= deadline) break;
    }
    if (this.pendingAt >= pending.length) this.pending = null;
  }

  remove(href: string): boolean {
    const page = this.pages.get(href);
    if (!page || !this.pages.delete(href)) return false;
    this.forgetTerms();
    // MiniSearch's `remove`, not `discard`: a discarded section's words stay counted until a
    // vacuum (asynchronous, later) and MiniSearch 7.2 scores the sections it meets before them in a
    // word's list with that count, above the number of sections: a negative IDF. A page edited a
    // few times in `folio dev` then lost every other page from a common word's results. `remove`
    // takes the section as it was indexed, which the stored page gives back.
    const bodies = page.sections.map((section) => chunksOf(bodyText(section.text)));
    for (const id of this.idsOf.get(href) ?? []) {
      const { section, chunk } = this.stored.get(id)!;
      if (this.index) this.removeDoc(this.documentOf(id, page, section, bodies[section]![chunk]!));
      this.stored.delete(id);
    }
    this.idsOf.delete(href);
    return true;
  }

  /** The query's words as indexed (the stop words and one-letter words left out). */
  static wordsOf(query: string): string[] {
    return tokenize(query)
      .map((t) => processTerm(t))
      .filter((t): t is string => t !== null);
  }

  /** Index the sections now, at once, if not yet (or not yet done: `prepare` makes it a slice at a time). */
  warm(): void {
    if (!this.index) this.start();
    if (this.pending) this.addPending(Infinity);
  }

  search(words: readonly string[], filter: ((page: RetrievalPage) => boolean) | null): Scored {
    this.warm();
    // A query is scored word by word, as MiniSearch combines words with OR (the sum of each word's
    // score, times the number of query words matched), and each word's scores are kept: readers'
    // questions share most of their words, so a new question mostly adds up kept lists. Only sums
    // and counts per section here; the matched words are looked up for the few results shown.
    // Sums and counts by section id in arrays kept between queries (ids are small integers);
    // `touched` lists the ids this query reached, to read them back and clear them.
    if (this.sums.length < this.nextId) {
      this.sums = new Float64Array(this.nextId * 2);
      this.counts = new Uint16Array(this.nextId * 2);
      this.touched = new Int32Array(this.nextId * 2);
      this.found = { partition: this, ids: new Int32Array(this.nextId * 2), scores: new Float64Array(this.nextId * 2), matched: new Uint16Array(this.nextId * 2), length: 0 };
      this.factors = new Float64Array(this.nextId * 2);
    }
    const { sums, counts, touched } = this;
    let reached = 0;
    for (let w = 0; w < words.length; w++) {
      // The last word may still be being typed: it alone also matches longer words it begins.
      const results = this.resultsOf(words[w]!, w === words.length - 1);
      for (let i = 0; i < results.ids.length; i++) {
        const id = results.ids[i]!;
        if (counts[id] === 0) touched[reached++] = id;
        sums[id] = sums[id]! + results.scores[i]!;
        counts[id] = counts[id]! + 1;
      }
    }
    const found = this.found;
    found.length = 0;
    for (let t = 0; t < reached; t++) {
      const id = touched[t]!;
      const count = counts[id]!;
      const sum = sums[id]!;
      sums[id] = 0;
      counts[id] = 0;
      if (filter && !filter(this.stored.get(id)!.page)) continue;
      const at = found.length++;
      found.ids[at] = id;
      found.scores[at] = sum * count;
      found.matched[at] = count;
    }
    return found;
  }

  /**
   * Add the added words' matches to the scores of `list` (this partition's scored sections of the
   * question): each section it holds gains `weight` times its score for each added word, times the
   * words of the question it matched and `factor` (what its score was multiplied by), as if the
   * added words were asked too; a section matching only added words is not brought in.
   */
  rescore(list: Scored, added: readonly Expansion[], factor: Float64Array): void {
    if (this.positions.length < this.nextId) this.positions = new Int32Array(this.nextId * 2);
    const { positions } = this;
    for (let i = 0; i < list.length; i++) positions[list.ids[i]!] = i + 1;
    for (const { term, weight } of added) {
      const results = this.resultsOf(term, false, true);
      for (let r = 0; r < results.ids.length; r++) {
        const at = positions[results.ids[r]!]! - 1;
        if (at >= 0) list.scores[at] = list.scores[at]! + weight * results.scores[r]! * list.matched[at]! * factor[at]!;
      }
    }
    for (let i = 0; i < list.length; i++) positions[list.ids[i]!] = 0;
  }

  /** A section's `OTHER_VERSION` and `CHANGELOG` bits. */
  flagsOf(id: number): number {
    return this.flags[id]!;
  }

  /** A result's page and section. */
  storedOf(id: number): Stored {
    return this.stored.get(id)!;
  }

  /** The indexed words a result matched (for its excerpt), looked up in the kept words' results. */
  termsOf(id: number, words: readonly string[]): string[] {
    const terms = new Set<string>();
    for (const word of words) {
      const results = this.termResults.get(word) ?? this.termResults.get(`${word}*`);
      const at = results ? results.ids.indexOf(id) : -1;
      if (at >= 0) for (const t of results!.matched[at]!) terms.add(t);
    }
    return [...terms];
  }

  /** One word's scored sections (`prefix`: also by the longer words it begins), from the kept ones or from the index. */
  private resultsOf(word: string, prefix: boolean, stem = false): TermResults {
    const key = stem ? `=${word}` : prefix ? `${word}*` : word;
    const kept = this.termResults.get(key);
    if (kept) {
      this.termResults.delete(key);
      this.termResults.set(key, kept);
      return kept;
    }
    const fuzzy = SEARCH_OPTIONS.fuzzy as (term: string, i: number, terms: string[]) => number | false;
    // Typos only: a word the pages use (its stem indexed) is matched as its stem and by prefix, not
    // also by every word one or two letters away. Fuzzy matching walks the whole term tree per word
    // and was ~60 % of a question's time (mintlify-docs: 4 s of 6.5 s over 340 questions). A word
    // no page uses is matched as written against the words as written (a misspelling's stem can be
    // far from the right word's: "internatonalzation" → "internatonalz", "internationalization" →
    // "internation").
    const stemmed = stem ? word : this.term.query(word);
    const known = stemmed !== null && this.vocabulary.has(stemmed);
    const hits = this.index!.search(word, {
      processTerm: stem ? (t: string) => t : known ? this.term.query : processTerm,
      fuzzy: known ? false : fuzzy,
      ...(prefix ? { prefix: (term: string) => term.length >= PREFIX_MIN_LENGTH } : {}),
      boostDocument: (id) => pageWeight(this.stored.get(id as number)?.page),
    });
    const results: TermResults = { ids: new Int32Array(hits.length), scores: new Float64Array(hits.length), matched: [] };
    hits.forEach((hit, i) => {
      results.ids[i] = hit.id as number;
      results.scores[i] = hit.score;
      const key = hit.terms.join(' ');
      let list = this.matchedLists.get(key);
      if (!list) this.matchedLists.set(key, (list = hit.terms));
      results.matched.push(list);
    });
    this.termResults.set(key, results);
    this.termEntries += hits.length;
    // Bounded: the least recently used words go first past `KEPT_TERM_ENTRIES` sections in all.
    for (const [old, oldResults] of this.termResults) {
      if (this.termEntries <= KEPT_TERM_ENTRIES || old === key) break;
      this.termResults.delete(old);
      this.termEntries -= oldResults.ids.length;
    }
    return results;
  }

  /**
   * Words to add to a question, learnt from its first results (`FEEDBACK`): the indexed words
   * (stems) that weigh most in the best sections, by their share of each section's words, the
   * section's score against the first's, and their rarity over the partition (IDF from MiniSearch's
   * section index: the number of sections holding the word in its most common field, counted as they are indexed). Words with
   * digits or `_` (identifiers, versions) and words of one or two letters are not added.
   */
  expansion(feedback: readonly Candidate[], words: readonly string[]): Expansion[] {
    if (feedback.length === 0) return [];
    const asked = new Set(words.map((w) => this.stemOf(w)));
    const weight = new Map<string, number>();
    const top = feedback[0]!.score;
    for (const c of feedback) {
      const { page } = this.stored.get(c.id)!;
      // The title's words, then the section's (its heading and text, or its window), as `proximity` reads them.
      const words = [...tokenize(page.title).map((t) => this.stemOf(t)), ...this.stemsOfDoc(c.id)];
      const terms = words.filter((t): t is string => t !== null && !asked.has(t) && !/[\d_]/.test(t) && t.length > 2);
      if (terms.length === 0) continue;
      const tf = new Map<string, number>();
      for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
      for (const [t, n] of tf) {
        weight.set(t, (weight.get(t) ?? 0) + (c.score / top) * (n / terms.length));
      }
    }
    // Rarity from the sections each term is in, counted as sections are indexed (`addDocs`).
    const n = this.index!.documentCount;
    const ranked: Expansion[] = [];
    for (const [term, w] of weight) {
      const df = this.sectionsHolding(term);
      // A word most sections hold tells nothing, and its results (most of the site) cost the most to keep.
      if (!df || df > n * FEEDBACK.maxShare) continue;
      ranked.push({ term, weight: w * Math.log(1 + n / df) });
    }
    ranked.sort((a, b) => b.weight - a.weight);
    const kept = ranked.slice(0, FEEDBACK.words);
    const max = kept[0]?.weight ?? 1;
    return kept.map((e) => ({ term: e.term, weight: (FEEDBACK.weight * e.weight) / max }));
  }

  /**
   * How close the question's words stand in a section (its heading and text, or its window of a
   * long one): (distinct words found / words asked) × (distinct words found / words in the
   * tightest run of the text holding each of them). 1 when every word of the question stands side
   * by side; 0 when fewer than two of them are there. Stems, as indexed.
   */
  proximity(id: number, words: readonly string[]): number {
    const asked = new Map<string, number>();
    for (const w of words) {
      const stem = this.stemOf(w);
      if (stem !== null && !asked.has(stem)) asked.set(stem, asked.size);
    }
    if (asked.size < 2) return 0;
    const stems = this.stemsOfDoc(id);
    const hits: [number, number][] = [];
    // Positions count indexed words only (stop words left out, as in the question).
    for (let pos = 0; pos < stems.length; pos++) {
      const k = asked.get(stems[pos]!);
      if (k !== undefined) hits.push([pos, k]);
    }
    const distinct = new Set(hits.map((h) => h[1])).size;
    if (distinct < 2) return 0;
    const count = new Array<number>(asked.size).fill(0);
    let have = 0;
    let bestSpan = Infinity;
    // The shortest run holding every distinct word found: a window sliding over the found positions.
    for (let r = 0, l = 0; r < hits.length; r++) {
      if (count[hits[r]![1]]!++ === 0) have++;
      while (have === distinct) {
        bestSpan = Math.min(bestSpan, hits[r]![0] - hits[l]![0] + 1);
        if (--count[hits[l]![1]]! === 0) have--;
        l++;
      }
    }
    return (distinct / asked.size) * (distinct / bestSpan);
  }

  /**
   * The stems of a section's heading and text (its window of a long one), indexed words only, in
   * order: what `proximity` reads. Kept for the `KEPT_DOC_STEMS` sections read most recently, since
   * the first results of readers' questions are mostly the same sections; made again, a long
   * section's text was split whole for each of its windows and every word stemmed, for each of the
   * first 30 results of every question (on mintlify-docs proximity doubled a question's CPU time).
   */
  private readonly docStems = new Map<number, readonly string[]>();
  private stemsOfDoc(id: number): readonly string[] {
    const kept = this.docStems.get(id);
    if (kept) {
      this.docStems.delete(id);
      this.docStems.set(id, kept);
      return kept;
    }
    const { page, section, chunk } = this.stored.get(id)!;
    const s = page.sections[section]!;
    const stems: string[] = [];
    for (const t of tokenize(`${s.heading} ${chunkOf(bodyText(s.text), chunk)}`)) {
      // Stop words and one-letter words give null, as indexing leaves them out.
      const stem = this.stemOf(t);
      if (stem !== null) stems.push(stem);
    }
    this.docStems.set(id, stems);
    if (this.docStems.size > KEPT_DOC_STEMS) this.docStems.delete(this.docStems.keys().next().value!);
    return stems;
  }

  /** Stems of words seen in feedback sections, kept (a site's words recur): at most `KEPT_STEMS`. */
  private readonly stems = new Map<string, string | null>();
  private stemOf(word: string): string | null {
    let stem = this.stems.get(word);
    if (stem === undefined) {
      if (this.stems.size >= KEPT_STEMS) this.stems.clear();
      this.stems.set(word, (stem = this.term.query(word)));
    }
    return stem;
  }

  private forgetTerms(): void {
    this.docStems.clear();
    this.termResults.clear();
    this.matchedLists.clear();
    this.termEntries = 0;
  }

  /** The indexed documents of a page: one per section, or per window of a long section's words. */
  private documentsOf(page: RetrievalPage): IndexedDoc[] {
    const ids: number[] = [];
    const docs: IndexedDoc[] = [];
    page.sections.forEach((section, i) => {
      const chunks = chunksOf(bodyText(section.text));
      chunks.forEach((body, chunk) => {
        const id = this.nextId++;
        if (id >= this.flags.length) {
          const grown = new Uint8Array(Math.max(1024, id * 2));
          grown.set(this.flags);
          this.flags = grown;
        }
        this.flags[id] = (page.otherVersion ? OTHER_VERSION : 0) | (isChangelog(page) ? CHANGELOG : 0);
        ids.push(id);
        this.stored.set(id, { page, section: i, chunk });
        docs.push(this.documentOf(id, page, i, body));
      });
    });
    this.idsOf.set(page.href, ids);
    return docs;
  }

  /** Section `i` of `page` as indexed under `id`, with `body` its text (or one window of it). */
  private documentOf(id: number, page: RetrievalPage, i: number, body: string): IndexedDoc {
    const operation = operationOf(page);
    const keywords = [...(page.keywords ?? []), page.description ?? '', operation ? `${operation.method} ${operation.path}` : ''].join(' ');
    return { id, title: page.title, heading: page.sections[i]!.heading, keywords, body };
  }
}

/** Sections whose stems a partition keeps for proximity (`stemsOfDoc`; up to ~150 stems each, shared strings). */
const KEPT_DOC_STEMS = 4_000;

/** Words whose stems a partition keeps for feedback (~100 bytes each). */
const KEPT_STEMS = 20_000;

/** How long one slice of indexing may hold the thread (`Partition.prepare`). */
const SLICE_MS = 15;

/** Answers kept per index: readers ask the same questions (and a search box asks each prefix once per reader). */
const CACHED_ANSWERS = 500;

export class SectionIndex {
  /** Language code ('' for pages under no language) → its pages. */
  private readonly partitions = new Map<string, Partition>();
  private readonly languageOf = new Map<string, string>();
  /**
   * Recent answers by query and options, oldest first. A query whose words are common scores nearly
   * every section (15-20 ms on 7,000 sections), so a popular one is answered once; any change of the
   * pages empties it.
   */
  private readonly answers = new Map<string, SectionHit[]>();

  /** The site's docs.json `assistant` settings, as the build wrote them beside the pages. */
  constructor(
    pages: Iterable<RetrievalPage> = [],
    private settings: AssistantSiteSettings = {},
  ) {
    for (const page of pages) this.put(page);
  }

  /** The site's docs.json `assistant` settings. */
  get assistant(): AssistantSiteSettings {
    return this.settings;
  }

  /** Set when the file's header is read (before its pages). */
  setAssistant(settings: AssistantSiteSettings): void {
    this.settings = settings;
  }

  static fromFile(file: RetrievalFile): SectionIndex {
    return new SectionIndex(file.pages, file.assistant && typeof file.assistant === 'object' ? file.assistant : {});
  }

  /** Pages indexed. */
  get size(): number {
    return this.languageOf.size;
  }

  /** Titles of the first `count` pages in the order the build wrote them (navigation order), distinct. */
  firstTitles(count: number): string[] {
    const titles = new Set<string>();
    for (const href of this.languageOf.keys()) {
      const title = this.page(href)?.title.trim();
      if (title) titles.add(title);
      if (titles.size >= count) break;
    }
    return [...titles];
  }

  /** A page by site path, or undefined. */
  page(href: string): RetrievalPage | undefined {
    const language = this.languageOf.get(href);
    return language === undefined ? undefined : this.partitions.get(language)?.pages.get(href);
  }

  /** Add a page, replacing the one with its path. */
  put(page: RetrievalPage): void {
    this.remove(page.href);
    this.answers.clear();
    const language = (page.language ?? '').toLowerCase();
    let partition = this.partitions.get(language);
    if (!partition) this.partitions.set(language, (partition = new Partition(language)));
    partition.put(page);
    this.languageOf.set(page.href, language);
  }

  /** Take a page out; false when it was not in. */
  remove(href: string): boolean {
    const language = this.languageOf.get(href);
    if (language === undefined) return false;
    this.answers.clear();
    this.languageOf.delete(href);
    return this.partitions.get(language)?.remove(href) ?? false;
  }

  /**
   * Index the pages a search with these filters reaches (their language's, or all), a slice at a
   * time; `search` indexes whatever is left at once, so servers await this first.
   */
  async prepare(filters?: SearchFilters): Promise<void> {
    await Promise.all(this.partitionsFor(filters?.language).map((p) => p.prepare()));
  }

  /** The place of the page at `href` (its product or tab, version and language), for `SectionSearchOptions.prefer`; undefined for an unknown page. */
  placeOf(href: string): SearchPlace | undefined {
    const page = this.page(href);
    if (!page) return undefined;
    const product = page.product ?? page.tab;
    return { ...(product ? { product } : {}), ...(page.version ? { version: page.version } : {}), ...(page.language ? { language: page.language } : {}) };
  }

  search(query: string, options: SectionSearchOptions = {}): SectionHit[] {
    const key = JSON.stringify([query.trim().toLowerCase(), options.limit, options.scoreThreshold, options.filters, options.perPage, options.prefer]);
    const kept = this.answers.get(key);
    if (kept) {
      // Most recently used last.
      this.answers.delete(key);
      this.answers.set(key, kept);
      return [...kept];
    }
    const hits = this.rank(query, options);
    this.answers.set(key, hits);
    if (this.answers.size > CACHED_ANSWERS) this.answers.delete(this.answers.keys().next().value!);
    return [...hits];
  }

  private rank(query: string, { limit = 10, scoreThreshold = 0, filters, perPage = false, prefer }: SectionSearchOptions): SectionHit[] {
    const words = Partition.wordsOf(query);
    if (words.length === 0) return [];
    const partitions = this.partitionsFor(filters?.language);
    const rest = filters && (filters.version || filters.group || filters.product || filters.tag) ? (p: RetrievalPage) => matchesFilters(p, filters) : null;
    let total = 0;
    const place = placeWeightOf(filters, prefer);
    // Changelog pages come after the rest unless the question asks about changes (`CHANGELOG_WEIGHT`).
    const changelog = ASKS_CHANGES.test(query) ? 1 : CHANGELOG_WEIGHT;
    const placeWeight = changelog === 1 ? place : (page: RetrievalPage) => place(page) * (isChangelog(page) ? changelog : 1);
    // Without the reader's place, a section's weight for where its page sits is one of four, by its flags.
    const byFlags = prefer ? null : [0, 1, 2, 3].map((f) => (f & OTHER_VERSION && !filters?.version ? OTHER_VERSION_WEIGHT : 1) * (f & CHANGELOG ? changelog : 1));
    const covers = Array.from({ length: words.length + 1 }, (_, m) => coverage(m, words.length));
    const lists = partitions.map((p) => p.search(words, rest));
    const factors = lists.map((list) => {
      const scale = smallCollectionScale(list.partition.sections);
      const factor = list.partition.factorBuffer;
      for (let i = 0; i < list.length; i++) {
        const id = list.ids[i]!;
        const other = byFlags ? byFlags[list.partition.flagsOf(id)]! : placeWeight(list.partition.storedOf(id).page);
        factor[i] = covers[Math.min(list.matched[i]!, words.length)]! * scale * other;
        list.scores[i] = list.scores[i]! * factor[i]!;
      }
      total += list.length;
      return factor;
    });
    // A broad question reaches most sections: only the best few are picked and ordered (enough for
    // the limit even when one page holds many of them), all of them only when those run out.
    const few = Math.max(200, limit * 20);
    // Pseudo-relevance feedback (`FEEDBACK`): the words the first results share are added to the question.
    if (FEEDBACK.pages > 0) {
      const first = best(lists, few);
      const pages = new Set<string>();
      const feedback: Candidate[] = [];
      for (const c of first) {
        const href = c.partition.storedOf(c.id).page.href;
        if (pages.has(href)) continue;
        pages.add(href);
        feedback.push(c);
        if (feedback.length >= FEEDBACK.pages) break;
      }
      const added = partitions.map((p) => p.expansion(feedback.filter((c) => c.partition === p), words));
      partitions.forEach((p, i) => p.rescore(lists[i]!, added[i]!, factors[i]!));
    }
    // Closeness by section, once a question: the fallback below meets the same first sections again.
    const near = new Map<Partition, Map<number, number>>();
    const hits = this.collect(closeFirst(best(lists, few), words, near), words, { limit, scoreThreshold, perPage });
    return hits.length < limit && total > few ? this.collect(closeFirst(best(lists, total), words, near), words, { limit, scoreThreshold, perPage }) : hits;
  }

  private partitionsFor(language: string | undefined): Partition[] {
    const code = language?.toLowerCase();
    return code !== undefined && code !== '' ? [this.partitions.get(code)].filter((p) => p !== undefined) : [...this.partitions.values()];
  }

  private collect(ordered: readonly Candidate[], words: readonly string[], { limit, scoreThreshold, perPage }: { limit: number; scoreThreshold: number; perPage: boolean }): SectionHit[] {
    const hits: SectionHit[] = [];
    const seen = new Set<string>();
    for (const r of ordered) {
      const { page, section } = r.partition.storedOf(r.id);
      const score = relevance(r.score / words.length);
      if (score < scoreThreshold) break;
      // One hit per page, or per section (a long section's windows are one section).
      const key = perPage ? page.href : `${page.href}#${section}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const s = page.sections[section]!;
      hits.push({
        path: page.href,
        title: page.title,
        anchor: s.anchor,
        heading: s.heading,
        excerpt: excerptOf(s.text || page.description || '', r.partition.termsOf(r.id, words)),
        score: Math.round(score * 1000) / 1000,
        ...(operationOf(page) ? { operation: operationOf(page) } : {}),
      });
      if (hits.length >= limit) break;
    }
    return hits;
  }
}

/**
 * The `count` best-scored sections of `lists` as candidates, best first; equal scores in the order
 * the lists hold them (as a stable sort of them all would give). A heap of `count` entries: a broad
 * question scores thousands of sections and shows ten.
 */
export function best(lists: readonly Scored[], count: number): Candidate[] {
  // Entries as (list, position) pairs; `worse(a, b)`: a ranks after b.
  const heapList: number[] = [];
  const heapAt: number[] = [];
  const scoreOf = (h: number) => lists[heapList[h]!]!.scores[heapAt[h]!]!;
  const worse = (a: number, b: number) => {
    const d = scoreOf(a) - scoreOf(b);
    return d !== 0 ? d < 0 : heapList[a]! !== heapList[b]! ? heapList[a]! > heapList[b]! : heapAt[a]! > heapAt[b]!;
  };
  const swap = (a: number, b: number) => {
    [heapList[a], heapList[b]] = [heapList[b]!, heapList[a]!];
    [heapAt[a], heapAt[b]] = [heapAt[b]!, heapAt[a]!];
  };
  // A min-heap by rank: its root is the worst kept.
  const down = (from: number) => {
    for (let h = from; ; ) {
      const l = 2 * h + 1;
      const r = l + 1;
      let worst = h;
      if (l < heapList.length && worse(l, worst)) worst = l;
      if (r < heapList.length && worse(r, worst)) worst = r;
      if (worst === h) return;
      swap(h, worst);
      h = worst;
    }
  };
  lists.forEach((list, li) => {
    for (let i = 0; i < list.length; i++) {
      if (heapList.length < count) {
        heapList.push(li);
        heapAt.push(i);
        for (let h = heapList.length - 1; h > 0 && worse(h, (h - 1) >> 1); h = (h - 1) >> 1) swap(h, (h - 1) >> 1);
      } else if (count > 0) {
        // Better than the worst kept: it takes its place. Later entries lose ties.
        const score = list.scores[i]!;
        if (score <= scoreOf(0)) continue;
        heapList[0] = li;
        heapAt[0] = i;
        down(0);
      }
    }
  });
  const out: Candidate[] = [];
  while (heapList.length) {
    const list = lists[heapList[0]!]!;
    const i = heapAt[0]!;
    out.push({ partition: list.partition, id: list.ids[i]!, score: list.scores[i]!, matched: list.matched[i]! });
    const lastList = heapList.pop()!;
    const lastAt = heapAt.pop()!;
    if (heapList.length) {
      heapList[0] = lastList;
      heapAt[0] = lastAt;
      down(0);
    }
  }
  return out.reverse();
}

/**
 * What every score of a page's sections is multiplied by: its `boost`, less for API reference (an
 * endpoint page, `REFERENCE_WEIGHT`; a page in a reference folder, `REFERENCE_FOLDER_WEIGHT`; both multiply).
 */
function pageWeight(page: RetrievalPage | undefined): number {
  if (!page) return 1;
  return (page.boost ?? 1) * (operationOf(page) ? REFERENCE_WEIGHT : 1) * (REFERENCE_FOLDER.test(page.href) ? REFERENCE_FOLDER_WEIGHT : 1);
}

/**
 * An endpoint page's operation: the build's (a page generated from an OpenAPI spec), else read from
 * the top of its Markdown, where the build writes an endpoint page's operation as an `http` code
 * block (`POST /flow_runs/lateness`) for pages with `openapi:` frontmatter, which it does not mark.
 */
const ENDPOINT_BLOCK = /^```http\n(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|TRACE) (\S+)\n```/m;
const operations = new WeakMap<RetrievalPage, PageOperation | null>();
export function operationOf(page: RetrievalPage): PageOperation | undefined {
  if (page.operation) return page.operation;
  let op = operations.get(page);
  if (op === undefined) {
    const m = ENDPOINT_BLOCK.exec(page.sections[0]?.text.slice(0, 2000) ?? '');
    op = m ? { method: m[1]!, path: m[2]! } : null;
    operations.set(page, op);
  }
  return op ?? undefined;
}

/**
 * The first `PROXIMITY.sections` candidates' scores times (1 + `PROXIMITY.weight` × how close the
 * question's words stand in each, `Partition.proximity`), and the candidates ordered again.
 */
function closeFirst(ordered: Candidate[], words: readonly string[], known: Map<Partition, Map<number, number>>): Candidate[] {
  if (words.length < 2) return ordered;
  let changed = false;
  for (const c of ordered.slice(0, PROXIMITY.sections)) {
    let ofPartition = known.get(c.partition);
    if (!ofPartition) known.set(c.partition, (ofPartition = new Map()));
    let near = ofPartition.get(c.id);
    if (near === undefined) ofPartition.set(c.id, (near = c.partition.proximity(c.id, words)));
    if (near > 0) {
      c.score *= 1 + PROXIMITY.weight * near;
      changed = true;
    }
  }
  // Stable: equal scores keep their order.
  if (changed) ordered.sort((a, b) => b.score - a.score);
  return ordered;
}

/** `Partition`'s section flags. */
const OTHER_VERSION = 1;
const CHANGELOG = 2;

/** A changelog or release-notes page, by its path or its title (`CHANGELOG_PAGE`); read once a page (a broad question weighs thousands of sections). */
const changelogs = new WeakMap<RetrievalPage, boolean>();
function isChangelog(page: RetrievalPage): boolean {
  let is = changelogs.get(page);
  if (is === undefined) changelogs.set(page, (is = CHANGELOG_PAGE.path.test(page.href) || CHANGELOG_PAGE.title.test(page.title)));
  return is;
}

/** How much a result keeps of its score for matching `matched` of the query's `of` words (`COVERAGE_POWER`). */
function coverage(matched: number, of: number): number {
  return Math.min(1, matched / of) ** COVERAGE_POWER;
}

const same = (a: string | undefined, b: string | undefined) => !b || (a ?? '').toLowerCase() === b.toLowerCase();

function matchesFilters(page: RetrievalPage, filters: SearchFilters): boolean {
  return same(page.version, filters.version) && same(page.group, filters.group) && same(page.product ?? page.tab, filters.product) && same(page.tag, filters.tag);
}

/**
 * What a page's scores are multiplied by for where it sits against where the reader is: with no
 * version asked (filter or place), other versions than the default `OTHER_VERSION_WEIGHT`; with the
 * reader's version, other versions than theirs that much; other products and languages than the
 * reader's `PLACE_WEIGHTS` (a filter on the same thing makes the preference moot).
 */
function placeWeightOf(filters: SearchFilters | undefined, prefer: SearchPlace | undefined): (page: RetrievalPage) => number {
  const version = filters?.version ? null : prefer?.version?.toLowerCase();
  const product = filters?.product ? null : prefer?.product?.toLowerCase();
  const language = filters?.language ? null : prefer?.language?.toLowerCase();
  return (page) => {
    let w = 1;
    if (version) {
      if (page.version !== undefined && page.version.toLowerCase() !== version) w *= OTHER_VERSION_WEIGHT;
    } else if (!filters?.version && page.otherVersion) w *= OTHER_VERSION_WEIGHT;
    if (product) {
      const own = page.product ?? page.tab;
      if (own !== undefined && own.toLowerCase() !== product) w *= PLACE_WEIGHTS.otherProduct;
    }
    if (language && (page.language ?? '').toLowerCase() !== language) w *= PLACE_WEIGHTS.otherLanguage;
    return w;
  };
}

/**
 * Words of a section indexed together. A generated reference section can run to thousands of words
 * (prefect's settings endpoint: one response of 6,887) and then holds most words of any question,
 * scattered: it came first for a third of the questions it had nothing to do with. Cut into windows,
 * a question's words must meet within one to count together, as they do in the section that answers.
 */
export const CHUNK_WORDS = 150;

/** `text` as windows of at most `CHUNK_WORDS` words (one, itself, when it is shorter). */
function chunksOf(text: string): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length <= CHUNK_WORDS) return [text];
  const out: string[] = [];
  for (let at = 0; at < words.length; at += CHUNK_WORDS) out.push(words.slice(at, at + CHUNK_WORDS).join(' '));
  return out;
}

/**
 * The words of `chunksOf(text)[at]` (its window), separated by single spaces: the words before it
 * are counted, not copied, and those after it not read.
 */
function chunkOf(text: string, at: number): string {
  const from = at * CHUNK_WORDS;
  const words: string[] = [];
  const word = /\S+/g;
  for (let n = 0, m = word.exec(text); m && n < from + CHUNK_WORDS; n++, m = word.exec(text)) if (n >= from) words.push(m[0]);
  return words.join(' ');
}

/** Markdown as words: link targets, image sources and HTML tags add no words of their own. */
function bodyText(markdown: string): string {
  return markdown
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, ' ');
}

/** About `EXCERPT_CHARS` of the section's text around its first matched word, as plain text. */
export function excerptOf(markdown: string, terms: readonly string[]): string {
  const text = bodyText(markdown).replace(/```[^\n]*\n/g, '').replace(/[#>*_`|]+/g, ' ').replace(/\s+/g, ' ').trim();
  const lower = text.toLowerCase();
  const found = terms.map((t) => lower.indexOf(t)).filter((i) => i >= 0);
  const at = found.length ? Math.min(...found) : 0;
  const start = at < EXCERPT_CHARS / 3 ? 0 : text.lastIndexOf(' ', at - EXCERPT_CHARS / 3) + 1;
  const end = start + EXCERPT_CHARS >= text.length ? text.length : text.lastIndexOf(' ', start + EXCERPT_CHARS);
  return (start > 0 ? '…' : '') + text.slice(start, end > start ? end : start + EXCERPT_CHARS) + (end < text.length ? '…' : '');
}
