/**
 * The web editor's screens, as the dashboard's looks measure them (look/dashboard-screens.ts): the
 * page in Markdown and in visual mode, the navigation outline (arranging), the page settings, the
 * publish menu, a branch's menu, the comments panel, the history and the preview. Each opens the
 * seeded docs' home page and does what a writer does to reach the screen; what it needs on the server
 * (a branch, a comment) it makes once through the editor's own routes, with the page's CSRF token.
 */
import type { Page } from 'playwright-core';
import type { Screen } from './dashboard-screens.js';

/** The branch the branch menu is shown on, made by its screen when it is not there yet. */
export const LOOK_BRANCH = 'docs/look';
const FILE = 'index.mdx';

/** The editor has opened its page: the source is drawn and the status says so. */
async function opened(page: Page): Promise<void> {
  await page.waitForSelector('.cm-content', { timeout: 60_000 });
  await page.waitForFunction(() => document.getElementById('ed-status')?.textContent === 'Saved', null, { timeout: 60_000 });
}

/** A POST to one of the editor's routes from the open editor page (its API address, branch and CSRF token). */
function editorPost(page: Page, route: string, json: Record<string, unknown>): Promise<{ status: number; body: string }> {
  return page.evaluate(
    async ([route, json]) => {
      const app = document.getElementById('editor-app')!;
      const url = new URL(`${app.dataset.api}/${route}`, location.href);
      url.searchParams.set('branch', app.dataset.branch!);
      const res = await fetch(url, { method: 'POST', headers: { 'x-csrf-token': app.dataset.csrf!, 'content-type': 'application/json' }, body: JSON.stringify({ branch: app.dataset.branch, ...json }), credentials: 'same-origin' });
      return { status: res.status, body: await res.text() };
    },
    [route, json] as const,
  );
}

/** Press a button of the editor (each view opens the page anew, so nothing is pressed yet). */
async function press(page: Page, id: string): Promise<void> {
  await page.locator(`#${id}`).click();
}

/** The preview frame has drawn the page (its body has text). */
async function previewDrawn(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const frame = document.getElementById('ed-preview') as HTMLIFrameElement | null;
      try {
        return Boolean(frame?.contentDocument?.body?.innerText.trim());
      } catch {
        return false;
      }
    },
    null,
    { timeout: 60_000 },
  );
}

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1440) <= 900;

/** Every screen of the editor, for the project at `projectPath` (`/dashboard/projects/<id>`). */
export function editorScreens(projectPath: string): Screen[] {
  // (The first, the page in Markdown mode, is also in the dashboard's own list: see dashboardScreens.)
  const editor = `${projectPath}/editor?file=${FILE}`;
  return [
    { name: 'editor', path: editor, prepare: opened },
    {
      name: 'editor-visual',
      path: editor,
      prepare: async (page) => {
        await opened(page);
        await press(page, 'ed-mode-visual');
        await page.waitForSelector('#ed-visual:not([hidden]) .ed-rich', { timeout: 30_000 });
      },
    },
    {
      name: 'editor-outline',
      path: editor,
      prepare: async (page) => {
        await opened(page);
        // Below 900 px the outline is a panel the Pages button opens.
        if (isPhone(page)) await press(page, 'ed-nav-toggle');
        await press(page, 'ed-arrange');
        await page.waitForSelector('.ed-nav .ed-arrange-row', { state: 'visible', timeout: 30_000 });
      },
    },
    {
      name: 'editor-settings',
      path: editor,
      prepare: async (page) => {
        await opened(page);
        await press(page, 'ed-settings-toggle');
        await page.waitForSelector('#ed-settings:not([hidden])');
      },
    },
    {
      name: 'editor-publish',
      path: editor,
      prepare: async (page) => {
        await opened(page);
        await press(page, 'ed-publish-toggle');
        await page.waitForSelector('#ed-publish-menu:not([hidden])');
      },
    },
    {
      name: 'editor-branch',
      path: editor,
      prepare: async (page) => {
        await opened(page);
        const made = await editorPost(page, 'branches.json', { branch: LOOK_BRANCH });
        // Made by an earlier view: recorded again, the same branch.
        if (made.status !== 200) throw new Error(`branches.json: ${made.status} ${made.body}`);
        await page.goto(page.url().replace(/\?.*$/, `?branch=${encodeURIComponent(LOOK_BRANCH)}&file=${FILE}`));
        await opened(page);
        await press(page, 'ed-publish-toggle');
        await page.waitForSelector('#ed-branch-actions:not([hidden])', { timeout: 30_000 });
      },
    },
    {
      name: 'editor-comments',
      path: editor,
      prepare: async (page) => {
        await opened(page);
        const list = await page.evaluate(async () => {
          const app = document.getElementById('editor-app')!;
          const res = await fetch(`${app.dataset.api}/comments.json?branch=${encodeURIComponent(app.dataset.branch!)}&file=index.mdx`, { credentials: 'same-origin' });
          return (await res.json()) as { threads: unknown[] };
        });
        if (!list.threads.length) {
          const source = await page.evaluate(async () => {
            const app = document.getElementById('editor-app')!;
            const res = await fetch(`${app.dataset.api}/file.json?branch=${encodeURIComponent(app.dataset.branch!)}&file=index.mdx`, { credentials: 'same-origin' });
            return ((await res.json()) as { text: string }).text;
          });
          const quote = 'works in Acme';
          const made = await editorPost(page, 'comments.json', { file: FILE, action: 'create', quote, offset: Math.max(0, source.indexOf(quote)), body: 'Say which plans include it.' });
          if (made.status !== 200) throw new Error(`comments.json: ${made.status} ${made.body}`);
          // The panel read the threads when the page opened.
          await page.reload();
          await opened(page);
        }
        await press(page, 'ed-review-toggle');
        await page.waitForSelector('#ed-review:not([hidden]) .ed-thread', { timeout: 30_000 });
      },
    },
    {
      name: 'editor-history',
      path: editor,
      prepare: async (page) => {
        await opened(page);
        await press(page, 'ed-history-toggle');
        await page.waitForSelector('#ed-commits .ed-commit', { timeout: 30_000 });
      },
    },
    {
      name: 'editor-preview',
      path: editor,
      prepare: async (page) => {
        await opened(page);
        // On a phone one pane shows at a time: the Preview button switches to it. Wider, it is beside the source.
        if ((page.viewportSize()?.width ?? 1440) <= 700) await press(page, 'ed-mode-preview');
        await previewDrawn(page);
      },
    },
  ];
}
