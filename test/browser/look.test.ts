/**
 * What a site looks like in chromium (issue 14): Font Awesome / Lucide icons drawn through their
 * mask rules, a docs.json theme applied, the repository's CSS and JS, Tailwind `dark:` classes
 * following the theme toggle. Screenshots go to test-artifacts/look/.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/site-build/index.js';
import { serveStatic } from '../site/static-server.js';
import { hasChromium, launchChromium } from './chromium.js';

const ARTIFACTS = path.resolve(import.meta.dirname, '../../test-artifacts/look');

const FILES: Record<string, string> = {
  'docs.json': JSON.stringify({
    name: 'Look', theme: 'linden', colors: { primary: '#16a34a' },
    styling: { codeblocks: 'dracula' },
    navigation: { groups: [{ group: 'Start', icon: 'rocket', pages: ['index'] }] },
  }),
  'index.mdx': [
    '---', 'title: Look', 'icon: house', '---', '',
    '<CardGroup cols={2}>',
    '<Card title="Rocket" icon="rocket">Solid Font Awesome glyph.</Card>',
    '<Card title="Flag" icon="flag" iconType="regular">Regular style.</Card>',
    '<Card title="GitHub" icon="github">A brand.</Card>',
    '<Card title="Sparkles" icon="sparkles">A Pro name drawn by Lucide.</Card>',
    '</CardGroup>', '',
    '<div className="block dark:hidden rounded-xl p-4 bg-emerald-100" id="tw-light">Light only</div>',
    '<div className="hidden dark:block rounded-xl p-4 bg-slate-800" id="tw-dark">Dark only</div>', '',
    '<p className="brand-box">Styled by the repository CSS.</p>', '',
    '```js', 'const answer = 42;', '```', '',
  ].join('\n'),
  'style.css': '.brand-box{border:3px dashed rgb(220, 38, 38);padding:12px}\n',
  'custom.js': 'document.documentElement.dataset.customJs = "ran";\n',
};

/** Width, height and the mask image of the icon inside `selector`. */
function iconBox(page: Page, selector: string) {
  return page.locator(selector).first().evaluate((el) => {
    const r = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return { width: r.width, height: r.height, mask: style.maskImage || style.webkitMaskImage, background: style.backgroundColor };
  });
}

describe.skipIf(!hasChromium)('site look in chromium', () => {
  let dir: string;
  let browser: Browser;
  let server: Awaited<ReturnType<typeof serveStatic>>;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'folio-look-browser-'));
    for (const [file, text] of Object.entries(FILES)) await writeFile(path.join(dir, file), text);
    const out = path.join(dir, 'out');
    expect((await buildSite({ root: dir, outDir: out, search: false, threads: 1 })).ok).toBe(true);
    server = await serveStatic(out);
    browser = await launchChromium();
    await mkdir(ARTIFACTS, { recursive: true });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('draws icons, the linden theme, custom CSS/JS and Tailwind in light and dark mode', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
    const page = await context.newPage();
    await page.goto(server.url + '/');
    // Icons: a glyph mask (an SVG data URL), not the fallback dot, in text colour.
    for (const sel of ['.folio-card-icon[data-icon="rocket"]', '.folio-card-icon[data-icon="flag"]', '.folio-card-icon[data-icon="github"]', '.folio-card-icon[data-icon="sparkles"]', '.sidebar .folio-icon[data-icon="rocket"]']) {
      const box = await iconBox(page, sel);
      expect(box.mask, sel).toContain('data:image/svg+xml');
      expect(box.width, sel).toBeGreaterThan(8);
    }
    // Theme: linden sets monospace text and square navigation.
    expect(await page.locator('html').getAttribute('data-site-theme')).toBe('linden');
    expect(await page.locator('body').evaluate((b) => getComputedStyle(b).fontFamily)).toMatch(/mono|Menlo|Consolas/i);
    // Repository CSS and JS.
    expect(await page.locator('.brand-box').evaluate((el) => getComputedStyle(el).borderTopStyle + ' ' + getComputedStyle(el).borderTopColor)).toBe('dashed rgb(220, 38, 38)');
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.customJs)).toBe('ran');
    // Tailwind: the light block shows, the dark one is hidden; the code block uses Dracula.
    expect(await page.locator('#tw-light').isVisible()).toBe(true);
    expect(await page.locator('#tw-dark').isVisible()).toBe(false);
    expect(await page.locator('#tw-light').evaluate((el) => getComputedStyle(el).borderRadius)).toBe('12px');
    expect(await page.locator('pre.shiki').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(40, 42, 54)');
    await page.screenshot({ path: path.join(ARTIFACTS, 'linden-light-1280.png'), fullPage: true });
    // The theme toggle flips the Tailwind dark: blocks.
    await page.locator('[data-theme-toggle]').click();
    await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe('dark');
    expect(await page.locator('#tw-light').isVisible()).toBe(false);
    expect(await page.locator('#tw-dark').isVisible()).toBe(true);
    await page.screenshot({ path: path.join(ARTIFACTS, 'linden-dark-1280.png'), fullPage: true });
    await context.close();
  });
});
