/**
 * Search in `folio dev`, in chromium: the search box finds pages from an index built from the
 * loaded site; frontmatter `keywords` find a page (and rank it over a page that only mentions
 * the word), `searchable: false` and `noindex` pages stay out, and an edit is found after the
 * reload. The built site carries the same markup (keywords element, weights from frontmatter and
 * group `boost`, no indexed article).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../src/dev/index.js';
import { buildSite } from '../../src/site-build/index.js';
import { hasChromium, launchChromium } from './chromium.js';
import { searchPaths } from './search-box.js';

const PAGES: Record<string, string> = {
  index: '---\ntitle: Welcome\n---\nStart here.\n',
  text: '---\ntitle: Animals\n---\nMany animals live on the savanna, among them the zebra, the lion and the giraffe. They drink at the river.\n',
  stripes: '---\ntitle: Stripes\nkeywords: ["zebra", "pinstripe"]\nboost: 3\n---\nPatterns of lines on fabric.\n',
  secret: '---\ntitle: Secret\nsearchable: false\n---\nThe zebra quokkasecret lives here.\n',
  unindexed: '---\ntitle: Unindexed\nnoindex: true\n---\nAnother zebra quokkasecret.\n',
  low: '---\ntitle: Low\n---\nOld things.\n',
};

describe.skipIf(!hasChromium)('search in folio dev', () => {
  let root: string;
  let dev: DevServer;
  let browser: Browser;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'folio-devsearch-'));
    // `low` sits in a group with `boost: 0.5`: its title weighs half.
    await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Zoo', theme: 'mint', colors: { primary: '#335577' }, navigation: { pages: [...Object.keys(PAGES).filter((p) => p !== 'low'), { group: 'Archive', boost: 0.5, pages: ['low'] }] } }));
    for (const [name, text] of Object.entries(PAGES)) await writeFile(path.join(root, `${name}.mdx`), text);
    [dev, browser] = await Promise.all([startDevServer({ root, port: 0 }), launchChromium()]);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await dev?.close();
    await rm(root, { recursive: true, force: true });
    await rm(`${root}-out`, { recursive: true, force: true });
  });

  /** Result pages for `query` (empty when the dialog says there are none), in a fresh context. */
  async function search(query: string): Promise<string[]> {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(dev.url + '/index');
    const paths = await searchPaths(page, query);
    await context.close();
    return paths;
  }

  it('finds pages by text and keywords, keyword page first; searchable: false and noindex pages are left out', async () => {
    const zebra = await search('zebra');
    expect(zebra[0]).toBe('/stripes');
    expect(zebra).toContain('/text');
    expect(zebra).not.toContain('/secret');
    expect(zebra).not.toContain('/unindexed');
    expect(await search('pinstripe')).toEqual(['/stripes']);
  }, 60_000);

  it('indexes an edit after the reload', async () => {
    const reloaded = dev.nextReload();
    await writeFile(path.join(root, 'text.mdx'), PAGES.text + '\nA marmaladeowl visits at night.\n');
    await reloaded;
    expect(await search('marmaladeowl')).toEqual(['/text']);
  }, 60_000);

  it('the build writes the same search markup', async () => {
    const out = `${root}-out`;
    const built = await buildSite({ root, outDir: out, search: false });
    expect(built.ok).toBe(true);
    const stripes = await readFile(path.join(out, 'stripes', 'index.html'), 'utf8');
    expect(stripes).toContain('<h1 class="page-title" data-pagefind-weight="10">Stripes');
    expect(stripes).toContain('<p class="search-keywords" hidden="" data-pagefind-weight="10">zebra, pinstripe</p>');
    expect(await readFile(path.join(out, 'low', 'index.html'), 'utf8')).toContain('<h1 class="page-title" data-pagefind-weight="3.5">Low');
    expect(await readFile(path.join(out, 'secret', 'index.html'), 'utf8')).not.toContain('data-pagefind-body');
    expect(await readFile(path.join(out, 'text', 'index.html'), 'utf8')).toContain('data-pagefind-body');
  }, 60_000);
});
