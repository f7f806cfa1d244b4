import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_DIR } from '../../compat/corpora.js';
import { createProject, type ProjectRow } from '../../src/db/index.js';
import { createUser } from '../../src/dashboard/index.js';
import { runServer, type RunningServer } from '../../src/server/run-server.js';
import { editorLookProblems } from './editor-look.js';
import { createBareRepo } from './fixtures.js';

// The editor's site managers in Debian's chromium against a real `folio serve` (PGlite): an image
// uploaded in Assets, a file in use refused for deletion (its page listed) and an unused one deleted,
// a redirect refused then added in Redirects, the primary colour changed in Configuration, all
// published from the publish menu and read back from the git repository. Each screen is checked at
// 390x844 and 1440x900, light and dark (no sideways scroll, no serious axe violation); screenshots
// land in test-artifacts/editor-managers/ beside a copy of the platform's reference screenshot of it.

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HAVE_CHROMIUM = fs.existsSync(CHROMIUM);
const ARTIFACTS = path.resolve('test-artifacts/editor-managers');
const REFERENCE = path.join(REFERENCE_DIR, 'platform/editor');
const LAUNCH_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const PASSWORD = 'a long enough passphrase';
const EMAIL = 'maya.maintainer@example.com';
const HERO = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 40"><rect width="64" height="40" fill="#0d9373"/><circle cx="20" cy="20" r="9" fill="#fff"/></svg>\n';
const FILES: Record<string, string> = {
  'docs.json': `${JSON.stringify({ theme: 'mint', name: 'Mint Garden', colors: { primary: '#0D9373' }, logo: { light: '/logo/light.svg', dark: '/logo/dark.svg' }, navigation: { groups: [{ group: 'Garden', pages: ['index', 'care'] }] } }, null, 2)}\n`,
  'index.mdx': '---\ntitle: Welcome\n---\n\nA garden of herbs.\n\n![The garden](/images/hero.svg)\n',
  'care.mdx': '---\ntitle: Care\n---\n\nWater mint often.\n',
  'images/hero.svg': HERO,
  'images/old-diagram.svg': HERO.replace('#0d9373', '#b45309'),
  'logo/light.svg': HERO,
  'logo/dark.svg': HERO,
};

if (!HAVE_CHROMIUM) console.warn(`editor managers browser tests skipped: no chromium at ${CHROMIUM}`);

describe.skipIf(!HAVE_CHROMIUM)('the assets, redirects and configuration managers in a browser', { timeout: 240_000 }, () => {
  let root: string;
  let bare: string;
  let server: RunningServer;
  let browser: Browser;
  let project: ProjectRow;
  let page: Page;
  let png: Buffer;
  const desktop = { width: 1440, height: 900 };
  const gitShow = (spec: string) => execFileSync('git', ['--git-dir', bare, 'show', spec]);

  /** The screen at 1440x900 and 390x844, light and dark; `reference` names the platform's screenshot put beside them. */
  const shots = async (name: string, reference?: string) => {
    await page.evaluate(() => document.fonts.ready);
    for (const [width, height] of [
      [1440, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: path.join(ARTIFACTS, `${name}-${width}x${height}-${scheme}.png`) });
      }
    }
    await page.setViewportSize(desktop);
    await page.emulateMedia({ colorScheme: 'light' });
    if (reference && fs.existsSync(path.join(REFERENCE, reference))) fs.copyFileSync(path.join(REFERENCE, reference), path.join(ARTIFACTS, `${name}-reference-${reference}`));
  };

  beforeAll(async () => {
    fs.rmSync(ARTIFACTS, { recursive: true, force: true });
    fs.mkdirSync(path.join(ARTIFACTS, 'guide'), { recursive: true });
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-editor-managers-'));
    bare = createBareRepo(root, FILES);
    server = await runServer({ dataDir: path.join(root, 'data'), port: 0 });
    project = await createProject(server.db, { name: 'Mint Garden', repoUrl: bare, branch: 'main' });
    await createUser(server.db, EMAIL, PASSWORD);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
    const context = await browser.newContext({ viewport: desktop });
    page = await context.newPage();
    const editorUrl = `${server.url}/dashboard/projects/${project.id}/editor`;
    await page.goto(`${editorUrl}?file=index.mdx`);
    await page.waitForURL(/\/dashboard\/login\?next=/);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click({ timeout: 90_000 });
    await page.waitForURL(/\/editor\?file=index\.mdx$/, { timeout: 90_000 });
    await page.locator('.cm-content').getByText('A garden of herbs.').waitFor({ timeout: 90_000 });
    // A real picture to upload: a piece of the editor itself.
    png = await page.screenshot({ clip: { x: 0, y: 0, width: 320, height: 200 } });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  }, 60_000);

  it('uploads an image, refuses to delete a file a page uses (listing the page), and deletes an unused one', async () => {
    await page.locator('#ed-open-assets').click();
    const row = (file: string) => page.locator(`.ed-mg-file[data-file="${file}"]`);
    await row('images/hero.svg').waitFor();
    expect(await page.locator('.ed-mg-file').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-file')))).toEqual(['images/hero.svg', 'images/old-diagram.svg', 'logo/dark.svg', 'logo/light.svg']);
    await expect(row('images/hero.svg').locator('.ed-mg-file-meta').textContent()).resolves.toContain('Used in 1 file');

    await page.locator('#ed-mg-upload').setInputFiles({ name: 'Garden Plan.png', mimeType: 'image/png', buffer: png });
    await row('images/garden-plan.png').getByText('Draft').waitFor({ timeout: 30_000 });
    // The thumbnail is the uploaded picture, served from the branch's checkout.
    await page.waitForFunction(() => (document.querySelector<HTMLImageElement>('.ed-mg-file[data-file="images/garden-plan.png"] img')?.naturalWidth ?? 0) > 0);
    await expect(page.locator('#ed-changes li').allTextContents()).resolves.toEqual(['images/garden-plan.pngAdded']);

    await row('images/hero.svg').getByRole('button', { name: 'Delete hero.svg' }).click();
    const form = row('images/hero.svg').locator('form');
    await form.getByText('Still used in 1 place').waitFor();
    await expect(form.getByRole('link').allTextContents()).resolves.toEqual(['index.mdx:7']);
    await shots('assets-in-use', 'assets-light.png');
    expect(await editorLookProblems(page, 'assets (a file in use)', desktop)).toEqual([]);
    await form.getByRole('button', { name: 'Cancel' }).click();

    await row('images/old-diagram.svg').getByRole('button', { name: 'Delete old-diagram.svg' }).click();
    await row('images/old-diagram.svg').getByRole('button', { name: 'Delete', exact: true }).click();
    await row('images/old-diagram.svg').waitFor({ state: 'detached' });
    await page.locator('#ed-mg-message').getByText('Deleted images/old-diagram.svg').waitFor();
    await page.evaluate(() => document.getElementById('ed-manager')!.scrollTo(0, 0));
    await shots('assets', 'assets-light.png');
    await page.screenshot({ path: path.join(ARTIFACTS, 'guide', 'assets.png') });
  });

  it('refuses a redirect that breaks a rule, then adds one', async () => {
    await page.getByRole('tab', { name: 'Redirects' }).click();
    await page.getByText('No redirects configured.').waitFor();
    await shots('redirects-empty', 'redirects-light.png');
    expect(await editorLookProblems(page, 'redirects (none)', desktop)).toEqual([]);
    await page.locator('#ed-mg-add-redirect').click();
    const form = page.getByRole('form', { name: 'New redirect' });
    await form.getByLabel('Source').fill('old-garden');
    await form.getByLabel('Destination').fill('/index');
    await form.getByRole('button', { name: 'Add redirect' }).click();
    await form.getByRole('alert').getByText('EDITOR_REDIRECT_INVALID').waitFor();
    await form.getByLabel('Source').fill('/beta/:slug*');
    await form.getByLabel('Destination').fill('/v2/:slug*');
    await form.getByLabel('Status').selectOption('307');
    await form.getByRole('button', { name: 'Add redirect' }).click();
    await page.locator('.ed-mg-redirect[data-source="/beta/:slug*"]').waitFor();
    await expect(page.locator('.ed-mg-redirect').first().textContent()).resolves.toContain('307');
    await shots('redirects', 'redirects-light.png');
    expect(await editorLookProblems(page, 'redirects', desktop)).toEqual([]);
    await page.screenshot({ path: path.join(ARTIFACTS, 'guide', 'redirects.png') });
  });

  it('changes the primary colour in Configuration and publishes everything to git', async () => {
    await page.getByRole('tab', { name: 'Configuration' }).click();
    const primary = page.locator('#ed-mg-f-primary');
    await primary.waitFor();
    await expect(primary.inputValue()).resolves.toBe('#0D9373');
    await expect(page.locator('#ed-mg-f-logoLight').inputValue()).resolves.toBe('/logo/light.svg');
    // A colour docs.json does not take is refused with the field named.
    await primary.fill('green');
    await page.locator('#ed-mg-save-settings').click();
    await page.locator('#ed-mg-settings .ed-mg-problem').getByText('Primary colour').waitFor();
    await primary.fill('#B45309');
    await page.locator('#ed-mg-save-settings').click();
    await page.locator('#ed-mg-message').getByText('Configuration saved').waitFor();
    await shots('configuration', 'configurations-light.png');
    expect(await editorLookProblems(page, 'configuration', desktop)).toEqual([]);
    await page.screenshot({ path: path.join(ARTIFACTS, 'guide', 'configuration.png') });

    await page.locator('#ed-mg-close').click();
    // On a phone the sidebar is a drawer (Pages): its Redirects entry opens the panel, and the drawer gives way.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('#ed-nav-toggle').click();
    await page.locator('#ed-open-redirects').click();
    await page.locator('.ed-mg-redirect[data-source="/beta/:slug*"]').waitFor();
    await expect(page.locator('#editor-app').getAttribute('data-nav')).resolves.toBe('closed');
    await expect(page.locator('#ed-open-redirects').isVisible()).resolves.toBe(false);
    await page.locator('#ed-mg-close').click();
    await page.setViewportSize(desktop);
    await page.locator('#ed-publish-toggle').click();
    await expect(page.locator('#ed-changes li').allTextContents()).resolves.toEqual(['docs.jsonModified', 'images/garden-plan.pngAdded', 'images/old-diagram.svgDeleted']);
    await page.locator('#ed-message').fill('Site: garden plan, beta redirect, amber colour');
    await page.getByRole('button', { name: 'Publish to main' }).click();
    await page.locator('#ed-publish-result').getByText('The site update has started.').waitFor({ timeout: 60_000 });

    const docsJson = gitShow('main:docs.json').toString();
    // Only the two edits: the colour's value and the redirects added at the end; every other byte as it was.
    const expected = FILES['docs.json']!.replace('"primary": "#0D9373"', '"primary": "#B45309"').replace(/\n\}\n$/, ',\n  "redirects": [\n    {\n      "source": "/beta/:slug*",\n      "destination": "/v2/:slug*",\n      "permanent": false\n    }\n  ]\n}\n');
    expect(docsJson).toBe(expected);
    expect(gitShow('main:images/garden-plan.png').equals(png)).toBe(true);
    const tree = execFileSync('git', ['--git-dir', bare, 'ls-tree', '-r', '--name-only', 'main']).toString().split('\n');
    expect(tree).not.toContain('images/old-diagram.svg');
    expect(tree).toContain('images/hero.svg');
  });
});
