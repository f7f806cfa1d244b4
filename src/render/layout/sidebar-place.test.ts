import { describe, expect, it } from 'vitest';
import type { SidebarItemView } from '../types.js';
import { numberSidebar } from './sidebar.js';
import { BLOCK, placeItems, placeKey, spotsOf } from './sidebar-place.js';

const page = (n: number): SidebarItemView => ({ type: 'page', title: `P${n}`, href: `/p${n}` });
const group = (title: string, children: SidebarItemView[], rootHref?: string): SidebarItemView => ({ type: 'group', title, expanded: false, rootHref, children });

describe('a page\'s place in a large sidebar', () => {
  // 100 top-level groups of 10 pages; group 50 nests a group holding a 200-page list.
  const tree = Array.from({ length: 100 }, (_, g) =>
    group(`G${g}`, g === 50 ? [page(5000), group('Deep', Array.from({ length: 200 }, (_, i) => page(6000 + i)), '/deep')] : Array.from({ length: 10 }, (_, i) => page(g * 10 + i))),
  );
  const { items } = numberSidebar(tree);
  const spots = spotsOf(items);

  it('opens the way to the page, keeps its siblings and cuts long lists to one block with links to the whole tree', () => {
    const place = placeItems(items, spots.get('/p6150'), '/nav.html');
    // Top level: the block holding group 50, framed by "more" links that count what was left out.
    expect(place[0]).toEqual({ type: 'more', count: 32, href: '/nav.html' });
    const top = place.filter((i) => i.type === 'group');
    expect(top).toHaveLength(BLOCK);
    expect(top.filter((g) => !g.stub).map((g) => g.title)).toEqual(['G50']);
    expect(place.at(-1)).toEqual({ type: 'more', count: 100 - 64, href: '/nav.html' });
    const g50 = top.find((g) => g.title === 'G50')!;
    const deep = g50.children.find((i) => i.type === 'group')!;
    expect(deep.expanded).toBe(true);
    const hrefs = deep.children.flatMap((i) => (i.type === 'page' ? [i.href] : []));
    expect(hrefs).toContain('/p6150');
    expect(hrefs).toHaveLength(BLOCK);
    expect(hrefs[0]).toBe('/p6128');
  });

  it('gives pages of the same block the same key, and a group\'s root page its children', () => {
    expect(placeKey(spots.get('/p6130'))).toBe(placeKey(spots.get('/p6159')));
    expect(placeKey(spots.get('/p6130'))).not.toBe(placeKey(spots.get('/p6160')));
    const root = placeItems(items, spots.get('/deep'), '/nav.html');
    const g50 = root.find((i) => i.type === 'group' && i.title === 'G50');
    expect(g50 && g50.type === 'group' && g50.children.some((c) => c.type === 'group' && !c.stub)).toBe(true);
  });
});
