import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, type ProjectRow } from '../../src/db/index.js';
import { createUser } from '../../src/dashboard/index.js';
import { acceptInvite, inviteMember, type Role } from '../../src/dashboard/data/members.js';
import { runServer, type RunningServer } from '../../src/server/run-server.js';
import { editorLookProblems } from './editor-look.js';
import { createBareRepo, pushChange } from './fixtures.js';

// Comments, suggestions and history of the web editor in Debian's chromium against a real `folio serve`
// (PGlite): a writer comments on selected words, a viewer (read-only editor) replies, an editor
// resolves; the writer suggests a replacement in Suggesting mode, the editor accepts it (in every open
// editor and in the draft); the History panel lists the page's commits, diffs one and restores it.
// Screenshots at 1440x900, light and dark, land in test-artifacts/editor-review/; the comments panel and
// the history are checked at 390x844 and 1440x900, light and dark (no sideways scroll, no serious axe violation).

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HAVE_CHROMIUM = fs.existsSync(CHROMIUM);
const ARTIFACTS = path.resolve('test-artifacts/editor-review');
const LAUNCH_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const PASSWORD = 'a long enough passphrase';
const MINT_V1 = '---\ntitle: Varieties of mint\n---\n\nWith over 25 species and hundreds of cultivars, choosing the right mint depends on your intended use.\n\nSpearmint is the classic mint for cooking.\n';
const MINT_V2 = '---\ntitle: Varieties of mint\n---\n\nWith over 25 species and hundreds of cultivars, choosing the right mint depends on your intended use.\n\nSpearmint is the classic mint for cooking and cocktails.\n\nPeppermint is best for hot tea and chocolate desserts.\n';
const FILES: Record<string, string> = {
  'docs.json': `${JSON.stringify({ theme: 'mint', name: 'Mint Garden', colors: { primary: '#0d9373' }, navigation: { groups: [{ group: 'Garden', pages: ['index', 'mint'] }] } }, null, 2)}\n`,
  'index.mdx': '---\ntitle: Welcome\n---\n\nA garden of herbs.\n',
  'mint.mdx': MINT_V1,
};

if (!HAVE_CHROMIUM) console.warn(`editor review browser tests skipped: no chromium at ${CHROMIUM}`);

/** Select `words` (inside one text node under `scope`) with the mouse, as a writer would. */
async function selectWords(page: Page, scope: string, words: string): Promise<void> {
  const box = await page.evaluate(
    ([scope, words]) => {
      const root = document.querySelector(scope!);
      if (!root) return null;
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent!.indexOf(words!);
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + words!.length);
        const rects = [...range.getClientRects()];
        const first = rects[0]!;
        const last = rects.at(-1)!;
        return { x1: first.left, y1: first.top + first.height / 2, x2: last.right, y2: last.top + last.height / 2 };
      }
      return null;
    },
    [scope, words],
  );
  if (!box) throw new Error(`"${words}" is not shown in ${scope}`);
  await page.mouse.move(box.x1 + 1, box.y1);
  await page.mouse.down();
  await page.mouse.move(box.x2 - 1, box.y2, { steps: 6 });
  await page.mouse.up();
}

describe.skipIf(!HAVE_CHROMIUM)('comments, suggestions and history in the editor, in a browser', { timeout: 240_000 }, () => {
  let root: string;
  let server: RunningServer;
  let browser: Browser;
  let project: ProjectRow;
  let editorUrl: string;
  const contexts: BrowserContext[] = [];
  /** The writer (an editor with rights on the project), the reviewer (the owner) and a viewer. */
  let writer: Page;
  let reviewer: Page;
  let viewer: Page;

  const shot = async (name: string, target: Page) => {
    await target.evaluate(() => document.fonts.ready);
    for (const scheme of ['light', 'dark'] as const) {
      await target.emulateMedia({ colorScheme: scheme });
      await target.screenshot({ path: path.join(ARTIFACTS, `${name}-${scheme}.png`) });
    }
    await target.emulateMedia({ colorScheme: 'light' });
  };
  const fileText = async (page: Page) => ((await (await page.request.get(`${editorUrl}/file.json?file=mint.mdx`)).json()) as { text: string; draft?: boolean });
  /** The source editor's text, without other writers' carets. */
  const sourceText = (page: Page) =>
    page.evaluate(() => {
      const copy = document.querySelector('.cm-content')!.cloneNode(true) as HTMLElement;
      for (const caret of copy.querySelectorAll('.cm-ySelectionCaret, .cm-widgetBuffer')) caret.remove();
      return [...copy.querySelectorAll('.cm-line')].map((l) => l.textContent).join('\n');
    });

  /** The words each visual-mode highlight (comment, suggestion) paints. */
  const visualHighlights = (page: Page) =>
    page.evaluate(() => Object.fromEntries(['ed-hl-comment', 'ed-hl-del'].map((name) => [name, [...((CSS.highlights.get(name) as Set<AbstractRange> | undefined) ?? [])].map((r) => (r as Range).toString())])));

  async function member(email: string, role: Role): Promise<void> {
    const invited = await inviteMember(server.db, { email, role, projectIds: role === 'editor' ? [project.id] : [] });
    if ('refused' in invited) throw new Error(`${email} exists`);
    await acceptInvite(server.db, invited.token, PASSWORD);
  }

  async function signIn(email: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${editorUrl}?file=mint.mdx`);
    await page.waitForURL(/\/dashboard\/login\?next=/);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    // Generous waits: the first sign-in checks the branch out, slow on a loaded machine.
    await page.getByRole('button', { name: 'Sign in' }).click({ timeout: 90_000 });
    await page.waitForURL(/\/editor\?file=mint\.mdx$/, { timeout: 90_000 });
    await page.locator('.cm-content').getByText('Spearmint is the classic', { exact: false }).waitFor({ timeout: 90_000 });
    return page;
  }

  beforeAll(async () => {
    fs.rmSync(ARTIFACTS, { recursive: true, force: true });
    fs.mkdirSync(path.join(ARTIFACTS, 'guide'), { recursive: true });
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-editor-review-'));
    const bare = createBareRepo(root, FILES);
    pushChange(root, bare, { 'mint.mdx': MINT_V2 }, 'Mint: cocktails and peppermint');
    server = await runServer({ dataDir: path.join(root, 'data'), port: 0 });
    project = await createProject(server.db, { name: 'Mint Garden', repoUrl: bare, branch: 'main' });
    editorUrl = `${server.url}/dashboard/projects/${project.id}/editor`;
    await createUser(server.db, 'olive.owner@example.com', PASSWORD);
    await member('wren.writer@example.com', 'editor');
    await member('vic.viewer@example.com', 'viewer');
    browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
    writer = await signIn('wren.writer@example.com');
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await server?.close();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  }, 60_000);

  it('a writer selects words and comments: the thread shows in the panel and the words are highlighted', async () => {
    await selectWords(writer, '.cm-content', 'Spearmint');
    await writer.getByRole('button', { name: 'Comment', exact: true }).click();
    const composer = writer.locator('#ed-composer');
    await expect(composer.locator('.ed-composer-quote').textContent()).resolves.toBe('Spearmint');
    await composer.getByRole('textbox', { name: 'Comment' }).fill('Should these be alphabetized?');
    await shot('01-composer', writer);
    await composer.getByRole('textbox', { name: 'Comment' }).press('Enter');
    const card = writer.locator('.ed-thread', { hasText: 'Should these be alphabetized?' });
    await card.waitFor();
    await expect(card.locator('.ed-thread-quote').textContent()).resolves.toBe('Spearmint');
    await expect(writer.locator('.cm-content .ed-hl-comment').textContent()).resolves.toBe('Spearmint');
    await expect(writer.locator('#ed-review-count').textContent()).resolves.toBe('1');
    await shot('02-comment', writer);
    // The editor guide's picture (docs/images/editor/comments.jpg is a copy from a run).
    await writer.screenshot({ path: path.join(ARTIFACTS, 'guide', 'comments.jpg'), type: 'jpeg', quality: 80 });
    // The visual mode highlights the same words; a click on them opens the thread.
    await writer.getByRole('button', { name: 'Visual' }).click();
    await writer.locator('.ed-v-p', { hasText: 'Spearmint is the classic' }).waitFor();
    await expect.poll(() => visualHighlights(writer)).toEqual({ 'ed-hl-comment': ['Spearmint'], 'ed-hl-del': [] });
    await card.evaluate((c) => c.classList.remove('active'));
    await writer.mouse.click(...(await writer.evaluate(() => {
      const r = [...CSS.highlights.get('ed-hl-comment')!][0]!.getBoundingClientRect();
      return [r.left + r.width / 2, r.top + r.height / 2] as [number, number];
    })));
    await writer.locator('.ed-thread.active', { hasText: 'Should these be alphabetized?' }).waitFor();
    await shot('02b-comment-visual', writer);
    await writer.getByRole('button', { name: 'Markdown source' }).click();
  });

  it('a viewer opens the editor read-only, sees the thread and replies; typing changes nothing', async () => {
    viewer = await signIn('vic.viewer@example.com');
    // No publishing, page settings, images, new pages or history for a viewer; commenting and suggesting stay.
    for (const id of ['ed-publish-toggle', 'ed-settings-toggle', 'ed-add', 'ed-arrange', 'ed-history-toggle']) await expect(viewer.locator(`#${id}`).isVisible(), id).resolves.toBe(false);
    await expect(viewer.locator('#ed-comment').isVisible()).resolves.toBe(true);
    await expect(viewer.locator('#ed-suggest').isVisible()).resolves.toBe(true);
    await expect(viewer.locator('.ed-read-only').textContent()).resolves.toBe('Read-only');
    await viewer.locator('.cm-line', { hasText: 'Spearmint is the classic' }).click();
    await viewer.keyboard.type('Viewer words');
    expect(await sourceText(viewer)).not.toContain('Viewer words');
    // The visual mode is read-only too; its words can still be selected and suggested on.
    await viewer.getByRole('button', { name: 'Visual' }).click();
    const paragraph = viewer.locator('.ed-v-p', { hasText: 'Peppermint is best' });
    await paragraph.click();
    await viewer.keyboard.type('Viewer words');
    await expect(paragraph.textContent()).resolves.toBe('Peppermint is best for hot tea and chocolate desserts.');
    await viewer.getByRole('button', { name: 'Suggesting', exact: true }).click();
    await selectWords(viewer, '#ed-visual', 'hot tea');
    await viewer.getByRole('button', { name: 'Suggest edit' }).click();
    await viewer.locator('#ed-composer').getByLabel('Suggested text').fill('tea');
    await viewer.locator('#ed-composer').getByRole('button', { name: 'Suggest' }).click();
    await viewer.locator('.ed-thread-suggestion', { hasText: 'hot tea' }).waitFor();
    await expect.poll(() => visualHighlights(viewer)).toEqual({ 'ed-hl-comment': ['Spearmint'], 'ed-hl-del': ['hot tea'] });
    await shot('03a-viewer-suggests-visual', viewer);
    await viewer.getByRole('button', { name: 'Switch to Editing' }).first().click();
    await viewer.getByRole('button', { name: 'Markdown source' }).click();
    // Nothing a viewer did is a draft, and the server refuses a viewer's save.
    expect((await fileText(writer)).text).toBe(MINT_V2);
    expect((await viewer.request.post(`${editorUrl}/save.json`, { data: { file: 'mint.mdx', text: 'x' }, headers: { 'x-csrf-token': (await viewer.locator('#editor-app').getAttribute('data-csrf'))! } })).status()).toBe(403);
    const card = viewer.locator('.ed-thread', { hasText: 'Should these be alphabetized?' });
    await card.waitFor();
    await card.getByRole('textbox', { name: 'Reply' }).fill('Yes, spearmint first.');
    await card.getByRole('textbox', { name: 'Reply' }).press('Enter');
    await card.getByText('Yes, spearmint first.').waitFor();
    // A viewer resolves nothing: the button is not offered.
    await expect(card.getByRole('button', { name: 'Resolve thread' }).count()).resolves.toBe(0);
    await shot('03-reply-viewer', viewer);
  });

  it('an editor resolves the thread: it moves under Resolved and its highlight goes', async () => {
    reviewer = await signIn('olive.owner@example.com');
    await reviewer.getByRole('button', { name: /^Comments/ }).click();
    const card = reviewer.locator('.ed-thread', { hasText: 'Should these be alphabetized?' });
    await card.getByText('Yes, spearmint first.').waitFor();
    await shot('04-before-resolve', reviewer);
    await card.getByRole('button', { name: 'Resolve thread' }).click();
    await reviewer.locator('.ed-resolved summary', { hasText: 'Resolved (1)' }).waitFor();
    await expect(reviewer.locator('.cm-content .ed-hl-comment').count()).resolves.toBe(0);
    // The viewer's suggestion is still open.
    await expect(reviewer.locator('#ed-review-count').textContent()).resolves.toBe('1');
    await shot('05-resolved', reviewer);
    // The editor guide's picture (docs/images/editor/comment-resolved.png is a copy from a run).
    await reviewer.locator('.ed-resolved summary').click();
    await reviewer.screenshot({ path: path.join(ARTIFACTS, 'guide', 'comment-resolved.png') });
    // The comments panel, its Resolved section open, at 390x844 and 1440x900, light and dark: no sideways
    // scroll, no serious axe violation (a resolved thread drawn at 75 % opacity put its quote under AA).
    expect(await editorLookProblems(reviewer, 'comments panel', { width: 1440, height: 900 })).toEqual([]);
    await reviewer.locator('.ed-resolved summary').click();
  });

  it('a writer in Suggesting mode proposes a replacement; an editor accepts it into the page and the draft', async () => {
    await writer.getByRole('button', { name: 'Suggesting', exact: true }).click();
    await writer.locator('#ed-suggesting-pill').waitFor();
    // The source is read-only while suggesting.
    await writer.locator('.cm-line', { hasText: 'With over 25 species' }).click();
    await writer.keyboard.type('typed');
    expect(await sourceText(writer)).not.toContain('typed');
    await selectWords(writer, '.cm-content', 'over 25 species');
    await writer.getByRole('button', { name: 'Suggest edit' }).click();
    const composer = writer.locator('#ed-composer');
    await composer.getByLabel('Suggested text').fill('over 30 species');
    await composer.getByRole('textbox', { name: 'Comment' }).fill('The count went up.');
    await composer.getByRole('button', { name: 'Suggest' }).click();
    // The viewer's suggestion is there too (on "hot tea").
    const card = writer.locator('.ed-thread-suggestion', { hasText: 'over 25 species' });
    await card.waitFor();
    await expect(card.locator('del').textContent()).resolves.toBe('over 25 species');
    await expect(card.locator('ins').textContent()).resolves.toBe('over 30 species');
    await expect(writer.locator('.cm-content .ed-hl-del').allTextContents()).resolves.toEqual(['over 25 species', 'hot tea']);
    await expect(writer.locator('.cm-content .ed-hl-ins').allTextContents()).resolves.toEqual(['over 30 species', 'tea']);
    await shot('06-suggesting', writer);
    // In the visual mode the blocks are read-only while suggesting, and the suggestion is highlighted.
    await writer.getByRole('button', { name: 'Visual' }).click();
    const paragraph = writer.locator('.ed-v-p', { hasText: 'With over 25 species' });
    await paragraph.click();
    await writer.keyboard.type('typed');
    await expect(paragraph.textContent()).resolves.not.toContain('typed');
    await expect.poll(() => visualHighlights(writer)).toEqual({ 'ed-hl-comment': [], 'ed-hl-del': ['hot tea', 'over 25 species'] });
    await shot('06b-suggesting-visual', writer);
    await writer.getByRole('button', { name: 'Markdown source' }).click();

    await reviewer.reload();
    await reviewer.locator('.cm-content').getByText('Spearmint is the classic', { exact: false }).waitFor();
    await reviewer.getByRole('button', { name: /^Comments/ }).click();
    // The viewer's suggestion is rejected: the text stays.
    const viewers = reviewer.locator('.ed-thread-suggestion', { hasText: 'hot tea' });
    await viewers.getByRole('button', { name: 'Reject suggestion' }).click();
    await expect.poll(() => viewers.count()).toBe(0);
    const theirs = reviewer.locator('.ed-thread-suggestion');
    await theirs.waitFor();
    await shot('07-suggestion-to-accept', reviewer);
    await theirs.getByRole('button', { name: 'Accept suggestion' }).click();
    // The text changes in the reviewer's editor, the writer's (shared document) and the draft.
    await expect.poll(() => sourceText(reviewer), { timeout: 15_000 }).toContain('With over 30 species');
    await expect.poll(() => sourceText(writer), { timeout: 15_000 }).toContain('With over 30 species');
    await expect.poll(async () => (await fileText(reviewer)).text, { timeout: 15_000 }).toBe(MINT_V2.replace('over 25', 'over 30'));
    await expect.poll(() => reviewer.locator('.ed-thread-suggestion').count()).toBe(0);
    expect((await fileText(reviewer)).text).toContain('hot tea');
    // The editor guide's picture (docs/images/editor/suggestion-accepted.png is a copy from a run): the accepted words in the page.
    await reviewer.locator('.cm-line', { hasText: 'With over 30 species' }).scrollIntoViewIfNeeded();
    await reviewer.screenshot({ path: path.join(ARTIFACTS, 'guide', 'suggestion-accepted.png') });
    await writer.getByRole('button', { name: 'Switch to Editing' }).first().click();
  });

  it('the History panel lists the page’s commits, shows a diff and restores a version as a draft', async () => {
    await reviewer.getByRole('button', { name: 'History' }).click();
    const commits = reviewer.locator('.ed-commit');
    await expect.poll(() => commits.locator('strong').allTextContents()).toEqual(['Mint: cocktails and peppermint', 'Initial docs']);
    await commits.filter({ hasText: 'Initial docs' }).click();
    const diff = reviewer.locator('.ed-diff-lines');
    await diff.waitFor();
    await expect(diff.locator('.ed-diff-del').allTextContents()).resolves.toEqual([expect.stringContaining('With over 25 species'), expect.stringContaining('classic mint for cooking.')]);
    await expect(diff.locator('.ed-diff-add').allTextContents()).resolves.toContain('+ Peppermint is best for hot tea and chocolate desserts.\n');
    await shot('08-history-diff', reviewer);
    expect(await editorLookProblems(reviewer, 'history', { width: 1440, height: 900 })).toEqual([]);
    await reviewer.getByRole('button', { name: 'Restore this version' }).click();
    await reviewer.getByText('Restored as a draft: publish to commit it.').waitFor();
    await expect.poll(() => sourceText(reviewer), { timeout: 15_000 }).not.toContain('Peppermint');
    await expect.poll(async () => fileText(reviewer), { timeout: 15_000 }).toMatchObject({ text: MINT_V1, draft: true });
    await shot('09-restored', reviewer);
  });
});
