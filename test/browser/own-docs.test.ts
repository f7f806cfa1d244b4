/**
 * Folio's own docs (docs/) in chromium: the home page, a guide, the CLI reference and an admin API
 * endpoint page, built with Folio and served statically, each with its sidebar, title and content as
 * a reader sees them on a desktop, and the home page on a phone. Screenshots in test-artifacts/own-docs/.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/site-build/index.js';
import { DOCS_ROOT } from '../../scripts/docs-gen/generate.js';
import { serveStatic } from '../site/static-server.js';
import { hasChromium, launchChromium } from './chromium.js';

const ARTIFACTS = path.resolve(import.meta.dirname, '../../test-artifacts/own-docs');

const PAGES = [
  { name: 'home', path: '/', title: 'Folio', text: 'self-hostable documentation platform' },
  { name: 'guide', path: '/guides/self-host', title: 'Self-host with PostgreSQL and S3', text: 'FOLIO_S3_CACHE_MB' },
  { name: 'cli-reference', path: '/reference/cli/build', title: 'folio build', text: '--og-images-max <n>' },
  { name: 'api-endpoint', path: '/api-reference/create-agent-job', title: 'Create agent job', text: '/v2/agent/{projectId}/job' },
];

describe.skipIf(!hasChromium)("Folio's own docs in chromium", () => {
  let browser: Browser;
  let dir: string;
  let server: Awaited<ReturnType<typeof serveStatic>>;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'folio-own-docs-shots-'));
    const result = await buildSite({ root: DOCS_ROOT, outDir: dir, cache: false, threads: 1 });
    expect(result.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    server = await serveStatic(dir);
    browser = await launchChromium();
    await mkdir(ARTIFACTS, { recursive: true });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it.each(PAGES)('draws the $name page with its sidebar, title and content', async ({ name, path: pagePath, title, text }) => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    try {
      const response = await page.goto(server.url + pagePath, { waitUntil: 'load' });
      expect(response?.status()).toBe(200);
      expect((await page.locator('h1').first().textContent())?.trim()).toBe(title);
      expect(await page.locator('main, .main').first().textContent()).toContain(text);
      expect(await page.locator('.sidebar').first().isVisible()).toBe(true);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
    } finally {
      await page.close();
    }
  });

  it('draws the home page on a phone without sideways scrolling', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    try {
      await page.goto(server.url + '/', { waitUntil: 'load' });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: path.join(ARTIFACTS, 'home-phone.png') });
    } finally {
      await page.close();
    }
  });
});
