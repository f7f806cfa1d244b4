/**
 * Hosted sites send a Content-Security-Policy (issue 13) that keeps Folio's own scripts working:
 * the example site, published and served by `serveSite` as `folio serve` does, in chromium: the
 * theme toggle, Mermaid and search work with no CSP violation, and an inline `<script>` a
 * repository put in a page does not run.
 */
import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishBuild, serveSite } from '../../src/hosting/index.js';
import { listen, type ListeningServer } from '../../src/server/index.js';
import { buildSite } from '../../src/site-build/index.js';
import { exampleCopy } from '../site/helpers.js';
import { hasChromium, launchChromium } from '../browser/chromium.js';
import { searchFor } from '../browser/search-box.js';


describe.skipIf(!hasChromium)('hosted site under its Content-Security-Policy', () => {
  let browser: Browser;
  let site: Awaited<ReturnType<typeof exampleCopy>>;
  let server: ListeningServer;

  beforeAll(async () => {
    site = await exampleCopy();
    await appendFile(path.join(site.root, 'en', 'v2', 'quickstart.mdx'), '\n\n<script>{"document.title = \'owned\'"}</script>\n\n<div dangerouslySetInnerHTML={{ __html: "<img src=x onerror=\\"document.title=\'owned\'\\">" }} />\n');
    const data = path.join(path.dirname(site.out), 'data');
    const siteDir = path.join(data, 'sites', 'p');
    const build = path.join(siteDir, 'builds', 'b1');
    await mkdir(build, { recursive: true });
    const result = await buildSite({ root: site.root, outDir: build, search: true });
    expect(result.pages).toBeGreaterThan(0);
    publishBuild(siteDir, build);
    server = await listen((request) => serveSite(data, 'p', request), { port: 0 });
    browser = await launchChromium();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await site?.dispose();
  });

  /** A page with every CSP violation it reports collected. */
  async function open(href: string): Promise<{ page: Page; violations: string[] }> {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.goto(server.url + href);
    return { page, violations };
  }

  it('keeps the theme toggle and search working, and runs no script the repository inlined', async () => {
    const { page, violations } = await open('/en/v2/quickstart');
    await page.locator('[data-theme-toggle]').click();
    expect(['dark', 'light']).toContain(await page.getAttribute('html', 'data-theme'));
    await searchFor(page, 'snippets folder', 30_000);
    await page.locator('[data-search-results] a').first().waitFor({ timeout: 30_000 });
    expect(await page.title()).not.toBe('owned');
    // The only violations are the repository's inline script and handler.
    expect(violations.every((v) => /inline/i.test(v))).toBe(true);
    await page.close();
  });

  it('draws Mermaid diagrams without a violation', async () => {
    const { page, violations } = await open('/en/v2/concepts/navigation');
    await page.locator('pre.mermaid svg').waitFor({ timeout: 30_000 });
    expect(violations).toEqual([]);
    await page.close();
  });
});
