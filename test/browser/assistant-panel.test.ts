/**
 * The assistant panel as the platform's (issue 45), in chromium on a site hosted by `folio serve`
 * with the stand-in model the widget test uses: `?assistant=<question>` opens the panel and asks;
 * a site without `assistant.starterQuestions` offers questions made of its first pages' titles;
 * the answer's code is highlighted, its sources are cards with the page titles, and each answer
 * has copy and thumbs (the rating reaches the admin API). `?search=<query>` opens the search
 * dialog with the query typed. Screenshots light and dark under test-artifacts/assistant-panel/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createApiKey, createProject, openDatabase } from '../../src/db/index.js';
import { publishBuild, siteDirFor } from '../../src/hosting/index.js';
import { buildSite } from '../../src/site-build/index.js';
import { startChatStandIn, type ReceivedRequest } from '../agent/llm-stand-in.js';
import { startFolioServe, type ServeProcess } from '../hosting/serve-process.js';
import { hasChromium, launchChromium } from './chromium.js';

const shots = path.resolve('test-artifacts/assistant-panel');

function model(request: ReceivedRequest) {
  const lastUser = request.messages.map((m) => m.role).lastIndexOf('user');
  const result = request.messages.slice(lastUser).find((m) => m.role === 'tool');
  if (!result) return { tools: [{ name: 'search', args: { query: 'sprocket wrench install' } }] };
  const url = /URL: (\/[^\s\\"]+)/.exec(JSON.stringify(result.content))?.[1] ?? '/nowhere';
  return { text: `You need a **sprocket wrench** ([Requirements](${url})). Then run:\n\n\`\`\`js\nconst widgets = await install("all"); // 3 steps\n\`\`\`\n` };
}

describe.skipIf(!hasChromium)('assistant panel in chromium', () => {
  let tmp: string;
  let server: ServeProcess;
  let browser: Browser;
  let llm: Awaited<ReturnType<typeof startChatStandIn>>;
  let site = '';
  let adminKey = '';
  let projectId = '';
  const ratings = async () => {
    const res = await fetch(`${server.url}/v1/analytics/${projectId}/assistant`, { headers: { Authorization: `Bearer ${adminKey}` } });
    const body = (await res.json()) as { conversations: { query: string; rating: string | null }[] };
    return body.conversations.filter((c) => c.rating).map((c) => [c.query, c.rating]);
  };

  beforeAll(async () => {
    llm = await startChatStandIn(model, 'test-key', { chunkDelayMs: 5 });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-assistant-panel-'));
    const dataDir = path.join(tmp, 'data');
    const docs = path.join(tmp, 'docs');
    fs.mkdirSync(path.join(docs, 'guides'), { recursive: true });
    // No starter questions configured: the panel offers the first pages' titles.
    fs.writeFileSync(path.join(docs, 'docs.json'), JSON.stringify({ theme: 'mint', name: 'Widgets', colors: { primary: '#16a34a' }, navigation: { pages: ['index', 'guides/install', 'guides/upgrade', 'guides/remove'] } }));
    fs.writeFileSync(path.join(docs, 'index.mdx'), '---\ntitle: Welcome\n---\nWidgets for everyone.\n');
    fs.writeFileSync(path.join(docs, 'guides', 'install.mdx'), '---\ntitle: Install widgets\n---\nIntro.\n\n## Requirements\n\nYou need a sprocket wrench to install widgets.\n');
    fs.writeFileSync(path.join(docs, 'guides', 'upgrade.mdx'), '---\ntitle: Upgrade widgets\n---\nRun the upgrade command.\n');
    fs.writeFileSync(path.join(docs, 'guides', 'remove.mdx'), '---\ntitle: Remove widgets\n---\nRun the remove command.\n');
    const db = await openDatabase({ dataDir });
    const project = await createProject(db, { name: 'Widgets', repoUrl: 'https://github.com/acme/widgets', branch: 'main' });
    projectId = project.id;
    adminKey = (await createApiKey(db, { projectIds: [project.id] })).key;
    await db.close();
    const siteDir = siteDirFor(dataDir, project.id, null)!;
    const out = path.join(siteDir, 'builds', 'b1');
    expect((await buildSite({ root: docs, outDir: out, cache: false, threads: 1, feedback: { repository: { url: 'https://github.com/acme/widgets', branch: 'main' } } })).ok).toBe(true);
    await publishBuild(siteDir, out);
    server = await startFolioServe(dataDir, { FOLIO_LLM_BASE_URL: llm.baseUrl, FOLIO_LLM_API_KEY: 'test-key', FOLIO_ASSISTANT_MODEL: 'docs-model' });
    site = `http://${project.id}.localhost:${new URL(server.url).port}`;
    browser = await launchChromium();
    fs.mkdirSync(shots, { recursive: true });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    server?.child.kill('SIGTERM');
    if (server && server.child.exitCode === null) await new Promise((r) => server.child.once('exit', r));
    await llm?.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('offers the first pages as starter questions when none are configured', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 820 }, colorScheme: 'light' });
    const page = await context.newPage();
    await page.goto(site + '/?assistant');
    const starters = page.locator('dialog.assistant-dialog[open] .assistant-starter');
    await starters.first().waitFor();
    expect(await starters.allInnerTexts()).toEqual(['Tell me about Welcome', 'Tell me about Install widgets', 'Tell me about Upgrade widgets']);
    await page.screenshot({ path: path.join(shots, 'starters-light.png') });
    await context.close();
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`asks the question of ?assistant=, highlights code, shows source cards, copies and rates (${scheme})`, async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 820 }, colorScheme: scheme });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site });
      const page = await context.newPage();
      const question = `What do I need to install widgets (${scheme})?`;
      await page.goto(`${site}/guides/upgrade?assistant=${encodeURIComponent(question)}`);
      const dialog = page.locator('dialog.assistant-dialog[open]');
      await expect.poll(() => dialog.locator('.assistant-user').first().innerText(), { timeout: 15_000 }).toBe(question);
      const answer = dialog.locator('.assistant-answer').last();
      await expect.poll(() => answer.getAttribute('aria-busy'), { timeout: 20_000 }).toBe('false');
      // Code: keyword, string, number, comment and called name each in their colour.
      const code = answer.locator('.assistant-code code');
      expect(await code.innerText()).toBe('const widgets = await install("all"); // 3 steps');
      expect(await code.locator('.tk-k').allInnerTexts()).toEqual(['const', 'await']);
      expect(await code.locator('.tk-s').innerText()).toBe('"all"');
      expect(await code.locator('.tk-c').innerText()).toBe('// 3 steps');
      expect(await code.locator('.tk-f').innerText()).toBe('install');
      const colours = await code.locator('.tk-k, .tk-s').evaluateAll((els) => els.map((e) => getComputedStyle(e).color));
      expect(new Set(colours).size).toBe(2);
      // Sources: a card per page, its title and path.
      const card = answer.locator('.assistant-sources a.assistant-source');
      expect(await card.locator('b').allInnerTexts()).toEqual(['Install widgets: Requirements']);
      expect(await card.locator('small').innerText()).toBe('/guides/install');
      // Copy the answer's text.
      await answer.locator('[data-assistant-copy-answer]').click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('You need a **sprocket wrench**');
      // Thumbs: recorded with the conversation.
      await answer.getByRole('button', { name: 'Helpful', exact: true }).click();
      await expect.poll(ratings).toContainEqual([question, 'up']);
      await page.mouse.move(0, 0);
      await page.screenshot({ path: path.join(shots, `answer-${scheme}.png`) });
      await context.close();
    });
  }

  it('opens the search dialog with the query of ?search=', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 820 } });
    const page = await context.newPage();
    await page.goto(`${site}/?search=${encodeURIComponent('sprocket wrench')}`);
    const input = page.locator('input[data-search]');
    await expect.poll(() => input.inputValue().catch(() => ''), { timeout: 15_000 }).toBe('sprocket wrench');
    expect(await input.isVisible()).toBe(true);
    await page.screenshot({ path: path.join(shots, 'search-light.png') });
    await context.close();
  });
});
