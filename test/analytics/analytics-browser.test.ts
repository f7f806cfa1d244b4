/**
 * Analytics end to end: a site built as `folio serve` hosts it, served by real `folio serve`
 * processes (two sharing PostgreSQL when TEST_DATABASE_URL is set, else one on PGlite), read in
 * Chromium: pages opened, a search and the result clicked, thumbs with and without a comment, the
 * page's Markdown, llms.txt and an MCP tool call. The analytics API then returns exactly those
 * counts, humans and agents apart, whichever server answered each request. The widget passes axe
 * and the contrast check in light and dark (screenshots under test-artifacts/analytics/).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { createApiKey, createProject, openDatabase } from '../../src/db/index.js';
import { startDevServer } from '../../src/dev/index.js';
import { publishBuild, siteDirFor } from '../../src/hosting/index.js';
import { buildSite } from '../../src/site-build/index.js';
import { measureControlContrast, runAxe } from '../../look/measure.js';
import { hasChromium, launchChromium } from '../browser/chromium.js';
import { createFreshPostgresDatabase } from '../db/helpers.js';
import { startFolioServe, type ServeProcess } from '../hosting/serve-process.js';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const shots = path.resolve('test-artifacts/analytics');

function writeDocs(root: string): void {
  fs.mkdirSync(path.join(root, 'guide'), { recursive: true });
  fs.writeFileSync(path.join(root, 'docs.json'), JSON.stringify({ theme: 'mint', name: 'Acme', colors: { primary: '#0d6b4f' }, navigation: { pages: ['index', 'guide/install'] }, feedback: { codeSnippets: true } }));
  fs.writeFileSync(path.join(root, 'index.mdx'), '---\ntitle: Welcome\n---\n\nAcme docs home. Read the guide.\n');
  fs.writeFileSync(path.join(root, 'guide', 'install.mdx'), '---\ntitle: Install\n---\n\nTo install Acme, run the installer. None of its flags are required.\n\n```bash\nnpm i acme\n```\n\n<CodeGroup>\n\n```js index.js\nrequire(\'acme\').start();\n```\n\n```python main.py\nimport acme\nacme.start()\n```\n\n</CodeGroup>\n');
}

describe.skipIf(!hasChromium)('analytics through folio serve in chromium', () => {
  const shared = Boolean(process.env.TEST_DATABASE_URL);
  let tmp: string;
  let servers: ServeProcess[] = [];
  let browser: Browser;
  let context: BrowserContext;
  let projectId: string;
  let key: string;
  let drop: (() => Promise<void>) | undefined;
  const site = (i: number) => `http://${projectId}.localhost:${new URL(servers[i % servers.length]!.url).port}`;
  /** A request to a site over loopback with its Host (Node's resolver knows no `*.localhost`); resolves to the status. */
  const agent = (i: number, pathname: string, headers: Record<string, string> = {}, body?: string) =>
    new Promise<number>((resolve, reject) => {
      const host = new URL(site(i)).host;
      const req = http.request({ host: '127.0.0.1', port: Number(host.split(':')[1]), path: pathname, method: body ? 'POST' : 'GET', headers: { Host: host, ...headers } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end(body);
    });
  const api = async (route: string) => {
    const res = await fetch(`${servers.at(-1)!.url}/v1/analytics/${projectId}${route}`, { headers: { Authorization: `Bearer ${key}` } });
    expect(res.status).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-analytics-e2e-'));
    const dataDir = path.join(tmp, 'data');
    const docs = path.join(tmp, 'docs');
    writeDocs(docs);
    let databaseUrl: string | undefined;
    if (shared) {
      const fresh = await createFreshPostgresDatabase();
      databaseUrl = fresh.url;
      drop = fresh.drop;
    }
    const db = await openDatabase({ dataDir, databaseUrl });
    const project = await createProject(db, { name: 'Acme', repoUrl: 'https://github.com/acme/docs', branch: 'main' });
    projectId = project.id;
    key = (await createApiKey(db, { projectIds: [project.id] })).key;
    await db.close();
    const siteDir = siteDirFor(dataDir, projectId, null)!;
    const out = path.join(siteDir, 'builds', 'b1');
    const built = await buildSite({ root: docs, outDir: out, cache: false, feedback: { repository: { url: 'https://github.com/acme/docs', branch: 'main' } } });
    expect(built.ok).toBe(true);
    await publishBuild(siteDir, out);
    const env = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
    servers = [await startFolioServe(dataDir, env)];
    if (shared) servers.push(await startFolioServe(dataDir, env));
    browser = await launchChromium();
    context = await browser.newContext({ userAgent: CHROME });
    fs.mkdirSync(shots, { recursive: true });
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    for (const s of servers) s.child.kill('SIGTERM');
    await Promise.all(servers.map((s) => new Promise((r) => (s.child.exitCode !== null ? r(null) : s.child.once('exit', r)))));
    await drop?.();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('counts what readers and agents did, exactly, across servers', async () => {
    const page = await context.newPage();
    // Server A: the home page, a search, the result clicked, then a thumbs down with a comment.
    await page.goto(site(0) + '/');
    await page.locator('[data-folio-feedback]').waitFor({ state: 'visible' });
    await page.keyboard.press('Control+k');
    await page.locator('.search-dialog input').fill('install');
    const result = page.locator('[data-search-results] [role=option]').first();
    await result.waitFor();
    await Promise.all([page.waitForURL(/\/guide\/install/), result.click()]);
    await page.locator('[data-folio-feedback]').waitFor({ state: 'visible' });
    await page.getByRole('button', { name: 'No' }).click();
    await page.getByLabel('Tell us more (optional)').fill('Step 2 fails on Windows.');
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await expect.poll(() => page.locator('[data-folio-feedback] > .feedback-thanks').textContent()).toBe('Thank you for your feedback.');
    // The other server (the same one without PostgreSQL): a thumbs up and nothing more; leaving the page sends it.
    await page.goto(site(1) + '/');
    await page.locator('[data-folio-feedback]').waitFor({ state: 'visible' });
    await page.getByRole('button', { name: 'Yes' }).click();
    await page.goto(site(1) + '/guide/install');
    await page.close();

    // Agents: the page's Markdown by name and by Accept, llms.txt and an MCP get_page call.
    expect(await agent(0, '/guide/install.md', { 'User-Agent': 'claude-code/1.0' })).toBe(200);
    expect(await agent(1, '/', { Accept: 'text/markdown' })).toBe(200);
    expect(await agent(0, '/llms.txt')).toBe(200);
    const call = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_page', arguments: { page: '/guide/install' } } });
    expect(await agent(1, '/mcp', { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }, call)).toBe(200);

    // Each server writes its queue every 250 ms.
    await expect.poll(async () => (await api('/views')).totals.total, { timeout: 10_000 }).toBe(8);
    expect(await api('/views')).toEqual({
      totals: { human: 4, ai: 4, total: 8 },
      views: [
        { path: '/guide/install', human: 2, ai: 2, total: 4 },
        { path: '/', human: 2, ai: 1, total: 3 },
        { path: '/llms.txt', human: 0, ai: 1, total: 1 },
      ],
      hasMore: false,
    });
    const visitors = await api('/visitors');
    expect(visitors.totals.human).toBe(1);
    const searches = await api('/searches');
    expect(searches.totalSearches).toBe(1);
    expect(searches.searches).toEqual([expect.objectContaining({ searchQuery: 'install', hits: 1, ctr: 1, topClickedPage: '/guide/install', noResults: 0 })]);
    await expect.poll(async () => (await api('/feedback')).feedback.length, { timeout: 10_000 }).toBe(2);
    const feedback = (await api('/feedback')).feedback as { path: string; source: string; helpful: boolean; comment: string | null }[];
    expect(feedback.map((f) => [f.path, f.source, f.helpful, f.comment])).toEqual([
      ['/', 'thumbs_only', true, null],
      ['/guide/install', 'contextual', false, 'Step 2 fails on Windows.'],
    ]);
    expect((await api('/feedback/by-page')).feedback).toEqual([
      { path: '/', thumbsUp: 1, thumbsDown: 0, code: 0, total: 1 },
      { path: '/guide/install', thumbsUp: 0, thumbsDown: 1, code: 0, total: 1 },
    ]);

    // An agent reports a problem through the site's MCP server: stored as unhelpful feedback from an agent.
    const report = (page: string) =>
      agent(0, '/mcp', { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }, JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'submit_feedback', arguments: { page, problem: 'The install command is for an old version.' } } }));
    expect(await report('https://docs.example/guide/install')).toBe(200);
    expect(await report('/no-such-page')).toBe(200);
    await expect.poll(async () => (await api('/feedback?source=agent')).feedback.length, { timeout: 10_000 }).toBe(1);
    expect((await api('/feedback?source=agent')).feedback[0]).toMatchObject({ path: '/guide/install', source: 'agent', helpful: false, comment: 'The install command is for an old version.', status: 'pending' });
  });

  it('counts a search once the reader stops typing, picks a result or leaves, never per keystroke; a nonsense query found nothing', async () => {
    const page = await context.newPage();
    const input = page.locator('.search-dialog input');
    const status = page.locator('.search-status');
    await page.goto(site(0) + '/');
    await page.locator('[data-folio-feedback]').waitFor({ state: 'visible' });
    await page.keyboard.press('Control+k');
    await input.waitFor();
    // Typed as a reader types, with a pause mid-word shorter than a second. Pagefind finds "None"
    // for "nonexistent" (the longest prefix it has): below the relevance threshold, so no result.
    await input.pressSequentially('zzq', { delay: 120 });
    await page.waitForTimeout(700);
    await input.pressSequentially('xv nonex', { delay: 120 });
    await page.waitForTimeout(600);
    await input.pressSequentially('istent', { delay: 120 });
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toBe('No results');
    expect(await page.locator('[data-search-results] [role=option]').count()).toBe(0);
    await page.waitForTimeout(1200);
    await page.keyboard.press('Escape');
    // Again: the reader stops at "instal" (results on show), then goes on to "installer" and picks its result.
    await page.keyboard.press('Control+k');
    await input.pressSequentially('instal', { delay: 120 });
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toMatch(/^Results: \d/);
    await page.waitForTimeout(1500);
    await input.pressSequentially('ler', { delay: 120 });
    await expect.poll(() => input.inputValue()).toBe('installer');
    await page.waitForTimeout(400);
    await Promise.all([page.waitForURL(/\/guide\/install/), page.keyboard.press('Enter')]);
    // On the next page: "welcome" stopped at, cleared, "guide" typed; then the reader leaves the page.
    await page.locator('[data-folio-feedback]').waitFor({ state: 'visible' });
    await page.keyboard.press('Control+k');
    await input.pressSequentially('welcome', { delay: 100 });
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toMatch(/^Results: \d/);
    await page.waitForTimeout(1500);
    await input.press('Control+a');
    await input.press('Backspace');
    await input.pressSequentially('guide', { delay: 100 });
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toMatch(/^Results: \d/);
    await page.goto(site(0) + '/');
    await page.close();

    const asked = ['zzqxv nonexistent', 'installer', 'welcome', 'guide'];
    await expect.poll(async () => ((await api('/searches')).searches as { searchQuery: string }[]).filter((q) => asked.includes(q.searchQuery)).length, { timeout: 10_000 }).toBe(4);
    const searches = (await api('/searches')).searches as { searchQuery: string; hits: number; ctr: number; topClickedPage: string | null; noResults: number }[];
    // Exactly these, each once (and the first test's "install"): no keystroke, no query the reader extended.
    expect(searches.map((q) => [q.searchQuery, q.hits, q.noResults, q.topClickedPage]).sort()).toEqual([
      ['guide', 1, 0, null],
      ['install', 1, 0, '/guide/install'],
      ['installer', 1, 0, '/guide/install'],
      ['welcome', 1, 0, null],
      ['zzqxv nonexistent', 1, 1, null],
    ]);
  });

  it('offers preset reasons after a thumb, usable by keyboard and on a phone, and stores the one picked', async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(site(0) + '/guide/install');
    await page.locator('[data-folio-feedback]').waitFor({ state: 'visible' });
    // Keyboard only: "No", then the reasons' group has the focus; arrows pick, Tab goes on to the comment.
    await page.getByRole('button', { name: 'No' }).focus();
    await page.keyboard.press('Enter');
    const down = page.getByRole('group', { name: 'What went wrong?' });
    expect(await down.getByRole('radio').evaluateAll((radios) => radios.map((r) => (r.parentElement as HTMLElement).innerText.trim()))).toEqual(['Inaccurate', "Couldn't find what I was looking for", 'Out of date', 'Hard to understand', 'Other']);
    expect(await page.getByRole('group', { name: 'What did you like?' }).isHidden()).toBe(true);
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe('inaccurate');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await down.getByRole('radio', { name: 'Out of date' }).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.type('The flags changed in 2.0.');
    await page.locator('[data-folio-feedback]').screenshot({ path: path.join(shots, 'widget-reasons-phone-dark.png') });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await measureControlContrast(page, ['.feedback'])).toEqual([]);
    expect((await runAxe(page)).filter((f) => !f.inContent)).toEqual([]);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('[data-folio-feedback] > .feedback-thanks').textContent()).toBe('Thank you for your feedback.');
    // A thumbs up with a reason and no comment, sent when the reader leaves.
    await page.goto(site(0) + '/');
    await page.getByRole('button', { name: 'Yes' }).click();
    await page.getByRole('radio', { name: 'Solved my problem' }).check();
    await page.goto(site(0) + '/guide/install');
    await page.close();

    await expect.poll(async () => ((await api('/feedback')).feedback as { reason?: string | null }[]).filter((f) => f.reason).length, { timeout: 10_000 }).toBe(2);
    const given = ((await api('/feedback')).feedback as { path: string; helpful: boolean; reason?: string | null; comment: string | null; source: string }[]).filter((f) => f.reason);
    expect(given.map((f) => [f.path, f.source, f.helpful, f.reason, f.comment])).toEqual([
      ['/', 'contextual', true, 'solved_problem', null],
      ['/guide/install', 'contextual', false, 'out_of_date', 'The flags changed in 2.0.'],
    ]);
  });

  it('takes feedback on a code block (docs.json feedback.codeSnippets) and returns it with the block', async () => {
    const page = await context.newPage();
    await page.goto(site(0) + '/guide/install');
    await page.locator('[data-folio-feedback]').waitFor({ state: 'visible' });
    // One control under the plain block and one under the code group, none on the home page (no code there).
    const controls = page.getByRole('button', { name: 'Feedback on this code' });
    await expect.poll(() => controls.count()).toBe(2);
    await controls.first().click();
    await page.locator('.code-feedback').first().getByLabel('What about this code could be better?').fill('Say which Node version this needs.');
    await page.locator('.code-feedback').first().getByRole('button', { name: 'Send feedback' }).click();
    await expect.poll(() => page.locator('.code-feedback .feedback-thanks').first().textContent()).toBe('Thank you for your feedback.');
    // In the group, the tab on show is the block the comment is about.
    await page.getByRole('tab', { name: 'main.py' }).click();
    await controls.last().click();
    await page.locator('.code-feedback').last().locator('textarea').fill('acme.start() takes a port.');
    await page.locator('.code-feedback').last().getByRole('button', { name: 'Send feedback' }).click();
    await page.close();

    await expect.poll(async () => (await api('/feedback?source=code_snippet')).feedback.length, { timeout: 10_000 }).toBe(2);
    const entries = (await api('/feedback?source=code_snippet')).feedback as Record<string, unknown>[];
    expect(entries.map((f) => ({ ...f, code: String(f.code).trim(), id: typeof f.id, createdAt: typeof f.createdAt }))).toEqual([
      { id: 'string', createdAt: 'string', path: '/guide/install', source: 'code_snippet', status: 'pending', comment: 'acme.start() takes a port.', code: 'import acme\nacme.start()', filename: 'main.py', lang: 'python' },
      { id: 'string', createdAt: 'string', path: '/guide/install', source: 'code_snippet', status: 'pending', comment: 'Say which Node version this needs.', code: 'npm i acme', filename: null, lang: 'bash' },
    ]);
    expect((await api('/feedback/by-page')).feedback).toContainEqual(expect.objectContaining({ path: '/guide/install', code: 2 }));
  });

  it('draws the widget with its edit and issue links, readable in light and dark', async () => {
    for (const scheme of ['light', 'dark'] as const) {
      const page = await context.newPage();
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(site(0) + '/guide/install');
      const box = page.locator('[data-folio-feedback]');
      await box.waitFor({ state: 'visible' });
      expect(await page.getByRole('link', { name: 'Suggest edits' }).getAttribute('href')).toBe('https://github.com/acme/docs/edit/main/guide/install.mdx');
      expect(await page.getByRole('link', { name: 'Raise issue' }).getAttribute('href')).toMatch(/^https:\/\/github\.com\/acme\/docs\/issues\/new\?title=/);
      await page.getByRole('button', { name: 'Yes' }).click();
      expect(await page.getByRole('button', { name: 'Yes' }).getAttribute('aria-pressed')).toBe('true');
      await box.scrollIntoViewIfNeeded();
      await box.screenshot({ path: path.join(shots, `widget-${scheme}.png`) });
      const code = page.locator('.folio-code').first();
      await code.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(shots, `code-feedback-closed-${scheme}.png`), clip: { ...(await code.boundingBox())!, height: 120 } });
      await page.getByRole('button', { name: 'Feedback on this code' }).first().click();
      await page.screenshot({ path: path.join(shots, `code-feedback-${scheme}.png`), clip: { ...(await code.boundingBox())!, height: 260 } });
      expect(await measureControlContrast(page, ['.code-feedback'])).toEqual([]);
      expect(await measureControlContrast(page, ['.feedback'])).toEqual([]);
      expect((await runAxe(page)).filter((f) => !f.inContent)).toEqual([]);
      await page.close();
    }
  });

  it('sends nothing under Do-Not-Track: the widget stays hidden', async () => {
    const page = await context.newPage();
    await page.addInitScript(() => Object.defineProperty(navigator, 'doNotTrack', { get: () => '1' }));
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && posts.push(r.url()));
    await page.goto(site(0) + '/');
    await page.waitForLoadState('load');
    await page.waitForFunction(() => document.querySelector('script[src*="__folio/beacon.js"]') !== null);
    await page.waitForTimeout(300);
    expect(await page.locator('[data-folio-feedback]').isHidden()).toBe(true);
    await page.goto(site(0) + '/guide/install');
    await page.waitForFunction(() => document.querySelector('script[src*="__folio/beacon.js"]') !== null);
    await page.waitForTimeout(300);
    expect(await page.locator('.code-feedback').count()).toBe(0);
    await page.close();
    expect(posts).toEqual([]);
  });

  it('folio dev shows the widget and sends nothing', async () => {
    const dev = await startDevServer({ root: path.join(tmp, 'docs'), port: 0 });
    const page = await context.newPage();
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && posts.push(r.url()));
    try {
      await page.goto(dev.url + '/guide/install');
      await page.locator('[data-folio-feedback]').waitFor({ state: 'visible' });
      await page.getByRole('button', { name: 'No' }).click();
      await page.getByLabel('Tell us more (optional)').fill('Only a preview.');
      await page.getByRole('button', { name: 'Send feedback' }).click();
      await expect.poll(() => page.locator('[data-folio-feedback] > .feedback-thanks').textContent()).toBe('Thank you for your feedback.');
      await page.goto(dev.url + '/');
      await page.waitForTimeout(300);
      expect(posts).toEqual([]);
    } finally {
      await page.close();
      await dev.close();
    }
  });
});
