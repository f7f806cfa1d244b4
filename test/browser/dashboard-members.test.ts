/**
 * The dashboard's members page in chromium, light and dark: an owner adds an editor with edit rights
 * on one project through the form, gets the invitation link, and the new member joins with it.
 * Screenshots in test-artifacts/dashboard/ (light, dark, phone); axe-core finds no serious problem in either scheme.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAxe } from '../../look/measure.js';
import { createUser } from '../../src/dashboard/index.js';
import { inviteMember } from '../../src/dashboard/data/members.js';
import { createProject } from '../../src/db/index.js';
import { dashboardStack, type Stack } from '../dashboard/harness.js';
import { hasChromium, launchChromium } from './chromium.js';

const ARTIFACTS = path.resolve('test-artifacts/dashboard');

describe.skipIf(!hasChromium)('dashboard members page in chromium', () => {
  let stack: Stack;
  let server: ServerType;
  let origin = '';
  let browser: Browser;

  beforeAll(async () => {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    stack = await dashboardStack();
    const docs = await createProject(stack.db, { name: 'Product docs', repoUrl: 'https://example.test/docs.git', branch: 'main' });
    await createProject(stack.db, { name: 'API reference', repoUrl: 'https://example.test/api.git', branch: 'main' });
    await createUser(stack.db, 'owner@example.test', 'a long enough password');
    await inviteMember(stack.db, { email: 'viewer@example.test', role: 'viewer', projectIds: [] });
    await inviteMember(stack.db, { email: 'writer@example.test', role: 'editor', projectIds: [docs.id] });
    server = serve({ fetch: stack.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
    await stack?.close();
  });

  it('adds an editor through the form, shows the link once, and the member joins with it', async () => {
    const context = await browser.newContext({ viewport: { width: 1180, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${origin}/dashboard/login`);
    await page.getByLabel('Email').fill('owner@example.test');
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard\/projects$/);
    await page.getByRole('link', { name: 'Members' }).click();
    await page.waitForURL(/\/dashboard\/members$/);

    const add = page.locator('section[aria-labelledby="add-member"]');
    await add.getByLabel('Email').fill('new.editor@example.test');
    await add.getByLabel('Role').selectOption('editor');
    await add.getByLabel('API reference').check();
    await add.getByRole('button', { name: 'Add member' }).click();
    await page.locator('#invite-url').waitFor();
    const link = (await page.locator('#invite-url').textContent())!.trim();
    expect(link).toMatch(new RegExp(`^${origin}/dashboard/invite/[\\w-]{43}$`));
    const row = page.locator('tr[data-member="new.editor@example.test"]');
    await expect(row.textContent()).resolves.toContain('Edits API reference');

    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: path.join(ARTIFACTS, `members-${scheme}.png`), fullPage: true });
      expect(await runAxe(page), scheme).toEqual([]);
    }
    // On a phone the table turns into one block per member, with nothing scrolling sideways.
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(ARTIFACTS, 'members-phone.png'), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    // The invited member opens the link in another browser and is signed in as an editor.
    const other = await browser.newContext({ viewport: { width: 1180, height: 900 } });
    const joiner = await other.newPage();
    await joiner.goto(link);
    await joiner.getByLabel(/Password/).fill('another long password');
    await joiner.getByRole('button', { name: 'Set password and sign in' }).click();
    await joiner.waitForURL(/\/dashboard\/projects$/);
    await expect(joiner.locator('.account').innerText()).resolves.toMatch(/new\.editor@example\.test\s+editor/);
    // No members link and no create-project form for an editor.
    expect(await joiner.getByRole('link', { name: 'Members' }).count()).toBe(0);
    expect(await joiner.getByRole('button', { name: 'Create project' }).count()).toBe(0);
    await other.close();
    await context.close();
  }, 90_000);
});
