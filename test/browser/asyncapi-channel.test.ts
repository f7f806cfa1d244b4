/**
 * An AsyncAPI channel page in chromium, served by `folio dev` from the 3.x fixture: the reference
 * column and the message examples sit side by side on a desktop and stack on a phone, in light and
 * dark; without JavaScript the address, parameters, operations and the first message's payload are
 * readable. Screenshots in test-artifacts/asyncapi/.
 */
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../src/dev/index.js';
import { hasChromium, launchChromium } from './chromium.js';

const FIXTURES = path.resolve(import.meta.dirname, '../openapi/fixtures/asyncapi');
const ARTIFACTS = path.resolve(import.meta.dirname, '../../test-artifacts/asyncapi');

describe.skipIf(!hasChromium)('AsyncAPI channel page in chromium', () => {
  let browser: Browser;
  let dev: DevServer;
  let root: string;
  let base: string;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'folio-asyncapi-browser-'));
    await cp(FIXTURES, root, { recursive: true });
    await writeFile(path.join(root, 'docs.json'), JSON.stringify({
      theme: 'mint', name: 'Market', colors: { primary: '#0D9373' },
      navigation: { tabs: [{ tab: 'Guides', pages: ['index'] }, { tab: 'Events', asyncapi: '/events-v3.yaml' }] },
    }));
    await writeFile(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nHi.\n');
    dev = await startDevServer({ root, port: 0 });
    base = dev.url.replace('127.0.0.1', 'localhost');
    browser = await launchChromium();
    await mkdir(ARTIFACTS, { recursive: true });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await dev?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('draws the reference beside its examples on a desktop and below them on a phone, light and dark', { timeout: 90_000 }, async () => {
    for (const [name, viewport] of [['desktop', { width: 1440, height: 1000 }], ['phone', { width: 390, height: 844 }]] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        const page = await browser.newPage({ viewport, colorScheme: scheme });
        await page.goto(base + '/api-reference/tickerupdates');
        await expect.poll(() => page.locator('h1.page-title').textContent()).toBe('Ticker updates');
        // The address with its WS badge, visible on every size.
        expect(await page.locator('.api-method-channel').first().isVisible()).toBe(true);
        expect(await page.locator('.api-path').first().textContent()).toBe('/ticker/{symbol}');
        const main = (await page.locator('.api-main').boundingBox())!;
        const examples = (await page.locator('.api-examples').boundingBox())!;
        if (name === 'desktop') {
          expect(examples.x).toBeGreaterThan(main.x + main.width - 1);
          // The examples column holds the spec's own example of the first message.
          expect(await page.locator('.api-examples').textContent()).toContain('12.5');
        } else {
          expect(examples.y).toBeGreaterThan(main.y + main.height - 1);
          // Nothing wider than the phone's screen.
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        }
        // Dark really is dark: the page background differs between the two schemes.
        const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        const channels = background.match(/\d+/g)!.slice(0, 3).map(Number);
        const lightness = channels.reduce((a, b) => a + b, 0) / 3;
        if (scheme === 'dark') expect(lightness).toBeLessThan(80);
        else expect(lightness).toBeGreaterThan(180);
        await page.screenshot({ path: path.join(ARTIFACTS, `${name}-${scheme}.png`), fullPage: name === 'phone' });
        await page.close();
      }
    }
  });

  it('reads without JavaScript: parameters, operations and the open first message', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(base + '/api-reference/tickerupdates');
    expect(await page.locator('#param-channel-symbol').isVisible()).toBe(true);
    expect(await page.locator('.api-action-send', { hasText: 'send' }).first().isVisible()).toBe(true);
    expect(await page.locator('.api-action-receive', { hasText: 'receive' }).first().isVisible()).toBe(true);
    // The first message is open, its payload fields readable; the second is closed until asked.
    expect(await page.locator('#message-tick').getAttribute('open')).not.toBeNull();
    expect(await page.locator('#message-tick').textContent()).toContain('Shares traded.');
    expect(await page.locator('#message-subscribe').getAttribute('open')).toBeNull();
    await page.locator('#message-subscribe > summary').click();
    expect(await page.locator('#message-subscribe').getAttribute('open')).not.toBeNull();
    await context.close();
  });
});
