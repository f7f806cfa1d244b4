/**
 * The embeddable assistant (`<script src=".../__folio/widget.js" data-assistant-key=...>`) on pages of
 * OTHER origins than the Folio server, in Chromium: a folio serve process with a stand-in model, an
 * assistant key that allows one host page's origin. From that origin the launcher opens the panel
 * (keyboard: focus in the question box, Escape closes and gives focus back), the answer streams with
 * its citation as a link to the docs site, and the host page's hostile CSS does not reach inside.
 * From an origin the key does not allow, the widget says so and the model is never asked; the
 * message route's preflight from there gets 403 without CORS headers. Screenshots at 1440x900 and
 * 390x844 (and dark) under test-artifacts/widget/.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createAssistantKey, createProject, openDatabase } from '../../src/db/index.js';
import { publishBuild, siteDirFor } from '../../src/hosting/index.js';
import { buildSite } from '../../src/site-build/index.js';
import { startChatStandIn, type ReceivedRequest } from '../agent/llm-stand-in.js';
import { startFolioServe, type ServeProcess } from '../hosting/serve-process.js';
import { hasChromium, launchChromium } from './chromium.js';

const shots = path.resolve('test-artifacts/widget');

function writeDocs(root: string): void {
  fs.mkdirSync(path.join(root, 'guides'), { recursive: true });
  fs.writeFileSync(path.join(root, 'docs.json'), JSON.stringify({ theme: 'mint', name: 'Widgets', colors: { primary: '#16a34a' }, assistant: { starterQuestions: ['How do I install widgets?'] }, navigation: { pages: ['index', 'guides/install'] } }));
  fs.writeFileSync(path.join(root, 'index.mdx'), '---\ntitle: Welcome\n---\nWidgets for everyone.\n');
  fs.writeFileSync(path.join(root, 'guides', 'install.mdx'), '---\ntitle: Install widgets\n---\nIntro.\n\n## Requirements\n\nYou need a sprocket wrench to install widgets.\n\n## Upgrade\n\nRun the upgrade command.\n');
}

function model(request: ReceivedRequest) {
  const lastUser = request.messages.map((m) => m.role).lastIndexOf('user');
  const result = request.messages.slice(lastUser).find((m) => m.role === 'tool');
  if (!result) return { tools: [{ name: 'search', args: { query: 'sprocket wrench install' } }] };
  const url = /URL: (\/[^\s\\"]+)/.exec(JSON.stringify(result.content))?.[1] ?? '/nowhere';
  return { text: `To install widgets you need a **sprocket wrench** ([Requirements](${url})). Then run:\n\n\`\`\`bash\nwidgets install --all\n\`\`\`` };
}

/** The team's own app: a page with rules that would wreck an unshielded widget, and the one script tag. */
const hostPage = (script: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Acme app</title>
<style>body{margin:0;font:16px Georgia,serif;background:#f4efe6;color:#222}header{padding:18px 32px;background:#3b2f2f;color:#fff;font-size:20px}main{padding:32px;max-width:720px}
button{background:#ff00aa !important;font-size:40px !important;border:6px dashed lime !important}p,section,div{letter-spacing:3px}</style></head>
<body><header>Acme Dashboard</header><main><h1>Your widgets</h1><p>Three widgets are running. Need help? Ask the docs.</p></main>
${script}</body></html>`;

/** A local server for the host page, on a port of its own (so an origin of its own); the page is set once the script tag is known. */
function serveHost(): Promise<{ origin: string; page: { html: string }; close: () => Promise<void> }> {
  const page = { html: '' };
  const server = http.createServer((_, res) => res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page.html));
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, page, close: () => new Promise((r) => server.close(() => r())) })),
  );
}

describe.skipIf(!hasChromium)('embedded assistant widget on other origins', () => {
  let tmp: string;
  let server: ServeProcess;
  let browser: Browser;
  let llm: Awaited<ReturnType<typeof startChatStandIn>>;
  let allowedHost: Awaited<ReturnType<typeof serveHost>>;
  let refusedHost: Awaited<ReturnType<typeof serveHost>>;
  let site = '';

  beforeAll(async () => {
    llm = await startChatStandIn(model, 'test-key', { chunkDelayMs: 25 });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-widget-embed-'));
    const dataDir = path.join(tmp, 'data');
    const docs = path.join(tmp, 'docs');
    writeDocs(docs);
    // The host pages' servers first: the key names the allowed one's origin.
    allowedHost = await serveHost();
    refusedHost = await serveHost();
    const db = await openDatabase({ dataDir });
    const project = await createProject(db, { name: 'Widgets', repoUrl: 'https://github.com/acme/widgets', branch: 'main' });
    const { key } = await createAssistantKey(db, { projectId: project.id, name: 'app', allowedOrigins: [allowedHost.origin] });
    await db.close();
    const siteDir = siteDirFor(dataDir, project.id, null)!;
    const out = path.join(siteDir, 'builds', 'b1');
    expect((await buildSite({ root: docs, outDir: out, cache: false, threads: 1 })).ok).toBe(true);
    await publishBuild(siteDir, out);
    server = await startFolioServe(dataDir, { FOLIO_LLM_BASE_URL: llm.baseUrl, FOLIO_LLM_API_KEY: 'test-key', FOLIO_ASSISTANT_MODEL: 'docs-model' });
    site = `http://${project.id}.localhost:${new URL(server.url).port}`;
    const tag = `<script src="${server.url}/__folio/widget.js" data-assistant-key="${key}" data-site="${site}" async></script>`;
    // Both pages are the same; only their origin differs.
    allowedHost.page.html = refusedHost.page.html = hostPage(tag);
    browser = await launchChromium();
    fs.mkdirSync(shots, { recursive: true });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    server?.child.kill('SIGTERM');
    if (server && server.child.exitCode === null) await new Promise((r) => server.child.once('exit', r));
    await llm?.close();
    await allowedHost?.close().catch(() => {});
    await refusedHost?.close().catch(() => {});
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  const launcher = (page: Page) => page.locator('[data-folio-widget]').getByRole('button', { name: 'Ask the docs' });

  it('answers a page of an allowed origin with citations linking to the docs site, shielded from its CSS and by keyboard', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, colorScheme: 'light' });
    const page = await context.newPage();
    await page.goto(allowedHost.origin + '/');
    await launcher(page).waitFor();
    // The host's `button{font-size:40px !important}` does not reach into the shadow root.
    expect(await launcher(page).evaluate((b) => getComputedStyle(b).fontSize)).toBe('15px');
    expect(await launcher(page).evaluate((b) => getComputedStyle(b).letterSpacing)).toBe('normal');
    await page.screenshot({ path: path.join(shots, 'launcher-1440.png') });

    await launcher(page).focus();
    await page.keyboard.press('Enter');
    const panel = page.locator('[data-folio-widget] [role=dialog]');
    await panel.waitFor();
    expect(await page.evaluate(() => document.querySelector('[data-folio-widget]')!.shadowRoot!.activeElement?.getAttribute('aria-label'))).toBe('Ask a question');
    await panel.getByRole('button', { name: 'How do I install widgets?' }).waitFor();

    const asked = llm.received.length;
    await page.keyboard.type('What do I need to install widgets?');
    await page.keyboard.press('Enter');
    const answer = panel.locator('.answer').last();
    await answer.locator('strong').waitFor();
    await expect.poll(() => answer.getAttribute('aria-busy'), { timeout: 30_000 }).toBe('false');
    expect(await answer.innerText()).toContain('sprocket wrench');
    expect(llm.received.length).toBeGreaterThan(asked);
    // Citations are links to the docs site (not to the host page's origin), in a new tab.
    const source = answer.locator('.sources a');
    expect(await source.allInnerTexts()).toEqual(['Install widgets: Requirements']);
    expect(await source.getAttribute('href')).toBe(`${site}/guides/install#requirements`);
    expect(await source.getAttribute('target')).toBe('_blank');
    expect(await answer.locator('p a').first().getAttribute('href')).toBe(`${site}/guides/install#requirements`);
    expect(await answer.locator('.assistant-code code').innerText()).toBe('widgets install --all');
    await page.screenshot({ path: path.join(shots, 'answer-1440.png') });

    // The cited page is the docs site's section.
    const cited = await context.newPage();
    await cited.goto((await source.getAttribute('href'))!);
    await cited.locator('#requirements').waitFor();
    await cited.close();

    // Escape closes the panel and gives focus back to the launcher.
    await page.locator('[data-folio-widget] textarea').focus();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.querySelector('[data-folio-widget]')!.shadowRoot!.activeElement?.className)).toBe('launch');
    await context.close();
  });

  it('fits a phone (390x844) and follows the host system dark mode', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: 'dark', isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(allowedHost.origin + '/');
    await launcher(page).click();
    const panel = page.locator('[data-folio-widget] [role=dialog]');
    await panel.getByRole('button', { name: 'How do I install widgets?' }).click();
    const answer = panel.locator('.answer').last();
    await expect.poll(() => answer.getAttribute('aria-busy'), { timeout: 30_000 }).toBe('false');
    expect(await answer.locator('.sources a').count()).toBe(1);
    const box = (await panel.boundingBox())!;
    expect(box.width).toBe(390);
    expect(box.height).toBe(844);
    // Dark: the panel's background is the dark one.
    expect(await panel.evaluate((p) => getComputedStyle(p).backgroundColor)).toBe('rgb(17, 24, 39)');
    await page.screenshot({ path: path.join(shots, 'answer-390-dark.png') });
    await context.close();
  });

  it('refuses a page of an origin the key does not allow, with a clear message, and never asks the model', async () => {
    const before = llm.received.length;
    for (const viewport of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
      const context = await browser.newContext({ viewport, colorScheme: 'light' });
      const page = await context.newPage();
      await page.goto(refusedHost.origin + '/');
      await launcher(page).click();
      const panel = page.locator('[data-folio-widget] [role=dialog]');
      const error = panel.locator('.error');
      await error.waitFor();
      expect(await error.innerText()).toContain(`not enabled on this site (${refusedHost.origin})`);
      // Asking anyway: the same message, no answer.
      await page.locator('[data-folio-widget] textarea').fill('What do I need to install widgets?');
      await page.keyboard.press('Enter');
      await expect.poll(() => panel.locator('.answer .error').count()).toBe(1);
      await page.screenshot({ path: path.join(shots, `refused-${viewport.width}.png`) });
      await context.close();
    }
    expect(llm.received.length).toBe(before);
    // The message route's preflight: 403 and no CORS headers for the refused origin; 204 with them for the allowed one.
    const domain = new URL(site).host;
    const preflight = (origin: string) => fetch(`${server.url}/v2/assistant/${domain}/message`, { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type,x-folio-page-token' } });
    const refused = await preflight(refusedHost.origin);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    expect(await refused.json()).toMatchObject({ code: 'ASSISTANT_ORIGIN_REFUSED' });
    const allowed = await preflight(allowedHost.origin);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(allowedHost.origin);
  });
});
