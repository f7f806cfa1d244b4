/** Topics of readers' questions and searches over the small site of `fixture.ts`. */
import { describe, expect, it } from 'vitest';
import { itemsOfConversations, itemsOfSearches, sortTopics, topicConcern, topicsOf, type Topic, type TopicItem } from '../../src/insights/index.js';
import { conversation, index, QUESTIONS, topicOf } from './fixture.js';

describe('topicsOf over a retrieval index', () => {
  it('puts questions citing the same page in one topic, named after the page, its pages most cited first', async () => {
    const topics = await topicsOf(QUESTIONS, index);
    const hidden = topicOf(topics, '/guides/hidden-pages')!;
    expect(hidden).toMatchObject({ id: 'page-guides-hidden-pages', label: 'Hidden pages', count: 3, thumbsUp: 1, thumbsDown: 1, unanswered: 0 });
    expect(hidden.pages).toEqual([
      { path: '/guides/hidden-pages', title: 'Hidden pages' },
      { path: '/guides/tabs', title: 'Tabs' },
    ]);
    expect(hidden.questions.map((q) => q.text)).toContain('do search engines index a page left out of the sidebar');
    expect(hidden.questions[0]).toMatchObject({ kind: 'question', threadId: expect.stringMatching(/^t\d+$/) });
  });

  it('places a question that cited nothing by retrieval, beside the ones that cited the same page', async () => {
    const topics = await topicsOf(QUESTIONS, index);
    const webhooks = topicOf(topics, '/api/webhooks')!;
    expect(webhooks.questions.map((q) => q.text).sort()).toEqual([
      'does a delivery without a 2xx response get retried with backoff?',
      'how is the HMAC of each delivery computed, which signing secret?',
      'which header carries the signature of a delivery',
    ]);
    expect(webhooks.thumbsDown).toBe(1);
    expect(topicOf(topics, '/settings/custom-domain')?.questions.map((q) => q.text)).toEqual(["TLS certificate renewal with Let's Encrypt"]);
  });

  it('tells two pages of one title apart by their sidebar group', async () => {
    const topics = await topicsOf([...QUESTIONS, ...itemsOfConversations([conversation('how many requests per minute before a 429?')])], index);
    expect(topicOf(topics, '/api/webhooks')!.label).toBe('Overview (Webhooks)');
    expect(topicOf(topics, '/api/overview')!.label).toBe('Overview (API reference)');
  });

  it('ties unanswered questions by a shared word, counts them, and leaves a lone one in "Other", last', async () => {
    const topics = await topicsOf(QUESTIONS, index);
    const saml = topics.find((t) => t.id === 'term-saml')!;
    expect(saml).toMatchObject({ label: 'SAML', count: 2, unanswered: 2, thumbsDown: 1, pages: [] });
    expect(topics.at(-1)).toMatchObject({ id: 'other', label: 'Other', count: 1, unanswered: 1 });
    expect(topics.at(-1)!.questions[0]!.text).toBe('recipe for lasagna');
    expect(topics.reduce((sum, t) => sum + t.count, 0)).toBe(QUESTIONS.length);
  });

  it('gives the same ids whatever the order of the items', async () => {
    const a = await topicsOf(QUESTIONS, index);
    const b = await topicsOf([...QUESTIONS].reverse(), index);
    const byId = (topics: Topic[]) => Object.fromEntries(topics.map((t) => [t.id, [t.label, t.count]]));
    expect(byId(b)).toEqual(byId(a));
    expect(a.map((t) => t.id).sort()).toEqual(['other', 'page-api-webhooks', 'page-guides-hidden-pages', 'page-settings-custom-domain', 'term-saml']);
  });

  it('merges identical questions into one item, asked as often as they were', async () => {
    const again = itemsOfConversations([conversation('  how is the HMAC of each delivery computed, which signing   secret?'), conversation('How is the HMAC of each delivery computed, which signing secret?')]);
    const webhooks = topicOf(await topicsOf([...QUESTIONS, ...again], index), '/api/webhooks')!;
    // The thumbed-down one stays apart: its rating is not theirs.
    expect(webhooks.questions.map((q) => [q.count, q.rating ?? null])).toEqual([
      [2, null],
      [1, 'down'],
      [1, null],
      [1, null],
    ]);
    expect(webhooks.count).toBe(5);
  });

  it('counts searches with and without results, and groups them by the page readers opened or by retrieval', async () => {
    const searches = itemsOfSearches([
      { searchQuery: 'cname record', hits: 6, ctr: 0.5, topClickedPage: '/settings/custom-domain', lastSearchedAt: '', noResults: 0 },
      { searchQuery: 'wildcard path segments', hits: 3, ctr: 0, topClickedPage: null, lastSearchedAt: '', noResults: 1 },
      { searchQuery: 'saml', hits: 4, ctr: 0, topClickedPage: null, lastSearchedAt: '', noResults: 4 },
    ]);
    expect(searches.map((s) => [s.text, s.count, s.answered])).toEqual([
      ['cname record', 6, true],
      ['wildcard path segments', 2, true],
      ['wildcard path segments', 1, false],
      ['saml', 4, false],
    ]);
    const topics = await topicsOf([...QUESTIONS, ...searches], index);
    expect(topicOf(topics, '/settings/custom-domain')).toMatchObject({ count: 7, unanswered: 0 });
    // Found by retrieval, though the search box showed nothing once.
    expect(topicOf(topics, '/guides/redirects')).toMatchObject({ count: 3, unanswered: 1 });
    expect(topics.find((t) => t.id === 'term-saml')).toMatchObject({ count: 6, unanswered: 6 });
    expect(topics.find((t) => t.id === 'term-saml')!.questions[0]).toMatchObject({ text: 'saml', kind: 'search', count: 4 });
  });

  it('orders the three views: most asked, most gone wrong, most liked; "Other" last in each', async () => {
    const topics = await topicsOf(QUESTIONS, index);
    // Equal counts by label.
    expect(topics.map((t) => [t.id, t.count])).toEqual([
      ['page-guides-hidden-pages', 3],
      ['page-api-webhooks', 3],
      ['term-saml', 2],
      ['page-settings-custom-domain', 1],
      ['other', 1],
    ]);
    expect(sortTopics(topics, 'negative').map((t) => [t.id, topicConcern(t, 'negative')])).toEqual([
      ['term-saml', 3],
      ['page-guides-hidden-pages', 1],
      ['page-api-webhooks', 1],
      ['page-settings-custom-domain', 0],
      ['other', 1],
    ]);
    expect(sortTopics(topics, 'positive')[0]!.id).toBe('page-guides-hidden-pages');
  });

  it('folds the pages of a sidebar group into one topic past the limit, and keeps the rest in "Other"', async () => {
    const items: TopicItem[] = ['/guides/hidden-pages', '/guides/tabs', '/guides/redirects', '/settings/analytics', '/settings/custom-domain', '/quickstart'].map((cited, i) => ({ text: `question ${i}`, count: 6 - i, cited: [cited], kind: 'question' }));
    const topics = await topicsOf(items, index, { limit: 2 });
    expect(topics.map((t) => [t.id, t.label, t.count])).toEqual([
      ['group-navigation', 'Navigation', 15],
      ['group-settings', 'Settings', 5],
      ['other', 'Other', 1],
    ]);
    expect(topics[0]!.pages.map((p) => p.path)).toEqual(['/guides/hidden-pages', '/guides/tabs', '/guides/redirects']);
  });

  it('keeps a small topic that leads the negative view though it is not among the most asked', async () => {
    const items: TopicItem[] = [
      { text: 'a', count: 9, cited: ['/guides/tabs'], kind: 'question' },
      { text: 'b', count: 8, cited: ['/quickstart'], kind: 'question' },
      { text: 'c', count: 1, answered: false, cited: ['/settings/analytics'], kind: 'question' },
    ];
    expect((await topicsOf(items, index, { limit: 1 })).map((t) => t.id)).toEqual(['page-guides-tabs', 'page-settings-analytics', 'other']);
  });
});

describe('topicsOf without an index', () => {
  it('groups by cited pages (titles from their paths) and by shared words', async () => {
    const topics = await topicsOf(QUESTIONS, null);
    expect(topics.map((t) => [t.id, t.label, t.count])).toEqual([
      ['page-guides-hidden-pages', 'Hidden pages', 3],
      ['term-delivery', 'Delivery', 2],
      ['term-saml', 'SAML', 2],
      ['page-api-webhooks', 'Webhooks', 1],
      ['other', 'Other', 2],
    ]);
  });
});

describe('the model names topics', () => {
  it('takes its names, merges topics it names alike under the larger one\'s id, and never sends "Other"', async () => {
    let sent: Topic[] = [];
    const topics = await topicsOf(QUESTIONS, index, {
      nameTopics: async (given) => {
        sent = given;
        return given.map((t) => (t.id === 'page-guides-hidden-pages' || t.id === 'page-settings-custom-domain' ? 'Site setup' : `"${t.label} topic"`));
      },
    });
    expect(sent.map((t) => t.id)).not.toContain('other');
    expect(topics.map((t) => [t.id, t.label, t.count])).toEqual([
      ['page-guides-hidden-pages', 'Site setup', 4],
      ['page-api-webhooks', 'Overview topic', 3],
      ['term-saml', 'SAML topic', 2],
      ['other', 'Other', 1],
    ]);
  });

  it('keeps our labels when it fails or answers the wrong number of names, and says why', async () => {
    const logged: string[] = [];
    const log = (line: string) => logged.push(line);
    const plain = (await topicsOf(QUESTIONS, index)).map((t) => t.label);
    expect((await topicsOf(QUESTIONS, index, { log, nameTopics: async () => Promise.reject(new Error('model endpoint down')) })).map((t) => t.label)).toEqual(plain);
    expect((await topicsOf(QUESTIONS, index, { log, nameTopics: async () => ['one'] })).map((t) => t.label)).toEqual(plain);
    expect((await topicsOf(QUESTIONS, index, { log, nameTopics: async () => null })).map((t) => t.label)).toEqual(plain);
    expect(logged).toEqual(['insights: topics keep their own labels, the model failed: model endpoint down', 'insights: topics keep their own labels, the model gave 1 names for 4 topics']);
  });
});
