/**
 * The dashboard's analytics pages in Chromium, light and dark: the overview (traffic chart, top
 * referrers, code-snippet feedback) and the assistant's conversations with one thread opened by a
 * click. Each passes axe (serious/critical) and the contrast check; screenshots under
 * test-artifacts/analytics/.
 */
import path from 'node:path';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utcDay, writeEvents, writeFeedback, type StoredEvent } from '../../src/analytics/index.js';
import { createUser } from '../../src/dashboard/index.js';
import { createAssistantThread, createProject, recordAssistantTurn, type ProjectRow } from '../../src/db/index.js';
import { measureControlContrast, runAxe } from '../../look/measure.js';
import { hasChromium, launchChromium } from '../browser/chromium.js';
import { dashboardStack, type Stack } from '../dashboard/harness.js';

const shots = path.resolve('test-artifacts/analytics');
const DAY = 86_400_000;

describe.skipIf(!hasChromium)('dashboard analytics pages in chromium', () => {
  let stack: Stack;
  let server: ServerType;
  let url = '';
  let browser: Browser;
  let project: ProjectRow;

  beforeAll(async () => {
    stack = await dashboardStack();
    project = await createProject(stack.db, { name: 'Acme docs', repoUrl: 'https://example.test/docs.git' });
    await createUser(stack.db, 'w@example.test', 'a long enough password');
    const now = Date.now();
    const events: StoredEvent[] = [];
    const hosts = ['github.com', 'www.google.com', 'news.ycombinator.com', 'stackoverflow.com'];
    for (let d = 0; d < 14; d++) {
      const at = now - d * DAY;
      for (let i = 0; i < 3 + ((d * 7) % 5); i++) {
        events.push({ projectId: project.id, preview: '', kind: 'view', at: new Date(at), day: utcDay(at), path: i % 2 ? '/guide/install' : '/', audience: 'human', channel: 'html', visitor: `v${d}-${i}`, referrerHost: hosts[(d + i) % 5] ?? '', query: null, results: null, opened: null });
      }
      events.push({ projectId: project.id, preview: '', kind: 'view', at: new Date(at), day: utcDay(at), path: '/guide/install', audience: 'agent', channel: 'markdown', visitor: `a${d}`, referrerHost: '', query: null, results: null, opened: null });
    }
    await writeEvents(stack.db, events);
    await writeFeedback(stack.db, [
      { id: 'fb-1', projectId: project.id, preview: '', path: '/guide/install', source: 'contextual', helpful: false, comment: 'Step 2 fails on Windows.', contact: null, code: null, filename: null, lang: null, at: new Date(now - 3600_000) },
      { id: 'fb-2', projectId: project.id, preview: '', path: '/guide/install', source: 'code_snippet', helpful: null, comment: 'Say which Node version this needs.', contact: null, code: 'npm i acme\nnpx acme init --yes\n', filename: 'install.sh', lang: 'bash', at: new Date(now - 7200_000) },
    ]);
    const turn = { tokensIn: 10, tokensOut: 20 };
    const web = await createAssistantThread(stack.db, { projectId: project.id, fp: 'f1', pagePath: '/guide/install', caller: 'web' });
    await recordAssistantTurn(stack.db, { threadId: web, question: 'How do I install Acme on Windows?', answer: 'Run `npm i acme` in PowerShell, then **acme init**. See [Install](/guide/install#windows).', citations: [{ path: '/guide/install', anchor: 'windows', title: 'Install' }], outcome: 'answered', ...turn }, now - 5 * 60_000);
    await recordAssistantTurn(stack.db, { threadId: web, question: 'Does it need admin rights?', answer: 'No: it installs into your user folder.', citations: [{ path: '/guide/install', title: 'Install' }], outcome: 'answered', ...turn }, now - 4 * 60_000);
    const api = await createAssistantThread(stack.db, { projectId: project.id, fp: 'f2', pagePath: '', caller: 'api' });
    await recordAssistantTurn(stack.db, { threadId: api, question: 'Is there a Rust SDK?', answer: 'I found nothing about a Rust SDK in these docs.', citations: [], outcome: 'not_found', ...turn }, now - 2 * DAY);
    server = serve({ fetch: stack.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
    fs.mkdirSync(shots, { recursive: true });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
    await stack?.close();
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`shows traffic, referrers, feedback and the assistant's conversations (${scheme})`, async () => {
      const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, colorScheme: scheme });
      const page = await context.newPage();
      await page.goto(`${url}/dashboard/login`);
      await page.fill('input[name=email]', 'w@example.test');
      await page.fill('input[name=password]', 'a long enough password');
      await Promise.all([page.waitForURL(/\/dashboard\/projects/), page.click('button[type=submit]')]);

      await page.goto(`${url}/dashboard/projects/${project.id}/analytics`);
      await expect.poll(() => page.locator('h2:has-text("Top referrers") + p + table tbody tr').count()).toBe(4);
      expect(await page.locator('h2:has-text("Code snippets") + ul li strong').first().textContent()).toBe('/guide/install');
      await page.screenshot({ path: path.join(shots, `dashboard-overview-${scheme}.png`), fullPage: true });
      expect(await runAxe(page)).toEqual([]);
      expect(await measureControlContrast(page, ['main'])).toEqual([]);

      await page.getByRole('link', { name: 'Assistant conversations' }).click();
      await page.waitForURL(/\/analytics\/assistant\?/);
      const rows = page.locator('table.conversations tbody tr');
      expect(await rows.count()).toBe(3);
      expect(await rows.first().locator('td').nth(2).textContent()).toBe('Site widget');
      expect(await rows.last().locator('td').nth(2).textContent()).toBe('API');
      await page.screenshot({ path: path.join(shots, `dashboard-assistant-${scheme}.png`), fullPage: true });
      expect(await runAxe(page)).toEqual([]);
      expect(await measureControlContrast(page, ['main'])).toEqual([]);

      // The date-range selector keeps to this page: a range without questions.
      await page.fill('input[name=from]', '2020-01-01');
      await page.fill('input[name=to]', '2020-02-01');
      await Promise.all([page.waitForURL(/assistant\?from=2020-01-01&to=2020-02-01/), page.getByRole('button', { name: 'Show' }).click()]);
      expect(await page.locator('main').textContent()).toContain('No questions were asked in this range.');
      await page.goBack();

      await Promise.all([page.waitForURL(/\/analytics\/assistant\/[^?]+\?/), page.getByRole('link', { name: 'How do I install Acme on Windows?' }).click()]);
      expect(await page.locator('.message').count()).toBe(4);
      expect(await page.locator('.message-assistant code').first().textContent()).toBe('npm i acme');
      await page.screenshot({ path: path.join(shots, `dashboard-thread-${scheme}.png`), fullPage: true });
      expect(await runAxe(page)).toEqual([]);
      expect(await measureControlContrast(page, ['main'])).toEqual([]);
      await context.close();
    });
  }
});
