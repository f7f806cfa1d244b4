/**
 * `npx tsx look/shot.ts <site-dir> <path> [<path>...] [--out dir] [--phone] [--dark]`: screenshots of
 * pages of a built site, for looking at a change by eye (saved under test-artifacts/shots/ by default).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { launchChromium } from '../test/browser/chromium.js';
import { serveStatic } from '../test/site/static-server.js';

const args = process.argv.slice(2);
const flag = (f: string) => args.includes(f);
const outIdx = args.indexOf('--out');
const out = outIdx >= 0 ? args[outIdx + 1]! : path.resolve(import.meta.dirname, '../test-artifacts/shots');
const positional = args.filter((a, i) => !a.startsWith('--') && (outIdx < 0 || i !== outIdx + 1));
const [dir, ...pages] = positional;
mkdirSync(out, { recursive: true });
const server = await serveStatic(dir!);
const browser = await launchChromium();
const schemes = flag('--dark') ? ['dark'] : flag('--both') ? ['light', 'dark'] : ['light'];
const views = flag('--phone') ? [['phone', 390, 844]] : flag('--all') ? [['desktop', 1440, 900], ['phone', 390, 844]] : [['desktop', 1440, 900]];
for (const [view, width, height] of views as [string, number, number][]) {
  for (const scheme of schemes) {
    const context = await browser.newContext({ viewport: { width, height }, colorScheme: scheme as 'light' | 'dark' });
    const page = await context.newPage();
    for (const p of pages.length ? pages : ['/']) {
      await page.goto(server.url + p, { waitUntil: 'load' });
      await page.waitForTimeout(150);
      const name = `${path.basename(dir!)}${p === '/' ? '' : p.replace(/\//g, '_')}-${view}-${scheme}.png`;
      await page.screenshot({ path: path.join(out, name), fullPage: flag('--full') });
      console.log(path.join(out, name));
    }
    await context.close();
  }
}
await browser.close();
await server.close();
