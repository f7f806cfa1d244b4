import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUpdate, finishUpdate, getProject, startUpdate } from '../../src/db/index.js';
import { runServer, type RunningServer } from '../../src/server/run-server.js';
import { createBareRepo, pushChange } from './fixtures.js';

// Walks every dashboard page in Debian's chromium against a real `folio serve` (PGlite, in-process
// worker running folio-maintainer on a local bare repository, real site builds). Screenshots land
// in test-artifacts/dashboard/.

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HAVE_CHROMIUM = fs.existsSync(CHROMIUM);
const ARTIFACTS = path.resolve('test-artifacts/dashboard');
const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

if (!HAVE_CHROMIUM) {
  console.warn(`dashboard browser tests skipped: no chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`);
}

// Updates and agent jobs are real builds and git pushes: each test may wait as long as its own waits
// below (up to 180 s on a loaded 2-core CI machine), not the 30 s default of a unit test.
describe.skipIf(!HAVE_CHROMIUM)('dashboard in a browser', { timeout: 240_000 }, () => {
  let root: string;
  let bare: string;
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  const logs: string[] = [];
  let projectId = '';

  const shot = async (name: string, target: Page = page) => {
    await target.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
  };

  beforeAll(async () => {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-dash-browser-'));
    bare = createBareRepo(root);
    server = await runServer({ dataDir: path.join(root, 'data'), port: 0, log: (line) => logs.push(line) });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
    page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    page.on('dialog', (dialog) => void dialog.accept());
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  }, 60_000);

  it('creates the owner through the setup link printed at start', async () => {
    expect(server.owner?.kind).toBe('setup-link');
    const setupPath = (server.owner as { setupPath: string }).setupPath;
    await page.goto(`${server.url}/dashboard/login`);
    await expect(page.getByRole('status').textContent()).resolves.toContain('setup link');
    await shot('01-login-no-owner');
    await page.goto(`${server.url}${setupPath}`);
    await shot('02-setup');
    await page.getByLabel('Email').fill('owner@example.com');
    await page.getByLabel(/Password/).fill('a long enough passphrase');
    await page.getByRole('button', { name: 'Create account and sign in' }).click();
    await page.waitForURL(/\/dashboard\/projects$/);
    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name === 'folio_session')!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', secure: false });
  });

  it('signs out and signs back in', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/dashboard\/login$/);
    await page.getByLabel('Email').fill('owner@example.com');
    await page.getByLabel('Password').fill('not the passphrase');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('Email or password is wrong');
    await page.getByLabel('Password').fill('a long enough passphrase');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard\/projects$/);
  });

  it('creates a project and shows its settings and site link', async () => {
    await shot('03-projects-empty');
    await page.getByLabel('Name').fill('Fixture Docs');
    await page.getByLabel(/Repository/).fill(bare);
    await page.getByLabel('Branch').fill('main');
    await page.getByLabel(/Docs folder/).fill('.');
    await page.getByRole('button', { name: 'Create project' }).click();
    await page.waitForURL(/\/dashboard\/projects\/[a-z0-9-]+\?notice=project-created$/);
    projectId = (await page.locator('#project-id').textContent())!;
    expect(projectId).toMatch(/^fixture-docs-[a-z0-9]{6}$/);
    expect(await page.locator('#site-link').getAttribute('href')).toBe(`http://${projectId}.localhost:${server.port}/`);
    await shot('04-project-overview');
    // Settings have a page of their own, the sidebar's Settings.
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByLabel('Agent requests per hour').fill('50');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('status').textContent()).resolves.toContain('Settings saved');
    expect(await page.getByLabel('Agent requests per hour').inputValue()).toBe('50');
    await shot('04-project-settings');
  });

  it('creates an API key, shows it once, and the key works against the API', async () => {
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Browser test');
    await page.getByLabel('Expires after').selectOption('30');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.locator('#new-key-value').textContent())!.trim();
    expect(key).toMatch(/^folio_/);
    await shot('05-key-created');

    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await page.getByRole('button', { name: 'Copy the new key' }).click();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(key);
    await page.getByRole('button', { name: 'Copy project id' }).click();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(projectId);

    const api = await fetch(`${server.url}/v2/agent/${projectId}/jobs`, { headers: { authorization: `Bearer ${key}` } });
    expect(api.status).toBe(200);
    expect(await api.json()).toMatchObject({ jobs: [] });

    await page.getByRole('link', { name: 'API keys' }).click();
    expect(await page.content()).not.toContain(key);
    const row = page.locator('#keys-table tbody tr').first();
    await expect(row.textContent()).resolves.toContain(`folio_…${key.slice(-4)}`);
    await shot('06-keys');

    await row.getByRole('button', { name: /Revoke/ }).click();
    await expect(page.locator('#keys-table .badge.revoked').count()).resolves.toBe(1);
    const refused = await fetch(`${server.url}/v2/agent/${projectId}/jobs`, { headers: { authorization: `Bearer ${key}` } });
    expect(refused.status).toBe(401);
  });

  it('triggers an update, follows its log, and the site is published', async () => {
    await page.getByRole('link', { name: 'Updates' }).click();
    await page.getByRole('button', { name: 'Start update' }).click();
    await page.waitForURL(/\/updates\/[0-9a-f-]+\?notice=update-started$/);
    await shot('07-update-running');
    await page.locator('[data-update-status]:not([data-poll]):is(.success, .failure)').waitFor({ timeout: 120_000 });
    const status = await page.locator('[data-update-status]').textContent();
    expect(status, (await page.locator('#update-log').textContent()) ?? '').toBe('success');
    // The runner stores build output through src/db appendUpdateLogs; an empty log here means that append failed.
    expect(await page.locator('#update-log').textContent(), 'update log holds the build output').toMatch(/Published \d+ page/);
    await shot('08-update-done');

    const site = await browser.newPage();
    await site.goto(`http://${projectId}.localhost:${server.port}/`);
    await expect(site.textContent('body')).resolves.toContain('Welcome to the fixture');
    await shot('09-site-before', site);
    await site.close();
  });

  it('streams the log of a running update line by line', async () => {
    // Drive one update by hand through the db layer so the test controls when each line arrives.
    const project = (await getProject(server.db, projectId))!;
    const update = await createUpdate(server.db, project.id, 'internal');
    await startUpdate(server.db, update.id);
    await page.goto(`${server.url}/dashboard/projects/${projectId}/updates/${update.id}`);
    await expect(page.locator('[data-update-status]').textContent()).resolves.toBe('in progress');
    const append = (line: string) => server.db.query('UPDATE updates SET logs = logs || $1::text[] WHERE id = $2', [[line], update.id]);
    await append('Fetching main');
    await page.locator('#update-log', { hasText: 'Fetching main' }).waitFor({ timeout: 10_000 });
    await append('Building 3 pages');
    await page.locator('#update-log', { hasText: 'Building 3 pages' }).waitFor({ timeout: 10_000 });
    await shot('08b-update-live-log');
    await finishUpdate(server.db, update.id, { status: 'failure', summary: 'UPDATE_BUILD_FAILED: stopped by the test' });
    await page.locator('[data-update-status]:not([data-poll]).failure').waitFor({ timeout: 10_000 });
    await expect(page.locator('#update-summary').textContent()).resolves.toContain('stopped by the test');
    await expect(page.locator('#update-log').textContent()).resolves.toBe('Fetching main\nBuilding 3 pages');
  });

  it('starts an agent job from the page and watches it complete with a pull request', async () => {
    await page.getByRole('link', { name: 'Agent jobs' }).click();
    await page.getByLabel('Prompt').fill('Add pages that are not in the navigation');
    await page.getByRole('button', { name: 'Start job' }).click();
    await page.waitForURL(/\/jobs\/[0-9a-f-]+\?notice=job-started$/);
    await shot('10-job-active');
    // The badge polls status.json and the page reloads itself once the job leaves `active`.
    await page.locator('[data-job-status]:not([data-poll]):is(.completed, .failed)').waitFor({ timeout: 180_000 });
    const failure = await page.locator('#failure-reason').count() ? await page.locator('#failure-reason').textContent() : '';
    expect(await page.locator('[data-job-status]').textContent(), `${failure}\n${logs.join('\n')}`).toBe('completed');
    const pr = page.locator('#pr-link a');
    await expect(pr.getAttribute('href')).resolves.toMatch(/^http/);
    await expect(page.locator('#messages').textContent()).resolves.toContain('Add pages that are not in the navigation');
    await shot('11-job-completed');
  });

  it('sends a follow-up, filters the list, and archives the job', async () => {
    const jobUrl = page.url().split('?')[0]!;
    const firstPr = await page.locator('#pr-link a').getAttribute('href');
    await page.getByLabel('Follow-up prompt').fill('Normalise docs.json formatting');
    await page.getByRole('button', { name: 'Send follow-up' }).click();
    await page.waitForURL(/notice=message-sent/);
    await shot('12-job-follow-up');
    await page.locator('[data-job-status]:not([data-poll]):is(.completed, .failed)').waitFor({ timeout: 180_000 });
    expect(await page.locator('[data-job-status]').textContent()).toBe('completed');
    // The transcript: both prompts, and the agent's steps and summaries between them.
    await expect(page.locator('#messages li[data-kind="prompt"]').count()).resolves.toBe(2);
    await expect(page.locator('#messages li[data-kind="summary"]').count()).resolves.toBe(2);
    // Rendered Markdown: the file name in a <code>, not between backticks.
    await expect(page.locator('#job-summary').textContent()).resolves.toMatch(/^Changed 1 file \(docs\.json\) and opened a pull request/);
    await expect(page.locator('#job-summary code').first().textContent()).resolves.toBe('docs.json');
    expect(await page.locator('#pr-link a').getAttribute('href')).toBe(firstPr);

    await page.goto(`${server.url}/dashboard/projects/${projectId}/jobs?status=completed`);
    await expect(page.locator('#jobs-table tbody tr').count()).resolves.toBe(1);
    await shot('12-jobs-list-completed');
    await page.goto(`${server.url}/dashboard/projects/${projectId}/jobs?status=failed`);
    await expect(page.locator('#jobs-table').count()).resolves.toBe(0);

    await page.goto(jobUrl);
    await page.getByRole('button', { name: 'Archive job' }).click();
    await page.waitForURL(/notice=job-archived/);
    expect(await page.locator('[data-job-status]').textContent()).toBe('archived');
    await shot('13-job-archived');
  });

  it('publishes a new commit when an update is triggered again', async () => {
    pushChange(root, bare, { 'index.mdx': '---\ntitle: Welcome, second edition\n---\n\nChanged by a push.\n' }, 'Retitle the home page');
    await page.goto(`${server.url}/dashboard/projects/${projectId}/updates`);
    await page.getByRole('button', { name: 'Start update' }).click();
    await page.locator('[data-update-status]:not([data-poll]):is(.success, .failure)').waitFor({ timeout: 120_000 });
    expect(await page.locator('[data-update-status]').textContent()).toBe('success');
    await page.getByRole('link', { name: '← All updates' }).click();
    // Two real updates and the hand-driven one (count only once the list page has loaded: the click
    // only starts the navigation, and counting at once raced it under load).
    await page.locator('#updates-table tbody tr').first().waitFor();
    await expect(page.locator('#updates-table tbody tr').count()).resolves.toBe(3);
    await shot('14-updates-history');

    const site = await browser.newPage();
    await site.goto(`http://${projectId}.localhost:${server.port}/`);
    await expect(site.textContent('body')).resolves.toContain('Welcome, second edition');
    await shot('15-site-after', site);
    await site.close();
  });

  it('exports the published site as a PDF from the Export PDF page and downloads it', async () => {
    await page.goto(`${server.url}/dashboard/projects/${projectId}/updates`);
    await page.getByRole('link', { name: 'Export PDF' }).click();
    await page.waitForURL(/\/pdf$/);
    await page.getByLabel('What to print').selectOption('site:');
    await page.getByRole('button', { name: 'Export PDF' }).click();
    await page.waitForURL(/\/pdf\?notice=pdf-started$/);
    // The page polls the export and reloads when it ends; the Download link is then there.
    const link = page.getByRole('link', { name: /^Download/ });
    await link.waitFor({ timeout: 120_000 });
    fs.mkdirSync(path.resolve('test-artifacts/pdf'), { recursive: true });
    await page.screenshot({ path: path.resolve('test-artifacts/pdf/dashboard-export.png'), fullPage: true });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^dashboard-fixture-\d{4}-\d{2}-\d{2}\.pdf$/);
    const doc = await getDocument({ data: new Uint8Array(fs.readFileSync(await download.path())), disableFontFace: true }).promise;
    let text = '';
    for (let n = 1; n <= doc.numPages; n++) text += (await (await doc.getPage(n)).getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join('');
    await doc.destroy();
    // The live build's heading (the second update's), on a sheet of the PDF.
    expect(text).toContain('Welcome, second edition');
  });

  it('is usable on a phone and every control has a label', async () => {
    const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await phone.context().addCookies(await page.context().cookies());
    for (const [name, url] of [
      ['16-phone-jobs', `/dashboard/projects/${projectId}/jobs`],
      ['17-phone-keys', `/dashboard/projects/${projectId}/keys`],
    ] as const) {
      await phone.goto(`${server.url}${url}`);
      // Nothing wider than the screen: no sideways scrolling on a phone.
      const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(name, phone);
    }
    for (const url of ['', '/keys', '/jobs', '/updates']) {
      await page.goto(`${server.url}/dashboard/projects/${projectId}${url}`);
      const unlabeled = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLInputElement>('input:not([type=hidden]), select, textarea')].filter((el) => el.labels?.length === 0).map((el) => el.name),
      );
      expect(unlabeled).toEqual([]);
    }
    // Keyboard: the first Tab lands on the skip link, which moves focus to the main region.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await phone.close();

    const dark = await browser.newPage({ viewport: { width: 1280, height: 860 }, colorScheme: 'dark' });
    await dark.context().addCookies(await page.context().cookies());
    await dark.goto(`${server.url}/dashboard/projects/${projectId}/jobs`);
    await shot('18-dark-jobs', dark);
    await dark.close();
  });
});
