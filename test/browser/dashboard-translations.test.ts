/**
 * The dashboard's translations matrix in chromium: a 15-language repository (real git history) as a
 * project's published checkout, one English page edited after its translations. The page counts
 * current / stale / missing, marks exactly that page's 14 cells stale, and filters by language and
 * state. Screenshots in test-artifacts/dashboard/ (light, dark); axe-core finds no serious problem.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAxe } from '../../look/measure.js';
import { createDashboard, createUser } from '../../src/dashboard/index.js';
import { createProject } from '../../src/db/index.js';
import { dashboardStack, type Stack } from '../dashboard/harness.js';
import { translationRepo, type TranslationRepo } from '../site/translation-repo.js';
import { hasChromium, launchChromium } from './chromium.js';

const ARTIFACTS = path.resolve('test-artifacts/dashboard');

describe.skipIf(!hasChromium)('dashboard translations matrix in chromium', () => {
  let stack: Stack;
  let repo: TranslationRepo;
  let server: ServerType;
  let origin = '';
  let browser: Browser;
  let projectId = '';

  beforeAll(async () => {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    repo = await translationRepo();
    fs.writeFileSync(path.join(repo.dir, 'quickstart.mdx'), '---\ntitle: quickstart\n---\n\nEnglish text of quickstart, rewritten.\n');
    repo.commitAll('Rewrite the quickstart', 12);
    stack = await dashboardStack();
    const project = await createProject(stack.db, { name: 'Fifteen', repoUrl: 'https://example.test/docs.git', branch: 'main' });
    projectId = project.id;
    await createUser(stack.db, 'owner@example.test', 'a long enough password');
    // As the server wires it, with the repository standing in for the project's published checkout.
    const app = new Hono();
    app.route('/dashboard', createDashboard({ db: stack.db, services: stack.services, editor: { workRoot: path.join(stack.dataDir, 'editor') }, siteCheckout: (p) => (p.id === projectId ? repo.dir : null) }));
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
    await stack?.close();
    fs.rmSync(repo.dir, { recursive: true, force: true });
  });

  it('shows pages × languages with counts, the stale cells, and filters', async () => {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${origin}/dashboard/login`);
    await page.getByLabel('Email').fill('owner@example.test');
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard\/projects/);
    await page.goto(`${origin}/dashboard/projects/${projectId}`);
    await page.getByRole('link', { name: 'Translations' }).click();
    await page.waitForURL(/\/translations$/);

    const count = (state: string) => page.locator(`[data-count="${state}"] .figure`).textContent();
    expect([await count('current'), await count('stale'), await count('missing')]).toEqual(['69', '14', '1']);
    expect(await page.locator('td[data-state="stale"]').count()).toBe(14);
    expect(await page.locator('tr[data-page="quickstart"] td[data-state="stale"]').count()).toBe(14);
    expect(await page.locator('tr[data-page="quickstart"] td[data-cell="fr:quickstart"] .cell-note').textContent()).toBe('1 commit / 10 days behind');
    expect(await page.locator('td[data-cell="ar:reference/cli"]').getAttribute('data-state')).toBe('missing');

    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: path.join(ARTIFACTS, `translations-${scheme}.png`), fullPage: true });
      expect(await runAxe(page), scheme).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });

    // Stale only: one row; then one language: one column.
    await page.getByRole('navigation', { name: 'State' }).getByRole('link', { name: 'stale' }).click();
    await page.waitForURL(/state=stale/);
    expect(await page.locator('tbody tr').count()).toBe(1);
    await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: /^fr / }).click();
    await page.waitForURL(/lang=fr/);
    expect(await page.locator('thead th').allTextContents()).toEqual(['Page', 'fr']);
    expect(await page.locator('tbody td').allTextContents()).toEqual(['stale1 commit / 10 days behind']);
    await page.screenshot({ path: path.join(ARTIFACTS, 'translations-filtered.png'), fullPage: true });
    await context.close();
  }, 120_000);
});
