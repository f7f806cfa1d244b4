import { describe, expect, it } from 'vitest';
import { searchPages, type SearchEngine } from './search-engine.js';
import type { PagefindData } from './search-results.js';

/** A Pagefind of a few pages, each in a version: results in the order given, filtered as Pagefind filters. */
function engineOf(pages: { url: string; version?: string }[], stale: string[] = []): SearchEngine & { calls: string[]; fetched: string[] } {
  const calls: string[] = [];
  const fetched: string[] = [];
  const data = (p: { url: string; version?: string }): PagefindData => ({ url: p.url, excerpt: '', meta: { title: p.url }, filters: p.version ? { folio_version: [p.version] } : {} });
  return {
    calls,
    fetched,
    stale: new Set(stale),
    prefix: '',
    pagefind: {
      search: async (_query, options) => {
        const version = options?.filters?.folio_version;
        calls.push(version ?? '*');
        const found = pages.filter((p) => version === undefined || p.version === version);
        return { results: found.map((p) => ({ id: p.url, data: async () => { fetched.push(p.url); return data(p); } })) };
      },
    },
  };
}

describe('searchPages', () => {
  const pages = [
    { url: '/v1/checkout', version: 'v1' },
    { url: '/v1/webhooks', version: 'v1' },
    { url: '/v2/checkout', version: 'v2' },
    { url: '/v2/webhooks', version: 'v2' },
  ];

  it("puts the reader's version first and the other versions after it, each page once", async () => {
    const engine = engineOf(pages);
    expect((await searchPages(engine, 'checkout', 8, { version: 'v2' })).map((d) => d.url)).toEqual(['/v2/checkout', '/v2/webhooks', '/v1/checkout', '/v1/webhooks']);
    expect(engine.calls).toEqual(['v2', '*']);
    // Each page's data is fetched once, though both searches found the v2 pages.
    expect(engine.fetched.sort()).toEqual(pages.map((p) => p.url).sort());
  });

  it("asks only the reader's version when it fills the list, and every version from a page without one", async () => {
    const scoped = engineOf(pages);
    expect((await searchPages(scoped, 'checkout', 2, { version: 'v1' })).map((d) => d.url)).toEqual(['/v1/checkout', '/v1/webhooks']);
    expect(scoped.calls).toEqual(['v1']);
    const all = engineOf(pages);
    expect((await searchPages(all, 'checkout', 8)).map((d) => d.url)).toEqual(pages.map((p) => p.url));
    expect(all.calls).toEqual(['*']);
  });

  it('from a page in no version, puts pages of versions other than the default after the rest', async () => {
    const mixed = [{ url: '/api/v1/checkout', version: 'v1' }, { url: '/guides/checkout' }, { url: '/api/v2/checkout', version: 'v2' }, { url: '/api/v1/refund', version: 'v1' }];
    expect((await searchPages(engineOf(mixed), 'checkout', 3, { defaultVersion: 'v2' })).map((d) => d.url)).toEqual(['/guides/checkout', '/api/v2/checkout', '/api/v1/checkout']);
  });

  it('leaves out main-index hits of pages the delta index replaced', async () => {
    expect((await searchPages(engineOf(pages, ['/v2/checkout']), 'checkout', 8, { version: 'v2' })).map((d) => d.url)).toEqual(['/v2/webhooks', '/v1/checkout', '/v1/webhooks']);
  });
});

/** A Pagefind over a few pages' texts: a page is found when it holds every word of the query, its score the number of times they occur. */
function wordEngine(pages: Record<string, string>, language = 'en'): SearchEngine & { queries: string[] } {
  const queries: string[] = [];
  const words = (text: string) => text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
  return {
    queries,
    stale: new Set(),
    prefix: '',
    language,
    pagefind: {
      search: async (query) => {
        queries.push(query);
        const asked = words(query);
        const results = Object.entries(pages)
          .map(([url, text]) => ({ url, held: words(text) }))
          .filter(({ held }) => asked.every((w) => held.includes(w)))
          .map(({ url, held }) => ({ id: url, score: held.filter((w) => asked.includes(w)).length, data: async (): Promise<PagefindData> => ({ url, excerpt: '', meta: { title: url } }) }))
          .sort((a, b) => b.score - a.score);
        return { results };
      },
    },
  };
}

describe('searchPages with a question in the reader’s words', () => {
  const pages = {
    '/sso/okta': 'Sign in with Okta. Add Okta as an identity provider, then sign in.',
    '/sso/google': 'Sign in with Google.',
    '/feeds/rss': 'The RSS feed of the changelog.',
    '/how-it-works': 'How it works: do you know what I mean?',
  };

  it('finds the pages holding the most of its words when no page holds them all, the question words left out', async () => {
    const engine = wordEngine(pages);
    expect((await searchPages(engine, 'How do I sign in with Okta?', 8)).map((d) => d.url)).toEqual(['/sso/okta', '/sso/google']);
    expect(engine.queries).toEqual(['How do I sign in with Okta?', 'sign', 'okta']);
    expect((await searchPages(wordEngine(pages), 'okta rss', 8)).map((d) => d.url)).toEqual(['/sso/okta', '/feeds/rss']);
  });

  it("lists the exact query's pages first and searches no word apart when they are enough", async () => {
    const engine = wordEngine(pages);
    expect((await searchPages(engine, 'sign in google', 8)).map((d) => d.url)).toEqual(['/sso/google', '/sso/okta']);
    const many = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`/p${i}`, 'okta sign in']));
    const full = wordEngine(many);
    expect(await searchPages(full, 'okta sign in', 8)).toHaveLength(8);
    expect(full.queries).toEqual(['okta sign in']);
  });

  it('keeps every word in a language without a stop list, and searches a one-word query once', async () => {
    const engine = wordEngine(pages, 'unknown');
    expect((await searchPages(engine, 'what rss', 8)).map((d) => d.url)).toEqual(['/how-it-works', '/feeds/rss']);
    const single = wordEngine(pages);
    await searchPages(single, 'okta', 8);
    expect(single.queries).toEqual(['okta']);
  });
});
