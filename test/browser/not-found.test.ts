/**
 * The 404 page suggests the closest pages: `folio dev` lists them in the page it answers; the
 * static `404.html` (any static host, `folio serve`) fills the list in the browser from the
 * build's `docs-index.json`. Unsearchable pages are never suggested.
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../src/dev/index.js';
import { buildSite } from '../../src/site-build/index.js';
import { serveStatic } from '../site/static-server.js';
import { hasChromium, launchChromium } from './chromium.js';

describe('404 suggestions', () => {
  let root: string;
  let dev: DevServer;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'folio-404-'));
    await mkdir(path.join(root, 'guides'));
    await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Lost', theme: 'mint', colors: { primary: '#553311' }, errors: { '404': { redirect: false } }, navigation: { pages: ['index', 'guides/quickstart', 'guides/install', 'guides/installer'] } }));
    await writeFile(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\nHi.\n');
    await writeFile(path.join(root, 'guides/quickstart.mdx'), '---\ntitle: Quickstart\n---\nGo.\n');
    await writeFile(path.join(root, 'guides/install.mdx'), '---\ntitle: Install\n---\nSetup.\n');
    await writeFile(path.join(root, 'guides/installer.mdx'), '---\ntitle: Installer\nsearchable: false\n---\nHidden from search.\n');
    dev = await startDevServer({ root, port: 0 });
  }, 60_000);
  afterAll(async () => {
    await dev?.close();
    await rm(root, { recursive: true, force: true });
    await rm(`${root}-out`, { recursive: true, force: true });
  });

  it('folio dev answers 404 with links to the closest pages', async () => {
    const typo = await fetch(`${dev.url}/guides/quickstrt`);
    expect(typo.status).toBe(404);
    const html = await typo.text();
    expect(html).toContain('<section class="not-found-suggestions"><p>Did you mean:</p><ul><li><a href="/guides/quickstart">Quickstart</a></li></ul></section>');
    const moved = /<section class="not-found-suggestions">.*?<\/section>/.exec(await (await fetch(`${dev.url}/old/installr`)).text())?.[0];
    // `installer` (searchable: false) is as close, but never suggested.
    expect(moved).toBe('<section class="not-found-suggestions"><p>Did you mean:</p><ul><li><a href="/guides/install">Install</a></li></ul></section>');
    expect(await (await fetch(`${dev.url}/zzzzzzzzzzzz`)).text()).not.toContain('Did you mean');
  }, 30_000);

  it.skipIf(!hasChromium)('the static 404.html finds them in the browser', async () => {
    const built = await buildSite({ root, outDir: `${root}-out`, search: false });
    expect(built.ok).toBe(true);
    const server = await serveStatic(`${root}-out`);
    let browser: Browser | undefined;
    try {
      browser = await launchChromium();
      const page = await browser.newPage();
      const response = await page.goto(`${server.url}/guides/quikstart`);
      expect(response?.status()).toBe(404);
      const links = page.locator('[data-not-found-suggestions] a');
      await links.first().waitFor({ timeout: 15_000 });
      expect(await links.evaluateAll((as) => as.map((a) => [new URL((a as HTMLAnchorElement).href).pathname, a.textContent]))).toEqual([['/guides/quickstart', 'Quickstart']]);
      // `installer` (searchable: false) is as close to `installr` as `install`, but never suggested.
      await page.goto(`${server.url}/old/installr`);
      await links.first().waitFor({ timeout: 15_000 });
      expect(await links.evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname))).toEqual(['/guides/install']);
      await page.goto(`${server.url}/nothing-like-any-page-here`);
      await page.waitForLoadState('networkidle');
      expect(await page.locator('[data-not-found-suggestions]').isHidden()).toBe(true);
    } finally {
      await browser?.close();
      await server.close();
    }
  }, 60_000);
});
