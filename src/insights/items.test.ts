import { describe, expect, it } from 'vitest';
import { itemsOfConversations, sitePathOfUrl } from './items.js';

describe('analytics rows as items', () => {
  it('reads a cited URL as a site path', () => {
    expect(sitePathOfUrl('https://acme.docs.example/guides/intro#setup', 'https://acme.docs.example')).toBe('/guides/intro');
    expect(sitePathOfUrl('/guides/intro/?x=1')).toBe('/guides/intro');
    expect(sitePathOfUrl('https://elsewhere.example/a/b')).toBe('/a/b');
    expect(sitePathOfUrl('https://acme.docs.example', 'https://acme.docs.example')).toBe('/');
    expect(sitePathOfUrl('guides/intro')).toBe('/guides/intro');
    expect(sitePathOfUrl('http://[bad')).toBeNull();
  });

  it('makes one item per turn: its cited pages once each, its rating when the row has one, the page it was asked from', () => {
    const base = { id: 'm', timestamp: '', response: '', responseType: 'answer' as const, queryCategory: null, pageUrl: null, threadId: 't1', caller: 'web' as const };
    const [item, unrated] = itemsOfConversations([
      { ...base, query: 'q', pageUrl: '/fr/guides/a', resolutionStatus: 'unanswered', sources: [{ title: 'A', url: '/a#x' }, { title: 'A', url: '/a#y' }, { title: 'B', url: '/b' }], rating: 'down' },
      { ...base, query: 'r', resolutionStatus: 'answered', sources: [], rating: null },
    ]);
    expect(item).toEqual({ text: 'q', count: 1, answered: false, rating: 'down', cited: ['/a', '/b'], kind: 'question', threadId: 't1', askedOn: '/fr/guides/a' });
    expect(unrated).toMatchObject({ answered: true, rating: null, cited: [] });
  });
});
