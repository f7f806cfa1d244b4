import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, type ProjectRow } from '../../src/db/index.js';
import { createUser } from '../../src/dashboard/index.js';
import { acceptInvite, inviteMember } from '../../src/dashboard/data/members.js';
import { runServer, type RunningServer } from '../../src/server/run-server.js';
import { editorLookProblems } from './editor-look.js';
import { createBareRepo, git } from './fixtures.js';

// A branch made in the web editor, in Debian's chromium against a real `folio serve` (PGlite) and a plain
// git remote: the writer creates it from the branch menu, types, and the branch autosaves to a draft
// pull request (Folio-recorded) shown in the toolbar; a preview link opens the branch's page in a context
// with no session; ready for review, a review asked of a second member who approves in their own
// browser, then merged. Screenshots at 1440x900 light and dark and 390x844 in test-artifacts/editor-branches/.

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HAVE_CHROMIUM = fs.existsSync(CHROMIUM);
const ARTIFACTS = path.resolve('test-artifacts/editor-branches');
const LAUNCH_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const PASSWORD = 'a long enough passphrase';
const FILES: Record<string, string> = {
  'docs.json': `${JSON.stringify({ theme: 'mint', name: 'Mint Garden', colors: { primary: '#0d9373' }, navigation: { groups: [{ group: 'Garden', pages: ['index'] }] } }, null, 2)}\n`,
  'index.mdx': '---\ntitle: Introduction\n---\n\nWelcome to the garden.\n',
};

if (!HAVE_CHROMIUM) console.warn(`editor branch browser tests skipped: no chromium at ${CHROMIUM}`);

describe.skipIf(!HAVE_CHROMIUM)('a branch as a draft pull request in the editor, in a browser', { timeout: 400_000 }, () => {
  let root: string;
  let bare: string;
  let server: RunningServer;
  let browser: Browser;
  let project: ProjectRow;
  let editorUrl: string;
  const contexts: BrowserContext[] = [];
  let writer: Page;

  const shot = async (name: string, target: Page, phone = false) => {
    await target.evaluate(() => document.fonts.ready);
    for (const scheme of ['light', 'dark'] as const) {
      await target.emulateMedia({ colorScheme: scheme });
      await target.screenshot({ path: path.join(ARTIFACTS, `${name}-${phone ? '390-' : ''}${scheme}.png`) });
    }
    await target.emulateMedia({ colorScheme: 'light' });
  };

  async function signIn(email: string, at: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(at);
    await page.waitForURL(/\/dashboard\/login\?next=/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click({ timeout: 90_000 });
    await page.waitForURL(/\/editor\?/, { timeout: 90_000 });
    await page.locator('.cm-content').getByText('Welcome to the', { exact: false }).waitFor({ timeout: 90_000 });
    return page;
  }

  // The publish menu's last button is drawn whole: inside the window and not cut off by the menu's own
  // scrolling or any ancestor (what is at its centre is the button itself), and the menu does not scroll.
  const menuEndVisible = (page: Page) =>
    page.evaluate(() => {
      const menu = document.getElementById('ed-publish-menu')!;
      const buttons = [...menu.querySelectorAll('button')].filter((b) => b.getClientRects().length > 0);
      const last = buttons[buttons.length - 1]!;
      const r = last.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      const m = menu.getBoundingClientRect();
      return {
        label: last.textContent?.trim(),
        inViewport: r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth,
        insideMenu: r.bottom <= m.bottom && r.top >= m.top,
        hitIsButton: hit !== null && last.contains(hit),
        menuScrolls: menu.scrollHeight > menu.clientHeight + 1,
      };
    });

  const openMenu = async (page: Page) => {
    if ((await page.locator('#ed-publish-menu').isHidden())) await page.locator('#ed-publish-toggle').click();
    await page.locator('#ed-share').waitFor();
  };

  beforeAll(async () => {
    fs.rmSync(ARTIFACTS, { recursive: true, force: true });
    fs.mkdirSync(path.join(ARTIFACTS, 'guide'), { recursive: true });
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-editor-branches-'));
    bare = createBareRepo(root, FILES);
    server = await runServer({ dataDir: path.join(root, 'data'), port: 0 });
    project = await createProject(server.db, { name: 'Mint Garden', repoUrl: bare, branch: 'main' });
    editorUrl = `${server.url}/dashboard/projects/${project.id}/editor`;
    await createUser(server.db, 'olive.owner@example.com', PASSWORD);
    for (const email of ['wren.writer@example.com', 'rex.reviewer@example.com']) {
      const invited = await inviteMember(server.db, { email, role: 'editor', projectIds: [project.id] });
      if ('refused' in invited) throw new Error(`${email} exists`);
      await acceptInvite(server.db, invited.token, PASSWORD);
    }
    browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
    writer = await signIn('wren.writer@example.com', `${editorUrl}?file=index.mdx`);
  }, 180_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await server?.close();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  }, 60_000);

  it('creates a branch, autosaves it to a draft pull request shown in the toolbar, shares its preview, and merges it after an approval', async () => {
    writer.once('dialog', (d) => void d.accept('update-introduction'));
    await writer.locator('#ed-branch').selectOption('\0new');
    await writer.waitForURL(/branch=update-introduction/);
    await writer.locator('.cm-content').getByText('Welcome to the', { exact: false }).waitFor({ timeout: 90_000 });
    await shot('01-create-branch', writer);
    // The editor guide's pictures of a branch (docs/images/editor/branch-*.png are copies from a run).
    const guide = (name: string, target: Page) => target.screenshot({ path: path.join(ARTIFACTS, 'guide', `${name}.png`) });
    await guide('branch-created', writer);

    // Typing is all: a few seconds later the branch is pushed and its draft pull request opened.
    await writer.locator('.cm-line', { hasText: 'Welcome to the garden.' }).click();
    await writer.keyboard.press('End');
    await writer.keyboard.type(' Mint grows best in partial shade.');
    const pr = writer.locator('#ed-pr-link');
    await pr.waitFor({ timeout: 90_000 });
    await expect(pr.textContent()).resolves.toBe('Draft pull request');
    expect(await pr.getAttribute('href')).toMatch(/\/pulls\/[a-z0-9]+$/);
    expect(git(root, ['--git-dir', bare, 'show', 'update-introduction:index.mdx'])).toContain('Mint grows best in partial shade.');
    await openMenu(writer);
    await expect(writer.locator('#ed-branch-next').textContent()).resolves.toBe('Ready for review');
    await shot('02-toolbar-branch', writer);
    await guide('branch-autosaved', writer);

    // A preview link, opened by someone with no account.
    await writer.getByRole('button', { name: 'Share preview link' }).click();
    const link = writer.locator('#ed-share-url');
    await link.waitFor();
    const url = (await link.getAttribute('href'))!;
    expect(url).toMatch(/\/dashboard\/share\/[A-Za-z0-9_-]{32}\/$/);
    await shot('03-share-preview', writer);
    const stranger = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    contexts.push(stranger);
    const reader = await stranger.newPage();
    const opened = await reader.goto(url);
    expect(opened?.status()).toBe(200);
    await reader.getByText('Mint grows best in partial shade.').waitFor();
    await shot('04-shared-page', reader);
    await guide('branch-previewed', reader);

    // Ready for review, and a review asked of the second editor.
    await writer.locator('#ed-branch-next').click();
    await expect.poll(() => writer.locator('#ed-branch-next').textContent(), { timeout: 60_000 }).toBe('Merge');
    await expect(writer.locator('#ed-branch-next').isDisabled()).resolves.toBe(true);
    await writer.locator('#ed-reviewer').selectOption('rex.reviewer@example.com');
    await writer.getByRole('button', { name: 'Request review' }).click();
    await writer.locator('#ed-reviews li', { hasText: 'Review requested' }).waitFor();
    await shot('05-review-requested', writer);

    const reviewer = await signIn('rex.reviewer@example.com', `${editorUrl}?branch=update-introduction&file=index.mdx`);
    await openMenu(reviewer);
    await reviewer.getByRole('button', { name: 'Approve' }).click();
    await reviewer.locator('#ed-reviews li', { hasText: 'Approved' }).waitFor();
    await expect(reviewer.locator('#ed-review-pill').textContent()).resolves.toBe('Approved');
    await shot('06-approved', reviewer);
    await expect(menuEndVisible(reviewer)).resolves.toEqual({ label: 'Merge', inViewport: true, insideMenu: true, hitIsButton: true, menuScrolls: false });
    // The editor with the publish menu open, at 390x844 and 1440x900, light and dark: no sideways scroll, no serious axe violation.
    expect(await editorLookProblems(reviewer, 'publish menu', { width: 1440, height: 900 }, openMenu)).toEqual([]);

    await writer.reload();
    await writer.locator('.cm-content').getByText('Mint grows best', { exact: false }).waitFor({ timeout: 90_000 });
    await openMenu(writer);
    await expect.poll(() => writer.locator('#ed-branch-next').isEnabled(), { timeout: 30_000 }).toBe(true);
    await writer.locator('#ed-branch-next').click();
    await expect.poll(() => writer.locator('#ed-branch-next').textContent(), { timeout: 60_000 }).toBe('Merged');
    expect(git(root, ['--git-dir', bare, 'rev-parse', 'main'])).toBe(git(root, ['--git-dir', bare, 'rev-parse', 'update-introduction']));
    await shot('07-merged', writer);
    await guide('branch-merged', writer);

    await writer.setViewportSize({ width: 390, height: 844 });
    await openMenu(writer);
    await shot('08-menu', writer, true);
    for (const scheme of ['light', 'dark'] as const) {
      await writer.emulateMedia({ colorScheme: scheme });
      await expect(menuEndVisible(writer)).resolves.toMatchObject({ inViewport: true, insideMenu: true, hitIsButton: true, menuScrolls: false });
    }
    await writer.emulateMedia({ colorScheme: 'light' });
    expect(await writer.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});
