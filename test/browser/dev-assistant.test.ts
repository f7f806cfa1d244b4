/**
 * The assistant widget on `folio dev` in Chromium, two `folio dev` processes on one repository: one
 * started with a model (a local stand-in speaking streamed chat completions), one without. With the
 * model the Ask button shows, Ctrl+I opens the panel, an answer streams in and cites the page's
 * section; after the page is edited (the browser reloads itself) the next answer quotes the new
 * text. Without a model the button stays hidden. Screenshots under test-artifacts/assistant/.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchThenQuote, startChatStandIn, type ReceivedRequest } from '../agent/llm-stand-in.js';
import { hasChromium, launchChromium } from './chromium.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const shots = path.resolve('test-artifacts/assistant');
const INSTALL = '---\ntitle: Install widgets\n---\nIntro.\n\n## Requirements\n\nYou need a sprocket wrench to install widgets.\n';

/** The stand-in model: searches for the question, then answers with the first section found, quoted and cited. */
const model = (request: ReceivedRequest) => searchThenQuote(request, (text) => `**${text}**`);

interface DevProcess {
  url: string;
  child: ChildProcess;
  stderr(): string;
}

/** `folio dev --port 0 <docs>` from the sources, with `env` added; resolves with the URL it prints. */
async function startFolioDev(docs: string, env: NodeJS.ProcessEnv): Promise<DevProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'dev', '--port', '0', docs], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr!.on('data', (d) => {
      err += d;
      const match = /folio dev: serving .* at (http:\/\/\S+)/.exec(err);
      if (match && /folio dev: (the assistant answers|no model)/.test(err)) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`folio dev exited with ${code}: ${err}`)));
  });
  return { url, child, stderr: () => err };
}

describe.skipIf(!hasChromium)('the assistant widget on folio dev', () => {
  let tmp: string;
  let docs: string;
  let llm: Awaited<ReturnType<typeof startChatStandIn>>;
  let withModel: DevProcess;
  let without: DevProcess;
  let browser: Browser;

  beforeAll(async () => {
    llm = await startChatStandIn(model, 'test-key', { chunkDelayMs: 20 });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-dev-assistant-browser-'));
    docs = path.join(tmp, 'docs');
    fs.mkdirSync(path.join(docs, 'guides'), { recursive: true });
    fs.writeFileSync(path.join(docs, 'docs.json'), JSON.stringify({ theme: 'mint', name: 'Widgets', colors: { primary: '#16a34a' }, assistant: { starterQuestions: ['How do I install widgets?'] }, navigation: { pages: ['index', 'guides/install'] } }));
    fs.writeFileSync(path.join(docs, 'index.mdx'), '---\ntitle: Welcome\n---\nWidgets for everyone.\n');
    fs.writeFileSync(path.join(docs, 'guides', 'install.mdx'), INSTALL);
    const noModel = { FOLIO_LLM_BASE_URL: '', FOLIO_LLM_API_KEY: '', ANTHROPIC_API_KEY: '', FOLIO_ASSISTANT_MODEL: '', FOLIO_LLM_MODELS: '' };
    [withModel, without, browser] = await Promise.all([
      startFolioDev(docs, { ...noModel, FOLIO_LLM_BASE_URL: llm.baseUrl, FOLIO_LLM_API_KEY: 'test-key', FOLIO_ASSISTANT_MODEL: 'docs-model' }),
      startFolioDev(docs, noModel),
      launchChromium(),
    ]);
    fs.mkdirSync(shots, { recursive: true });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    for (const p of [withModel, without]) p?.child.kill('SIGTERM');
    await Promise.all([withModel, without].map((p) => p && new Promise((r) => (p.child.exitCode !== null ? r(null) : p.child.once('exit', r)))));
    await llm?.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** Ask in the open panel; resolves with the finished answer's text and its first link. */
  async function askInPanel(page: Page, question: string): Promise<{ text: string; href: string | null }> {
    const dialog = page.locator('dialog.assistant-dialog[open]');
    await dialog.locator('.assistant-input').fill(question);
    await page.keyboard.press('Enter');
    const answer = dialog.locator('.assistant-answer').last();
    await expect.poll(() => answer.getAttribute('aria-busy'), { timeout: 30_000 }).toBe('false');
    return { text: await answer.locator('.assistant-text').innerText(), href: await answer.locator('.assistant-text a').first().getAttribute('href') };
  }

  it('says in the terminal which model answers, or that none does', () => {
    expect(withModel.stderr()).toContain(`folio dev: the assistant answers with docs-model at ${llm.baseUrl}`);
    expect(without.stderr()).toContain('folio dev: no model for the assistant');
  });

  it('with a model: the Ask button shows, Ctrl+I opens the panel, the answer streams in and cites the section; an edit is found', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(withModel.url + '/guides/install');
    const ask = page.locator('[data-assistant-open]').first();
    await ask.waitFor({ state: 'visible', timeout: 20_000 });
    await page.keyboard.press('Control+i');
    const dialog = page.locator('dialog.assistant-dialog[open]');
    await dialog.waitFor();
    expect(await dialog.locator('.assistant-starter').first().innerText()).toBe('How do I install widgets?');
    const input = dialog.locator('.assistant-input');
    await input.fill('What do I need to install widgets?');
    await page.keyboard.press('Enter');
    const answer = dialog.locator('.assistant-answer').last();
    // Mid-stream: the answer is busy and part of it is drawn.
    await expect.poll(() => answer.locator('.assistant-text').innerText(), { timeout: 20_000 }).toContain('The docs');
    expect(await answer.getAttribute('aria-busy')).toBe('true');
    await expect.poll(() => answer.getAttribute('aria-busy'), { timeout: 30_000 }).toBe('false');
    expect(await answer.locator('.assistant-text').innerText()).toContain('You need a sprocket wrench to install widgets.');
    expect(await answer.locator('.assistant-text a').first().getAttribute('href')).toBe('/guides/install#requirements');
    expect(await answer.locator('.assistant-sources a').first().getAttribute('href')).toBe('/guides/install#requirements');
    await page.screenshot({ path: path.join(shots, 'dev-answer.png') });

    // The writer edits the page: the dev server reloads the browser, and the assistant finds the new text.
    const reloaded = page.waitForEvent('load');
    fs.writeFileSync(path.join(docs, 'guides', 'install.mdx'), INSTALL + '\n## Calibrate\n\nAlign the quokka gauge with the flux mark before first use.\n');
    await reloaded;
    await ask.waitFor({ state: 'visible', timeout: 20_000 });
    await ask.click();
    const edited = await askInPanel(page, 'How do I calibrate the quokka gauge?');
    expect(edited.text).toContain('Align the quokka gauge with the flux mark before first use.');
    expect(edited.href).toBe('/guides/install#calibrate');
    await page.screenshot({ path: path.join(shots, 'dev-answer-after-edit.png') });
    await page.close();
  }, 90_000);

  it('without a model: the Ask button stays hidden, search is still there', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const config = page.waitForResponse((r) => r.url().endsWith('/__folio/assistant/config'));
    await page.goto(without.url + '/guides/install');
    expect(await (await config).json()).toEqual({ enabled: false });
    // Give the loader a moment after its answer: nothing shows.
    await page.waitForTimeout(300);
    expect(await page.locator('[data-assistant-open]').count()).toBeGreaterThan(0);
    for (const button of await page.locator('[data-assistant-open]').all()) expect(await button.isHidden()).toBe(true);
    await page.keyboard.press('Control+i');
    expect(await page.locator('dialog.assistant-dialog[open]').count()).toBe(0);
    await page.screenshot({ path: path.join(shots, 'dev-no-model.png') });
    await page.close();
  }, 60_000);
});
