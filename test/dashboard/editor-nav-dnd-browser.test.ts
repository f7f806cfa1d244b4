import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAxe } from '../../look/measure.js';
import { createUser } from '../../src/dashboard/index.js';
import { createProject, type ProjectRow } from '../../src/db/index.js';
import { runServer, type RunningServer } from '../../src/server/run-server.js';
import { createBareRepo } from './fixtures.js';

// The web editor's navigation, preview and page settings in Debian's chromium against `folio serve`:
// a page dragged into another group, a group dragged above another and the drag undone, a tab added
// through "Add new", a row's menu closing after a move, the preview switched between desktop and
// phone, the page settings form; no sideways scroll at 390x844 and 1440x900, light and dark, and no
// serious axe violation. Screenshots land in test-artifacts/editor-nav/.

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HAVE_CHROMIUM = fs.existsSync(CHROMIUM);
const ARTIFACTS = path.resolve('test-artifacts/editor-nav');
const LAUNCH_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const EMAIL = 'nav.dnd@example.com';
const PASSWORD = 'a long enough passphrase';

const FILES: Record<string, string> = {
  'docs.json': `${JSON.stringify(
    {
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'Drag Docs',
      colors: { primary: '#3d4ed8' },
      navigation: {
        groups: [
          { group: 'Start', pages: ['index', 'quickstart'] },
          { group: 'Guides', pages: ['guides/setup'] },
          { group: 'Reference', pages: ['reference/cli'] },
        ],
      },
    },
    null,
    2,
  )}\n`,
  'index.mdx': '---\ntitle: Welcome\n---\n\nStart here.\n',
  'quickstart.mdx': '---\ntitle: Quickstart\n---\n\nFive minutes.\n',
  'guides/setup.mdx': '---\ntitle: Setup\n---\n\nInstall it.\n',
  'reference/cli.mdx': '---\ntitle: CLI\n---\n\nThe commands.\n',
};

if (!HAVE_CHROMIUM) console.warn(`editor drag-and-drop browser tests skipped: no chromium at ${CHROMIUM}`);

describe.skipIf(!HAVE_CHROMIUM)('the web editor: drag and drop, Add new, undo, preview widths, page settings', { timeout: 300_000 }, () => {
  let root: string;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let project: ProjectRow;
  let editorUrl: string;

  const shot = (name: string) => page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
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
  const waitOutline = (lines: string[]) => expect.poll(outline, { timeout: 60_000, interval: 150 }).toEqual(lines);
  const row = (label: string) => page.locator('#ed-tree li[data-nav-id] > .ed-arrange-row').filter({ has: page.getByText(label, { exact: true }) }).first();
  /** The page scrolls sideways by this much (0 when it fits). */
  const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  beforeAll(async () => {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-editor-dnd-'));
    const bare = createBareRepo(root, FILES);
    server = await runServer({ dataDir: path.join(root, 'data'), port: 0 });
    await createUser(server.db, EMAIL, PASSWORD);
    project = await createProject(server.db, { name: 'Drag Docs', repoUrl: bare, branch: 'main' });
    editorUrl = `${server.url}/dashboard/projects/${project.id}/editor`;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(editorUrl);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click({ timeout: 90_000 });
    await page.waitForURL(/\/editor$/, { timeout: 90_000 });
    await page.locator('.cm-content').getByText('Start here.').waitFor({ timeout: 60_000 });
  }, 150_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  }, 60_000);

  it('drags a page into another group, a group above another, and undoes the last drag', async () => {
    await page.getByRole('button', { name: 'Arrange', exact: true }).click();
    await waitOutline(['Start', '  Welcome', '  Quickstart', 'Guides', '  Setup', 'Reference', '  CLI']);
    // Every row shows its kind: pages and groups have different icons.
    await expect(page.locator('#ed-tree li.ed-arrange-page > .ed-arrange-row > svg.ed-kind-icon').count()).resolves.toBe(4);
    await expect(page.locator('#ed-tree li.ed-arrange-group > .ed-arrange-row > svg.ed-kind-icon').count()).resolves.toBe(3);
    await expect(page.locator('#ed-nav-undo').isDisabled()).resolves.toBe(true);

    // Quickstart dropped on the middle of the "Guides" row: inside, at its end.
    await row('Quickstart').dragTo(row('Guides'));
    await waitOutline(['Start', '  Welcome', 'Guides', '  Setup', '  Quickstart', 'Reference', '  CLI']);
    await shot('nav-01-page-dragged');

    // "Reference" dropped on the top edge of "Start": above it.
    await page.waitForFunction(() => !(document.getElementById('ed-nav-undo') as HTMLButtonElement).disabled);
    await row('Reference').dragTo(row('Start'), { targetPosition: { x: 40, y: 2 } });
    await waitOutline(['Reference', '  CLI', 'Start', '  Welcome', 'Guides', '  Setup', '  Quickstart']);
    const draft = await page.evaluate(async (api) => (await (await fetch(`${api}/file.json?file=docs.json`)).json()) as { text: string }, `${editorUrl}`);
    expect(JSON.parse(draft.text).navigation.groups).toEqual([
      { group: 'Reference', pages: ['reference/cli'] },
      { group: 'Start', pages: ['index'] },
      { group: 'Guides', pages: ['guides/setup', 'quickstart'] },
    ]);

    // Undo is offered once the edit is done (not while it runs: it would name the text before the one before).
    await page.waitForFunction(() => !(document.getElementById('ed-nav-undo') as HTMLButtonElement).disabled);
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await waitOutline(['Start', '  Welcome', 'Guides', '  Setup', '  Quickstart', 'Reference', '  CLI']);
    // The first drag can be undone too, and the undone one made again.
    await page.waitForFunction(() => !(document.getElementById('ed-nav-undo') as HTMLButtonElement).disabled && !(document.getElementById('ed-nav-redo') as HTMLButtonElement).disabled);
  });

  it('steps back through a move, a rename and an added group (Undo, Ctrl+Z), each to docs.json as it was byte for byte, and forward again (Redo)', async () => {
    const docsJson = () => page.evaluate(async (api) => ((await (await fetch(`${api}/file.json?file=docs.json`)).json()) as { text: string }).text, editorUrl);
    const idle = () => page.waitForFunction(() => !(document.getElementById('ed-nav-undo') as HTMLButtonElement).disabled);
    const start = await docsJson();
    const texts = [start];
    // 1. a move from a row's menu
    await page.getByRole('button', { name: 'Arrange group Reference', exact: true }).click();
    await page.getByRole('group', { name: 'Arrange Reference', exact: true }).getByRole('button', { name: 'Move up' }).click();
    await waitOutline(['Start', '  Welcome', 'Reference', '  CLI', 'Guides', '  Setup', '  Quickstart']);
    await idle();
    texts.push(await docsJson());
    // 2. a group renamed
    await page.getByRole('button', { name: 'Arrange group Guides', exact: true }).click();
    const rename = page.getByRole('group', { name: 'Arrange Guides', exact: true });
    await rename.getByLabel('New name for Guides').fill('How-to');
    await rename.getByRole('button', { name: 'Rename' }).click();
    await waitOutline(['Start', '  Welcome', 'Reference', '  CLI', 'How-to', '  Setup', '  Quickstart']);
    await idle();
    texts.push(await docsJson());
    // 3. a group added
    await page.getByRole('button', { name: 'Add new' }).click();
    await page.getByRole('menuitem', { name: 'Group', exact: true }).click();
    const add = page.locator('#ed-add-group');
    await add.getByLabel('Name').fill('Extras');
    await add.getByRole('button', { name: 'Add group' }).click();
    await waitOutline(['Start', '  Welcome', 'Reference', '  CLI', 'How-to', '  Setup', '  Quickstart', 'Extras']);
    await idle();
    texts.push(await docsJson());
    expect(new Set(texts).size).toBe(4);

    // Back: the button once, then Ctrl+Z twice with the focus in the outline; each step is the text before, byte for byte.
    await page.locator('#ed-nav-undo').click();
    await waitOutline(['Start', '  Welcome', 'Reference', '  CLI', 'How-to', '  Setup', '  Quickstart']);
    await idle();
    await expect(docsJson()).resolves.toBe(texts[2]);
    await page.getByRole('button', { name: 'Arrange group Start', exact: true }).focus();
    await page.keyboard.press('Control+z');
    await waitOutline(['Start', '  Welcome', 'Reference', '  CLI', 'Guides', '  Setup', '  Quickstart']);
    await idle();
    await expect(docsJson()).resolves.toBe(texts[1]);
    expect(await page.evaluate(() => document.getElementById('ed-tree')!.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Control+z');
    await waitOutline(['Start', '  Welcome', 'Guides', '  Setup', '  Quickstart', 'Reference', '  CLI']);
    await page.waitForFunction(() => !(document.getElementById('ed-nav-redo') as HTMLButtonElement).disabled);
    await expect(docsJson()).resolves.toBe(start);
    await shot('nav-01b-undone');

    // Forward: three redos give the text after the third edit; then back to the start for the tests below.
    for (let i = 1; i <= 3; i++) {
      await page.waitForFunction(() => !(document.getElementById('ed-nav-redo') as HTMLButtonElement).disabled);
      await page.locator('#ed-nav-redo').click();
      await expect.poll(docsJson, { timeout: 60_000, interval: 200 }).toBe(texts[i]);
    }
    await page.waitForFunction(() => (document.getElementById('ed-nav-redo') as HTMLButtonElement).disabled);
    for (let i = 2; i >= 0; i--) {
      await idle();
      await page.locator('#ed-nav-undo').click();
      await expect.poll(docsJson, { timeout: 60_000, interval: 200 }).toBe(texts[i]);
    }
    await waitOutline(['Start', '  Welcome', 'Guides', '  Setup', '  Quickstart', 'Reference', '  CLI']);
  });

  it('closes a row menu after a move', async () => {
    await page.getByRole('button', { name: 'Arrange Setup', exact: true }).click();
    const panel = page.getByRole('group', { name: 'Arrange Setup', exact: true });
    await panel.getByRole('button', { name: 'Move down' }).click();
    await waitOutline(['Start', '  Welcome', 'Guides', '  Quickstart', '  Setup', 'Reference', '  CLI']);
    await expect(page.getByRole('button', { name: 'Arrange Setup', exact: true }).getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(page.getByRole('group', { name: 'Arrange Setup', exact: true }).isHidden()).resolves.toBe(true);
  });

  it('adds a tab through "Add new", which offers every division', async () => {
    await page.getByRole('button', { name: 'Add new' }).click();
    await expect(page.getByRole('menuitem').allTextContents()).resolves.toEqual(['Page', 'Group', 'Tab', 'Dropdown', 'Anchor', 'Language', 'Product', 'Version']);
    await shot('nav-02-add-new');
    expect(await runAxe(page)).toEqual([]);
    await page.getByRole('menuitem', { name: 'Tab', exact: true }).click();
    const form = page.locator('#ed-add-division');
    await form.getByLabel('Name').fill('API');
    await form.getByRole('button', { name: 'Add tab' }).click();
    await waitOutline(['Tab Documentation', '  Start', '    Welcome', '  Guides', '    Quickstart', '    Setup', '  Reference', '    CLI', 'Tab API']);
    await expect(page.locator('#ed-tree li.ed-arrange-division > .ed-arrange-row > svg.ed-kind-icon').count()).resolves.toBe(2);
    await page.waitForFunction(() => document.getElementById('ed-status')?.textContent === 'Saved');
    await shot('nav-03-tab-added');
  });

  it('switches the preview between desktop and phone widths inside its pane', async () => {
    await page.getByRole('link', { name: 'Welcome', exact: true }).click();
    await page.frameLocator('#ed-preview').getByText('Start here.').waitFor({ timeout: 60_000 });
    await page.locator('#ed-device-phone').click();
    await expect(page.locator('#ed-preview').evaluate((f) => (f as HTMLIFrameElement).getBoundingClientRect().width)).resolves.toBeCloseTo(390, 0);
    await expect(sideways()).resolves.toBe(0);
    await shot('nav-04-preview-phone');
    await page.locator('#ed-device-desktop').click();
    await expect(sideways()).resolves.toBe(0);
    // The pane is narrower than 1024 px here: the desktop layout is drawn scaled, but never below 75 % (its
    // text stays readable; fitted to the pane it was about 0.45); a pane narrower than 768 px gets the page laid
    // out at the width it shows at 75 %, so the page is never cut at the pane's edge.
    const fit = await page.evaluate(() => {
      const pane = document.querySelector<HTMLElement>('.ed-preview-pane')!;
      const frame = document.getElementById('ed-preview') as HTMLIFrameElement;
      return { pane: pane.clientWidth, width: parseFloat(frame.style.width), drawn: frame.getBoundingClientRect().width };
    });
    expect(fit.pane).toBeLessThan(1024);
    expect(fit.width).toBe(Math.max(390, Math.min(1024, Math.floor(fit.pane / 0.75))));
    expect(fit.drawn).toBeGreaterThanOrEqual(Math.min(fit.pane, 0.75 * 1024) - 1);
    expect(fit.drawn).toBeLessThanOrEqual(fit.pane + 1);
    await shot('nav-04b-preview-desktop-fit');
  });

  it('lays out the page settings and writes the sidebar title', async () => {
    await page.locator('#ed-settings-toggle').click();
    const form = page.locator('#ed-settings');
    const hidden = form.getByLabel('Hidden from the navigation');
    // The switch's label on one line beside it, not a three-line label by an empty 40 px box.
    const label = await form.locator('.ed-switch').boundingBox();
    expect(label!.height).toBeLessThan(44);
    await expect(hidden.evaluate((i) => i.getBoundingClientRect().height)).resolves.toBeLessThan(24);
    await form.getByLabel('Sidebar title').fill('Home');
    await form.getByRole('button', { name: 'Apply' }).click();
    await page.locator('.cm-content').getByText('sidebarTitle: Home').waitFor();
    await shot('nav-05-page-settings');
    expect(await runAxe(page)).toEqual([]);
    await page.locator('#ed-settings-toggle').click();
  });

  for (const [width, height] of [[1440, 900], [390, 844]] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`fits ${width}x${height} in ${scheme} with no serious axe violation`, async () => {
        await page.setViewportSize({ width, height });
        await page.emulateMedia({ colorScheme: scheme });
        await page.reload();
        await page.locator('.cm-content').getByText('Start here.').waitFor({ timeout: 60_000 });
        if (width > 900) {
          await page.getByRole('button', { name: 'Arrange', exact: true }).click();
          await page.locator('#ed-tree .ed-arrange-row').first().waitFor();
          // The source's gutter follows the scheme.
          const gutter = await page.locator('.cm-gutters').evaluate((g) => getComputedStyle(g).backgroundColor);
          const [r, g, b] = gutter.match(/\d+/g)!.map(Number);
          if (scheme === 'dark') expect(r! + g! + b!).toBeLessThan(200);
          else expect(r! + g! + b!).toBeGreaterThan(600);
        } else {
          await page.getByRole('button', { name: 'Preview' }).click();
          await page.frameLocator('#ed-preview').getByText('Start here.').waitFor({ timeout: 60_000 });
        }
        await expect(sideways()).resolves.toBe(0);
        await shot(`nav-06-${width}-${scheme}`);
        expect(await runAxe(page)).toEqual([]);
      });
    }
  }
});
