/**
 * The Suggestions page in chromium: the sidebar entry beside Agent jobs, open suggestions of each
 * source with their evidence (a long unbroken path among it), Dismiss with a reason and Accept (the
 * agent job's page), at 1440x900 and 390x844, light and dark, with no sideways scrolling and no
 * serious axe-core finding. Screenshots in test-artifacts/suggestions/.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAxe } from '../../look/measure.js';
import { recordSuggestions, setSuggestionSource } from '../../src/agent/index.js';
import { createDashboard, createUser } from '../../src/dashboard/index.js';
import { createProject } from '../../src/db/index.js';
import { dashboardStack, type Stack } from '../dashboard/harness.js';
import { hasChromium, launchChromium } from './chromium.js';

const ARTIFACTS = path.resolve('test-artifacts/suggestions');
const LONG = 'reference/cli/commands/deployments/environments/promote-with-approvals-and-rollbacks-across-regions.mdx';

describe.skipIf(!hasChromium)('suggestions page in chromium', () => {
  let stack: Stack;
  let server: ServerType;
  let origin = '';
  let browser: Browser;
  let projectId = '';

  beforeAll(async () => {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    stack = await dashboardStack();
    const project = await createProject(stack.db, { name: 'Acme', repoUrl: 'https://example.test/docs.git', branch: 'main' });
    projectId = project.id;
    await createUser(stack.db, 'owner@example.test', 'a long enough password');
    await setSuggestionSource(stack.db, projectId, 'https://github.com/acme/cli.git', 'main');
    await recordSuggestions(stack.db, projectId, [
      {
        source: 'maintainer',
        evidenceKey: 'maintainer:unlisted:guides/webhooks',
        title: 'Add guides/webhooks to the navigation',
        prompt: 'The page `guides/webhooks` exists but no navigation lists it.',
        evidence: { summary: 'The page guides/webhooks is in the repository but in no navigation group.', items: [{ label: 'guides/webhooks', detail: 'not listed in docs.json' }], pages: ['guides/webhooks'] },
      },
      {
        source: 'readers',
        evidenceKey: 'readers:topic:page-guides-deploy',
        title: 'Readers ask about “Deploy” and do not find the answer',
        prompt: 'Readers keep asking about rollbacks.',
        evidence: {
          summary: '14 questions or searches about “Deploy” in the last 30 days: 6 unanswered, 3 rated thumbs down.',
          items: [
            { label: 'How do I roll back a deploy?', detail: 'question, 4 times, thumbs down' },
            { label: 'can I undo a deploy', detail: 'question, unanswered' },
            { label: 'rollback', detail: 'search, 5 times, no result' },
          ],
          pages: ['/guides/deploy'],
        },
      },
      {
        source: 'code',
        evidenceKey: 'code:flag:--dry-run->--preview',
        title: 'CLI flag --dry-run was renamed to --preview',
        prompt: 'Update every mention of `--dry-run` to `--preview`.',
        evidence: {
          summary: 'CLI flag --dry-run is now --preview in commits 1a2b3c4d5e6f..6f5e4d3c2b1a of main; 2 pages mention it.',
          items: [
            { label: 'guides/cli.mdx:12', detail: 'Run `acme deploy --dry-run` to see what would change.' },
            { label: `${LONG}:48`, detail: 'acme promote --dry-run --region=eu-west-1 --approvals=2 --wait-for-health-checks-to-pass-before-continuing' },
          ],
          pages: ['guides/cli.mdx', LONG],
        },
      },
    ]);
    const app = new Hono();
    app.route('/dashboard', createDashboard({ db: stack.db, services: stack.services, editor: { workRoot: path.join(stack.dataDir, 'editor') } }));
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
    await stack?.close();
  });

  const signIn = async (page: Page) => {
    await page.goto(`${origin}/dashboard/login`);
    await page.getByLabel('Email').fill('owner@example.test');
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/dashboard\/projects/);
  };
  const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  it('lists open suggestions with their evidence, wide and narrow, light and dark', async () => {
    for (const [name, viewport] of [
      ['desktop', { width: 1440, height: 900 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await signIn(page);
      await page.goto(`${origin}/dashboard/projects/${projectId}/jobs`);
      if (name === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('link', { name: 'Suggestions' }).click();
      await page.waitForURL(/\/suggestions$/);
      expect(await page.locator('[data-suggestion]').count()).toBe(3);
      // Newest first: the code change, then readers, then the maintainer's check.
      expect(await page.locator('[data-suggestion] h3').allTextContents()).toEqual([
        'CLI flag --dry-run was renamed to --preview',
        'Readers ask about “Deploy” and do not find the answer',
        'Add guides/webhooks to the navigation',
      ]);
      await expect(page.getByText('“How do I roll back a deploy?”').isVisible()).resolves.toBe(true);
      await expect(page.getByText(`${LONG}:48`).isVisible()).resolves.toBe(true);
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: path.join(ARTIFACTS, `suggestions-${name}-${scheme}.png`), fullPage: true });
        expect(await sideways(page), `${name} ${scheme}`).toBeLessThanOrEqual(0);
        expect(await runAxe(page), `${name} ${scheme}`).toEqual([]);
      }
      await context.close();
    }
  }, 180_000);

  it('dismisses with a reason, and accepts into an agent job', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page);
    await page.goto(`${origin}/dashboard/projects/${projectId}/suggestions`);
    const unlisted = page.locator('[data-suggestion]', { hasText: 'Add guides/webhooks to the navigation' });
    await unlisted.getByLabel('Reason for dismissing').fill('Reached from the webhooks card only');
    await unlisted.getByRole('button', { name: 'Dismiss' }).click();
    await page.waitForURL(/notice=dismissed/);
    await expect(page.getByRole('status').textContent()).resolves.toContain('Suggestion dismissed');
    expect(await page.locator('[data-suggestion]').count()).toBe(2);
    await page.getByRole('navigation', { name: 'Filter by status' }).getByRole('link', { name: 'Dismissed' }).click();
    await page.waitForURL(/status=dismissed/);
    await expect(page.getByText('Dismissed by owner@example.test: Reached from the webhooks card only').isVisible()).resolves.toBe(true);

    await page.goto(`${origin}/dashboard/projects/${projectId}/suggestions`);
    await page.locator('[data-suggestion]', { hasText: '--dry-run was renamed' }).getByRole('button', { name: 'Accept' }).click();
    await page.waitForURL(/\/jobs\/[^/?]+\?notice=job-started$/);
    await expect(page.locator('main').textContent()).resolves.toContain('--preview');
    await page.screenshot({ path: path.join(ARTIFACTS, 'accepted-job-light.png'), fullPage: true });
    const jobs = await stack.db.query<{ prompt: string }>('SELECT prompt FROM agent_jobs WHERE project_id = $1', [projectId]);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.prompt).toContain(LONG);
    await page.goto(`${origin}/dashboard/projects/${projectId}/suggestions?status=accepted`);
    await expect(page.getByRole('link', { name: /^Agent job / }).count()).resolves.toBe(1);
    await context.close();
  }, 120_000);
});
