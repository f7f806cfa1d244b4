/**
 * The built example site in a real browser (Debian's chromium through playwright-core): sidebar
 * groups, root pages, selectors, banner, tabs, anchors, drilldown and dark mode. Skips, saying
 * why, only when no chromium binary exists.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/site-build/index.js';
import { exampleCopy } from '../site/helpers.js';
import { serveStatic } from '../site/static-server.js';
import { CHROMIUM, hasChromium, launchChromium } from './chromium.js';
import { searchFor } from './search-box.js';

if (!hasChromium) console.warn(`browser tests skipped: no chromium at ${CHROMIUM} (set CHROMIUM_PATH or apt-get install chromium)`);
const ARTIFACTS = path.resolve('test-artifacts');

describe.skipIf(!hasChromium)('docs site in chromium', () => {
  let browser: Browser;
  let site: Awaited<ReturnType<typeof exampleCopy>>;
  let drill: Awaited<ReturnType<typeof exampleCopy>>;
  let server: Awaited<ReturnType<typeof serveStatic>>;
  let drillServer: Awaited<ReturnType<typeof serveStatic>>;

  beforeAll(async () => {
    [site, drill] = await Promise.all([exampleCopy(), exampleCopy()]);
    const configFile = path.join(drill.root, 'docs.json');
    const config = JSON.parse(await readFile(configFile, 'utf8'));
    config.interaction = { drilldown: true };
    await writeFile(configFile, JSON.stringify(config));
    const [a, b] = await Promise.all([
      buildSite({ root: site.root, outDir: site.out, search: true }),
      buildSite({ root: drill.root, outDir: drill.out, search: false }),
    ]);
    expect(a.ok && b.ok).toBe(true);
    [server, drillServer] = await Promise.all([serveStatic(site.out), serveStatic(drill.out)]);
    browser = await launchChromium();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await Promise.all([server?.close(), drillServer?.close()]);
    await Promise.all([site?.dispose(), drill?.dispose()]);
  });

  async function open(href: string, base = server.url): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    await page.goto(base + href);
    return page;
  }
  /** The `<details>` of a nested sidebar group, by its title. */
  const groupNamed = (page: Page, name: string) => page.locator('details.nav-group > summary', { hasText: name }).locator('..');

  it('expands a collapsed nested group on click', async () => {
    const page = await open('/en/v2/quickstart');
    const providers = groupNamed(page, 'Providers');
    expect(await providers.evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
    await expect.poll(() => page.locator('a[href="/en/v2/deploy/providers/nginx"]').isVisible()).toBe(false);
    await providers.locator('summary').click();
    expect(await providers.evaluate((d: HTMLDetailsElement) => d.open)).toBe(true);
    expect(await page.locator('a[href="/en/v2/deploy/providers/nginx"]').isVisible()).toBe(true);
    expect(page.url()).toBe(server.url + '/en/v2/quickstart');
    await page.close();
  });

  it('opens a group root page from the group title, with its directory listing', async () => {
    const page = await open('/en/v2/quickstart');
    await page.locator('a.group-link[href="/en/v2/concepts/index"]').click();
    await page.waitForURL('**/en/v2/concepts/index');
    expect(await page.locator('h1').textContent()).toBe('Concepts');
    expect(await page.locator('.directory-card a').count()).toBe(2);
    await page.close();
  });

  it('keeps the page when switching version, and switches language', async () => {
    const page = await open('/en/v2/quickstart');
    await page.locator('header details[data-menu="version"] > summary').click();
    await page.locator('header details[data-menu="version"] a', { hasText: 'v1' }).click();
    await page.waitForURL('**/en/v1/quickstart');
    expect(await page.locator('h1').textContent()).toBe('Quickstart (v1)');

    await page.goto(server.url + '/en/v2/quickstart');
    await page.locator('header details[data-menu="language"] > summary').click();
    await page.locator('header details[data-menu="language"] a', { hasText: 'Français' }).click();
    await page.waitForURL('**/fr/v2/quickstart');
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    expect(await page.locator('.banner').textContent()).toContain('Folio 2.4 est disponible.');
    await page.close();
  });

  it('remembers a dismissed banner across pages', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(server.url + '/en/v2/quickstart');
    expect(await page.locator('.banner').isVisible()).toBe(true);
    await page.locator('[data-banner-close]').click();
    expect(await page.locator('.banner').isVisible()).toBe(false);
    await page.goto(server.url + '/en/v2/changelog');
    expect(await page.locator('.banner').isVisible()).toBe(false);
    // Another language has another banner text, so it is shown until dismissed too.
    await page.goto(server.url + '/fr/v2/index');
    expect(await page.locator('.banner').isVisible()).toBe(true);
    await context.close();
  });

  it('navigates with tabs and anchors', async () => {
    const page = await open('/en/v2/quickstart');
    await page.locator('.tab-bar a', { hasText: 'Components' }).click();
    await page.waitForURL('**/en/v2/components/callouts');
    expect(await page.locator('.tab-bar .tab[aria-current="page"]').textContent()).toContain('Components');
    await page.locator('.section-anchors a', { hasText: 'Structure' }).click();
    await page.waitForURL('**/en/v2/components/tabs');
    expect(await page.locator('.sidebar .nav-link[aria-current="page"]').textContent()).toContain('Tabs');
    // The global anchor is on every page, in every section.
    expect(await page.locator('.global-anchors a', { hasText: 'Changelog' }).count()).toBe(1);
    await page.close();
  });

  it('drilldown off: a group title only folds; drilldown on: it opens the first page', async () => {
    const off = await open('/en/v2/quickstart');
    await groupNamed(off, 'Providers').locator('summary').click();
    expect(off.url()).toBe(server.url + '/en/v2/quickstart');
    await off.close();

    const on = await open('/en/v2/quickstart', drillServer.url);
    // The group's link is drawn over its summary's label (a sibling of the <details>, not inside the summary).
    await groupNamed(on, 'Providers').locator('xpath=..').locator('a.nav-group-link').click();
    await on.waitForURL('**/en/v2/deploy/providers/nginx');
    expect(await on.locator('h1').textContent()).toBe('nginx');
    await on.close();
  });

  it('switches to dark mode, remembers it, and saves light and dark screenshots', async () => {
    await mkdir(ARTIFACTS, { recursive: true });
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 }, colorScheme: 'light' });
    const page = await context.newPage();
    await page.goto(server.url + '/en/v2/components/callouts');
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    await page.screenshot({ path: path.join(ARTIFACTS, 'site-light.png'), fullPage: true });
    const lightBg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.locator('[data-theme-toggle]').click();
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe(lightBg);
    await page.screenshot({ path: path.join(ARTIFACTS, 'site-dark.png'), fullPage: true });
    await page.goto(server.url + '/en/v2/quickstart');
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(ARTIFACTS, 'site-phone-dark.png') });
    await context.close();
    expect(existsSync(path.join(ARTIFACTS, 'site-light.png')) && existsSync(path.join(ARTIFACTS, 'site-dark.png'))).toBe(true);
  });

  it('reads without JavaScript: content, native group folding, links, every code-group panel', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    await page.goto(server.url + '/en/v2/quickstart');
    expect(await page.locator('h1').textContent()).toBe('Quickstart');
    const providers = groupNamed(page, 'Providers');
    await providers.locator('summary').click();
    expect(await page.locator('a[href="/en/v2/deploy/providers/nginx"]').isVisible()).toBe(true);
    await page.locator('a[href="/en/v2/deploy/providers/nginx"]').click();
    await page.waitForURL('**/en/v2/deploy/providers/nginx');
    expect(await page.locator('article').textContent()).not.toBe('');
    await page.goto(server.url + '/en/v2/components/code');
    // Without the script that switches tabs, every panel stays readable.
    const panels = page.locator('.folio-code-group [data-folio-tab-panel]');
    expect(await panels.count()).toBeGreaterThan(1);
    for (const panel of await panels.all()) expect(await panel.isVisible()).toBe(true);
    await context.close();
  });

  it('fits a phone: no sideways scrolling, the sidebar opens as a drawer from the header button', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    for (const href of ['/en/v2/quickstart', '/en/v2/components/callouts', '/en/v2/concepts/navigation']) {
      await page.goto(server.url + href);
      const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }));
      expect(widths.doc, href).toBeLessThanOrEqual(widths.view);
    }
    // Closed, the drawer sits off-screen to the left; open, it slides in.
    const sidebarRight = async () => {
      const box = await page.locator('.sidebar').boundingBox();
      return box ? box.x + box.width : 0;
    };
    expect(await sidebarRight()).toBeLessThanOrEqual(0);
    const toggle = page.locator('[data-sidebar-toggle]');
    expect(await toggle.isVisible()).toBe(true);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(sidebarRight).toBeGreaterThan(200);
    await page.locator('.sidebar a[href="/en/v2/writing/snippets"]').click();
    await page.waitForURL('**/en/v2/writing/snippets');
    await page.close();
  });

  it('switches code-group tabs, showing one panel at a time', async () => {
    const page = await open('/en/v2/components/code');
    const panels = page.locator('.folio-code-group [data-folio-tab-panel]');
    expect(await panels.nth(1).isVisible()).toBe(false);
    await page.locator('.folio-code-group [data-folio-tab]', { hasText: 'pnpm' }).click();
    expect(await panels.nth(1).isVisible()).toBe(true);
    expect(await panels.nth(0).isVisible()).toBe(false);
    await page.close();
  });

  it('a link to a tab or an accordion by its title slug selects the tab and opens the accordion', async () => {
    const page = await open('/en/v2/components/tabs#linux');
    await expect.poll(() => page.locator('#linux').isVisible()).toBe(true);
    expect(await page.locator('#macos').isVisible()).toBe(false);
    await page.goto(server.url + '/en/v2/components/cards#can-i-host-it-myself');
    await expect.poll(() => page.locator('details#can-i-host-it-myself').getAttribute('open')).toBe('');
    expect(await page.locator('details#does-it-need-javascript').getAttribute('open')).toBeNull();
    await page.close();
  });

  it('draws a Mermaid diagram in the browser from the local copy, only on pages that have one', async () => {
    const page = await browser.newPage();
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await page.goto(server.url + '/en/v2/quickstart');
    expect(requested.some((p) => p.startsWith('/assets/mermaid/'))).toBe(false);
    await page.goto(server.url + '/en/v2/concepts/navigation');
    const svg = page.locator('pre.mermaid svg');
    await svg.waitFor({ timeout: 20_000 });
    await expect.poll(() => svg.textContent(), { timeout: 10_000 }).toContain('Tabs and selectors');
    expect(await svg.getAttribute('aria-roledescription')).toBe('flowchart-v2');
    await mkdir(ARTIFACTS, { recursive: true });
    await page.locator('pre.mermaid').screenshot({ path: path.join(ARTIFACTS, 'site-mermaid.png') });
    expect(requested.some((p) => p.startsWith('/assets/mermaid/'))).toBe(true);
    await page.close();
  });

  it('loads search only when the search box is used, then finds pages', async () => {
    const page = await browser.newPage();
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await page.goto(server.url + '/en/v2/quickstart');
    expect(requested.some((p) => p.startsWith('/pagefind/') || p.startsWith('/assets/search.'))).toBe(false);
    await searchFor(page, 'snippets folder', 15_000);
    expect(requested.some((p) => p.startsWith('/assets/search.'))).toBe(true);
    expect(requested.some((p) => p.startsWith('/pagefind/'))).toBe(true);
    expect(await page.locator('[data-search-results] a[href*="/en/v2/writing/snippets"]').count()).toBeGreaterThan(0);
    await page.close();
  });
});
