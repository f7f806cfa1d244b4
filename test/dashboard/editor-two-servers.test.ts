/**
 * The web editor on two `folio serve` servers sharing one PostgreSQL database (each with its own data
 * folder), in Debian's chromium: a writer on each server opens the same page; each sees the other's
 * text and cursor (the shared-editing updates travel through the database and its notifications);
 * publishing from one server makes one commit holding both writers' words, and the other server then
 * has nothing left to publish. Runs when TEST_DATABASE_URL names a PostgreSQL server.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, type ProjectRow } from '../../src/db/index.js';
import { createUser } from '../../src/dashboard/index.js';
import { runServer, type RunningServer } from '../../src/server/run-server.js';
import { createFreshPostgresDatabase } from '../db/helpers.js';
import { createBareRepo, git } from './fixtures.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUN = fs.existsSync(CHROMIUM) && Boolean(process.env.TEST_DATABASE_URL);
const ARTIFACTS = path.resolve('test-artifacts/editor');
const LAUNCH_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const EMAIL = 'two.servers@example.com';
const PASSWORD = 'a long enough passphrase';

if (!RUN) console.warn('two-server editor test skipped: it needs chromium and TEST_DATABASE_URL');

describe.skipIf(!RUN)('the web editor on two servers sharing PostgreSQL', { timeout: 240_000 }, () => {
  let root: string;
  let bare: string;
  let drop: () => Promise<void>;
  const servers: RunningServer[] = [];
  let browser: Browser;
  let project: ProjectRow;

  /** A signed-in writer on `server`, with the page open in the source mode. */
  async function writer(server: RunningServer): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const editor = `${server.url}/dashboard/projects/${project.id}/editor`;
    await page.goto(editor);
    await page.waitForURL(/\/dashboard\/login\?next=/);
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/editor$/);
    await page.goto(`${editor}?file=guides/setup.mdx`);
    await page.locator('.cm-content').getByText('Install it.', { exact: false }).first().waitFor();
    return page;
  }

  beforeAll(async () => {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-editor-two-'));
    bare = createBareRepo(root);
    const fresh = await createFreshPostgresDatabase();
    drop = fresh.drop;
    for (const name of ['one', 'two']) servers.push(await runServer({ dataDir: path.join(root, name), databaseUrl: fresh.url, port: 0 }));
    await createUser(servers[0]!.db, EMAIL, PASSWORD);
    project = await createProject(servers[0]!.db, { name: 'Two Servers', repoUrl: bare, branch: 'main' });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    for (const server of servers) await server.close();
    await drop?.();
    if (root) fs.rmSync(root, { recursive: true, force: true });
  }, 60_000);

  it('shows each writer the other\'s text and cursor across servers, and publishes both edits as one commit', async () => {
    const first = await writer(servers[0]!);
    const second = await writer(servers[1]!);
    await first.locator('.cm-line', { hasText: 'Install it.' }).click();
    await first.keyboard.press('End');
    await first.keyboard.type(' Typed on server one.');
    await second.locator('.cm-content').getByText('Typed on server one.', { exact: false }).waitFor({ timeout: 10_000 });
    await second.locator('.cm-line', { hasText: 'Typed on server one.' }).click();
    await second.keyboard.press('End');
    await second.keyboard.type(' Typed on server two.');
    await first.locator('.cm-content').getByText('Typed on server one. Typed on server two.', { exact: false }).waitFor({ timeout: 10_000 });
    await first.locator('.cm-ySelectionCaret').first().waitFor({ timeout: 10_000 });
    await second.locator('.cm-ySelectionCaret').first().waitFor({ timeout: 10_000 });
    await first.screenshot({ path: path.join(ARTIFACTS, '15-two-servers-first.png') });
    await second.screenshot({ path: path.join(ARTIFACTS, '16-two-servers-second.png') });
    for (const page of [first, second]) await page.waitForFunction(() => document.getElementById('ed-status')?.textContent === 'Saved', undefined, { timeout: 30_000 });

    const commitsBefore = Number(git(bare, ['rev-list', '--count', 'main']));
    await second.locator('#ed-publish-toggle').click();
    await second.locator('#ed-message').fill('Setup: two writers, two servers');
    await second.getByRole('button', { name: 'Publish to main' }).click();
    await second.locator('#ed-publish-result').getByText('The site update has started.').waitFor({ timeout: 60_000 });
    expect(Number(git(bare, ['rev-list', '--count', 'main']))).toBe(commitsBefore + 1);
    expect(git(bare, ['show', 'main:guides/setup.mdx'])).toContain('Install it. Typed on server one. Typed on server two.');

    // The drafts are gone for the other server too: publishing there makes no second commit.
    const left = await first.request.post(`${servers[0]!.url}/dashboard/projects/${project.id}/editor/publish.json?branch=main`, {
      headers: { 'x-csrf-token': (await first.locator('#editor-app').getAttribute('data-csrf'))!, 'content-type': 'application/json' },
      data: { branch: 'main', message: 'nothing' },
    });
    const body = (await left.json()) as { error?: { code: string } };
    expect(left.status()).toBeGreaterThanOrEqual(400);
    expect(body.error?.code).toBe('EDITOR_NOTHING_TO_PUBLISH');
    expect(Number(git(bare, ['rev-list', '--count', 'main']))).toBe(commitsBefore + 1);
  });
});
