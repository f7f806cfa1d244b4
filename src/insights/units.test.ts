import { describe, expect, it } from 'vitest';
import { anchorByNeighbours, anchorByPages } from './anchors.js';
import { SectionIndex } from '../retrieval/index.js';
import type { TopicItem } from './types.js';
import { anchorByTerms, unitsOf } from './units.js';

const item = (text: string, extra: Partial<TopicItem> = {}): TopicItem => ({ text, count: 1, cited: [], kind: 'question', ...extra });
const anchors = (items: TopicItem[]) => {
  const units = unitsOf(items);
  anchorByTerms(units);
  return Object.fromEntries(units.map((u) => [u.item.text, u.anchor.kind === 'term' ? u.anchor.term : u.anchor.kind]));
};

describe('units', () => {
  it('merges identical items of one kind, outcome and rating, and leaves out empty ones', () => {
    const units = unitsOf([item('Hide a page', { cited: ['/a'], threadId: 't1' }), item(' hide a  page ', { count: 2, cited: ['/b'] }), item('hide a page', { kind: 'search' }), item('hide a page', { rating: 'down' }), item('   '), item('x', { count: 0 })]);
    expect(units.map((u) => [u.item.text, u.item.count, u.item.kind, u.item.rating, u.item.cited, u.item.threadId])).toEqual([
      ['Hide a page', 3, 'question', null, ['/a', '/b'], 't1'],
      ['hide a page', 1, 'search', null, [], undefined],
      ['hide a page', 1, 'question', 'down', [], undefined],
    ]);
  });

  it('ties units by the word most of them share, then the next, and leaves lone ones', () => {
    expect(anchors([item('saml with okta'), item('saml login'), item('sso with okta'), item('okta groups'), item('lasagna recipe')])).toEqual({
      'saml with okta': 'okta',
      'sso with okta': 'okta',
      'okta groups': 'okta',
      'saml login': 'none',
      'lasagna recipe': 'none',
    });
  });

  it('lets a lone question asked twice keep its longest word, and ties nothing by a word most questions hold', () => {
    expect(anchors([item('acme export', { count: 2 }), item('acme login'), item('acme billing'), item('acme tabs'), item('acme logo'), item('acme fonts')])).toEqual({
      'acme export': 'export',
      'acme login': 'none',
      'acme billing': 'none',
      'acme tabs': 'none',
      'acme logo': 'none',
      'acme fonts': 'none',
    });
  });
});

describe('past the search budget', () => {
  it('places unsearched units on the page their words share with placed ones', async () => {
    const index = new SectionIndex([{ href: '/tabs', title: 'Tabs', sections: [{ anchor: '', heading: '', text: 'Tabs sit above the sidebar.' }] }]);
    const units = unitsOf([item('tabs above the sidebar', { count: 3 }), item('sidebar tabs order', { count: 2 }), item('sidebar width')]);
    // No time to search: the cited one anchors, the others follow its words.
    units[0]!.item.cited.push('/tabs');
    const count = await anchorByPages(units, index, 0);
    expect(count).toEqual({ searched: 0, unsearched: 2 });
    expect(units.map((u) => u.anchor)).toEqual([
      { kind: 'page', path: '/tabs' },
      { kind: 'page', path: '/tabs' },
      { kind: 'page', path: '/tabs' },
    ]);
  });

  it('places nothing on a tie between pages', () => {
    const units = unitsOf([item('sidebar tabs', { cited: ['/tabs'] }), item('sidebar groups', { cited: ['/groups'] }), item('sidebar width')]);
    for (const u of units) if (u.item.cited[0]) u.anchor = { kind: 'page', path: u.item.cited[0] };
    anchorByNeighbours(units, [units[2]!]);
    expect(units[2]!.anchor).toEqual({ kind: 'none' });
  });
});

describe('the language searched', () => {
  const index = new SectionIndex([
    { href: '/index', title: 'Home', language: 'en', sections: [{ anchor: '', heading: '', text: 'Welcome.' }] },
    { href: '/webhooks', title: 'Webhooks', language: 'en', sections: [{ anchor: '', heading: '', text: 'The X-Signature header holds an HMAC of the body.' }] },
    { href: '/fr/webhooks', title: 'Webhooks', language: 'fr', sections: [{ anchor: '', heading: '', text: "L'en-tête X-Signature contient un HMAC du corps." }] },
  ]);
  const anchored = async (items: TopicItem[]) => {
    const units = unitsOf(items);
    await anchorByPages(units, index);
    return units.map((u) => (u.anchor.kind === 'page' ? u.anchor.path : u.anchor.kind));
  };

  it('is the language of the page the reader asked from', async () => {
    expect(await anchored([item('x-signature hmac', { askedOn: '/fr/webhooks' })])).toEqual(['/fr/webhooks']);
    expect(await anchored([item('x-signature hmac', { askedOn: '/webhooks' })])).toEqual(['/webhooks']);
  });

  it("else the readers' usual one, else the home page's", async () => {
    // Readers ask from French pages: a search box query (no page) is searched in French.
    expect(await anchored([item('x-signature hmac', { kind: 'search' }), item('bonjour', { count: 3, askedOn: '/fr/webhooks', answered: false })])).toEqual(['none', '/fr/webhooks']);
    expect(await anchored([item('x-signature hmac', { kind: 'search' })])).toEqual(['/webhooks']);
  });
});
