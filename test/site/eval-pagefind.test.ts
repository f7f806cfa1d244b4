/**
 * `npm run eval:search -- --pagefind` measures the site search readers have (issue 45's eval of
 * Pagefind): over a cold build, whose pages are streamed into two shards, every page is found, as
 * the search dialog finds it after merging the shards; and what Pagefind is fed is the article, so a
 * word only the sidebar shows finds no page.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sitePagefindSearch, type SiteSearch } from '../../eval/pagefind-search.js';
import { buildSite } from '../../src/site-build/index.js';

/** One made-up word per page, in its body only. */
const WORDS = ['quokkaberry', 'tamarindol', 'vexillarium', 'zephyrcline', 'marmotique', 'lanternfish'];

describe('eval:search --pagefind reads the site search as readers have it', () => {
  let dir: string;
  let out: string;
  let search: SiteSearch;
  const { fetch: fetchBefore } = globalThis;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'folio-eval-pagefind-'));
    const root = path.join(dir, 'docs');
    out = path.join(dir, 'out');
    await mkdir(root, { recursive: true });
    const pages = WORDS.map((_, i) => `page-${i}`);
    for (const [i, word] of WORDS.entries()) await writeFile(path.join(root, `page-${i}.mdx`), `---\ntitle: Page number ${i}\n---\nThis page explains the ${word} setting.\n`);
    const navigation = { groups: [{ group: 'Gondwanish', pages }] };
    await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Eval', theme: 'mint', colors: { primary: '#225588' }, navigation }));
    const built = await buildSite({ root, outDir: out, search: true });
    expect(built.ok).toBe(true);
    search = await sitePagefindSearch(out);
  }, 120_000);
  afterAll(async () => {
    globalThis.fetch = fetchBefore;
    delete (globalThis as { document?: unknown }).document;
    await rm(dir, { recursive: true, force: true });
  });

  it('finds every page of a cold build, the second shard included', async () => {
    expect(existsSync(path.join(out, 'pagefind-1'))).toBe(true);
    for (const [i, word] of WORDS.entries()) expect(await search(word)).toEqual([`/page-${i}`]);
  });

  it('finds no page for a word only the sidebar shows', async () => {
    expect(await search('gondwanish')).toEqual([]);
    expect((await search('number', 10)).sort()).toEqual(WORDS.map((_, i) => `/page-${i}`));
  });
});
