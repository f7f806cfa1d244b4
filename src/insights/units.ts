/**
 * Items made ready to group: identical ones merged into units (same words, kind, outcome and
 * rating), bounded, and each given its anchor: what ties it to a topic.
 */
import { sameText, termsOf } from './terms.js';
import type { TopicItem } from './types.js';

/** What a unit is grouped by: a page (cited, or the top retrieval hit for its text), a shared word, or nothing. */
export type Anchor = { kind: 'page'; path: string } | { kind: 'term'; term: string } | { kind: 'none' };

export interface Unit {
  item: TopicItem;
  terms: string[];
  anchor: Anchor;
  /** Pages it is about: those cited, then the retrieved one, each once. */
  pages: string[];
  /** Order of first appearance (ties keep it). */
  order: number;
}

/** Characters of a question kept (a reader can paste a whole log into the assistant). */
export const ITEM_TEXT_CHARS = 500;

/** Identical items as one unit each, most asked first (ties in the order given). Items of no count or no text are left out. */
export function unitsOf(items: readonly TopicItem[]): Unit[] {
  const byKey = new Map<string, Unit>();
  for (const item of items) {
    const count = Number.isFinite(item.count) ? Math.max(0, item.count) : 0;
    const text = item.text.trim().slice(0, ITEM_TEXT_CHARS);
    if (count === 0 || text === '') continue;
    const rating = item.rating ?? null;
    const key = [item.kind, sameText(text), item.answered ?? '', rating ?? ''].join('\u0000');
    const kept = byKey.get(key);
    if (kept) {
      kept.item.count += count;
      for (const path of item.cited) if (!kept.item.cited.includes(path)) kept.item.cited.push(path);
      kept.item.threadId ??= item.threadId;
      kept.item.askedOn ??= item.askedOn;
      continue;
    }
    const merged: TopicItem = { text, count, ...(item.answered !== undefined ? { answered: item.answered } : {}), rating, cited: [...new Set(item.cited)], kind: item.kind, ...(item.threadId ? { threadId: item.threadId } : {}), ...(item.askedOn ? { askedOn: item.askedOn } : {}) };
    byKey.set(key, { item: merged, terms: termsOf(text), anchor: { kind: 'none' }, pages: [], order: byKey.size });
  }
  return [...byKey.values()].sort((a, b) => b.item.count - a.item.count || a.order - b.order);
}

/**
 * Ties units without a page to others by a word: the word shared by the most of them (then the
 * most asked, the longest, the first alphabetically) takes all of them, and so on while a word
 * ties two units. A word in more than half of them ties nothing (the product's name). A lone
 * unit asked more than once keeps its longest word; the rest stay without an anchor ("Other").
 */
export function anchorByTerms(units: readonly Unit[]): void {
  const open = units.filter((u) => u.anchor.kind === 'none');
  const holders = new Map<string, Unit[]>();
  for (const unit of open) for (const term of unit.terms) (holders.get(term) ?? holders.set(term, []).get(term)!).push(unit);
  const tooCommon = open.length >= 6 ? open.length / 2 : Infinity;
  for (const [term, list] of holders) if (list.length > tooCommon) holders.delete(term);
  const weight = (list: readonly Unit[]) => list.reduce((sum, u) => sum + u.item.count, 0);
  // Greedy cover: each pass takes the best word over the units still open. Words are few
  // (a question holds ~5), so a pass is cheap; passes stop once no word ties two units.
  for (;;) {
    let best: { term: string; units: Unit[]; weight: number } | null = null;
    for (const [term, list] of holders) {
      const left = list.filter((u) => u.anchor.kind === 'none');
      if (left.length !== list.length) holders.set(term, left);
      // Lists only shrink: a word that ties fewer than two units never will again.
      if (left.length < 2) {
        holders.delete(term);
        continue;
      }
      const w = weight(left);
      if (!best || left.length > best.units.length || (left.length === best.units.length && (w > best.weight || (w === best.weight && (term.length > best.term.length || (term.length === best.term.length && term < best.term)))))) best = { term, units: left, weight: w };
    }
    if (!best) break;
    for (const unit of best.units) unit.anchor = { kind: 'term', term: best.term };
    holders.delete(best.term);
  }
  for (const unit of open) {
    if (unit.anchor.kind !== 'none' || unit.item.count < 2 || unit.terms.length === 0) continue;
    const longest = [...unit.terms].sort((a, b) => b.length - a.length || (a < b ? -1 : 1))[0]!;
    unit.anchor = { kind: 'term', term: longest };
  }
}
