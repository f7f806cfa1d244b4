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

const THEMES = ['mint', 'maple', 'palm', 'willow', 'linden', 'almond', 'aspen', 'luma', 'sequoia'];

const FILES: Record<string, string> = {
  'docs.json': JSON.stringify({
    name: 'Look', theme: 'linden', colors: { primary: '#16a34a' },
    styling: { codeblocks: 'dracula' },
    banner: { content: 'Maintenance **tonight**.', type: 'warning' },
    navigation: {
      languages: [
        { language: 'en', tabs: [{ tab: 'Guide', groups: [{ group: 'Start', icon: 'rocket', pages: ['index', 'counter'] }] }, { tab: 'More', pages: ['more'] }] },
        { language: 'fr', groups: [{ group: 'Début', pages: ['fr/index'] }] },
      ],
    },
  }),
  'counter.mdx': [
    '---', 'title: Counters', '---', '',
    'import { Counter } from "/snippets/counter.jsx";', '',
    'export const Toggle = ({ label }) => {',
    '  const [on, setOn] = useState(false);',
    '  return <button id="toggle" onClick={() => setOn(!on)}>{label}: {on ? "on" : "off"}</button>;',
    '};', '',
    '<Counter start={2} />', '',
    '<Toggle label="Lamp" />', '',
  ].join('\n'),
  'snippets/counter.jsx': [
    'export const Counter = ({ start = 0 }) => {',
    '  const [count, setCount] = useState(start);',
    '  return (<div className="flex items-center gap-2" id="counter"><button aria-label="Decrease" onClick={() => setCount(count - 1)}>-</button><span id="count">{count}</span><button aria-label="Increase" onClick={() => setCount(count + 1)}>+</button></div>);',
    '};',
  ].join('\n'),
  'more.mdx': '---\ntitle: More\n---\n\nMore text.\n',
  'fr/index.mdx': '---\ntitle: Accueil\n---\n\n## Premier\n\nTexte.\n\n## Second\n\nTexte.\n',
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
    await mkdir(path.join(dir, 'snippets'), { recursive: true });
    await mkdir(path.join(dir, 'fr'), { recursive: true });
    for (const [file, text] of Object.entries(FILES)) await writeFile(path.join(dir, file), text);
    const out = path.join(dir, 'out');
    expect((await buildSite({ root: dir, outDir: out, search: false, threads: 1 })).ok).toBe(true);
    server = await serveStatic(out);
    browser = await launchChromium();
    await mkdir(path.join(ARTIFACTS, 'themes'), { recursive: true });
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

  it('hydrates snippet and page components that keep state, only on their page', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => void (r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname)));
    await page.goto(server.url + '/counter');
    expect(await page.locator('#count').textContent()).toBe('2');
    await expect.poll(async () => {
      await page.getByRole('button', { name: 'Increase' }).click();
      return page.locator('#count').textContent();
    }).not.toBe('2');
    const now = Number(await page.locator('#count').textContent());
    await page.getByRole('button', { name: 'Increase' }).click();
    await page.getByRole('button', { name: 'Increase' }).click();
    await page.getByRole('button', { name: 'Decrease' }).click();
    await expect.poll(() => page.locator('#count').textContent()).toBe(String(now + 1));
    await page.locator('#toggle').click();
    await expect.poll(() => page.locator('#toggle').textContent()).toBe('Lamp: on');
    expect(scripts.filter((s) => /\/assets\/island\.[0-9a-f]{12}\.js$/.test(s))).toHaveLength(2);
    await page.screenshot({ path: path.join(ARTIFACTS, 'counter-light-1280.png') });
    // A page without islands loads no React.
    scripts.length = 0;
    await page.goto(server.url + '/more');
    await page.waitForLoadState('networkidle');
    expect(scripts.some((s) => s.includes('/assets/island'))).toBe(false);
    await context.close();
    // Without JavaScript the server HTML shows the starting state.
    const plain = await browser.newContext({ javaScriptEnabled: false });
    const still = await plain.newPage();
    await still.goto(server.url + '/counter');
    expect(await still.locator('#count').textContent()).toBe('2');
    expect(await still.locator('#toggle').textContent()).toBe('Lamp: off');
    await plain.close();
  });

  it('opens the phone drawer with switchers, top tabs and a close button, light and dark; banner type; page words in French', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: scheme });
      const page = await context.newPage();
      await page.goto(server.url + '/index');
      const sidebar = page.locator('#sidebar');
      const inView = () => sidebar.evaluate((el) => el.getBoundingClientRect().right > 0);
      expect(await inView()).toBe(false);
      await page.locator('[data-sidebar-toggle]').click();
      await expect.poll(inView).toBe(true);
      expect(await page.locator('.drawer-switchers .switcher-language').isVisible()).toBe(true);
      expect(await page.locator('.drawer-tabs a.tab').allTextContents()).toEqual(['Guide', 'More']);
      await expect.poll(() => sidebar.evaluate((el) => el.getBoundingClientRect().left)).toBe(0);
      await page.screenshot({ path: path.join(ARTIFACTS, `drawer-${scheme}-390.png`) });
      await page.locator('[data-sidebar-close]').click();
      await expect.poll(inView).toBe(false);
      await context.close();
    }
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(server.url + '/index');
    expect(await page.locator('.banner.banner-warning').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(146, 64, 14)');
    await page.goto(server.url + '/fr/index');
    expect(await page.locator('.toc-title').textContent()).toBe('Sur cette page');
    expect(await page.locator('[data-search-open] .search-trigger-text').textContent()).toBe('Rechercher…');
    await page.close();
  });

  it('draws one page in each of the nine themes, desktop and phone, light and dark', async () => {
    const signatures = new Set<string>();
    // Phone sizes of every theme with FOLIO_BROWSER_CORPORA=1 (the long run); desktop always.
    const sizes = [['1280', { width: 1280, height: 800 }], ...(process.env.FOLIO_BROWSER_CORPORA ? [['390', { width: 390, height: 844 }]] : [])] as const;
    for (const [name, viewport] of sizes) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await page.goto(server.url + '/index');
      for (const theme of THEMES) {
        for (const mode of ['light', 'dark']) {
          await page.evaluate(([t, m]) => ((document.documentElement.dataset.siteTheme = t), (document.documentElement.dataset.theme = m)), [theme, mode]);
          if (name === '1280') {
            signatures.add(await page.evaluate(() => {
              const pick = (sel: string, props: string[]) => { const el = document.querySelector(sel); const cs = el ? getComputedStyle(el) : null; return props.map((p) => cs?.getPropertyValue(p)).join(','); };
              return [pick('body', ['font-family', 'background-color']), pick('.site-header', ['background-color', 'border-bottom-width', 'height']), pick('.sidebar', ['background-color', 'width']), pick('.folio-card', ['border-radius', 'background-color']), pick('.page-title', ['font-size', 'font-weight']), pick('.sidebar-group-title', ['text-transform', 'font-size']), pick('.nav-link', ['border-radius']), pick('.main', ['background-color'])].join('|');
            }));
          }
          await page.screenshot({ path: path.join(ARTIFACTS, 'themes', `${theme}-${mode}-${name}.png`) });
        }
      }
      await context.close();
    }
    // Each theme and mode is its own look (same page, same build, only the theme attribute changes).
    expect(signatures.size).toBeGreaterThanOrEqual(THEMES.length * 2 - 2);
  });
});
