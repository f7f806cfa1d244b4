/**
 * The web editor of `folio dev` in Debian's chromium, wired as the command wires it: open
 * `/__folio/editor` on a dev server over a docs folder, edit a page in the source mode, and see the
 * file on disk change and the preview (the dev server's own page) show the edit; add a page from
 * the sidebar (file and docs.json entry); a change saved from another program is not typed over
 * unasked. No branch selector, publish menu or discard button; axe-core finds no serious problem.
 * Screenshots in test-artifacts/editor/dev-*.png.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureControlContrast, runAxe } from '../../look/measure.js';
import { devAssistant, devEditor, devSiteRoute } from '../../src/cli/commands/dev.js';
import { startDevServer, type DevServer } from '../../src/dev/index.js';
import { hasChromium, launchChromium } from './chromium.js';

const ARTIFACTS = path.resolve('test-artifacts/editor');
const DOCS_JSON = `{
  "$schema": "https://mintlify.com/docs.json",
  "theme": "mint",
  "name": "Sprockets",
  "colors": { "primary": "#225588" },
  "navigation": {
    "groups": [{ "group": "Start", "pages": ["index", "guides/setup"] }]
  }
}
`;

const TOKENS = `---
title: Tokens
description: "Every mark of the source view"
---

# Heading with \`code\`

Some *emphasis*, **strong**, ~~struck~~ and a [link](https://example.com "title") with <Badge color="blue">tag</Badge>.

> A quote with \`code\`

- item one
1. numbered

\`\`\`js
const x = { a: [1, 'two', true] }; // note
\`\`\`

<Card title="Card" href="/x">Body {1 + 2}</Card>

***
`;

describe.skipIf(!hasChromium)('the editor of folio dev in a browser', { timeout: 120_000 }, () => {
  let root: string;
  let dev: DevServer;
  let browser: Browser;
  let page: Page;
  const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
  const shot = (name: string) => page.screenshot({ path: path.join(ARTIFACTS, `dev-${name}.png`) });
  const preview = () => page.frameLocator('#ed-preview').locator('body');
  const saved = () => page.waitForFunction(() => document.getElementById('ed-status')?.textContent === 'Saved', undefined, { timeout: 30_000 });

  beforeAll(async () => {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-dev-editor-browser-'));
    fs.mkdirSync(path.join(root, 'guides'));
    fs.writeFileSync(path.join(root, 'docs.json'), DOCS_JSON);
    fs.writeFileSync(path.join(root, 'index.mdx'), '---\ntitle: Welcome to sprockets\n---\n\nRead [setup](/guides/setup).\n');
    fs.writeFileSync(path.join(root, 'guides/setup.mdx'), '---\ntitle: Setup\n---\n\nInstall it.\n\n<Note>Wear gloves.</Note>\n');
    dev = await startDevServer({ root, port: 0, siteRoute: devSiteRoute(devEditor(root), devAssistant({}, () => {}).route) });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await dev?.close();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('opens on the first page, without branches, publishing or sign-in', async () => {
    await page.goto(`${dev.url}/__folio/editor`);
    await page.locator('.cm-content').getByText('Read [setup](/guides/setup).').waitFor();
    await expect(page.locator('#ed-tree a').allTextContents()).resolves.toEqual(['Welcome to sprockets', 'Setup']);
    await preview().getByText('Read setup').waitFor();
    for (const hidden of ['#ed-branch', '#ed-publish-toggle', '#ed-discard']) expect(await page.locator(hidden).isVisible(), hidden).toBe(false);
    await expect(page.locator('.ed-back').textContent()).resolves.toContain('Sprockets');
    await shot('01-layout');
    expect(await runAxe(page)).toEqual([]);
  });

  it('edits a page in the source mode: the file on disk changes and the preview shows it', async () => {
    await page.locator('#ed-tree a', { hasText: 'Setup' }).click();
    await page.locator('.cm-content').getByText('Install it.').waitFor();
    await page.locator('.cm-line', { hasText: 'Install it.' }).click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Then tighten the sprocket.');
    await saved();
    expect(read('guides/setup.mdx')).toBe('---\ntitle: Setup\n---\n\nInstall it. Then tighten the sprocket.\n\n<Note>Wear gloves.</Note>\n');
    await preview().getByText('Install it. Then tighten the sprocket.').waitFor();
    // The preview is the dev server's page, its callout drawn.
    await preview().getByText('Wear gloves.').waitFor();
    await shot('02-source-and-preview');
    expect(await runAxe(page)).toEqual([]);

    // An MDX error: the file is written as typed, the error is shown at its line, then fixed.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('<Tip>Unclosed');
    await page.locator('.cm-tooltip-autocomplete').waitFor({ state: 'detached' }).catch(() => undefined);
    await saved();
    await page.waitForFunction(() => /Line 7:/.test(document.getElementById('ed-problems')?.textContent ?? ''));
    expect(read('guides/setup.mdx')).toContain('<Tip>Unclosed');
    await shot('03-mdx-error');
    await page.keyboard.type('</Tip>');
    await saved();
    await page.waitForFunction(() => (document.getElementById('ed-problems')?.textContent ?? '') === '');
    await preview().getByText('Unclosed').waitFor();
  });

  it('does not type over a change saved from another program: says so, and opening the page again loads the file', async () => {
    const theirs = read('guides/setup.mdx').replace('Install it.', 'Install it (changed in another editor).');
    fs.writeFileSync(path.join(root, 'guides/setup.mdx'), theirs);
    await page.locator('.cm-line', { hasText: 'Wear gloves.' }).click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Always.');
    await page.waitForFunction(() => /EDITOR_FILE_CHANGED/.test(document.getElementById('ed-problems')?.textContent ?? ''));
    expect(read('guides/setup.mdx')).toBe(theirs);
    await shot('03b-changed-on-disk');
    // Opening the page again loads the file as it is now.
    await page.locator('#ed-tree a', { hasText: 'Setup' }).click();
    await page.locator('.cm-content').getByText('changed in another editor').waitFor();
    await page.locator('.cm-line', { hasText: 'Wear gloves.' }).click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Always.');
    await saved();
    expect(read('guides/setup.mdx')).toContain('(changed in another editor).');
    expect(read('guides/setup.mdx')).toContain('Wear gloves.</Note> Always.');
  });

  it('adds a page from the sidebar: the file and its docs.json entry', async () => {
    await page.locator('#ed-add').click();
    await page.locator('#ed-add-title').fill('Maintenance');
    await expect(page.locator('#ed-add-file').inputValue()).resolves.toBe('guides/maintenance.mdx');
    await page.locator('#ed-add-form').getByRole('button', { name: 'Add page' }).click();
    await page.locator('#ed-tree a', { hasText: 'Maintenance' }).waitFor();
    expect(read('guides/maintenance.mdx')).toBe('---\ntitle: "Maintenance"\n---\n\n');
    expect(JSON.parse(read('docs.json')).navigation.groups[0].pages).toEqual(['index', 'guides/setup', 'guides/maintenance']);
    await page.locator('.cm-content').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('Oil the chain every week.');
    await saved();
    await preview().getByText('Oil the chain every week.').waitFor();
    expect(read('guides/maintenance.mdx')).toBe('---\ntitle: "Maintenance"\n---\n\nOil the chain every week.');
    await shot('04-new-page');
  });
  it('draws the source view in the page\'s theme, light and dark, every token at WCAG AA, frontmatter not as a heading', async () => {
    const setups: { name: string; colorScheme: 'light' | 'dark'; theme?: 'light' | 'dark'; dark: boolean }[] = [
      { name: 'light', colorScheme: 'light', dark: false },
      { name: 'system-dark', colorScheme: 'dark', dark: true },
      { name: 'data-theme-dark', colorScheme: 'light', theme: 'dark', dark: true },
      { name: 'data-theme-light', colorScheme: 'dark', theme: 'light', dark: false },
    ];
    // Every kind of mark the source view colours (not in the navigation: opened by its file).
    fs.writeFileSync(path.join(root, 'tokens.mdx'), TOKENS);
    for (const setup of setups) {
      const themed = await browser.newPage({ viewport: { width: 1440, height: 900 }, colorScheme: setup.colorScheme });
      await themed.goto(`${dev.url}/__folio/editor?file=tokens.mdx`);
      if (setup.theme) await themed.evaluate((theme) => (document.documentElement.dataset.theme = theme), setup.theme);
      await themed.locator('.cm-content').getByText('const x').waitFor();
      // The cursor (and the active line's background) on the code block: its colour is the lowest in contrast.
      await themed.locator('.cm-line', { hasText: 'const x' }).click();
      await themed.screenshot({ path: path.join(ARTIFACTS, `dev-05-source-${setup.name}.png`) });
      const look = await themed.evaluate(() => {
        const luminance = (css: string) => {
          const [r, g, b] = (css.match(/[\d.]+/g) ?? []).map(Number).map((c) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4));
          return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
        };
        const frontmatter = [...document.querySelectorAll('.cm-line')].filter((l) => /^(---|title: |description: )/.test(l.textContent ?? '')).slice(0, 4);
        const marks = frontmatter.flatMap((line) => [line, ...line.querySelectorAll('span')]).map((el) => getComputedStyle(el));
        const gutter = getComputedStyle(document.querySelector('.cm-gutters')!);
        const content = getComputedStyle(document.querySelector('.cm-editor')!);
        return {
          frontmatterLines: frontmatter.length,
          frontmatterBold: marks.some((s) => Number(s.fontWeight) >= 600),
          frontmatterUnderlined: marks.some((s) => s.textDecorationLine.includes('underline')),
          gutterLuminance: luminance(gutter.backgroundColor),
          editorLuminance: luminance(content.backgroundColor),
          colours: [...new Set([...document.querySelectorAll('.cm-content span')].map((s) => getComputedStyle(s).color))],
        };
      });
      expect(look.frontmatterLines, setup.name).toBe(4);
      expect(look.frontmatterBold, `${setup.name}: frontmatter bold`).toBe(false);
      expect(look.frontmatterUnderlined, `${setup.name}: frontmatter underlined`).toBe(false);
      // The gutter and the text area follow the theme.
      if (setup.dark) expect(Math.max(look.gutterLuminance, look.editorLuminance), setup.name).toBeLessThan(0.05);
      else expect(Math.min(look.gutterLuminance, look.editorLuminance), setup.name).toBeGreaterThan(0.8);
      // basicSetup's fixed grey-green for marks is gone.
      expect(look.colours, setup.name).not.toContain('rgb(64, 71, 64)');
      expect(look.colours.length, `${setup.name}: the tokens have colours of their own`).toBeGreaterThanOrEqual(5);
      // Every token and line number at WCAG AA against what is painted behind it.
      expect(await measureControlContrast(themed, ['.cm-editor']), setup.name).toEqual([]);
      await themed.close();
    }
  });
  it('shows the preview at a reader\'s width (desktop or phone), and on a phone the source or the preview, never both squeezed', async () => {
    const frameOf = (target: Page) =>
      target.evaluate(() => {
        const frame = document.getElementById('ed-preview')!;
        const pane = document.getElementById('ed-preview-pane')!;
        const scale = /scale\(([\d.]+)\)/.exec(frame.style.transform)?.[1];
        return { width: parseFloat(frame.style.width), scale: scale ? Number(scale) : 1, pane: pane.getBoundingClientRect().width, drawn: frame.getBoundingClientRect().width };
      });
    // A laptop: the preview beside the source, the page laid out at 1024 px (its sidebar shown) when the
    // pane holds it at 75 %, else at the width the pane shows at 75 % (the site's narrower layout); never
    // scaled under 75 % and never cut at the pane's edge.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${dev.url}/__folio/editor?file=index.mdx`);
    await preview().getByText('Read setup').waitFor();
    await page.getByRole('button', { name: 'Desktop' }).click();
    const desktop = await frameOf(page);
    expect(desktop.scale).toBeGreaterThanOrEqual(0.75);
    expect(desktop.width).toBeLessThanOrEqual(1024);
    expect(desktop.width).toBeGreaterThan(390);
    if (desktop.pane >= 1024 * 0.75) expect(desktop.width).toBe(1024);
    expect(desktop.drawn).toBeLessThanOrEqual(desktop.pane + 1);
    await page.getByRole('button', { name: 'Phone' }).click();
    const onPhone = await frameOf(page);
    expect(onPhone).toMatchObject({ width: 390, scale: 1, drawn: 390 });
    await shot('06-preview-phone-width');

    // A phone: the source alone, then the preview alone at the phone's full width; nothing wider than the screen.
    const small = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await small.goto(`${dev.url}/__folio/editor?file=index.mdx`);
    await small.locator('.cm-content').getByText('Read [setup](/guides/setup).').waitFor();
    const widest = () =>
      small.evaluate(() =>
        Math.max(...[...document.querySelectorAll('.ed-top, .ed-top > *, .ed-bar, .ed-bar button, .ed-bar label, .ed-source, .ed-preview-pane')].filter((el) => el.getBoundingClientRect().width > 0).map((el) => el.getBoundingClientRect().right)),
      );
    expect(await small.locator('#ed-source').isVisible()).toBe(true);
    expect(await small.locator('#ed-preview-pane').isVisible()).toBe(false);
    expect(await widest()).toBeLessThanOrEqual(390);
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await small.screenshot({ path: path.join(ARTIFACTS, 'dev-07-phone-source.png') });
    await small.getByRole('button', { name: 'Preview', exact: true }).click();
    await small.frameLocator('#ed-preview').getByText('Read setup').waitFor();
    expect(await small.locator('#ed-source').isVisible()).toBe(false);
    expect(await frameOf(small)).toMatchObject({ width: 390, scale: 1, pane: 390 });
    expect(await widest()).toBeLessThanOrEqual(390);
    await small.screenshot({ path: path.join(ARTIFACTS, 'dev-08-phone-preview.png') });
    expect(await runAxe(small)).toEqual([]);
    // Back to the source.
    await small.getByRole('button', { name: 'Markdown source' }).click();
    expect(await small.locator('#ed-source').isVisible()).toBe(true);
    expect(await small.locator('#ed-preview-pane').isVisible()).toBe(false);
    await small.close();
  });
});
