/**
 * The dashboard's screens with seeded data in Chromium: a seeded dashboard served on loopback
 * (`startSeededDashboard`) and every screen measured at 390x844 and 1440x900, light and dark
 * (`measureDashboardScreens`). Shared by `npm run look:dashboard` and the dashboard's browser test.
 */
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../test/browser/chromium.js';
import { dashboardStack, type Stack } from '../test/dashboard/harness.js';
import { measureControlContrast, measureOverflow, runAxe, type AxeFinding, type ContrastFailure } from './measure.js';
import { seedDashboard, seedDocsFiles, SEED_OWNER, type SeededDashboard } from './dashboard-seed.js';
import { createBareRepo } from '../test/dashboard/fixtures.js';
import { editorScreens } from './editor-screens.js';

export interface SeededServer extends SeededDashboard {
  stack: Stack;
  url: string;
  owner: typeof SEED_OWNER;
  close(): Promise<void>;
}

/** A dashboard on a fresh in-memory database with 30 seeded days, served on a free loopback port. */
export async function startSeededDashboard({ now = Date.now() }: { now?: number } = {}): Promise<SeededServer> {
  const stack = await dashboardStack();
  // A real repository, so the editor screen opens a checkout of the seeded docs.
  const repo = createBareRepo(path.join(stack.dataDir, 'repo'), seedDocsFiles());
  const seeded = await seedDashboard(stack.db, { now, repoUrl: repo });
  const server: ServerType = serve({ fetch: stack.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    ...seeded,
    stack,
    url,
    owner: SEED_OWNER,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await stack.close();
    },
  };
}

export interface Screen {
  name: string;
  /** Path under the server (`/dashboard/...`). */
  path: string;
  /** Signed out (the sign-in page). */
  anonymous?: boolean;
  /** What to wait for before measuring (a selector). */
  ready?: string;
  /** What a person does on the screen before it is measured (fill a form). */
  prepare?: (page: Page) => Promise<void>;
}

/**
 * Every screen a team opens, for the seeded project. The editor's screens beyond its page in Markdown
 * mode come with `editor` (npm run look and look:dashboard ask for them; each opens the editor anew,
 * about a minute of CPU for the 36 views, which the dashboard's browser test leaves to the editor's own tests).
 */
export function dashboardScreens(s: SeededDashboard, { editor = false }: { editor?: boolean } = {}): Screen[] {
  const p = `/dashboard/projects/${s.project.id}`;
  return [
    { name: 'sign-in', path: '/dashboard/login', anonymous: true },
    { name: 'projects', path: '/dashboard/projects' },
    { name: 'overview', path: p },
    { name: 'traffic', path: `${p}/analytics`, ready: '[data-chart][data-drawn]' },
    { name: 'searches', path: `${p}/analytics/searches` },
    { name: 'feedback', path: `${p}/analytics/feedback` },
    { name: 'feedback-list', path: `${p}/analytics/feedback?tab=detailed` },
    { name: 'assistant', path: `${p}/analytics/assistant`, ready: '[data-chart][data-drawn]' },
    { name: 'thread', path: `${p}/analytics/assistant/${s.threadId}` },
    // The editor in Markdown mode; with `editor`, every screen of the editor (look/editor-screens.ts).
    ...(editor ? editorScreens(p) : editorScreens(p).slice(0, 1)),
    { name: 'updates', path: `${p}/updates` },
    { name: 'pdf', path: `${p}/pdf` },
    { name: 'jobs', path: `${p}/jobs` },
    { name: 'automations', path: `${p}/automations` },
    // The form, scrolled to on a phone, with the Slack-message trigger chosen and its fields filled.
    {
      name: 'automation-form',
      path: `${p}/automations#new-automation`,
      prepare: async (page) => {
        await page.fill('#name', 'Docs from #support');
        await page.selectOption('#trigger', 'slack');
        await page.fill('#slackChannel', 'C0SUPPORT');
        await page.fill('#slackPattern', 'please document');
        await page.locator('#new-automation').scrollIntoViewIfNeeded();
      },
    },
    { name: 'keys', path: `${p}/keys` },
    { name: 'members', path: '/dashboard/members' },
    { name: 'settings', path: `${p}/settings` },
    { name: 'assistant-product', path: `${p}/products/assistant` },
    { name: 'mcp', path: `${p}/products/mcp` },
  ];
}

export const DASHBOARD_VIEWS = [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1440, height: 900 }],
] as const;

export interface ScreenLook {
  screen: string;
  view: string;
  scheme: 'light' | 'dark';
  status: number;
  overflowPx: number;
  overflowCulprit?: string;
  contrast: ContrastFailure[];
  axe: AxeFinding[];
  /** Why the screen could not be measured (it did not load or draw in time). */
  error?: string;
}

/** The dashboard's controls whose text must meet AA: the sidebar, buttons, tabs, badges, menus. */
const DASHBOARD_CONTROLS = ['.sidebar', '.mobile-bar', '.page-head', '.seg', '.btn', '.badge', '.delta', '.tag', '.filters', '.kpis', '.presets'];

/** Sign in through the form, as a person does. */
export async function signIn(page: Page, url: string, owner = SEED_OWNER): Promise<void> {
  await page.goto(`${url}/dashboard/login`);
  await page.fill('input[name=email]', owner.email);
  await page.fill('input[name=password]', owner.password);
  await Promise.all([page.waitForURL(/\/dashboard\/projects/), page.click('button[type=submit]')]);
}

/** Open a screen and wait until it is drawn (fonts, and the chart where there is one). */
export async function openScreen(page: Page, url: string, screen: Screen): Promise<number> {
  const response = await page.goto(`${url}${screen.path}`, { waitUntil: 'load' });
  await page.evaluate(() => document.fonts.ready);
  if (screen.ready) await page.waitForSelector(screen.ready, { timeout: 15_000 });
  await screen.prepare?.(page);
  return response?.status() ?? 0;
}

/** Measure every screen (or `only` those) in every view and scheme; `shotsDir`: save a full-page screenshot of each. */
export async function measureDashboardScreens(s: SeededServer, { only, shotsDir, browser: given, editor = false }: { only?: string[]; shotsDir?: string; browser?: Browser; editor?: boolean } = {}): Promise<ScreenLook[]> {
  const browser = given ?? (await launchChromium());
  const looks: ScreenLook[] = [];
  try {
    for (const [view, viewport] of DASHBOARD_VIEWS) {
      for (const scheme of ['light', 'dark'] as const) {
        const context: BrowserContext = await browser.newContext({ viewport, colorScheme: scheme });
        const page = await context.newPage();
        let signedIn = false;
        for (const screen of dashboardScreens(s, { editor })) {
          if (only && !only.includes(screen.name)) continue;
          if (!screen.anonymous && !signedIn) {
            await signIn(page, s.url, s.owner);
            signedIn = true;
          }
          if (screen.anonymous && signedIn) continue;
          let status = 0;
          try {
            status = await openScreen(page, s.url, screen);
          } catch (error) {
            looks.push({ screen: screen.name, view, scheme, status, overflowPx: 0, contrast: [], axe: [], error: String(error).split('\n')[0] });
            continue;
          }
          const { overflowPx, culprit } = await measureOverflow(page);
          const contrast = await measureControlContrast(page, DASHBOARD_CONTROLS);
          const axe = await runAxe(page);
          looks.push({ screen: screen.name, view, scheme, status, overflowPx, overflowCulprit: culprit, contrast, axe });
          if (shotsDir) await page.screenshot({ path: path.join(shotsDir, `${screen.name}-${view}-${scheme}.png`), fullPage: view === 'desktop' });
        }
        await context.close();
      }
    }
  } finally {
    if (!given) await browser.close();
  }
  return looks;
}
