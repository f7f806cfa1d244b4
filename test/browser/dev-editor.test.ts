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
import { runAxe } from '../../look/measure.js';
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
});
