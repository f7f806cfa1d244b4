/**
 * Page modes, colours and the page without JavaScript, in chromium (issue 31). Two small sites built
 * once: `mint` (center supported, frame not) and `luma` (frame supported, center not), with one page
 * per mode; a third, dark-only site with a lime primary colour. Each mode keeps or drops sidebar,
 * table of contents, title block and footer as organize/pages.mdx says; every page passes the look
 * checks (no sideways scrolling, readable controls, no serious axe violations) on a phone and a
 * desktop in both modes. Screenshots under test-artifacts/modes/.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/site-build/index.js';
import { serveStatic } from '../site/static-server.js';
import { hasChromium, launchChromium } from './chromium.js';
import { measurePage } from '../../look/measure.js';

const ARTIFACTS = path.resolve(import.meta.dirname, '../../test-artifacts/modes');

const BODY = [
  '## First section', '',
  'Text with a [link](/default) and `code`.', '',
  '<Steps>', '<Step title="Install">', '', '```bash', 'npm install --save-exact some-really-long-package-name another-long-package-name yet-another-package', '```', '', '</Step>', '</Steps>', '',
  '<Tip>A tip with a long command: `curl --request POST --url https://api.example.com/v1/some/very/long/path/that/does/not/wrap`</Tip>', '',
  '| a | b | c |', '| --- | --- | --- |', '| one long cell of text that keeps going | two | three |', '',
  '## Second section', '',
  'More text.', '',
].join('\n');

function site(theme: string, primary: string, extra: Record<string, unknown> = {}): Record<string, string> {
  const modes = ['default', 'wide', 'custom', 'frame', 'center', 'assistant'];
  const files: Record<string, string> = {
    'docs.json': JSON.stringify({
      name: 'A documentation site with quite a long name',
      theme,
      colors: { primary },
      navbar: { primary: { type: 'button', label: 'Dashboard', href: 'https://example.com' }, links: [{ label: 'Support', href: 'https://example.com/support' }] },
      footer: { socials: { github: 'https://github.com/example' } },
      navigation: { tabs: [{ tab: 'Guides', groups: [{ group: 'Modes', pages: modes }] }, { tab: 'Reference', pages: ['reference'] }] },
      ...extra,
    }),
    'reference.mdx': '---\ntitle: Reference\n---\n\nReference.\n',
  };
  for (const mode of modes) {
    const frontmatter = mode === 'default' ? '' : `mode: ${mode}\n`;
    const hero = mode === 'custom' || mode === 'frame' ? '<div className="px-4 py-16 max-w-3xl mx-auto text-center not-prose"><h1 className="text-4xl font-medium">Own hero</h1><a href="/default">Start</a></div>\n\n' : '';
    files[`${mode}.mdx`] = `---\ntitle: ${mode} page\ndescription: The ${mode} mode.\n${frontmatter}---\n\n${hero}${BODY}`;
  }
  return files;
}

async function buildInto(files: Record<string, string>): Promise<{ dir: string; out: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'folio-modes-'));
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  const out = path.join(dir, 'out');
  const result = await buildSite({ root: dir, outDir: out, search: false, threads: 1 });
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return { dir, out };
}

/** What the layout shows of a page at a desktop width. */
function parts(page: Page) {
  return page.evaluate(() => {
    const visible = (sel: string) => {
      const el = document.querySelector(sel);
      if (!el) return false;
      const r = el.getBoundingClientRect();
      return r.width > 1 && r.height > 1 && getComputedStyle(el).visibility !== 'hidden';
    };
    const main = document.querySelector('.main')!.getBoundingClientRect();
    return { sidebar: visible('.sidebar'), toc: visible('.toc'), title: visible('.page-title'), footer: visible('.site-footer'), assistant: visible('.assistant-entry'), mainLeft: Math.round(main.left), mainWidth: Math.round(main.width) };
  });
}

describe.skipIf(!hasChromium)('page modes, colours and no-JavaScript pages in chromium', () => {
  let browser: Browser;
  const sites: { dir: string; server: Awaited<ReturnType<typeof serveStatic>> }[] = [];
  let mint: string;
  let luma: string;
  let dark: string;

  beforeAll(async () => {
    const serve = async (files: Record<string, string>) => {
      const { dir, out } = await buildInto(files);
      const server = await serveStatic(out);
      sites.push({ dir, server });
      return server.url;
    };
    mint = await serve(site('mint', '#0D9373'));
    luma = await serve(site('luma', '#000000'));
    // trigger-dev's look: a lime primary on a dark-only site.
    dark = await serve(site('maple', '#A8FF53', { appearance: { default: 'dark', strict: true } }));
    browser = await launchChromium();
    await mkdir(ARTIFACTS, { recursive: true });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    for (const s of sites) {
      await s.server.close();
      await rm(s.dir, { recursive: true, force: true });
    }
  });

  it('keeps and drops sidebar, table of contents, title and footer per mode and theme', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const seen: Record<string, Awaited<ReturnType<typeof parts>>> = {};
    for (const [name, url] of [['mint', mint], ['luma', luma]] as const) {
      for (const mode of ['default', 'wide', 'custom', 'frame', 'center', 'assistant']) {
        await page.goto(`${url}/${mode}`);
        seen[`${name}/${mode}`] = await parts(page);
        await page.screenshot({ path: path.join(ARTIFACTS, `${name}-${mode}.png`) });
      }
    }
    const shape = (p: Awaited<ReturnType<typeof parts>>) => ({ sidebar: p.sidebar, toc: p.toc, title: p.title, footer: p.footer });
    expect(shape(seen['mint/default']!)).toEqual({ sidebar: true, toc: true, title: true, footer: true });
    expect(shape(seen['mint/wide']!)).toEqual({ sidebar: true, toc: false, title: true, footer: true });
    // Custom: a blank canvas under the navbar; the page's own hero is the only heading in view.
    expect(shape(seen['mint/custom']!)).toEqual({ sidebar: false, toc: false, title: false, footer: false });
    expect(seen['mint/custom']!.mainLeft).toBe(0);
    expect(seen['mint/custom']!.mainWidth).toBe(1440);
    // Center is a mint mode: no sidebar, no table of contents, the column in the middle.
    expect(shape(seen['mint/center']!)).toEqual({ sidebar: false, toc: false, title: true, footer: true });
    const center = seen['mint/center']!;
    // Frame is not a mint mode: the default layout.
    expect(shape(seen['mint/frame']!)).toEqual(shape(seen['mint/default']!));
    // Luma: frame keeps the sidebar and drops title and table of contents; center is not a luma mode.
    expect(shape(seen['luma/frame']!)).toEqual({ sidebar: true, toc: false, title: false, footer: true });
    expect(shape(seen['luma/center']!)).toEqual(shape(seen['luma/default']!));
    for (const name of ['mint', 'luma']) {
      expect(seen[`${name}/assistant`]!.assistant).toBe(true);
      expect(seen[`${name}/assistant`]!.sidebar).toBe(false);
    }
    expect(center.mainLeft).toBeLessThan(100);
    // The page's content column is centred in the window.
    const column = await (async () => {
      await page.goto(`${mint}/center`);
      return page.locator('.content').evaluate((el) => {
        const r = el.getBoundingClientRect();
        return { left: r.left, right: window.innerWidth - r.right };
      });
    })();
    expect(Math.abs(column.left - column.right)).toBeLessThan(24);
    await context.close();
  });

  it('passes the look checks on every mode: phone and desktop, light and dark', async () => {
    const failures: string[] = [];
    for (const [viewport, view] of [[{ width: 390, height: 844 }, 'phone'], [{ width: 1440, height: 900 }, 'desktop']] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        const context = await browser.newContext({ viewport, colorScheme: scheme });
        const page = await context.newPage();
        for (const [name, url] of [['mint', mint], ['luma', luma], ['dark', dark]] as const) {
          for (const mode of ['default', 'custom', 'frame', 'center', 'assistant']) {
            await page.goto(`${url}/${mode}`);
            const look = await measurePage(page);
            const where = `${name}/${mode} ${view} ${scheme}`;
            if (look.overflowPx > 0) failures.push(`${where}: scrolls ${look.overflowPx}px sideways (${look.overflowCulprit})`);
            for (const c of look.contrast) failures.push(`${where}: "${c.text}" ${c.ratio}:1 (${c.fg} on ${c.bg})`);
            for (const a of look.axe) failures.push(`${where}: axe ${a.id} ${a.target}`);
          }
          if (view === 'phone') await page.screenshot({ path: path.join(ARTIFACTS, `${name}-default-${view}-${scheme}.png`) });
        }
        await context.close();
      }
    }
    expect(failures).toEqual([]);
  });

  it('is drawn in the default mode without JavaScript, and the phone menu opens without it', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false, colorScheme: 'light' });
    const page = await context.newPage();
    // A dark-only site is dark even for a reader whose system is light and who runs no script.
    await page.goto(`${dark}/default`);
    expect(await page.locator('html').getAttribute('data-theme')).toBe('dark');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(11, 13, 14)');
    // The menu button is a link to the drawer: following it opens the navigation.
    expect(await page.locator('#sidebar').evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(0);
    await page.locator('[data-sidebar-toggle]').click();
    await expect.poll(() => page.locator('#sidebar').evaluate((el) => Math.round(el.getBoundingClientRect().left))).toBe(0);
    expect(await page.locator('#sidebar a.nav-link', { hasText: 'center page' }).isVisible()).toBe(true);
    await page.screenshot({ path: path.join(ARTIFACTS, 'no-js-drawer-dark.png') });
    await context.close();
  });

  it('derives readable colours per mode from the primary colour', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme: 'dark' });
    const page = await context.newPage();
    // Black primary on a dark page: the button takes the dark-mode accent and dark text on it.
    await page.goto(`${luma}/default`);
    const button = await page.locator('.button-primary').evaluate((el) => ({ bg: getComputedStyle(el).backgroundColor, fg: getComputedStyle(el).color }));
    expect(button.bg).not.toBe('rgb(0, 0, 0)');
    // Lime primary: text on the button is dark, not white.
    await page.goto(`${dark}/default`);
    const lime = await page.locator('.button-primary').evaluate((el) => ({ bg: getComputedStyle(el).backgroundColor, fg: getComputedStyle(el).color }));
    expect(lime.bg).toBe('rgb(168, 255, 83)');
    expect(lime.fg).not.toBe('rgb(255, 255, 255)');
    await context.close();
  });
});
