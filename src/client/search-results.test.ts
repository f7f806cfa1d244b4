import { describe, expect, it } from 'vitest';
import { KEYWORDS_ANCHOR, isRelevant, leadingText, pageHit, shownLabels, withoutHeading, type PagefindData } from './search-results.js';

describe('search results', () => {
  it('drops the heading an excerpt starts with, marks and case aside', () => {
    expect(withoutHeading('Events. event body string required.', 'Events')).toBe('event body string required.');
    expect(withoutHeading('Update <mark>checkout.</mark> POST /checkouts', 'Update checkout')).toBe('POST /checkouts');
    expect(withoutHeading('Path parameters: id string', 'path parameters')).toBe('id string');
    // A window that starts later in the section keeps its words.
    expect(withoutHeading('the <mark>checkout</mark> id.', 'Events')).toBe('the <mark>checkout</mark> id.');
    expect(withoutHeading('Events.', 'Events')).toBe('Events.');
  });

  it('groups a page: its labels in order, its own excerpt, its sections without the keywords one', () => {
    const data: PagefindData = {
      url: '/v2/webhooks',
      excerpt: 'ignored',
      meta: { title: 'Webhooks' },
      filters: { folio_tab: ['Guides'], folio_version: ['v2'], other: ['x'] },
      sub_results: [
        { title: 'Webhooks', url: '/v2/webhooks', excerpt: 'Webhooks. Events sent to your <mark>server.</mark>' },
        { title: 'Events', url: '/v2/webhooks#events', excerpt: 'Events. The <mark>server</mark> answers.', anchor: { id: 'events' } },
        { title: 'zebra', url: `/v2/webhooks#${KEYWORDS_ANCHOR}`, excerpt: '<mark>server</mark>', anchor: { id: KEYWORDS_ANCHOR } },
        { title: 'A', url: '/v2/webhooks#a', excerpt: 'A. <mark>server</mark>', anchor: { id: 'a' } },
        { title: 'B', url: '/v2/webhooks#b', excerpt: 'B. <mark>server</mark>', anchor: { id: 'b' } },
        { title: 'C', url: '/v2/webhooks#c', excerpt: 'C. <mark>server</mark>', anchor: { id: 'c' } },
      ],
    };
    expect(pageHit(data)).toEqual({
      url: '/v2/webhooks',
      title: 'Webhooks',
      labels: ['v2', 'Guides'],
      excerpt: 'Events sent to your <mark>server.</mark>',
      sections: [
        { url: '/v2/webhooks#events', title: 'Events', excerpt: 'The <mark>server</mark> answers.' },
        { url: '/v2/webhooks#a', title: 'A', excerpt: '<mark>server</mark>' },
        { url: '/v2/webhooks#b', title: 'B', excerpt: '<mark>server</mark>' },
      ],
    });
  });

  it('labels the language only when the hits are in more than one', () => {
    const hit = (language: string): PagefindData => ({ url: '/', excerpt: '', meta: { title: 'T' }, filters: { folio_language: [language], folio_version: ['v2'] } });
    expect(pageHit(hit('English'), { labels: shownLabels([hit('English'), hit('English')]) }).labels).toEqual(['v2']);
    expect(pageHit(hit('English'), { labels: shownLabels([hit('English'), hit('Français')]) }).labels).toEqual(['v2', 'English']);
  });

  it('shows a page found by its keywords alone with its opening words, never the keywords', () => {
    const data: PagefindData = {
      url: '/stripes',
      excerpt: 'Stripes. Patterns of lines. <mark>zebra,</mark> pinstripe.',
      content: 'Stripes. Patterns of <lines> & fabric. zebra, pinstripe.',
      meta: { title: 'Stripes' },
      anchors: [{ id: KEYWORDS_ANCHOR, location: 6 }],
      sub_results: [{ title: 'zebra, pinstripe', url: `/stripes#${KEYWORDS_ANCHOR}`, excerpt: '<mark>zebra,</mark> pinstripe.', anchor: { id: KEYWORDS_ANCHOR } }],
    };
    const hit = pageHit(data);
    expect(hit.sections).toEqual([]);
    expect(hit.excerpt).toBe('Patterns of &#60;lines&#62; &#38; fabric.');
    expect(hit.excerpt).not.toContain('zebra');
  });

  it('cuts a long opening with an ellipsis', () => {
    const content = 'Title. ' + Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ');
    expect(leadingText({ url: '/t', excerpt: '', content, meta: {} }, 'Title', 5)).toBe('w0 w1 w2 w3 w4 …');
  });
});

describe('relevance', () => {
  /** A hit whose matched words are the `*`-marked words of `text`. */
  const hit = (text: string): PagefindData => {
    const all = text.split(' ');
    return { url: '/x', excerpt: '', meta: {}, content: all.map((w) => w.replace(/^\*/, '')).join(' '), locations: all.flatMap((w, i) => (w.startsWith('*') ? [i] : [])) };
  };

  it('takes a hit whose matched words are the query words, words they begin, or their stems', () => {
    expect(isRelevant(hit('Step *Install the CLI'), 'install')).toBe(true);
    expect(isRelevant(hit('Step *Installation. of the CLI'), 'installa')).toBe(true);
    expect(isRelevant(hit('*Install the CLI'), 'installation')).toBe(true);
    expect(isRelevant(hit('The refund *policy: full'), 'policies')).toBe(true);
    expect(isRelevant(hit('Event *checkout.created. sent'), 'checkout')).toBe(true);
    expect(isRelevant(hit('*Résumé of the API'), 'resume')).toBe(true);
    // One word of the query is enough (Pagefind finds pages with any of them).
    expect(isRelevant(hit('the *checkout page'), 'checkout zzqxv')).toBe(true);
  });

  it('leaves out a hit found only by a prefix Pagefind put in place of a word it does not have', () => {
    // The nonsense query: "zzqxv" is nowhere, "nonexistent" became "none".
    expect(isRelevant(hit('*None for one-time products'), 'zzqxv nonexistent')).toBe(false);
    expect(isRelevant(hit('this *or that'), 'orchid')).toBe(false);
    expect(isRelevant(hit('read the *docs first'), 'docker')).toBe(false);
    expect(isRelevant(hit('nothing matched here'), 'webhook')).toBe(false);
  });

  it('takes as it is a hit it cannot judge: no locations, or a query in a script written without spaces', () => {
    expect(isRelevant({ url: '/x', excerpt: '', meta: {} }, 'zzqxv')).toBe(true);
    expect(isRelevant(hit('*安装指南 说明'), '安装')).toBe(true);
  });
});
