/**
 * The widgets in the page's language, in Chromium through `folio serve` with a stand-in model: on a
 * French page of a two-language site, the feedback widget, the code-snippet control, the Ask button
 * and the assistant panel (title, buttons, question box, intro, a rate-limit refusal) read French, from words the server
 * wrote into the page; the English page beside it keeps English. Screenshots under
 * test-artifacts/analytics/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createProject, openDatabase } from '../../src/db/index.js';
import { publishBuild, siteDirFor } from '../../src/hosting/index.js';
import { buildSite } from '../../src/site-build/index.js';
import { startChatStandIn, type ReceivedRequest } from '../agent/llm-stand-in.js';
import { startFolioServe, type ServeProcess } from '../hosting/serve-process.js';
import { hasChromium, launchChromium } from '../browser/chromium.js';

const shots = path.resolve('test-artifacts/analytics');

function writeDocs(root: string): void {
  fs.mkdirSync(path.join(root, 'fr'), { recursive: true });
  const navigation = { languages: [{ language: 'en', pages: ['index'] }, { language: 'fr', pages: ['fr/guide'] }] };
  fs.writeFileSync(path.join(root, 'docs.json'), JSON.stringify({ theme: 'mint', name: 'Acme', colors: { primary: '#0d6b4f' }, navigation, feedback: { codeSnippets: true } }));
  fs.writeFileSync(path.join(root, 'index.mdx'), '---\ntitle: Welcome\n---\n\nInstall Acme.\n\n```bash\nnpm i acme\n```\n');
  fs.writeFileSync(path.join(root, 'fr', 'guide.mdx'), "---\ntitle: Guide\n---\n\nInstallez Acme avec npm : le paquet acme contient tout.\n\n```bash\nnpm i acme\n```\n");
}

function model(request: ReceivedRequest) {
  const lastUser = request.messages.map((m) => m.role).lastIndexOf('user');
  const result = request.messages.slice(lastUser).find((m) => m.role === 'tool');
  if (!result) return { tools: [{ name: 'search', args: { query: 'acme' } }] };
  const url = /URL: (\/[^\s\\"]+)/.exec(JSON.stringify(result.content))?.[1] ?? '/fr/guide';
  return { text: `Lancez \`npm i acme\` ([Guide](${url})).` };
}

describe.skipIf(!hasChromium)('widget words in the page language', () => {
  let tmp: string;
  let server: ServeProcess;
  let browser: Browser;
  let llm: Awaited<ReturnType<typeof startChatStandIn>>;
  let site = '';

  beforeAll(async () => {
    llm = await startChatStandIn(model, 'test-key');
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-widget-lang-'));
    const dataDir = path.join(tmp, 'data');
    const docs = path.join(tmp, 'docs');
    writeDocs(docs);
    const db = await openDatabase({ dataDir });
    const project = await createProject(db, { name: 'Acme', repoUrl: 'https://github.com/acme/docs', branch: 'main' });
    await db.close();
    const siteDir = siteDirFor(dataDir, project.id, null)!;
    const out = path.join(siteDir, 'builds', 'b1');
    expect((await buildSite({ root: docs, outDir: out, cache: false, threads: 1, feedback: { repository: { url: 'https://github.com/acme/docs', branch: 'main' } } })).ok).toBe(true);
    await publishBuild(siteDir, out);
    server = await startFolioServe(dataDir, { FOLIO_LLM_BASE_URL: llm.baseUrl, FOLIO_LLM_API_KEY: 'test-key', FOLIO_ASSISTANT_MODEL: 'docs-model', FOLIO_ASSISTANT_PER_ADDRESS: '1' });
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

  it('draws the feedback widget, the code control and the assistant in French on a French page', async () => {
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    const page = await context.newPage();
    await page.goto(site + '/fr/guide');
    const box = page.locator('[data-folio-feedback]');
    await box.waitFor({ state: 'visible' });
    expect(await box.locator('h2').textContent()).toBe('Cette page vous a-t-elle été utile ?');
    expect(await box.getByRole('button').allTextContents()).toEqual(['Oui', 'Non']);
    expect(await box.getByRole('link').allTextContents()).toEqual(['Suggérer des modifications', 'Signaler un problème']);
    await box.getByRole('button', { name: 'Oui' }).click();
    await box.getByLabel('Dites-nous en plus (facultatif)').fill('Très clair.');
    await box.getByRole('button', { name: 'Envoyer votre avis' }).click();
    await expect.poll(() => box.locator(':scope > .feedback-thanks').textContent()).toBe('Merci pour votre avis.');
    await page.getByRole('button', { name: 'Un avis sur ce code' }).click();
    await page.getByLabel("Qu'est-ce qui pourrait être amélioré dans ce code ?").fill('Précisez la version de Node.');
    await page.locator('.code-feedback').getByRole('button', { name: 'Envoyer votre avis' }).click();
    await expect.poll(() => page.locator('.code-feedback .feedback-thanks').textContent()).toBe('Merci pour votre avis.');

    const ask = page.getByRole('button', { name: "Demander à l'IA" });
    await ask.waitFor({ state: 'visible' });
    await ask.click();
    const dialog = page.locator('dialog.assistant-dialog[open]');
    await dialog.waitFor();
    expect(await dialog.locator('#assistant-title').textContent()).toBe('Assistant');
    expect(await dialog.getByRole('button', { name: 'Nouvelle conversation' }).count()).toBe(1);
    expect(await dialog.getByRole('button', { name: "Fermer l'assistant" }).count()).toBe(1);
    const input = dialog.getByRole('textbox', { name: 'Poser une question' });
    expect(await input.getAttribute('placeholder')).toBe('Poser une question…');
    expect(await dialog.locator('.assistant-intro p').first().textContent()).toBe("Posez n'importe quelle question sur cette documentation. Les réponses renvoient aux pages dont elles viennent.");
    expect(await dialog.locator('.assistant-foot').textContent()).toContain('Les réponses viennent de cette documentation');
    await input.fill('Installer Acme avec npm ?');
    await input.press('Enter');
    await dialog.locator('.assistant-answer[aria-busy=false]').waitFor();
    // Asked from a French page, the search stays in the French pages: the answer cites the French guide.
    const answer = dialog.locator('.assistant-answer').last();
    expect(await answer.textContent()).toContain('npm i acme');
    expect(await answer.locator('a[href$="/fr/guide"]').count()).toBeGreaterThan(0);
    expect(await dialog.locator('.assistant-log').getAttribute('aria-label')).toBe('Conversation');
    // One question a minute per address (FOLIO_ASSISTANT_PER_ADDRESS=1): the second is refused, and the refusal reads French.
    await input.fill('Et sous Windows ?');
    await input.press('Enter');
    await expect.poll(() => dialog.locator('.assistant-error').last().textContent()).toBe('Trop de questions en peu de temps ; attendez une minute avant de reposer la vôtre.');
    await page.screenshot({ path: path.join(shots, 'widgets-fr.png') });
    await context.close();
  });

  it('keeps English on the English page of the same site', async () => {
    const page = await browser.newPage();
    await page.goto(site + '/');
    await page.locator('[data-folio-feedback]').waitFor({ state: 'visible' });
    expect(await page.locator('[data-folio-feedback] h2').textContent()).toBe('Was this page helpful?');
    expect(await page.getByRole('button', { name: 'Feedback on this code' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Ask AI' }).waitFor({ state: 'visible' });
    await page.close();
  });
});
