/**
 * The look of real repositories in chromium (issue 14), with FOLIO_BROWSER_CORPORA=1 (the long
 * run; the synthetic site in look.test.ts covers the same features in `npm test`). One `folio dev`
 * server per corpus renders only the pages visited. mintlify-docs: the home page's hero images
 * follow the theme toggle (Tailwind `dark:`), its cards sit in a two-column grid, the repository's
 * fonts.css applies, the React counter counts, the phone drawer shows the language switcher and
 * closes. Other corpora: their home page in their theme. Screenshots desktop 1280×800 and phone
 * 390×844, light and dark, under test-artifacts/look/<corpus>/.
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../src/dev/index.js';
import { corpusDir, haveCorpora } from '../../compat/corpora.js';
import { hasChromium, launchChromium } from './chromium.js';

const ARTIFACTS = path.resolve(import.meta.dirname, '../../test-artifacts/look');
const enabled = hasChromium && !!process.env.FOLIO_BROWSER_CORPORA && haveCorpora('mintlify-docs');

const VIEWS = [['desktop', { width: 1280, height: 800 }], ['phone', { width: 390, height: 844 }]] as const;

async function shoot(browser: Browser, corpus: string, url: string, check?: (page: Page, view: string, scheme: string) => Promise<void>): Promise<void> {
  await mkdir(path.join(ARTIFACTS, corpus), { recursive: true });
  for (const [view, viewport] of VIEWS) {
    for (const scheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ viewport, colorScheme: scheme });
      const page = await context.newPage();
      await page.goto(url, { waitUntil: 'domcontentloaded' });
      await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe(scheme);
      await check?.(page, view, scheme);
      await page.screenshot({ path: path.join(ARTIFACTS, corpus, `home-${view}-${scheme}.png`) });
      await context.close();
    }
  }
}

describe.skipIf(!enabled)('corpora look in chromium', () => {
  let browser: Browser;
  const servers: DevServer[] = [];
  const serve = async (corpus: string) => {
    const server = await startDevServer({ root: corpusDir(corpus), port: 0 });
    servers.push(server);
    return server.url.replace('127.0.0.1', 'localhost');
  };

  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    for (const s of servers) await s.close();
  });

  it('mintlify-docs: hero images switch with the theme, card grid, repository CSS, counter, phone drawer', { timeout: 300_000 }, async () => {
    const url = await serve('mintlify-docs');
    await shoot(browser, 'mintlify-docs', url + '/', async (page, view, scheme) => {
      // HeroCard draws a light image (`block dark:hidden`) and a dark one (`hidden dark:block`).
      const light = page.locator('img[src$="/rocket.png"]');
      const dark = page.locator('img[src$="/rocket-dark.png"]');
      expect(await light.isVisible()).toBe(scheme === 'light');
      expect(await dark.isVisible()).toBe(scheme === 'dark');
      // fonts.css sets --font-inter on :root.
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--font-inter'))).toContain('Inter');
      if (view === 'desktop') {
        // `grid sm:grid-cols-2`: the first two hero cards share a row.
        const cards = page.locator('a.group.cursor-pointer');
        const [a, b] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
        expect(Math.abs(a!.y - b!.y)).toBeLessThan(2);
        expect(b!.x).toBeGreaterThan(a!.x + a!.width - 1);
      } else {
        await page.locator('[data-sidebar-toggle]').click();
        await expect.poll(() => page.locator('#sidebar').evaluate((el) => el.getBoundingClientRect().left)).toBe(0);
        expect(await page.locator('.drawer-switchers .switcher-language').isVisible()).toBe(true);
        await page.screenshot({ path: path.join(ARTIFACTS, 'mintlify-docs', `drawer-${scheme}.png`) });
        await page.locator('[data-sidebar-close]').click();
        await expect.poll(() => page.locator('#sidebar').evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(0);
      }
    });
    // The React components page: its Counter counts.
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(url + '/customize/react-components');
    const counter = page.locator('folio-island[data-component="Counter"]').first();
    const value = counter.locator('div.px-6');
    expect(await value.textContent()).toBe('0');
    await expect.poll(async () => {
      await counter.getByRole('button', { name: 'Increase' }).click();
      return value.textContent();
    }).not.toBe('0');
    await counter.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(ARTIFACTS, 'mintlify-docs', 'counter-desktop-light.png') });
    await page.close();
  });

  it('other themes: mem0 (aspen), ollama (maple), fastmcp (almond) home pages', { timeout: 300_000 }, async () => {
    for (const [corpus, theme] of [['mem0', 'aspen'], ['ollama', 'maple'], ['fastmcp', 'almond']] as const) {
      if (!existsSync(corpusDir(corpus))) continue;
      const url = await serve(corpus);
      await shoot(browser, corpus, url + '/', async (page) => {
        expect(await page.locator('html').getAttribute('data-site-theme')).toBe(theme);
      });
    }
  });
});
