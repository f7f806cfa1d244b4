/**
 * The search index across rebuilds, in chromium: a cold build streams every page into Pagefind;
 * a one-page edit writes only a delta index, and the browser finds the new text while the stale
 * entry of the main index no longer matches. (Mode choice past the delta limit: search-plan.test.ts.)
 */
import { existsSync } from 'node:fs';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, type BuildResult } from '../../src/site-build/index.js';
import { exampleCopy } from '../site/helpers.js';
import { serveStatic } from '../site/static-server.js';
import { hasChromium, launchChromium } from './chromium.js';
import { searchPaths } from './search-box.js';


describe.skipIf(!hasChromium)('search index across rebuilds', () => {
  let browser: Browser;
  let site: Awaited<ReturnType<typeof exampleCopy>>;
  let server: Awaited<ReturnType<typeof serveStatic>>;

  beforeAll(async () => {
    site = await exampleCopy();
    server = await serveStatic(site.out);
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await site?.dispose();
  });

  /**
   * The pages listed for `query`, in a fresh context (no cached index files). What the page said on
   * its console and the dialog's status go with the list, so that a failure says why.
   */
  async function search(query: string): Promise<{ paths: string[]; said: string[] }> {
    const context = await browser.newContext();
    const page = await context.newPage();
    const said: string[] = [];
    page.on('console', (m) => void (m.type() === 'log' || said.push(`${m.type()}: ${m.text()}`)));
    page.on('pageerror', (e) => void said.push(`pageerror: ${e.message}`));
    await page.goto(server.url + '/en/v2/quickstart');
    const paths = await searchPaths(page, query, 15_000);
    said.push(`status: ${await page.locator('.search-status').textContent()}`);
    await context.close();
    return { paths, said };
  }

  async function expectSearch(query: string, expected: string[]): Promise<void> {
    const { paths, said } = await search(query);
    const files = await readdir(site.out).then((names) => names.filter((n) => n.startsWith('pagefind')));
    expect(paths, `search '${query}': ${JSON.stringify({ said, files, manifest: await readManifest() })}`).toEqual(expected);
  }

  /** The build succeeded and its search index reported no problem. */
  function expectBuilt(result: BuildResult): void {
    const problems = result.diagnostics.filter((d) => d.code === 'BUILD_SEARCH_FAILED' || d.severity === 'error');
    expect(result.ok, JSON.stringify(problems)).toBe(true);
    expect(problems.map((d) => d.message)).toEqual([]);
  }

  const readManifest = async () => JSON.parse(await readFile(path.join(site.out, 'pagefind', 'folio-search.json'), 'utf8')) as { delta?: string; stale?: string[] };
  const snippetsPage = () => path.join(site.root, 'en', 'v2', 'writing', 'snippets.mdx');

  it('streams a cold build, then indexes a one-page edit as a delta the browser merges', async () => {
    const source = await readFile(snippetsPage(), 'utf8');
    await writeFile(snippetsPage(), source + '\nMarmaladeowl is the word of the first build.\n');
    const cold = await buildSite({ root: site.root, outDir: site.out, search: true });
    expectBuilt(cold);
    expect(cold.stats!.searchMode).toBe('streamed');
    expect(await readManifest()).toEqual({ shards: ['pagefind-1/'] });
    await expectSearch('marmaladeowl', ['/en/v2/writing/snippets']);

    await writeFile(snippetsPage(), source + '\nZanzibarquux is the word of the second build.\n');
    const warm = await buildSite({ root: site.root, outDir: site.out, search: true });
    expectBuilt(warm);
    expect(warm.stats!.compiled).toBe(1);
    expect(warm.stats!.searchMode).toBe('delta');
    expect(await readManifest()).toEqual({ shards: ['pagefind-1/'], delta: 'pagefind-delta/', stale: ['/en/v2/writing/snippets'] });

    await expectSearch('zanzibarquux', ['/en/v2/writing/snippets']);
    // The main index still holds the old text; its hit for the edited page is dropped as stale.
    await expectSearch('marmaladeowl', []);

    // A second edit elsewhere keeps one delta holding both pages.
    const quick = path.join(site.root, 'en', 'v2', 'quickstart.mdx');
    await writeFile(quick, (await readFile(quick, 'utf8')) + '\n\nQuokkavelvet appears here now.\n');
    const again = await buildSite({ root: site.root, outDir: site.out, search: true });
    expectBuilt(again);
    expect(again.stats!.searchMode).toBe('delta');
    expect((await readManifest()).stale).toEqual(['/en/v2/quickstart', '/en/v2/writing/snippets']);
    await expectSearch('quokkavelvet', ['/en/v2/quickstart']);
    await expectSearch('zanzibarquux', ['/en/v2/writing/snippets']);
  }, 120_000);

  it('drops a removed page from the results', async () => {
    await rm(snippetsPage());
    const config = JSON.parse(await readFile(path.join(site.root, 'docs.json'), 'utf8'));
    const removed = JSON.stringify(config).replaceAll('"en/v2/writing/snippets",', '').replaceAll(',"en/v2/writing/snippets"', '');
    await writeFile(path.join(site.root, 'docs.json'), removed);
    const result = await buildSite({ root: site.root, outDir: site.out, search: true });
    // Only the pages of that version's sidebar change: still a delta, now with the removed page.
    expectBuilt(result);
    expect(result.stats!.searchMode).toBe('delta');
    expect((await readManifest()).stale).toContain('/en/v2/writing/snippets');
    expect(existsSync(path.join(site.out, 'en', 'v2', 'writing', 'snippets', 'index.html'))).toBe(false);
    await expectSearch('quokkavelvet', ['/en/v2/quickstart']);
    await expectSearch('zanzibarquux', []);
  }, 120_000);
});
