import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAxe } from '../../look/measure.js';
import { createUser } from '../../src/dashboard/index.js';
import { createProject, listUpdates, type ProjectRow } from '../../src/db/index.js';
import { runServer, type RunningServer } from '../../src/server/run-server.js';
import { createBareRepo, git } from './fixtures.js';

// Arranging the navigation in the web editor, in Debian's chromium against a real `folio serve`:
// add a group, move a page into it, rename it, add a page to it and move that one up from the
// keyboard, add a first tab (the existing groups go into a tab of their own), publish; the commit's
// docs.json and the live site's sidebar show it. Screenshots land in test-artifacts/editor/.

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HAVE_CHROMIUM = fs.existsSync(CHROMIUM);
const ARTIFACTS = path.resolve('test-artifacts/editor');
const LAUNCH_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const EMAIL = 'nav.writer@example.com';
const PASSWORD = 'a long enough passphrase';

if (!HAVE_CHROMIUM) console.warn(`editor navigation browser tests skipped: no chromium at ${CHROMIUM}`);

describe.skipIf(!HAVE_CHROMIUM)('arranging the navigation in the web editor', { timeout: 240_000 }, () => {
  let root: string;
  let bare: string;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let project: ProjectRow;
  let editorUrl: string;

  const shot = (name: string, target: Page = page) => target.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
  /** The arranged outline as text: one line per row, indented by depth. */
  const outline = () =>
    page.evaluate(() => {
      const lines: string[] = [];
      const walk = (ul: Element, depth: number) => {
        for (const li of Array.from(ul.children)) {
          const label = li.querySelector(':scope > .ed-arrange-row > a, :scope > .ed-arrange-row > .ed-arrange-label');
          lines.push('  '.repeat(depth) + (label?.textContent ?? '').trim());
          const inner = li.querySelector(':scope > ul');
          if (inner) walk(inner, depth + 1);
        }
      };
      const top = document.querySelector('#ed-tree > ul');
      if (top) walk(top, 0);
      return lines;
    });
  const menu = (name: string) => page.getByRole('button', { name: `Arrange ${name}`, exact: true });
  const panel = (name: string) => page.getByRole('group', { name: `Arrange ${name}`, exact: true });
  /** Wait until the outline reads `lines` (the last reading shown when it never does). */
  const waitOutline = (lines: string[]) => expect.poll(outline, { timeout: 30_000, interval: 100 }).toEqual(lines);

  beforeAll(async () => {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-editor-nav-'));
    bare = createBareRepo(root);
    server = await runServer({ dataDir: path.join(root, 'data'), port: 0 });
    await createUser(server.db, EMAIL, PASSWORD);
    project = await createProject(server.db, { name: 'Nav Docs', repoUrl: bare, branch: 'main' });
    editorUrl = `${server.url}/dashboard/projects/${project.id}/editor`;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(editorUrl);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/editor$/);
    await page.locator('.cm-content').getByText('Read [setup](/guides/setup).').waitFor({ timeout: 60_000 });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  }, 60_000);

  it('adds a group, moves a page into it and renames it', async () => {
    await page.getByRole('button', { name: 'Arrange', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Arrange', exact: true }).getAttribute('aria-pressed')).resolves.toBe('true');
    await waitOutline(['Start', '  Welcome to the fixture', '  Setup']);
    await shot('nav-01-arrange');

    await page.getByRole('button', { name: 'Add new' }).click();
    await page.getByRole('menuitem', { name: 'Group' }).click();
    const addGroup = page.locator('#ed-add-group');
    // The form opens with its name field focused.
    await page.keyboard.type('Operations');
    await expect(addGroup.getByLabel('Name').inputValue()).resolves.toBe('Operations');
    await addGroup.getByLabel('Place').selectOption({ label: 'After Start' });
    await addGroup.getByRole('button', { name: 'Add group' }).click();
    await waitOutline(['Start', '  Welcome to the fixture', '  Setup', 'Operations']);
    await expect(addGroup.isHidden()).resolves.toBe(true);
    // A new group lists nothing yet: its menu offers to delete it.
    await menu('group Operations').click();
    await expect(panel('Operations').getByRole('button', { name: 'Delete group' }).isVisible()).resolves.toBe(true);
    await menu('group Operations').click();

    await menu('Setup').click();
    await panel('Setup').getByLabel('Group to move Setup to').selectOption({ label: 'Operations' });
    await shot('nav-02-page-menu');
    await panel('Setup').getByRole('button', { name: 'Move', exact: true }).click();
    await waitOutline(['Start', '  Welcome to the fixture', 'Operations', '  Setup']);

    await menu('group Operations').click();
    const rename = panel('Operations').getByLabel('New name for Operations');
    await rename.fill('Running it');
    // Opening a page (here the one open already) draws the outline again: what was typed stays.
    await rename.evaluate((input) => input.setAttribute('data-drawn-before', ''));
    await page.getByRole('link', { name: 'Welcome to the fixture', exact: true }).click();
    await page.waitForFunction(() => !document.querySelector('[data-drawn-before]'));
    await expect(rename.inputValue()).resolves.toBe('Running it');
    await panel('Operations').getByRole('button', { name: 'Rename' }).click();
    await waitOutline(['Start', '  Welcome to the fixture', 'Running it', '  Setup']);
    // A group with pages is not deleted: no button for it.
    await expect(panel('Running it').getByRole('button', { name: 'Delete group' }).count()).resolves.toBe(0);
    await shot('nav-03-group-menu');
    expect(await runAxe(page)).toEqual([]);
  });

  it('adds a page to the group and moves it up from the keyboard', async () => {
    await panel('Running it').getByRole('button', { name: 'Add page' }).click();
    await expect(page.locator('#ed-add-in').textContent()).resolves.toBe('At the end of the group "Running it"');
    await page.locator('#ed-add-title').fill('Runbook');
    await page.locator('#ed-add-file').fill('guides/runbook.mdx');
    await page.locator('#ed-add-form').getByRole('button', { name: 'Add page' }).click();
    await waitOutline(['Start', '  Welcome to the fixture', 'Running it', '  Setup', '  Runbook']);
    await page.locator('.cm-content').getByText('title: "Runbook"').waitFor();

    await menu('Runbook').focus();
    await page.keyboard.press('Enter');
    await expect(menu('Runbook').getAttribute('aria-expanded')).resolves.toBe('true');
    // Tab past the disabled "Move down" (last in its list) is impossible: Shift+Tab order is up first.
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Move up');
    await page.keyboard.press('Enter');
    await waitOutline(['Start', '  Welcome to the fixture', 'Running it', '  Runbook', '  Setup']);
    // Focus stays with the moved page: on its menu button, "Move up" being disabled now that it is first.
    await page.waitForFunction(() => document.activeElement?.closest('li')?.querySelector('a')?.textContent === 'Runbook');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe('Arrange Runbook');
    // The preview is drawn again with the new order of the sidebar.
    await expect.poll(() => page.frameLocator('#ed-preview').locator('.sidebar-nav a').allTextContents(), { timeout: 30_000 }).toEqual(['Welcome to the fixture', 'Runbook', 'Setup']);
    await shot('nav-04-moved-by-keyboard');
  });

  it('adds a first tab: the groups go into a tab of their own, and the site still loads', async () => {
    await page.getByRole('button', { name: 'Add new' }).click();
    await page.getByRole('menuitem', { name: 'Tab' }).click();
    const addTab = page.locator('#ed-add-division');
    await addTab.getByLabel('Name').fill('API');
    await expect(addTab.getByLabel('Tab for the entries already listed').inputValue()).resolves.toBe('Documentation');
    await addTab.getByLabel('Tab for the entries already listed').fill('Guides');
    await addTab.getByRole('button', { name: 'Add tab' }).click();
    await waitOutline(['Tab Guides', '  Start', '    Welcome to the fixture', '  Running it', '    Runbook', '    Setup', 'Tab API']);
    // The form did its work and closed.
    await expect(addTab.isHidden()).resolves.toBe(true);
    await page.waitForFunction(() => document.getElementById('ed-status')?.textContent === 'Saved');
    await shot('nav-05-tabs');
    expect(await runAxe(page)).toEqual([]);
  });

  it('publishes: the commit holds the arranged docs.json and the live site its sidebar', async () => {
    await page.locator('#ed-publish-toggle').click();
    await expect(page.locator('#ed-changes li').allTextContents()).resolves.toEqual(['docs.jsonModified', 'guides/runbook.mdxAdded']);
    await page.locator('#ed-message').fill('Navigation: a group for running it');
    await page.getByRole('button', { name: 'Publish to main' }).click();
    await page.locator('#ed-publish-result').getByText('The site update has started.').waitFor({ timeout: 60_000 });
    const docs = JSON.parse(git(bare, ['show', 'main:docs.json']));
    expect(docs.navigation).toEqual({
      tabs: [
        { tab: 'Guides', groups: [{ group: 'Start', pages: ['index'] }, { group: 'Running it', pages: ['guides/runbook', 'guides/setup'] }] },
        { tab: 'API', groups: [] },
      ],
    });
    // The rest of the file as it was.
    expect(docs).toMatchObject({ name: 'Dashboard Fixture', colors: { primary: '#3d4ed8' } });

    const deadline = Date.now() + 150_000;
    let status = '';
    while (Date.now() < deadline) {
      status = (await listUpdates(server.db, project.id, 1))[0]?.status ?? '';
      if (status === 'success' || status === 'failure') break;
      await new Promise((r) => setTimeout(r, 500));
    }
    expect(status).toBe('success');
    const site = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await site.goto(`http://${project.id}.localhost:${server.port}/guides/setup`);
    const sidebar = await site.locator('.sidebar-nav').evaluate((nav) =>
      Array.from(nav.querySelectorAll('.sidebar-group')).map((g) => [g.querySelector('.sidebar-group-title')?.textContent?.trim(), ...Array.from(g.querySelectorAll('a')).map((a) => a.textContent?.trim())]),
    );
    expect(sidebar).toEqual([
      ['Start', 'Welcome to the fixture'],
      ['Running it', 'Runbook', 'Setup'],
    ]);
    await shot('nav-06-live-site', site);
    await site.close();
  });
});
