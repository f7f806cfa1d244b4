/**
 * Each unit's page: the first it cited, else the best section retrieval finds for its words (as
 * the assistant would have searched it), else, past the search budget, the page its words share
 * with units already placed; else none (words decide, `anchorByTerms`).
 */
import type { SectionIndex } from '../retrieval/index.js';
import { sameText } from './terms.js';
import type { Unit } from './units.js';

/**
 * A hit scoring below this is not about the question: the assistant's own bar (`RELEVANT_SCORE` of
 * assistant's answer-loop.ts, which insights may not import; `ranking.ts`: unanswerable questions
 * score ≤ 0.26 on mintlify-docs, most answers ≥ 0.7).
 */
export const RELEVANT_SCORE = 0.3;

/**
 * Most units searched in the index, most asked first. A search costs ~1 ms on a 1,000-page site
 * of made-up words on a quiet core (`test/insights/topics-bench.ts`; 4-9 ms with the machine
 * shared) and 15-20 ms for a question of common words on 7,000 sections (section-index.ts), so
 * the count alone does not bound the time: `SEARCH_BUDGET_MS` does.
 */
export const MAX_SEARCHES = 5_000;
/**
 * Time spent searching, in all, before the rest are placed by their words: a dashboard page waits
 * for it. Answers are kept per index (`KEPT_ANSWERS`), so the next request for an overlapping
 * range searches only what is new.
 */
export const SEARCH_BUDGET_MS = 2_000;

/** Answers kept per index (its page, or null), most recent last: ~100 bytes each. */
const KEPT_ANSWERS = 50_000;
const answersOf = new WeakMap<SectionIndex, Map<string, string | null>>();

/** Characters of a question searched: the first few sentences say what it is about. */
const SEARCH_CHARS = 300;

/** How long the searches hold the thread before giving it back (the server answers readers meanwhile). */
const SLICE_MS = 15;

/** How many units were searched (kept answers aside), and how many the budget left unsearched. */
export interface SearchCount {
  searched: number;
  unsearched: number;
}

/**
 * Give the pages: cited ones first; units without one searched in `index`, most asked first, up to
 * `MAX_SEARCHES` or `budgetMs`. A question the assistant left unanswered is not searched: it found
 * nothing relevant in the same sections already (words group it with its like). Each search stays
 * in one language, as the assistant's did (`languageOf`): only that language's sections are
 * indexed, a slice at a time, and a question in English is not placed on its French translation.
 */
export async function anchorByPages(units: readonly Unit[], index: SectionIndex | null, budgetMs = SEARCH_BUDGET_MS): Promise<SearchCount> {
  const count: SearchCount = { searched: 0, unsearched: 0 };
  const skipped: Unit[] = [];
  const kept = index ? (answersOf.get(index) ?? answersOf.set(index, new Map()).get(index)!) : null;
  const languageOf = index ? languagesOf(units, index) : () => undefined;
  const prepared = new Set<string>();
  let spent = 0;
  let sliceEnd = performance.now() + SLICE_MS;
  for (const unit of units) {
    unit.pages = [...unit.item.cited];
    const cited = unit.item.cited[0];
    if (cited !== undefined) {
      unit.anchor = { kind: 'page', path: cited };
      continue;
    }
    if (!index || !kept || (unit.item.kind === 'question' && unit.item.answered === false)) continue;
    const language = languageOf(unit);
    const text = sameText(unit.item.text.slice(0, SEARCH_CHARS));
    const key = `${language ?? '*'}\u0000${text}`;
    let path = kept.get(key);
    if (path === undefined) {
      if (count.searched >= MAX_SEARCHES || spent >= budgetMs) {
        skipped.push(unit);
        continue;
      }
      if (!prepared.has(language ?? '*')) {
        prepared.add(language ?? '*');
        await index.prepare(language !== undefined ? { language } : undefined);
        sliceEnd = performance.now() + SLICE_MS;
      }
      count.searched++;
      const start = performance.now();
      path = index.search(text, { limit: 1, scoreThreshold: RELEVANT_SCORE, ...(language !== undefined ? { filters: { language } } : {}) })[0]?.path ?? null;
      spent += performance.now() - start;
      if (kept.size >= KEPT_ANSWERS) kept.delete(kept.keys().next().value!);
    } else kept.delete(key);
    kept.set(key, path);
    if (path !== null) {
      unit.anchor = { kind: 'page', path };
      unit.pages.push(path);
    }
    if (performance.now() >= sliceEnd) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceEnd = performance.now() + SLICE_MS;
    }
  }
  count.unsearched = skipped.length;
  anchorByNeighbours(units, skipped);
  return count;
}

/**
 * The language a unit is searched in: that of the page it was asked from; else the language most
 * of the pages asked from or cited are in (the site's readers' own: a search box query carries no
 * page), else the home page's; undefined when no page says (every language searched) or the pages
 * are under none.
 */
export function languagesOf(units: readonly Unit[], index: SectionIndex): (unit: Unit) => string | undefined {
  const languageOfPage = (path: string | undefined) => (path === undefined ? undefined : index.page(path)?.language?.toLowerCase());
  const votes = new Map<string, number>();
  for (const { item } of units) {
    for (const path of [item.askedOn, ...item.cited]) {
      const language = languageOfPage(path);
      if (language) votes.set(language, (votes.get(language) ?? 0) + item.count);
    }
  }
  // No page says: the home page's language is the site's first.
  const usual = [...votes].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? languageOfPage('/') ?? languageOfPage('/index');
  return (unit) => languageOfPage(unit.item.askedOn) ?? usual;
}

/**
 * Units the budget left unsearched take the page their words point to among the units placed on
 * pages: each word gives one vote, shared among the pages of the units that hold it; a page needs
 * a whole vote and more than any other. Cheap (a map of words), and it keeps a busy range's less
 * asked questions with their topic rather than in a topic of one word.
 */
export function anchorByNeighbours(units: readonly Unit[], open: readonly Unit[]): void {
  if (open.length === 0) return;
  const byTerm = new Map<string, Map<string, number>>();
  for (const unit of units) {
    if (unit.anchor.kind !== 'page') continue;
    for (const term of unit.terms) {
      const pages = byTerm.get(term) ?? byTerm.set(term, new Map()).get(term)!;
      pages.set(unit.anchor.path, (pages.get(unit.anchor.path) ?? 0) + 1);
    }
  }
  for (const unit of open) {
    const votes = new Map<string, number>();
    for (const term of unit.terms) {
      const pages = byTerm.get(term);
      if (!pages) continue;
      let total = 0;
      for (const n of pages.values()) total += n;
      for (const [path, n] of pages) votes.set(path, (votes.get(path) ?? 0) + n / total);
    }
    let best: [string, number] | null = null;
    let second = 0;
    for (const [path, v] of votes) {
      if (!best || v > best[1]) {
        second = best?.[1] ?? 0;
        best = [path, v];
      } else if (v > second) second = v;
    }
    if (best && best[1] >= 1 && best[1] > second) {
      unit.anchor = { kind: 'page', path: best[0] };
      unit.pages.push(best[0]);
    }
  }
}
