/**
 * `npm run look:themes [-- --site <built mintlify-docs dir>] [--page /components/cards]`: the theme
 * sheet of issue 31 and the starter comparison, under test-artifacts/themes/.
 *
 * - One page of mintlify-docs in each of the platform's nine themes, light and dark, 1440x900, and a
 *   sheet with all eighteen side by side (`sheet.png`). The site is built once (or `--site` names a
 *   build); each theme is applied by setting `html[data-site-theme]` and the theme's own head styles
 *   (linden's font), which is all a theme changes in Folio's output.
 * - The starter-like site in look/starter/ (the platform's "Mint Starter Kit" quickstart shape)
 *   beside ../shared/reference/platform/quickstart/mintlify-dev-{light,dark}.png at the reference's
 *   viewport (1512x712 CSS pixels at 2x), as `quickstart-compare-{light,dark}.png`.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../test/browser/chromium.js';
import { serveStatic } from '../test/site/static-server.js';
import { CORPORA_DIR, REFERENCE_DIR } from '../compat/corpora.js';
import { siteLookOf } from '../src/render/site-look.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'test-artifacts/themes');
const REFERENCE = path.join(REFERENCE_DIR, 'platform/quickstart');
const THEMES = ['mint', 'maple', 'palm', 'willow', 'linden', 'almond', 'aspen', 'sequoia', 'luma'];

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function build(root: string, out: string): void {
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/cli/main.ts'), 'build', root, '-o', out, '--no-search'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (!existsSync(path.join(out, 'index.html'))) throw new Error(`build of ${root} failed (exit ${r.status}):\n${r.stderr.slice(-2000)}`);
}

/** A PNG sheet of labelled images, drawn by the browser itself. */
async function sheet(browser: Browser, cells: { label: string; file: string }[], columns: number, width: number, file: string): Promise<void> {
  const page = await browser.newPage({ viewport: { width: columns * width + (columns + 1) * 16, height: 600 } });
  const items = cells
    .map((c) => `<figure><img src="data:image/png;base64,${readFileSync(c.file).toString('base64')}" width="${width}"><figcaption>${c.label}</figcaption></figure>`)
    .join('');
  await page.setContent(`<!doctype html><style>body{margin:0;padding:16px;background:#e5e7eb;font:14px system-ui;display:grid;grid-template-columns:repeat(${columns},${width}px);gap:16px}figure{margin:0}img{display:block;border:1px solid #9ca3af}figcaption{padding:4px 0;font-weight:600}</style>${items}`);
  await page.screenshot({ path: file, fullPage: true });
  await page.close();
}

async function themeSheet(browser: Browser): Promise<void> {
  const site = arg('--site') ?? path.join(os.tmpdir(), 'folio-look-themes', 'mintlify-docs');
  if (!arg('--site')) build(path.join(CORPORA_DIR, 'mintlify-docs'), site);
  const pagePath = arg('--page') ?? '/components/cards';
  // Linden's monospace font files, which a luma build does not carry.
  const linden = siteLookOf({ theme: 'linden' });
  mkdirSync(path.join(site, 'assets', 'fonts'), { recursive: true });
  for (const f of linden.fontFiles) copyFileSync(f.source, path.join(site, 'assets', 'fonts', f.name));
  const server = await serveStatic(site);
  const cells: { label: string; file: string }[] = [];
  try {
    for (const scheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme: scheme });
      const page = await context.newPage();
      for (const theme of THEMES) {
        await page.goto(server.url + pagePath, { waitUntil: 'load' });
        const css = theme === 'linden' ? linden.css : '';
        await page.evaluate(({ theme, css }) => {
          document.documentElement.dataset.siteTheme = theme;
          if (css) document.head.insertAdjacentHTML('beforeend', `<style>${css}</style>`);
        }, { theme, css });
        await page.waitForTimeout(200);
        const file = path.join(OUT, `${theme}-${scheme}.png`);
        await page.screenshot({ path: file });
        cells.push({ label: `${theme} (${scheme})`, file });
      }
      await context.close();
    }
  } finally {
    await server.close();
  }
  await sheet(browser, cells, 3, 720, path.join(OUT, 'sheet.png'));
  console.log(`theme sheet: ${path.join(OUT, 'sheet.png')} (${pagePath} of mintlify-docs, 9 themes, light and dark)`);
}

async function starterComparison(browser: Browser): Promise<void> {
  const out = path.join(os.tmpdir(), 'folio-look-themes', 'starter');
  build(path.join(import.meta.dirname, 'starter'), out);
  const server = await serveStatic(out);
  try {
    for (const scheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ viewport: { width: 1512, height: 712 }, deviceScaleFactor: 2, colorScheme: scheme });
      const page = await context.newPage();
      await page.goto(server.url + '/', { waitUntil: 'load' });
      await page.waitForTimeout(200);
      const mine = path.join(OUT, `starter-${scheme}.png`);
      await page.screenshot({ path: mine });
      await context.close();
      const reference = path.join(REFERENCE, `mintlify-dev-${scheme}.png`);
      if (existsSync(reference)) {
        await sheet(browser, [{ label: `platform (reference, ${scheme})`, file: reference }, { label: `Folio (look/starter, ${scheme})`, file: mine }], 2, 1000, path.join(OUT, `quickstart-compare-${scheme}.png`));
      }
    }
  } finally {
    await server.close();
  }
  console.log(`starter comparison: ${path.join(OUT, 'quickstart-compare-light.png')}`);
}

mkdirSync(OUT, { recursive: true });
const browser = await launchChromium();
try {
  await starterComparison(browser);
  if (!process.argv.includes('--starter-only')) await themeSheet(browser);
} finally {
  await browser.close();
}
