/**
 * The assistant widget in Chromium on a site hosted by `folio serve` with a stand-in model that
 * streams: the Ask button appears once the server says a model answers, Ctrl+I opens the panel
 * (a modal dialog with focus in the question box), a starter question is shown, the answer streams
 * in (the answer is `aria-busy` until done), its code block has a copy button, its citation is a
 * link to the page's section, and clicking it lands there. The reader rates the answer with its
 * thumbs (toggle buttons; the rating reaches the admin API's conversations). A `mode: assistant`
 * page becomes the assistant itself. Screenshots light, dark and phone under test-artifacts/assistant/.
 */
import fs from 'node:fs';
import os from 'node:os';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createApiKey, createProject, openDatabase } from '../../src/db/index.js';
import { publishBuild, siteDirFor } from '../../src/hosting/index.js';
import { buildSite } from '../../src/site-build/index.js';
import { startChatStandIn, type ReceivedRequest } from '../agent/llm-stand-in.js';
import { startFolioServe, type ServeProcess } from '../hosting/serve-process.js';
import { runAxe } from '../../look/measure.js';
import { hasChromium, launchChromium } from './chromium.js';

const shots = path.resolve('test-artifacts/assistant');

function writeDocs(root: string): void {
  fs.mkdirSync(path.join(root, 'guides'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'docs.json'),
    JSON.stringify({ theme: 'mint', name: 'Widgets', colors: { primary: '#16a34a' }, assistant: { supportEmail: 'help@widgets.example', starterQuestions: ['How do I install widgets?', 'How do I upgrade?'] }, navigation: { pages: ['index', 'guides/install', 'ask'] } }),
  );
  fs.writeFileSync(path.join(root, 'index.mdx'), '---\ntitle: Welcome\n---\nWidgets for everyone. Read [the install guide](/guides/install).\n');
  fs.writeFileSync(path.join(root, 'guides', 'install.mdx'), '---\ntitle: Install widgets\n---\nIntro.\n\n## Requirements\n\nYou need a sprocket wrench to install widgets.\n\n## Upgrade\n\nRun the upgrade command.\n');
  fs.writeFileSync(path.join(root, 'ask.mdx'), '---\ntitle: Ask the docs\nmode: assistant\n---\n');
}

function model(request: ReceivedRequest) {
  const lastUser = request.messages.map((m) => m.role).lastIndexOf('user');
  const result = request.messages.slice(lastUser).find((m) => m.role === 'tool');
  if (!result) return { tools: [{ name: 'search', args: { query: 'sprocket wrench install' } }] };
  const url = /URL: (\/[^\s\\"]+)/.exec(JSON.stringify(result.content))?.[1] ?? '/nowhere';
  return { text: `To install widgets you need a **sprocket wrench** ([Requirements](${url})). Then run:\n\n\`\`\`bash\nwidgets install --all\n\`\`\`\n\nAfterwards, check the \`widgets\` command works.` };
}

describe.skipIf(!hasChromium)('assistant widget in chromium', () => {
  let tmp: string;
  let server: ServeProcess;
  let browser: Browser;
  let llm: Awaited<ReturnType<typeof startChatStandIn>>;
  let site = '';
  let out = '';
  let adminKey = '';
  let projectId = '';
  /** The ratings the admin API lists for the project's conversations, by question. */
  const ratings = async () => {
    const res = await fetch(`${server.url}/v1/analytics/${projectId}/assistant`, { headers: { Authorization: `Bearer ${adminKey}` } });
    const body = (await res.json()) as { conversations: { query: string; rating: string | null }[] };
    return body.conversations.filter((c) => c.rating).map((c) => [c.query, c.rating]);
  };

  beforeAll(async () => {
    llm = await startChatStandIn(model, 'test-key', { chunkDelayMs: 25 });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-assistant-browser-'));
    const dataDir = path.join(tmp, 'data');
    const docs = path.join(tmp, 'docs');
    writeDocs(docs);
    const db = await openDatabase({ dataDir });
    const project = await createProject(db, { name: 'Widgets', repoUrl: 'https://github.com/acme/widgets', branch: 'main' });
    projectId = project.id;
    adminKey = (await createApiKey(db, { projectIds: [project.id] })).key;
    await db.close();
    const siteDir = siteDirFor(dataDir, project.id, null)!;
    out = path.join(siteDir, 'builds', 'b1');
    // As folio serve's updates build: pages carry the feedback widget, the sign of a hosted page.
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

  it('keeps the island under 15 KB gzipped and the main script under 5 KB', () => {
    const assets = fs.readdirSync(path.join(out, 'assets'));
    const gz = (name: string) => gzipSync(fs.readFileSync(path.join(out, 'assets', name))).length;
    const main = assets.find((f) => /^site\.[0-9a-f]+\.js$/.test(f))!;
    expect(gz(main)).toBeLessThanOrEqual(5 * 1024);
    expect(gz(main.replace('site.', 'assistant.'))).toBeLessThanOrEqual(15 * 1024);
  });

  it('opens with Ctrl+I, streams a cited answer with a copyable code block, and its citation leads to the section', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 820 }, colorScheme: 'light' });
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await page.goto(site + '/');
    const ask = page.locator('[data-assistant-open]');
    await ask.waitFor({ state: 'visible' });
    expect(requested.some((p) => p.startsWith('/assets/assistant.'))).toBe(false);
    await page.keyboard.press('Control+i');
    const dialog = page.locator('dialog.assistant-dialog[open]');
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Ask a question');
    await dialog.getByRole('button', { name: 'How do I install widgets?' }).waitFor();
    await page.screenshot({ path: path.join(shots, 'open-light.png') });

    await page.keyboard.type('What do I need to install widgets?');
    await page.keyboard.press('Enter');
    const answer = dialog.locator('.assistant-answer').last();
    // Streaming: part of the answer shows while the rest is still coming.
    await answer.locator('.assistant-text strong').waitFor();
    expect(await answer.getAttribute('aria-busy')).toBe('true');
    await expect.poll(() => answer.getAttribute('aria-busy'), { timeout: 20_000 }).toBe('false');
    await expect.poll(() => answer.locator('.assistant-text').innerText()).toContain('sprocket wrench');
    expect(await answer.locator('.assistant-code code').innerText()).toBe('widgets install --all');
    await answer.locator('[data-assistant-copy]').waitFor();
    const sources = answer.locator('.assistant-sources a.assistant-source b');
    expect(await sources.allInnerTexts()).toEqual(['Install widgets: Requirements']);
    expect(await answer.locator('.assistant-text a').getAttribute('href')).toBe('/guides/install#requirements');
    await page.screenshot({ path: path.join(shots, 'answer-light.png') });
    // The open panel with an answer passes axe (serious and critical findings).
    expect((await runAxe(page)).filter((f) => f.impact === 'serious' || f.impact === 'critical')).toEqual([]);

    // The reader rates the answer: a pair of toggle buttons under it; pressing again takes it back.
    const rate = answer.getByRole('group', { name: 'Was this answer helpful?' });
    const up = rate.getByRole('button', { name: 'Helpful', exact: true });
    const down = rate.getByRole('button', { name: 'Not helpful' });
    expect([await up.getAttribute('aria-pressed'), await down.getAttribute('aria-pressed')]).toEqual(['false', 'false']);
    await down.click();
    await expect.poll(() => rate.locator('output').textContent()).toBe('Thanks for your feedback.');
    await up.click();
    await expect.poll(ratings).toEqual([['What do I need to install widgets?', 'up']]);
    expect([await up.getAttribute('aria-pressed'), await down.getAttribute('aria-pressed')]).toEqual(['true', 'false']);
    await up.click();
    await expect.poll(() => up.getAttribute('aria-pressed')).toBe('false');
    await expect.poll(ratings).toEqual([]);
    await down.click();
    await expect.poll(ratings).toEqual([['What do I need to install widgets?', 'down']]);
    await answer.screenshot({ path: path.join(shots, 'rated-light.png') });
    expect((await runAxe(page)).filter((f) => f.impact === 'serious' || f.impact === 'critical')).toEqual([]);

    await Promise.all([page.waitForURL(/\/guides\/install#requirements$/), answer.locator('.assistant-text a').click()]);
    await page.locator('h2#requirements').waitFor();
    await context.close();
  });

  it('looks right in dark mode and on a phone, and a mode: assistant page is the assistant', async () => {
    const dark = await browser.newContext({ viewport: { width: 1280, height: 820 }, colorScheme: 'dark' });
    const page = await dark.newPage();
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(site + '/guides/install');
    await page.locator('[data-assistant-open]').waitFor({ state: 'visible' });
    await page.locator('[data-assistant-open]').click();
    await page.locator('dialog.assistant-dialog[open] .assistant-input').fill('What do I need for a widgets install?');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.assistant-answer').last().getAttribute('aria-busy'), { timeout: 20_000 }).toBe('false');
    const helpful = page.locator('.assistant-answer').last().getByRole('button', { name: 'Helpful', exact: true });
    await helpful.click();
    await expect.poll(() => helpful.getAttribute('aria-pressed')).toBe('true');
    await page.screenshot({ path: path.join(shots, 'answer-dark.png') });
    expect((await runAxe(page)).filter((f) => f.impact === 'serious' || f.impact === 'critical')).toEqual([]);
    // Escape closes the dialog and gives focus back to the button.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => document.activeElement?.hasAttribute('data-assistant-open'))).toBe(true);
    await dark.close();

    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, colorScheme: 'light' });
    const mobile = await phone.newPage();
    await mobile.goto(site + '/?assistant');
    await mobile.locator('dialog.assistant-dialog[open]').waitFor();
    await mobile.locator('.assistant-starter').first().tap();
    await expect.poll(() => mobile.locator('.assistant-answer').last().getAttribute('aria-busy'), { timeout: 20_000 }).toBe('false');
    const box = await mobile.locator('dialog.assistant-dialog').boundingBox();
    expect(box?.width).toBe(390);
    expect(await mobile.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
    await mobile.screenshot({ path: path.join(shots, 'answer-phone.png') });

    await mobile.goto(site + '/ask');
    await mobile.locator('[data-assistant-page] .assistant-panel .assistant-input').waitFor();
    expect(await mobile.locator('[data-assistant-entry]').count()).toBe(0);
    await mobile.screenshot({ path: path.join(shots, 'page-phone.png') });
    await phone.close();
  });
});
