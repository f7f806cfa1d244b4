import { describe, expect, it } from 'vitest';
import { compareNavigation, navLeaves } from './oracle.js';

const page = (href: string, title = href.slice(1)) => ({ href, title });

describe('navLeaves', () => {
  it('collects pages and group roots in reading order, skipping global anchors and link-only nodes', () => {
    const tree = {
      global: { anchors: [{ anchor: 'Blog', href: 'https://example.com' }] },
      tabs: [
        { tab: 'Guides', href: 'https://external.example', groups: [{ group: 'A', root: page('/a'), pages: [page('/b'), { group: 'B', pages: [page('/c')] }] }] },
        { tab: 'Again', pages: [page('/b')] },
      ],
    };
    expect(navLeaves(tree).map((l) => l.key)).toEqual(['/a#1', '/b#1', '/c#1', '/b#2']);
  });

  it('reads a YAML number title as the text it shows', () => {
    expect(navLeaves({ pages: [{ href: '/v3-8', title: 3.8 }] })[0]!.title).toBe('3.8');
  });
});

describe('compareNavigation', () => {
  const oracle = { pages: [page('/a', 'A'), page('/b', 'B'), page('/c', 'C'), page('/d', 'D')] };

  it('is 100 % on all three measures for the same tree', () => {
    const r = compareNavigation(oracle, structuredClone(oracle));
    expect([r.recall, r.titles, r.order]).toEqual([1, 1, 1]);
  });

  it('measures missing pages, other titles and moved pages separately', () => {
    const ours = { pages: [page('/b', 'B'), page('/a', 'A'), page('/c', 'Sea'), page('/x', 'X')] };
    const r = compareNavigation(oracle, ours);
    expect(r.recall).toBe(3 / 4);
    expect(r.titles).toBe(2 / 3);
    expect(r.order).toBe(2 / 3);
    expect(r.missing).toEqual(['/d "D"']);
    expect(r.extra).toEqual(['/x "X"']);
    expect(r.titleDiffs).toEqual(['/c: "Sea" ≠ oracle "C"']);
  });
});
