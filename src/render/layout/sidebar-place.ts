/**
 * A page's place in a large sidebar. When a section's whole tree is shared as one file
 * (`render-page.ts`), each page carries only what shows where it is: every top-level group's
 * title, the groups that lead to the page (open), and the entries beside it. Long lists are cut
 * to the block of `BLOCK` entries holding the way to the page, with "… N more" links to the
 * whole tree, so the place stays the same size however large the section grows.
 */
import type { NumberedItem } from './sidebar.js';

/** Entries shown of a long list: the block of this many that holds the way to the page. */
export const BLOCK = 32;
/** Lists up to this long are shown whole. */
const WHOLE = 48;

type Group = Extract<NumberedItem, { type: 'group' }>;

/** Where an href is in the tree: the ids of the groups leading to it and its index among its siblings (-1: a group's root page). */
export interface Spot {
  path: string[];
  index: number;
}

/** Every href's first spot in the tree. */
export function spotsOf(items: NumberedItem[]): Map<string, Spot> {
  const spots = new Map<string, Spot>();
  const walk = (list: NumberedItem[], path: string[]) => {
    list.forEach((item, index) => {
      if (item.type === 'more') return;
      if (item.type !== 'group') {
        if (!spots.has(item.href)) spots.set(item.href, { path, index });
        return;
      }
      const inner = [...path, item.id];
      if (item.rootHref && !spots.has(item.rootHref)) spots.set(item.rootHref, { path: inner, index: -1 });
      walk(item.children, inner);
    });
  };
  walk(items, []);
  return spots;
}

/** Pages with the same key have the same place (apart from which entry is marked current). */
export function placeKey(spot: Spot | undefined): string {
  if (!spot) return '';
  return `${spot.path.join('/')}:${Math.floor(Math.max(spot.index, 0) / BLOCK)}`;
}

/**
 * The pruned tree of a spot: groups on the way open with their children, other groups as
 * titles only (`stub`), and long lists cut to one block. `more` is where "… N more" links lead.
 */
export function placeItems(items: NumberedItem[], spot: Spot | undefined, more: string): NumberedItem[] {
  const path = spot?.path ?? [];
  const prune = (list: NumberedItem[], depth: number): NumberedItem[] => {
    const onPath = path[depth];
    let focus = depth === path.length ? Math.max(spot?.index ?? 0, 0) : 0;
    const out = list.map((item, i): NumberedItem => {
      if (item.type !== 'group') return item;
      if (item.id === onPath) {
        focus = i;
        return { ...item, expanded: true, children: prune(item.children, depth + 1) } satisfies Group;
      }
      return { ...item, stub: true, children: [] } satisfies Group;
    });
    if (out.length <= WHOLE) return out;
    const start = Math.floor(focus / BLOCK) * BLOCK;
    const end = Math.min(out.length, start + BLOCK);
    const kept = out.slice(start, end);
    if (start > 0) kept.unshift({ type: 'more', count: start, href: more });
    if (end < out.length) kept.push({ type: 'more', count: out.length - end, href: more });
    return kept;
  };
  return prune(items, 0);
}
