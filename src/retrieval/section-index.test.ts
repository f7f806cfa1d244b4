import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { best, SectionIndex } from './section-index.js';
import type { RetrievalPage } from './types.js';

const page = (href: string, title: string, sections: [string, string][], extra: Partial<RetrievalPage> = {}): RetrievalPage => ({
  href,
  title,
  sections: sections.map(([heading, text]) => ({ anchor: heading.toLowerCase().replace(/\s+/g, '-'), heading, text })),
  ...extra,
});

const PAGES = [
  page('/guides/hidden-pages', 'Hidden pages', [['', 'Pages can stay out of the sidebar.'], ['Hide a group', 'Set hidden on the group to keep all of its pages out.']]),
  page('/guides/navigation', 'Navigation', [['Groups', 'Groups collect pages in the sidebar. A page appears once.'], ['Tabs', 'Tabs sit above the sidebar.']]),
  page('/components/callouts', 'Callouts', [['Warning', 'A warning draws attention to a risk.']], { keywords: ['admonition'] }),
  page('/api/users/create', 'Create a user', [['', 'Creates a user account.']], { operation: { method: 'POST', path: '/users' }, group: 'Users' }),
  page('/es/guides/navigation', 'Navegación', [['Grupos', 'Los grupos reúnen páginas en la barra lateral.']], { language: 'es' }),
  page('/v1/guides/navigation', 'Navigation (v1)', [['Groups', 'Groups of the sidebar in version one.']], { version: 'v1' }),
];

describe('SectionIndex', () => {
  const index = new SectionIndex(PAGES);

  it('ranks a title match above a body mention, and answers with the section and its anchor', () => {
    const hits = index.search('hidden pages', { perPage: true });
    expect(hits[0]).toMatchObject({ path: '/guides/hidden-pages', title: 'Hidden pages' });
    const group = index.search('hide a group')[0]!;
    expect(group).toMatchObject({ path: '/guides/hidden-pages', anchor: 'hide-a-group', heading: 'Hide a group' });
    expect(group.excerpt).toContain('group');
  });

  it('finds words by prefix and with a typo, and by frontmatter keywords', () => {
    expect(index.search('callout')[0]?.path).toBe('/components/callouts');
    expect(index.search('navigaton')[0]?.path).toMatch(/navigation$/);
    expect(index.search('admonition')[0]?.path).toBe('/components/callouts');
  });

  it('forgives two typos in a long word, not three', () => {
    const long = new SectionIndex([page('/i18n', 'Translations', [['', 'Internationalization of the interface.']])]);
    expect(long.search('internatonalzation')[0]?.path).toBe('/i18n');
    // Three edits: a fifth of the word's 17 letters would allow them, the cap does not.
    expect(long.search('internatonalzaton')).toEqual([]);
  });

  it('scores a query word by word as one MiniSearch query would, and forgets kept words when a page changes', () => {
    const words = new SectionIndex([
      page('/a', 'Alpha', [['Install', 'Install the sprocket wrench first.'], ['Upgrade', 'Upgrade the wrench.']]),
      page('/b', 'Beta', [['', 'A wrench for every sprocket.']]),
    ]);
    // The same words in another order, and with a new word, rank as a MiniSearch OR query does:
    // the section matching both words first, whatever was asked before.
    const first = words.search('sprocket wrench');
    expect(first.map((h) => `${h.path}#${h.anchor}`)).toEqual(words.search('wrench sprocket unheard').map((h) => `${h.path}#${h.anchor}`));
    expect(first[0]!.score).toBeGreaterThan(first.at(-1)!.score);
    expect(first.map((h) => h.path)).not.toContain('/c');
    // A new page is found at once: the kept words' scores went with the change.
    words.put(page('/c', 'Gamma', [['', 'Sprocket wrench sprocket wrench, the whole sprocket wrench story.']]));
    expect(words.search('sprocket wrench').map((h) => h.path)).toContain('/c');
    words.remove('/a');
    expect(words.search('sprocket wrench').map((h) => h.path)).not.toContain('/a');
  });

  it('matches typos only for words the pages do not use: a word they use is not also read as its neighbours', () => {
    const words = new SectionIndex([
      page('/a', 'Alpha', [['', 'The sprocket turns.']]),
      page('/b', 'Beta', [['', 'The socket turns.']]),
    ]);
    // "sprocket" is a word of /a: /b's "socket" is two letters away but not what was asked.
    expect(words.search('sprocket').map((h) => h.path)).toEqual(['/a']);
    // A word no page uses still finds its closest spellings.
    expect(words.search('spocket').map((h) => h.path).sort()).toEqual(['/a', '/b']);
  });

  it('stems words: another form of a word finds the page, and so does a misspelt one', () => {
    const words = new SectionIndex([
      page('/evict', 'Memory', [['', 'When the cache is full, keys are evicted oldest first.']]),
      page('/retry', 'Delivery', [['', 'Failed deliveries are retried five times.']]),
      page('/nav', 'Navigation', [['', 'Groups of pages in the sidebar.']]),
    ]);
    expect(words.search('evicting keys')[0]?.path).toBe('/evict');
    expect(words.search('stop retrying deliveries')[0]?.path).toBe('/retry');
    expect(words.search('navigaton sidebar')[0]?.path).toBe('/nav');
  });

  it('finds an endpoint page by its operation, and carries the operation', () => {
    const hit = index.search('POST users')[0]!;
    expect(hit).toMatchObject({ path: '/api/users/create', operation: { method: 'POST', path: '/users' } });
  });

  it('answers nothing to a question of stop words only', () => {
    expect(index.search('how do I')).toEqual([]);
  });

  it('narrows to a language, a version and a group', () => {
    expect(index.search('grupos', { filters: { language: 'es' } }).map((h) => h.path)).toEqual(['/es/guides/navigation']);
    expect(index.search('groups', { filters: { language: 'es' } })).toEqual([]);
    expect(index.search('groups sidebar', { filters: { version: 'v1' } }).map((h) => h.path)).toEqual(['/v1/guides/navigation']);
    expect(index.search('user', { filters: { group: 'users' } }).map((h) => h.path)).toEqual(['/api/users/create']);
  });

  it('gives one result per page when asked, honours the limit and the score threshold', () => {
    const all = index.search('sidebar groups', { limit: 50 });
    const perPage = index.search('sidebar groups', { limit: 50, perPage: true });
    expect(new Set(perPage.map((h) => h.path)).size).toBe(perPage.length);
    expect(all.length).toBeGreaterThan(perPage.length);
    expect(index.search('sidebar groups', { limit: 1 })).toHaveLength(1);
    const top = all[0]!.score;
    expect(index.search('sidebar groups', { limit: 50, scoreThreshold: top }).every((h) => h.score >= top)).toBe(true);
  });

  it('replaces and removes a page', () => {
    const live = new SectionIndex(PAGES);
    expect(live.search('warning')[0]?.path).toBe('/components/callouts');
    live.put(page('/components/callouts', 'Callouts', [['Note', 'A note adds context.']]));
    expect(live.search('warning')).toEqual([]);
    expect(live.search('note')[0]?.path).toBe('/components/callouts');
    expect(live.remove('/components/callouts')).toBe(true);
    expect(live.search('note')).toEqual([]);
    expect(live.page('/components/callouts')).toBeUndefined();
    expect(live.size).toBe(PAGES.length - 1);
  });

  it('scores as a fresh index after pages are replaced (a page edited again and again in folio dev)', () => {
    const versions = [1, 2, 3, 4].map((n) => page('/guides/install', 'Install widgets', [['', `Widgets install in ${n} steps.`], ['Requirements', 'A wrench for widgets.'], ['Upgrade', 'Upgrade widgets.']]));
    const others = [page('/index', 'Welcome', [['', 'Widgets for everyone.']]), page('/guides/tune', 'Tune widgets', [['', 'Turn the knob.']])];
    const live = new SectionIndex([...others, versions[0]!]);
    for (const v of versions.slice(1)) {
      live.search('wrench');
      live.put(v);
    }
    const fresh = new SectionIndex([...others, versions.at(-1)!]);
    // The pages indexed first (before the replaced page's old sections) kept their scores: no word counted in sections since removed.
    expect(live.search('widgets', { limit: 50 })).toEqual(fresh.search('widgets', { limit: 50 }));
    expect(live.search('widgets', { limit: 50 }).map((h) => h.path)).toContain('/guides/tune');
  });
});

describe("the reader's place: product and tag filters, soft preferences", () => {
  const filler = Array.from({ length: 12 }, (_, i) => page(`/misc/${i}`, `Topic ${i}`, [['', `Unrelated words number ${i}: deploy, build, tokens, regions, billing.`]]));
  // Two products explain retries in nearly the same words; the queue's page matches a little better.
  const index = new SectionIndex([
    // (At OTHER_VERSION_WEIGHT 0.3 the v1 page below teaches feedback less of "delay", and a queue page
    // naming the delay lost its lead by 0.001: it says the question's words a little more tightly.)
    page('/queues/retries', 'Retries', [['', 'Retry a failed message: set the retry limit of the queue.']], { product: 'Queues', tag: 'New', version: 'v2' }),
    page('/workflows/retries', 'Retries', [['', 'Retry a failed step: set the retry limit of the workflow.']], { product: 'Workflows' }),
    page('/workflows/overview', 'Workflows', [['', 'Workflows run steps.']], { product: 'Workflows' }),
    page('/v1/queues/retries', 'Retries', [['', 'Retry a failed message: set the retry limit and the retry delay.']], { product: 'Queues', version: 'v1', otherVersion: true }),
    page('/api/retries', 'Retry policy', [['', 'The retry limit of a request.']], { tab: 'API reference' }),
    ...filler,
  ]);
  const order = (options: Parameters<SectionIndex['search']>[1]) => index.search('set the retry limit', { perPage: true, ...options }).map((h) => h.path);

  it('filters by product (else tab) and by frontmatter tag, case-insensitive', () => {
    expect(order({ filters: { product: 'workflows' } })).toEqual(['/workflows/retries']);
    expect(order({ filters: { product: 'API reference' } })).toEqual(['/api/retries']);
    expect(order({ filters: { tag: 'new' } })).toEqual(['/queues/retries']);
  });

  it("prefers the reader's product and version, keeping the others after", () => {
    const plain = order({});
    expect(plain[0]).toBe('/queues/retries');
    const fromWorkflows = order({ prefer: index.placeOf('/workflows/overview') });
    expect(fromWorkflows[0]).toBe('/workflows/retries');
    expect(fromWorkflows).toContain('/queues/retries');
    // From the v1 docs, v1's page comes before the current version's; without it, after.
    expect(plain.indexOf('/v1/queues/retries')).toBeGreaterThan(plain.indexOf('/queues/retries'));
    const fromV1 = order({ prefer: { version: 'v1', product: 'Queues' } });
    expect(fromV1[0]).toBe('/v1/queues/retries');
    // A filter decides where it is given.
    expect(order({ prefer: { product: 'Workflows' }, filters: { product: 'Queues' } })[0]).toBe('/queues/retries');
  });

  it("gives a page's place: its product, else its tab, its version and language", () => {
    expect(index.placeOf('/v1/queues/retries')).toEqual({ product: 'Queues', version: 'v1' });
    expect(index.placeOf('/api/retries')).toEqual({ product: 'API reference' });
    expect(index.placeOf('/nowhere')).toBeUndefined();
  });
});

describe('SectionIndex answers kept', () => {
  it('answers a repeated question from what it kept, per options, and forgets on any change of the pages', () => {
    const index = new SectionIndex(PAGES);
    const first = index.search('sidebar groups', { limit: 3 });
    const again = index.search('  Sidebar Groups ', { limit: 3 });
    expect(again).toEqual(first);
    expect(again[0]).toBe(first[0]);
    // Another limit is another answer; a caller changing its copy changes nothing kept.
    expect(index.search('sidebar groups', { limit: 1 })).toHaveLength(1);
    again.length = 0;
    expect(index.search('sidebar groups', { limit: 3 })).toEqual(first);
    // A page changes: the next answer sees it.
    index.put(page('/guides/sidebar', 'Sidebar groups', [['', 'All about sidebar groups.']]));
    expect(index.search('sidebar groups', { limit: 3 })[0]!.path).toBe('/guides/sidebar');
    index.remove('/guides/sidebar');
    expect(index.search('sidebar groups', { limit: 3 }).map((h) => h.path)).not.toContain('/guides/sidebar');
  });
});

describe('preparing a large index', () => {
  // ~1,200 sections of 300 words: far more than one 15 ms slice of indexing.
  const words = Array.from({ length: 3000 }, (_, i) => `term${i.toString(36)}`);
  const text = (seed: number) => Array.from({ length: 300 }, (_, i) => words[(seed * 31 + i * 7) % words.length]).join(' ');
  const many = () => Array.from({ length: 400 }, (_, p) => page(`/p${p}`, `Page ${p}`, [0, 1, 2].map((s): [string, string] => [s ? `Part ${s}` : '', text(p * 3 + s)])));

  it('gives the thread back between slices, and takes in pages put and removed meanwhile', async () => {
    const index = new SectionIndex(many());
    let ticks = 0;
    let ticking = true;
    const tick = () => {
      ticks++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const prepared = index.prepare();
    index.put(page('/late', 'Late arrival', [['', 'zebracorn appears here']]));
    index.remove('/p5');
    await prepared;
    ticking = false;
    expect(ticks).toBeGreaterThan(1);
    expect(index.search('zebracorn')[0]).toMatchObject({ path: '/late' });
    // The same answers as an index made at once by a search.
    const atOnce = new SectionIndex(many());
    atOnce.put(page('/late', 'Late arrival', [['', 'zebracorn appears here']]));
    atOnce.remove('/p5');
    for (const query of [words[7]!, `${words[100]} ${words[2000]}`, 'page 12 part']) expect(index.search(query)).toEqual(atOnce.search(query));
    expect(index.search(text(15)).some((h) => h.path === '/p5')).toBe(false);
  });

  it('answers a search that does not wait for it, and then has nothing left to do', async () => {
    const index = new SectionIndex(many());
    const prepared = index.prepare();
    expect(index.search(words[11]!).length).toBeGreaterThan(0);
    await prepared;
    await index.prepare({ language: 'fr' });
  });
});

describe('picking the best sections', () => {
  it('gives the first `count` of a stable sort by score, best first, over every list', () => {
    const list = (scores: number[], tag: number) => ({ partition: { tag } as never, ids: Int32Array.from(scores.map((_, i) => tag * 1000 + i)), scores: Float64Array.from(scores), matched: Uint16Array.from(scores.map(() => 1)), length: scores.length });
    fc.assert(
      fc.property(fc.array(fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 40 }), { maxLength: 4 }), fc.nat({ max: 60 }), (scoreLists, count) => {
        const lists = scoreLists.map((scores, tag) => list(scores, tag));
        const all = lists.flatMap((l) => Array.from(l.scores, (score, i) => ({ id: l.ids[i]!, score })));
        const expected = [...all].sort((a, b) => b.score - a.score).slice(0, count);
        expect(best(lists, count).map((c) => ({ id: c.id, score: c.score }))).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });
});

describe('relevance on a small site', () => {
  const answer: RetrievalPage = { href: '/install', title: 'Install widgets', sections: [{ anchor: '', heading: '', text: 'You need a sprocket wrench to install widgets.' }] };
  const others: RetrievalPage[] = [
    { href: '/billing', title: 'Billing', sections: [{ anchor: '', heading: '', text: 'Invoices arrive monthly.' }] },
    { href: '/colours', title: 'Colours', sections: [{ anchor: '', heading: '', text: 'Paint your widgets in any colour.' }] },
  ];
  const filler = (i: number): RetrievalPage => ({ href: `/topic-${i}`, title: `Topic ${i}`, sections: [{ anchor: '', heading: '', text: `Notes on subject${i} and subject${i + 1}.` }] });

  it('reads a three-page site as relevant as a large one with the same answer, and still finds nothing for unrelated words', async () => {
    const small = new SectionIndex([answer, ...others], {});
    const large = new SectionIndex([answer, ...others, ...Array.from({ length: 300 }, (_, i) => filler(i))], {});
    await small.prepare();
    await large.prepare();
    const question = 'sprocket wrench';
    const inLarge = large.search(question, { limit: 1 })[0]!;
    const inSmall = small.search(question, { limit: 1 })[0]!;
    expect(inLarge.path).toBe('/install');
    expect(inSmall.path).toBe('/install');
    // Without the scale the three-page site's answer read 0.21, under the assistant's 0.3.
    expect(inSmall.score).toBeGreaterThanOrEqual(0.3);
    expect(inSmall.score).toBeLessThanOrEqual(inLarge.score + 0.05);
    expect(small.search('lasagna recipe', { limit: 1 })).toEqual([]);
    // The order within the site is unchanged.
    expect(small.search('widgets', { limit: 3 }).map((h) => h.path)).toEqual(['/install', '/colours']);
  });
});

describe('ranking rules for symptom questions and reference pages', () => {
  const filler = Array.from({ length: 12 }, (_, i) => page(`/misc/${i}`, `Topic ${i}`, [['', `Unrelated words number ${i}: deploy, build, tokens, regions, billing.`]]));

  it("reaches the page that uses the site's own term through the words its first results share", () => {
    // The question says what the reader sees; the answering page says "eviction", as do the first
    // results. Without feedback the queue page (sharing "full", "go", "first") came before it.
    const index = new SectionIndex([
      page('/cache/overview', 'Cache overview', [['', 'When the cache is full, eviction of keys starts: which keys go first is up to the eviction policy.']]),
      page('/cache/memory', 'Memory limits', [['', 'A full cache evicts keys by its eviction policy.']]),
      page('/cache/eviction', 'Eviction policies', [['', 'The eviction policy decides which keys go first when memory runs out: eviction of the least recently used keys, or eviction of keys that expire soonest.']]),
      page('/queue/full', 'Queues', [['', 'When a queue is full, messages go out first in, first out.']]),
      ...filler,
    ]);
    const order = index.search('when my cache is full which keys go first', { perPage: true }).map((h) => h.path);
    expect(order.slice(0, 2)).toEqual(['/cache/overview', '/cache/eviction']);
    expect(order.indexOf('/cache/eviction')).toBeLessThan(order.indexOf('/queue/full'));
  });

  it("keeps feedback's word rarity right as pages are put and removed (counted while indexing, no MiniSearch internals)", () => {
    const pages = [
      page('/cache/overview', 'Cache overview', [['', 'When the cache is full, eviction of keys starts: which keys go first is up to the eviction policy.']]),
      page('/cache/memory', 'Memory limits', [['', 'A full cache evicts keys by its eviction policy.']]),
      page('/cache/eviction', 'Eviction policies', [['', 'The eviction policy decides which keys go first when memory runs out: eviction of the least recently used keys, or eviction of keys that expire soonest.']]),
      page('/queue/full', 'Queues', [['', 'When a queue is full, messages go out first in, first out.']]),
      ...filler,
    ];
    const index = new SectionIndex(pages);
    const question = 'when my cache is full which keys go first';
    const expected = index.search(question, { perPage: true }).map((h) => h.path);
    // Pages saying "eviction" everywhere come and go (an editing session): once gone, the word is rare again.
    const noisy = Array.from({ length: 40 }, (_, i) => page(`/noise/${i}`, `Eviction note ${i}`, [['Eviction', `Eviction eviction policy keys ${i}.`]]));
    for (const p of noisy) index.put(p);
    for (const p of noisy) index.put({ ...p, title: `${p.title} again` });
    for (const p of noisy) index.remove(p.href);
    expect(index.search(question, { perPage: true }).map((h) => h.path)).toEqual(expected);
    expect(expected.indexOf('/cache/eviction')).toBeLessThan(expected.indexOf('/queue/full'));
  });

  it('puts a guide before an endpoint page (read from its Markdown) and a reference folder page sharing its words', () => {
    const text = 'Rotate the signing key of a webhook endpoint.';
    const index = new SectionIndex([
      // The same words and length each (the endpoint's operation shares none of the question's words): a tie.
      page('/api/hooks/cycle', 'Rotate webhook key', [['', `\`\`\`http\nPOST /hooks/{id}/cycle\n\`\`\`\n\n${text}`]]),
      page('/reference/sdk/webhooks', 'Rotate webhook key', [['', `Read this, our admins' notes. ${text}`]]),
      page('/guides/webhooks', 'Rotate webhook key', [['', `Read this, our admins' notes. ${text}`]]),
      ...filler,
    ]);
    const hits = index.search('rotate webhook signing key', { perPage: true });
    expect(hits[0]?.path).toBe('/guides/webhooks');
    expect(hits.map((h) => h.path)).toEqual(['/guides/webhooks', '/api/hooks/cycle', '/reference/sdk/webhooks']);
    // The operation read from the page is indexed and carried, as a generated endpoint page's is.
    expect(index.search('POST hooks cycle')[0]).toMatchObject({ path: '/api/hooks/cycle', operation: { method: 'POST', path: '/hooks/{id}/cycle' } });
  });
  it('puts the section whose words of the question stand together before one holding the same words scattered', () => {
    // The same words, as many times, in sections of the same length: BM25 ties them, and the page
    // indexed first came first. The question's words side by side in the second decide it.
    const filler = 'the store keeps every entry it was given for as long as it has room and answers reads from memory while a background job writes the entries out to disk now and then';
    const scattered = `Evict ${filler} keys.`;
    const together = `${filler} Evict keys.`;
    const index = new SectionIndex([
      page('/scattered', 'Alpha', [['Overview', scattered]]),
      page('/together', 'Beta', [['Overview', together]]),
    ]);
    expect(index.search('evict keys', { perPage: true }).map((h) => h.path)).toEqual(['/together', '/scattered']);
    // A question of one word has nothing to bring together: the first indexed stays first.
    expect(index.search('evict', { perPage: true })[0]!.path).toBe('/scattered');
  });

  it("puts the current version's page before an older version's one scoring up to three times its score", () => {
    const text = 'Report progress to the client while a long tool runs.';
    const filler = Array.from({ length: 12 }, (_, i) => page(`/misc/${i}`, `Topic ${i}`, [['', `Unrelated words number ${i}: deploy, build, tokens, regions, billing.`]]));
    // The same page in both versions; the older one weighs 2.5 times as much (its frontmatter boost).
    const index = new SectionIndex([page('/servers/progress', 'Progress', [['', text]]), page('/v2/servers/progress', 'Progress', [['', text]], { version: 'v2', otherVersion: true, boost: 2.5 }), ...filler]);
    expect(index.search('report progress of a long tool', { perPage: true }).map((h) => h.path).slice(0, 2)).toEqual(['/servers/progress', '/v2/servers/progress']);
    // Asked for that version, it alone answers.
    expect(index.search('report progress of a long tool', { perPage: true, filters: { version: 'v2' } }).map((h) => h.path)).toEqual(['/v2/servers/progress']);
  });

  it('puts a changelog after a guide sharing its words, unless the question asks about changes', () => {
    const guide = 'Retry a failed payment: resend its invoice for collection, and a webhook reports whether the payment succeeded.';
    // The changelog names the feature with the question's words more often than the guide does: on words alone it comes first.
    const entry = 'Retry failed payments: you can now retry a failed payment from the invoice list, and each retry of a failed payment sends a webhook.';
    const filler = Array.from({ length: 12 }, (_, i) => page(`/misc/${i}`, `Topic ${i}`, [['', `Unrelated words number ${i}: deploy, build, tokens, regions, billing.`]]));
    for (const [href, title] of [['/changelog', 'Product updates'], ['/docs/whats-new', 'Updates'], ['/notes', 'Release notes: 2025']] as const) {
      const index = new SectionIndex([page('/guides/payment-retries', 'Collections', [['', guide]]), page(href, title, [['March', entry]]), ...filler]);
      const raw = index.search('retry a failed payment', { perPage: true }).map((h) => h.path);
      expect(raw.slice(0, 2), href).toEqual(['/guides/payment-retries', href]);
      // Asked about changes, a release or a version, the changelog competes on its words alone.
      for (const q of ['what changed about retrying a failed payment', 'retry failed payment release', 'failed payment retry in 1.20']) {
        expect(index.search(q, { perPage: true })[0]!.path, `${href}: ${q}`).toBe(href);
      }
    }
    // Not a changelog: a guide to writing one (a plural folder), or a title that only begins with the word.
    for (const [href, title] of [['/create/changelogs', 'Changelogs'], ['/guides/changelog-bot', 'Changelog generator']] as const) {
      const index = new SectionIndex([page('/guides/payment-retries', 'Collections', [['', guide]]), page(href, title, [['March', entry]]), ...filler]);
      expect(index.search('retry a failed payment', { perPage: true })[0]!.path, href).toBe(href);
    }
  });
});
