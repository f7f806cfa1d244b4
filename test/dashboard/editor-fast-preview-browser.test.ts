/**
 * The editor's preview fast path (issue 44) in Debian's chromium against a real `folio serve`: a key
 * typed in the Markdown mode and in the visual mode reaches the preview frame through `blocks.json`
 * alone (the whole-page save is held back by the test, so nothing else can show it), the frame's block
 * is swapped in place (a marker set on the frame's window survives: no reload), a new block and raw
 * HTML go the same way (sanitised as in the whole-page preview), and once the held save goes through,
 * the frame's page body is the whole-page render's, byte for byte of its DOM.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject } from '../../src/db/index.js';
import { createUser } from '../../src/dashboard/index.js';
import { runServer, type RunningServer } from '../../src/server/run-server.js';
import { hasChromium, launchChromium } from '../browser/chromium.js';
import { createBareRepo, DOCS_FILES } from './fixtures.js';

const EMAIL = 'fast.writer@example.com';
const PASSWORD = 'a long enough passphrase';
const PAGE = `---
title: Setup
---

## Install

Install it with the package manager.

<Note>
  Back up your files first.
</Note>

\`\`\`bash
npm install sprockets
\`\`\`

- one
- two

<div onclick="window.top.hit = 1">
  A raw <b>bold</b> block
</div>

Last words of the page.
`;

if (!hasChromium) console.warn('editor fast preview browser test skipped: no chromium');

describe.skipIf(!hasChromium)('the editor preview follows each key without reloading', { timeout: 240_000 }, () => {
  let root: string;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let editorUrl: string;
  /** Saves held back by the test (`holdSaves`), let go by `releaseSaves`. */
  let held: Route[] = [];
  let holding = false;

  const holdSaves = () => void (holding = true);
  const releaseSaves = async () => {
    holding = false;
    for (const route of held.splice(0)) await route.continue();
  };
  const frameHas = (text: string) =>
    page.waitForFunction((t) => (document.getElementById('ed-preview') as HTMLIFrameElement).contentDocument?.querySelector('.prose')?.textContent?.includes(t) ?? false, text, { timeout: 30_000, polling: 20 });
  const markFrame = () => page.evaluate(() => void (((document.getElementById('ed-preview') as HTMLIFrameElement).contentWindow as unknown as { folioMarker: string }).folioMarker = 'kept'));
  const marker = () => page.evaluate(() => ((document.getElementById('ed-preview') as HTMLIFrameElement).contentWindow as unknown as { folioMarker?: string }).folioMarker ?? null);
  /** Whether the frame's page body is, node for node, the body of the whole-page preview the server serves now. */
  const sameAsWholePage = () =>
    page.waitForFunction(
      async (url) => {
        const frame = document.getElementById('ed-preview') as HTMLIFrameElement;
        const fresh = new DOMParser().parseFromString(await (await fetch(url, { credentials: 'same-origin' })).text(), 'text/html');
        // What each draws: its elements and its text, the white space between them aside.
        const drawn = (prose: Element | null | undefined) =>
          JSON.stringify(Array.from(prose?.childNodes ?? [], (n) => (n.nodeType === 1 ? (n as Element).outerHTML : (n.textContent ?? '').trim())).filter(Boolean));
        return drawn(frame.contentDocument?.querySelector('.prose')) === drawn(fresh.querySelector('.prose'));
      },
      `${editorUrl}/preview?branch=main&file=guides/setup.mdx`,
      { timeout: 30_000, polling: 200 },
    );

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-editor-fast-'));
    const bare = createBareRepo(root, { ...DOCS_FILES, 'guides/setup.mdx': PAGE });
    server = await runServer({ dataDir: path.join(root, 'data'), port: 0 });
    await createUser(server.db, EMAIL, PASSWORD);
    const project = await createProject(server.db, { name: 'Fast Docs', repoUrl: bare, branch: 'main' });
    editorUrl = `${server.url}/dashboard/projects/${project.id}/editor`;
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1760, height: 900 } });
    await page.route(
      (url) => url.pathname.endsWith('/save.json'),
      (route) => void (holding ? held.push(route) : route.continue()),
    );
    await page.goto(`${editorUrl}?branch=main&file=guides/setup.mdx`);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('.cm-content').getByText('Install it with the package manager.').waitFor({ timeout: 60_000 });
    await frameHas('Last words of the page.');
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  }, 60_000);

  it('shows a key typed in the Markdown mode from its block alone, then the whole page as a fresh render', async () => {
    await markFrame();
    holdSaves();
    await page.locator('.cm-line', { hasText: 'Install it with the package manager.' }).click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Or pnpm');
    await frameHas('Install it with the package manager. Or pnpm');
    expect(await marker()).toBe('kept');

    // A new block (the frame shows one block more than before) and raw HTML, still without a save.
    await page.locator('.cm-line', { hasText: 'Last words of the page.' }).click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('A brand new paragraph');
    await frameHas('A brand new paragraph');
    await page.locator('.cm-line', { hasText: 'A raw <b>bold</b> block' }).click();
    await page.keyboard.press('End');
    await page.keyboard.type(' edited');
    await frameHas('A raw bold block edited');
    const shown = await page.evaluate(() => {
      const prose = (document.getElementById('ed-preview') as HTMLIFrameElement).contentDocument!.querySelector('.prose')!;
      const bold = Array.from(prose.querySelectorAll('b')).find((b) => b.textContent === 'bold');
      return { handlers: bold ? Array.from(bold.parentElement!.attributes, (a) => a.name).filter((n) => n.startsWith('on')) : null, last: prose.lastElementChild?.textContent ?? '' };
    });
    expect(shown).toEqual({ handlers: [], last: 'A brand new paragraph' });
    expect(await marker()).toBe('kept');

    await releaseSaves();
    await page.waitForFunction(() => document.getElementById('ed-status')?.textContent === 'Saved', undefined, { timeout: 30_000 });
    await sameAsWholePage();
    // The whole-page preview is swapped in place too: the frame was never reloaded.
    expect(await marker()).toBe('kept');
  });

  it('shows a key typed in the visual mode the same way, in the block of the paragraph typed in', async () => {
    await page.getByRole('button', { name: 'Visual' }).click();
    const paragraph = page.locator('#ed-visual [contenteditable=true]', { hasText: 'Last words of the page.' }).first();
    await paragraph.waitFor();
    holdSaves();
    await paragraph.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' Typed visually');
    await frameHas('Last words of the page. Typed visually');
    expect(await marker()).toBe('kept');
    await releaseSaves();
    await page.waitForFunction(() => document.getElementById('ed-status')?.textContent === 'Saved', undefined, { timeout: 30_000 });
    await sameAsWholePage();
    expect(await marker()).toBe('kept');
  });

  it("holds the shared document's send while the key's preview request is in flight, at most 150 ms", async () => {
    // What the page sends, by this process's clock: blocks.json held by the test, shared.json syncs carrying updates.
    let heldBlocks: Route | null = null;
    let blocksAsked = 0;
    const sends: number[] = [];
    const blocksRoute = (url: URL) => url.pathname.endsWith('/blocks.json');
    await page.route(
      blocksRoute,
      (route) => {
        if (heldBlocks || blocksAsked) return void route.continue();
        blocksAsked = Date.now();
        heldBlocks = route;
      },
    );
    const onRequest = (request: { url(): string; postData(): string | null }) => {
      if (!request.url().includes('/shared.json')) return;
      const body = JSON.parse(request.postData() ?? '{}') as { updates?: unknown[] };
      if (body.updates?.length) sends.push(Date.now());
    };
    page.on('request', onRequest);
    try {
      const paragraph = page.locator('#ed-visual [contenteditable=true]', { hasText: 'Last words of the page.' }).first();
      await paragraph.click();
      await page.keyboard.press('End');
      // Held for good: the update goes once the hold is over (150 ms after it began), not at its usual 25 ms.
      await page.keyboard.type('!');
      await expect.poll(() => sends.length, { timeout: 30_000 }).toBeGreaterThan(0);
      expect(blocksAsked).toBeGreaterThan(0);
      expect(sends[0]! - blocksAsked).toBeGreaterThanOrEqual(140);
      await (heldBlocks as Route | null)?.continue();
      await frameHas('Typed visually!');
      await page.waitForFunction(() => document.getElementById('ed-status')?.textContent === 'Saved', undefined, { timeout: 30_000 });

      // Answered within the hold: the update follows the answer.
      sends.length = 0;
      blocksAsked = 0;
      heldBlocks = null;
      await page.keyboard.type('?');
      await expect.poll(() => heldBlocks !== null, { timeout: 30_000 }).toBe(true);
      await new Promise((r) => setTimeout(r, 60));
      const answeredAt = Date.now();
      await (heldBlocks as Route | null)?.continue();
      await expect.poll(() => sends.length, { timeout: 30_000 }).toBeGreaterThan(0);
      expect(sends[0]!).toBeGreaterThanOrEqual(answeredAt);
      await frameHas('Typed visually!?');
    } finally {
      page.off('request', onRequest);
      await page.unroute(blocksRoute);
    }
  });
});
