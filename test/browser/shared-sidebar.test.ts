/**
 * A 3,000-page site in one section (generated, small pages): each page carries only its place in
 * the sidebar, and in chromium the section's whole tree arrives from the shared file. Without
 * JavaScript the current page, its siblings and every way out are there.
 */
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCorpus } from '../../bench/corpus.js';
import { buildSite } from '../../src/site-build/index.js';
import { serveStatic } from '../site/static-server.js';
import { CHROMIUM, hasChromium, launchChromium } from './chromium.js';

if (!hasChromium) console.warn(`browser tests skipped: no chromium at ${CHROMIUM} (set CHROMIUM_PATH or apt-get install chromium)`);
const ARTIFACTS = path.resolve('test-artifacts');
const PAGES = 3000;
/** Page 1,405: group 71 (pages 1,400-1,419), in the middle of the section. */
const HREF = '/g70/page-1405';

describe.skipIf(!hasChromium)('shared sidebar of a 3,000-page section in chromium', () => {
  let browser: Browser;
  let dir: string;
  let server: Awaited<ReturnType<typeof serveStatic>>;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'folio-shared-nav-'));
    await generateCorpus(path.join(dir, 'docs'), PAGES, 'one-section', { words: 0 });
    const built = await buildSite({ root: path.join(dir, 'docs'), outDir: path.join(dir, 'out'), search: false, cache: false });
    expect(built.ok, built.diagnostics[0]?.message).toBe(true);
    server = await serveStatic(path.join(dir, 'out'));
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('writes each page with its place only, not the whole tree', async () => {
    const html = await readFile(path.join(dir, 'out', HREF, 'index.html'), 'utf8');
    const links = html.match(/class="nav-link"/g)?.length ?? 0;
    expect(links).toBeGreaterThanOrEqual(20);
    expect(links).toBeLessThan(100);
    expect(html.length).toBeLessThan(40 * 1024);
    const navFile = /data-nav="\/(assets\/nav\.[0-9a-f]+\.html)"/.exec(html)?.[1];
    expect(navFile).toBeDefined();
    const tree = await readFile(path.join(dir, 'out', navFile!), 'utf8');
    expect(tree.match(/class="nav-link"/g)?.length).toBe(PAGES);
  });

  it('without JavaScript shows the current page, its siblings and the groups, and links to the whole tree', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    await page.goto(server.url + HREF);
    const current = page.locator('.sidebar a[aria-current="page"]');
    expect(await current.getAttribute('href')).toBe(HREF);
    expect(await current.isVisible()).toBe(true);
    for (let n = 1400; n < 1420; n++) expect(await page.locator(`.sidebar a.nav-link[href="/g70/page-${n}"]`).count()).toBe(1);
    expect(await page.locator('.sidebar a.nav-link[href="/g71/page-1420"]').count()).toBe(1);
    expect(await page.locator('.sidebar .nav-tree[data-nav]').count()).toBe(1);
    await mkdir(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: path.join(ARTIFACTS, 'shared-sidebar-no-js.png') });
    // Groups out of this block are reached through "… more", the whole tree as a page of its own.
    await page.locator('.sidebar a.nav-more').last().click();
    await page.waitForURL('**/assets/nav.*.html');
    await page.locator('a[href="/g149/page-2999"]').click();
    await page.waitForURL('**/g149/page-2999');
    expect(await page.locator('h1').textContent()).toBe('Page 2999');
    await context.close();
  });

  it('swaps in the whole section once the shared file loads, with the current page marked and shown', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    await page.goto(server.url + HREF);
    await page.locator('.sidebar .nav-tree[data-nav-loaded]').waitFor({ timeout: 10_000 });
    expect(await page.locator('.sidebar a.nav-link[href^="/g"]').count()).toBe(PAGES);
    expect(await page.locator('.sidebar .sidebar-group').count()).toBe(PAGES / 20);
    const current = page.locator('.sidebar a[aria-current="page"]');
    expect(await current.count()).toBe(1);
    expect(await current.getAttribute('href')).toBe(HREF);
    await expect.poll(() => current.isVisible()).toBe(true);
    // In the viewport of the sidebar's scroller, not only in the DOM.
    const box = await current.boundingBox();
    expect(box && box.y > 0 && box.y < 860).toBe(true);
    await mkdir(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: path.join(ARTIFACTS, 'shared-sidebar.png') });
    await page.locator('.sidebar a.nav-link[href="/g0/page-3"]').click();
    await page.waitForURL('**/g0/page-3');
    await page.locator('.sidebar .nav-tree[data-nav-loaded]').waitFor({ timeout: 10_000 });
    expect(await page.locator('.sidebar a[aria-current="page"]').getAttribute('href')).toBe('/g0/page-3');
    await page.close();
  });
});
