/**
 * The API playground in chromium, against a real local API that sends no CORS headers (unless a
 * test allows an origin): on a `folio dev` page the reader opens the request panel, fills a bearer
 * token, a path and a query parameter and a JSON body, the request goes through
 * `POST /__folio/api-proxy` (loopback allowed explicitly for this test; the proxy refuses it by
 * default) and the API's answer is drawn. Required fields are checked before anything is sent;
 * the panel is a modal dialog (Escape, focus kept inside and given back). The built site on a
 * static host (no proxy: 404, or a catch-all 200 HTML page) sends from the browser and explains
 * CORS when the API refuses. Without JavaScript the page still shows every parameter and the
 * examples. Screenshots in test-artifacts/playground/.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readdir, readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import { createServer, type Server } from 'node:http';
import { createAdaptorServer } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../src/dev/index.js';
import { serveSite } from '../../src/hosting/sites/serve-site.js';
import { buildDirFor, publishBuild, siteDirFor } from '../../src/hosting/updates/publish.js';
import { buildSite } from '../../src/site-build/index.js';
import { measureControlContrast, measureOverflow } from '../../look/measure.js';
import { serveStatic } from '../site/static-server.js';
import { launchChromium } from './chromium.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = path.resolve(import.meta.dirname, '../../test-artifacts/playground');

interface Received {
  method: string;
  url: string;
  authorization?: string;
  contentType?: string;
  body: string;
}

function spec(server: string) {
  return {
    openapi: '3.1.0',
    info: { title: 'Items', version: '1' },
    servers: [{ url: server }],
    components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' }, oauth: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: `${server}/token`, scopes: {} } } } } },
    security: [{ bearerAuth: [] }],
    paths: {
      '/files': {
        post: {
          summary: 'Upload file',
          'x-mint': { href: '/api/upload-file' },
          security: [{ oauth: [] }],
          requestBody: { content: { 'multipart/form-data': { schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' }, note: { type: 'string' } } } } } },
          responses: { '201': { description: 'Stored' } },
        },
      },
      '/items/{itemId}': {
        post: {
          summary: 'Update item',
          description: 'Changes an item.',
          'x-mint': { href: '/api/update-item', metadata: { 'og:title': 'Update one item', keywords: ['items'] } },
          parameters: [
            { name: 'itemId', in: 'path', required: true, schema: { type: 'string' }, description: 'The item.' },
            { name: 'verbose', in: 'query', schema: { type: 'boolean' }, description: 'Say more.' },
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: { type: 'object', required: ['name'], properties: { name: { type: 'string', example: 'Rex' }, size: { type: 'integer' }, kind: { type: 'string', enum: ['dog', 'cat'] }, active: { type: 'boolean' }, owner: { type: 'object', properties: { id: { type: 'string' } } }, tags: { type: 'array', items: { type: 'string' } } } },
                example: { name: 'Rex', size: 2, kind: 'cat', active: true, owner: { id: 'u1' }, tags: ['a', 'b'] },
              },
            },
          },
          responses: {
            '200': { description: 'Updated', content: { 'application/json': { schema: { type: 'object', properties: { ok: { type: 'boolean' } } } } } },
            '404': { description: 'No such item' },
          },
        },
        get: {
          summary: 'Get item',
          'x-mint': { href: '/api/get-item' },
          parameters: [{ name: 'itemId', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '200': { description: 'The item', content: { 'application/json': { example: { id: 'it1', name: 'Rex' } } } } },
        },
      },
    },
  };
}

/** Fill the form of the update-item playground and send it; resolves when the answer is drawn. */
async function tryIt(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('[data-api-try]').click();
  await page.locator('#pg-auth_bearerAuth').fill('secret-token');
  await page.locator('#pg-path_itemId').fill('it 42');
  await page.locator('#pg-query_verbose').selectOption('true');
  await page.locator('#pg-body_name').fill('Bolt');
  await page.locator('#pg-body_size').fill('3');
  await page.locator('.pg-send').click();
  await expect.poll(() => page.locator('[data-api-response]').textContent(), { timeout: 15_000 }).toContain('"name": "Bolt"');
}

/** axe-core's serious and critical WCAG 2 A/AA findings inside the endpoint reference and the open panel (the layout around them is measured by `npm run look`). */
async function axeOnEndpoint(page: Page): Promise<{ id: string; targets: string[] }[]> {
  await page.evaluate(readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const include = ['.api-reference', '.pg-dialog[open]'].filter((s) => document.querySelector(s));
    if (!include.includes('.api-reference')) throw new Error('not an endpoint page');
    const result = await axe.run({ include }, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ id: v.id, targets: v.nodes.map((n) => String(n.target[0])) }));
  });
}

/** Open the update-item panel on a loaded page and fill it. */
async function fillUpdateItem(page: Page): Promise<void> {
  await page.locator('[data-api-try]').click();
  await page.locator('#pg-auth_bearerAuth').fill('secret-token');
  await page.locator('#pg-path_itemId').fill('it 42');
  await page.locator('#pg-query_verbose').selectOption('true');
  await page.locator('#pg-body_name').fill('Bolt');
  await page.locator('#pg-body_size').fill('3');
}

describe.skipIf(!existsSync(CHROMIUM))('API playground in chromium', () => {
  let browser: Browser;
  let api: Server;
  let dev: DevServer;
  let hosted: Server;
  let hostedUrl: string;
  let root: string;
  let builtSite: string;
  let directSite: string;
  /** The origin the API allows with CORS headers (none by default, as most APIs). */
  let allowOrigin: string | undefined;
  const received: Received[] = [];
  const cleanup: string[] = [];

  beforeAll(async () => {
    api = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c));
      req.on('end', () => {
        received.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization, contentType: req.headers['content-type'], body });
        // No Access-Control-* headers unless a test allows an origin: a browser could not read this answer cross-origin.
        const cors: Record<string, string> = allowOrigin ? { 'access-control-allow-origin': allowOrigin, 'access-control-allow-headers': 'authorization, content-type', 'access-control-allow-methods': 'GET, POST', 'access-control-max-age': '0' } : {};
        if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
        res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'req-1', ...cors });
        res.end(JSON.stringify({ ok: true, item: req.url, name: /json/.test(req.headers['content-type'] ?? '') ? (JSON.parse(body || '{}') as { name?: string }).name ?? null : null }));
      });
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const upstream = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    root = await mkdtemp(path.join(os.tmpdir(), 'folio-playground-'));
    await writeFile(path.join(root, 'docs.json'), JSON.stringify({ theme: 'mint', name: 'Items', colors: { primary: '#0D9373' }, navigation: { tabs: [{ tab: 'Home', pages: ['index', 'notes'] }, { tab: 'API', openapi: 'openapi.json' }] } }));
    // A hand-written endpoint page: its <ParamField>s make the playground's form.
    await writeFile(path.join(root, 'notes.mdx'), [
      '---', 'title: Add note', `api: "POST ${upstream}/notes/{noteId}"`, 'authMethod: bearer', '---', '',
      '<ParamField path="noteId" type="string" required>The note.</ParamField>', '',
      '<ParamField query="draft" type="boolean" default="true">Keep it a draft.</ParamField>', '',
      '<ParamField body="text" type="string" required placeholder="Hello">Text.</ParamField>', '',
      '<ParamField body="pinned" type="boolean">Pin it.</ParamField>', '',
    ].join('\n'));
    await writeFile(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nHello.\n');
    await writeFile(path.join(root, 'openapi.json'), JSON.stringify(spec(upstream)));
    dev = await startDevServer({ root, port: 0, apiProxy: { isAllowedAddress: () => true } });
    // The same repository built and published as `folio serve` hosts it, served by its site handler.
    const data = path.join(root, '.data');
    const siteDir = siteDirFor(data, 'items')!;
    const out = buildDirFor(siteDir, 'u1');
    expect((await buildSite({ root, outDir: out, search: false, threads: 1 })).ok).toBe(true);
    await publishBuild(siteDir, out);
    builtSite = out;
    // The same site with `api.playground.proxy: false`, for a static host.
    const direct = await mkdtemp(path.join(os.tmpdir(), 'folio-playground-direct-'));
    cleanup.push(direct);
    for (const name of ['index.mdx', 'notes.mdx', 'openapi.json']) await writeFile(path.join(direct, name), await readFile(path.join(root, name)));
    await writeFile(path.join(direct, 'docs.json'), JSON.stringify({ ...JSON.parse(await readFile(path.join(root, 'docs.json'), 'utf8')), api: { playground: { proxy: false } } }));
    directSite = buildDirFor(siteDirFor(data, 'direct')!, 'u1');
    expect((await buildSite({ root: direct, outDir: directSite, search: false, threads: 1 })).ok).toBe(true);
    await publishBuild(siteDirFor(data, 'direct')!, directSite);
    hosted = createAdaptorServer({ fetch: (request: Request) => serveSite(data, 'items', request, null, { apiProxy: { isAllowedAddress: () => true } }) }) as Server;
    await new Promise<void>((resolve) => hosted.listen(0, '127.0.0.1', resolve));
    hostedUrl = `http://localhost:${(hosted.address() as AddressInfo).port}`;
    browser = await launchChromium();
    await mkdir(ARTIFACTS, { recursive: true });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await dev?.close();
    await new Promise<void>((resolve) => (hosted ? hosted.close(() => resolve()) : resolve()));
    await new Promise<void>((resolve) => (api ? api.close(() => resolve()) : resolve()));
    for (const dir of [root, ...cleanup]) if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('sends a bearer token, path and query parameters and a JSON body through the dev proxy and shows the answer', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    const scripts: string[] = [];
    page.on('request', (r) => void (r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname)));
    await tryIt(page, dev.url.replace('127.0.0.1', 'localhost') + '/api/update-item');
    expect(await page.locator('.pg-meta').textContent()).toMatch(/^200 OK · \d+ ms · sent through the docs server's proxy/);
    expect(await page.locator('.pg-headers pre').textContent()).toContain('x-request-id: req-1');
    expect(received.at(-1)).toEqual({ method: 'POST', url: '/items/it%2042?verbose=true', authorization: 'Bearer secret-token', contentType: 'application/json', body: '{"name":"Bolt","size":3}' });
    // The playground is its own script, fetched on endpoint pages only.
    expect(scripts.some((s) => /\/assets\/playground\.[0-9a-f]+\.js$/.test(s))).toBe(true);
    await page.screenshot({ path: path.join(ARTIFACTS, 'desktop-light-playground.png'), fullPage: false });

    // Values persist: a reload keeps the token and the parameters.
    await page.reload();
    await page.locator('[data-api-try]').click();
    expect(await page.locator('#pg-auth_bearerAuth').inputValue()).toBe('secret-token');
    expect(await page.locator('#pg-path_itemId').inputValue()).toBe('it 42');

    const home = await browser.newPage();
    const homeScripts: string[] = [];
    home.on('request', (r) => void (r.resourceType() === 'script' && homeScripts.push(new URL(r.url()).pathname)));
    await home.goto(dev.url.replace('127.0.0.1', 'localhost') + '/index');
    await home.waitForLoadState('networkidle');
    expect(homeScripts.some((s) => s.includes('/assets/playground.'))).toBe(false);
    await home.close();
    // The dev proxy reaches only the spec's servers: another local port is refused.
    const refused = await page.evaluate(async (target) => {
      const r = await fetch('/__folio/api-proxy', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ method: 'GET', url: target, headers: [] }) });
      return { status: r.status, json: (await r.json()) as { error: { code: string } } };
    }, `http://127.0.0.1:${Number(new URL(dev.url).port)}/index`);
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe('OPENAPI_PROXY_REFUSED');
    await page.close();
  });

  it('uploads a file with an OAuth2 token, and builds the form of an api: page from its ParamFields', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const base = dev.url.replace('127.0.0.1', 'localhost');
    await page.goto(base + '/api/upload-file');
    await page.locator('[data-api-try]').click();
    await page.locator('#pg-auth_oauth').fill('oauth-token');
    await page.locator('#pg-form_file').setInputFiles({ name: 'hello.txt', mimeType: 'text/plain', buffer: Buffer.from('hello file') });
    await page.locator('#pg-form_note').fill('first');
    await page.locator('.pg-send').click();
    await expect.poll(() => page.locator('.pg-meta').textContent(), { timeout: 15_000 }).toMatch(/^200 OK/);
    const upload = received.at(-1)!;
    expect(upload).toMatchObject({ method: 'POST', url: '/files', authorization: 'Bearer oauth-token' });
    expect(upload.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(upload.body).toContain('filename="hello.txt"');
    expect(upload.body).toContain('hello file');
    expect(upload.body).toMatch(/name="note"\r\n\r\nfirst/);

    await page.goto(base + '/notes');
    // The sample and the form know the query and body fields the page documents.
    expect(await page.locator('.api-request-example').textContent()).toContain('draft=true');
    await page.locator('[data-api-try]').click();
    await page.locator('#pg-auth_bearer').fill('note-token');
    await page.locator('#pg-path_noteId').fill('n1');
    expect(await page.locator('#pg-query_draft').count()).toBe(1);
    await page.locator('#pg-query_draft').selectOption('false');
    await page.locator('#pg-body_text').fill('Hi');
    await page.locator('#pg-body_pinned').check();
    await page.locator('.pg-send').click();
    await expect.poll(() => page.locator('.pg-meta').textContent(), { timeout: 15_000 }).toMatch(/^200 OK/);
    expect(received.at(-1)).toMatchObject({ method: 'POST', url: '/notes/n1?draft=false', authorization: 'Bearer note-token', contentType: 'application/json', body: '{"text":"Hi","pinned":true}' });
    await page.close();
  });

  it('sends through the proxy of the published site (folio serve)', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const before = received.length;
    await tryIt(page, hostedUrl + '/api/update-item');
    expect(await page.locator('.pg-meta').textContent()).toMatch(/^200 OK · \d+ ms · sent through the docs server's proxy/);
    expect(received.length).toBe(before + 1);
    expect(received.at(-1)).toMatchObject({ method: 'POST', url: '/items/it%2042?verbose=true', authorization: 'Bearer secret-token', body: '{"name":"Bolt","size":3}' });
    await page.screenshot({ path: path.join(ARTIFACTS, 'serve-desktop-light-playground.png') });
    await page.close();
  });

  it('draws two columns on desktop, one on phones, light and dark, and reads without JavaScript', { timeout: 90_000 }, async () => {
    for (const [name, viewport] of [['desktop', { width: 1440, height: 1000 }], ['phone', { width: 390, height: 844 }]] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        const page = await browser.newPage({ viewport, colorScheme: scheme });
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto(dev.url.replace('127.0.0.1', 'localhost') + '/api/update-item');
        const main = await page.locator('.api-main').boundingBox();
        const examples = await page.locator('.api-examples').boundingBox();
        if (name === 'desktop') expect(examples!.x).toBeGreaterThan(main!.x + main!.width - 1);
        else expect(examples!.y).toBeGreaterThan(main!.y + main!.height - 1);
        await page.screenshot({ path: path.join(ARTIFACTS, `${name}-${scheme}.png`), fullPage: name === 'phone' });
        await page.close();
      }
    }
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(dev.url.replace('127.0.0.1', 'localhost') + '/api/update-item');
    // x-mint metadata is the generated page's frontmatter.
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe('Update one item');
    for (const name of ['itemId', 'verbose', 'name', 'size']) await expect.poll(() => page.locator('.api-field-name', { hasText: name }).first().isVisible()).toBe(true);
    // Without the tabs island every sample is visible; the first is cURL.
    expect(await page.locator('.api-request-example .folio-tab-panel').first().isVisible()).toBe(true);
    expect(await page.locator('.api-request-example .folio-tab-panel').nth(2).isVisible()).toBe(true);
    expect(await page.locator('.api-request-example').textContent()).toContain('curl --request POST');
    await context.close();
  });

  it('checks required fields before sending: an error beside each field, focus on the first, nothing sent', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const proxied: string[] = [];
    page.on('request', (r) => void (r.url().includes('/__folio/api-proxy') && proxied.push(r.url())));
    const before = received.length;
    await page.goto(dev.url.replace('127.0.0.1', 'localhost') + '/api/update-item');
    await page.locator('[data-api-try]').click();
    // The panel starts in the first required field left empty.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('pg-auth_bearerAuth');
    await page.locator('#pg-query_verbose').selectOption('true');
    await page.locator('#pg-body_size').fill('three');
    await page.locator('.pg-send').click();
    expect(await page.locator('.pg-result .pg-error').textContent()).toBe('Not sent: 4 fields need attentionAuthorization, itemId, name, size');
    expect(await page.locator('#pg-auth_bearerAuth-error').textContent()).toBe('Enter the token.');
    expect(await page.locator('#pg-path_itemId-error').textContent()).toBe('Enter a value.');
    expect(await page.locator('#pg-body_name-error').textContent()).toBe('Enter a value.');
    expect(await page.locator('#pg-body_size-error').textContent()).toBe('Enter a whole number.');
    expect(await page.locator('#pg-query_verbose-error').isHidden()).toBe(true);
    expect(await page.locator('#pg-path_itemId').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#pg-path_itemId').getAttribute('aria-describedby')).toBe('pg-path_itemId-hint pg-path_itemId-error');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('pg-auth_bearerAuth');
    await page.screenshot({ path: path.join(ARTIFACTS, 'desktop-light-panel-errors.png') });
    // Typing clears that field's error; the URL bar shows the value in place of `{itemId}`.
    await page.locator('#pg-path_itemId').fill('7');
    expect(await page.locator('#pg-path_itemId-error').isHidden()).toBe(true);
    expect(await page.locator('#pg-path_itemId').getAttribute('aria-invalid')).toBeNull();
    expect(await page.locator('.pg-url-text').textContent()).toMatch(/\/items\/7\?verbose=true$/);
    expect(await page.locator('.pg-curl').textContent()).toContain("--header 'Authorization: Bearer <token>'");
    expect(received.length).toBe(before);
    expect(proxied).toEqual([]);
    // Filled in, it goes.
    await page.locator('#pg-auth_bearerAuth').fill('t0');
    await page.locator('#pg-body_name').fill('Ok');
    await page.locator('#pg-body_size').fill('');
    await page.keyboard.press('Control+Enter');
    await expect.poll(() => page.locator('.pg-meta').textContent(), { timeout: 15_000 }).toMatch(/^200 OK/);
    expect(received.at(-1)).toMatchObject({ url: '/items/7?verbose=true', authorization: 'Bearer t0' });
    await page.close();
  });

  it('opens as a modal panel: focus stays inside, Escape and the close button shut it and give focus back to Try it', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(dev.url.replace('127.0.0.1', 'localhost') + '/api/update-item');
    const open = () => page.locator('dialog.pg-dialog').evaluate((d) => (d as HTMLDialogElement).open);
    const focusInPanel = () => page.evaluate(() => Boolean(document.activeElement?.closest('dialog.pg-dialog')));
    await page.locator('[data-api-try]').click();
    expect(await open()).toBe(true);
    for (let i = 0; i < 14; i++) {
      await page.keyboard.press('Tab');
      expect(await focusInPanel()).toBe(true);
    }
    await page.locator('.pg-close').focus();
    await page.keyboard.press('Shift+Tab');
    expect(await focusInPanel()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await open()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-api-try'))).toBe(true);
    await page.locator('[data-api-try]').click();
    await page.locator('.pg-close').click();
    expect(await open()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-api-try'))).toBe(true);
    await page.close();
  });

  it('on a static host without the proxy, sends from the browser and explains CORS instead of a JSON parse error', async () => {
    const site = await serveStatic(builtSite);
    const html = await readFile(path.join(builtSite, 'index.html'));
    // A host with a catch-all rewrite: every POST gets 200 and the HTML page (once "Unexpected token '<'").
    const catchAll = createServer((req, res) => {
      if (req.method === 'POST') return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
      void fetch(site.url + req.url).then(async (r) => res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'text/plain' }).end(Buffer.from(await r.arrayBuffer())));
    });
    await new Promise<void>((resolve) => catchAll.listen(0, '127.0.0.1', resolve));
    try {
      // The plain static host answers the proxy's POST with its 404 page.
      for (const [origin, answered] of [[site.url, '404, an HTML page'], [`http://127.0.0.1:${(catchAll.address() as AddressInfo).port}`, '200, an HTML page']] as const) {
        const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
        const proxied: number[] = [];
        page.on('response', (r) => void (r.url().includes('/__folio/api-proxy') && proxied.push(r.status())));
        await page.goto(origin + '/api/update-item');
        allowOrigin = undefined;
        const sent = received.length;
        await fillUpdateItem(page);
        await page.locator('.pg-send').click();
        await expect.poll(() => page.locator('.pg-result').textContent(), { timeout: 15_000 }).toContain('The browser could not reach the API');
        const text = (await page.locator('.pg-result').textContent())!;
        expect(text).toContain(`This site is served without Folio's request proxy (/__folio/api-proxy answered ${answered}, as static hosting does)`);
        expect(text).toContain(`Access-Control-Allow-Origin: ${origin}`);
        expect(text).not.toMatch(/Unexpected token|not valid JSON/);
        // The browser asked the API first (a preflight) and, refused, never sent the request.
        expect(received.slice(sent).map((r) => r.method)).toEqual(['OPTIONS']);
        if (origin === site.url) await page.screenshot({ path: path.join(ARTIFACTS, 'static-desktop-light-cors.png') });
        // Once the API allows this origin, the same panel sends from the browser, without asking for the missing proxy again.
        allowOrigin = origin;
        await page.locator('.pg-send').click();
        await expect.poll(() => page.locator('.pg-meta').textContent(), { timeout: 15_000 }).toMatch(/^200 OK · \d+ ms · sent from your browser: this host has no request proxy$/);
        expect(received.at(-1)).toMatchObject({ method: 'POST', url: '/items/it%2042?verbose=true', authorization: 'Bearer secret-token', body: '{"name":"Bolt","size":3}' });
        expect(proxied).toEqual([origin === site.url ? 404 : 200]);
        await page.close();
      }
    } finally {
      allowOrigin = undefined;
      await site.close();
      await new Promise<void>((resolve) => catchAll.close(() => resolve()));
    }
  });

  it('with api.playground.proxy: false, sends from the browser only and says why a refused request failed', async () => {
    const site = await serveStatic(directSite);
    try {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      const proxied: string[] = [];
      page.on('request', (r) => void (r.url().includes('/__folio/api-proxy') && proxied.push(r.url())));
      await page.goto(site.url + '/api/update-item');
      await fillUpdateItem(page);
      await page.locator('.pg-send').click();
      await expect.poll(() => page.locator('.pg-result').textContent(), { timeout: 15_000 }).toContain('The browser could not reach the API');
      expect(await page.locator('.pg-result').textContent()).toContain('This site sends requests straight from your browser (api.playground.proxy: false)');
      allowOrigin = site.url;
      await page.locator('.pg-send').click();
      await expect.poll(() => page.locator('.pg-meta').textContent(), { timeout: 15_000 }).toMatch(/· sent from your browser \(api\.playground\.proxy: false\)$/);
      expect(proxied).toEqual([]);
      await page.close();
      // Hosted by folio serve, whose pages may connect to their own origin only (CSP connect-src), the panel says so.
      const hosted = createAdaptorServer({ fetch: (request: Request) => serveSite(path.join(root, '.data'), 'direct', request, null) }) as Server;
      await new Promise<void>((resolve) => hosted.listen(0, '127.0.0.1', resolve));
      try {
        const served = await browser.newPage({ viewport: { width: 1440, height: 900 } });
        allowOrigin = `http://127.0.0.1:${(hosted.address() as AddressInfo).port}`;
        const sent = received.length;
        await served.goto(allowOrigin + '/api/update-item');
        await fillUpdateItem(served);
        // No proxy, and a policy that keeps the page from the API's host: Send is hidden and the panel says why (Folio's own bundled docs are served so).
        await expect.poll(() => served.locator('.pg-notice').isVisible(), { timeout: 15_000 }).toBe(true);
        expect(await served.locator('.pg-notice').textContent()).toContain(`its Content-Security-Policy lets the page connect to ${allowOrigin} only, not to http://127.0.0.1:`);
        expect(await served.locator('.pg-send').isHidden()).toBe(true);
        await served.keyboard.press('Control+Enter');
        await served.screenshot({ path: path.join(ARTIFACTS, 'csp-no-proxy-notice.png') });
        expect(received.length).toBe(sent);
        await served.close();
      } finally {
        await new Promise<void>((resolve) => hosted.close(() => resolve()));
      }
    } finally {
      allowOrigin = undefined;
      await site.close();
    }
  });

  it('is laid out as the platform draws it: endpoint switcher, auth named Authorization, sections that fold, request languages, the example response until an answer', { timeout: 120_000 }, async () => {
    const base = dev.url.replace('127.0.0.1', 'localhost');
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(base + '/api/update-item');
    await page.locator('[data-api-try]').click();
    // Authorization is named as the header it fills, with the platform's description of a bearer token.
    expect(await page.locator('label[for=pg-auth_bearerAuth]').textContent()).toBe('Authorization');
    expect(await page.locator('#pg-auth_bearerAuth-hint').textContent()).toBe('Bearer authentication header of the form Bearer <token>, where <token> is your auth token.');
    // Before anything is sent, the response card shows the operation's example response under its status.
    expect(await page.locator('.pg-response-label').textContent()).toBe('200');
    expect(JSON.parse((await page.locator('[data-api-example]').textContent())!)).toEqual({ ok: true });
    // Sections fold: Path closed hides its field, open shows it again.
    expect(await page.locator('.pg-group > summary').allTextContents()).toEqual(['Authorization', 'Path', 'Query', 'Bodyapplication/json']);
    await page.locator('.pg-group[data-section=path] > summary').click();
    expect(await page.locator('#pg-path_itemId').isVisible()).toBe(false);
    await page.locator('.pg-group[data-section=path] > summary').click();
    expect(await page.locator('#pg-path_itemId').isVisible()).toBe(true);
    // The body is a form from its schema: an enum is a select, a boolean a switch, objects and arrays hold their parts; nothing is filled until asked.
    expect(await page.locator('#pg-body_kind option').allTextContents()).toEqual(['—', 'dog', 'cat']);
    expect(await page.locator('#pg-body_active').getAttribute('role')).toBe('switch');
    expect(await page.locator('#pg-body_name').inputValue()).toBe('');
    await page.locator('.pg-fill').click();
    expect([await page.locator('#pg-body_name').inputValue(), await page.locator('#pg-body_size').inputValue(), await page.locator('#pg-body_kind').inputValue(), await page.locator('#pg-body_active').isChecked(), await page.locator('#pg-body_owner_id').inputValue(), await page.locator('#pg-body_tags_1').inputValue()]).toEqual(['Rex', '2', 'cat', true, 'u1', 'b']);
    // Arrays: add a value, remove one.
    await page.locator('.pg-array[data-key="body:tags"] .pg-add').click();
    await page.locator('#pg-body_tags_2').fill('c');
    await page.locator('.pg-array[data-key="body:tags"] .pg-remove').first().click();
    // The request follows the form in every language of the page's samples.
    expect(await page.locator('.pg-tab').allTextContents()).toEqual(await page.locator('.api-request-example [role=tab]').allTextContents());
    const data = /--data '([\s\S]*)'$/.exec((await page.locator('.pg-curl').textContent())!)?.[1];
    expect(JSON.parse(data!)).toEqual({ name: 'Rex', size: 2, kind: 'cat', active: true, owner: { id: 'u1' }, tags: ['b', 'c'] });
    await page.locator('.pg-tab', { hasText: 'Python' }).click();
    expect(await page.locator('.pg-curl').textContent()).toMatch(/^import requests\n[\s\S]*"active": True,[\s\S]*requests\.request\("POST", url, json=payload, headers=headers\)/);
    await page.locator('.pg-tab', { hasText: 'JavaScript' }).click();
    expect(await page.locator('.pg-curl').textContent()).toContain('fetch("http');
    await page.locator('.pg-tab', { hasText: 'cURL' }).click();
    await page.locator('#pg-auth_bearerAuth').fill('tok');
    await page.locator('#pg-path_itemId').fill('it9');
    await page.screenshot({ path: path.join(ARTIFACTS, 'panel-desktop-light-filled.png') });
    // Sent through the proxy, the answer replaces the example.
    await page.locator('.pg-send').click();
    await expect.poll(() => page.locator('[data-api-response]').textContent(), { timeout: 15_000 }).toContain('"name": "Rex"');
    expect(await page.locator('.pg-response-label').textContent()).toBe('200');
    expect(received.at(-1)).toMatchObject({ method: 'POST', url: '/items/it9', authorization: 'Bearer tok', body: '{"name":"Rex","size":2,"kind":"cat","active":true,"owner":{"id":"u1"},"tags":["b","c"]}' });
    await page.screenshot({ path: path.join(ARTIFACTS, 'panel-desktop-light-answer.png') });
    // The switcher lists the other operations beside it in the sidebar and opens the chosen one's playground.
    const options = await page.locator('.pg-switcher-select option').allTextContents();
    expect(options).toEqual(expect.arrayContaining(['POST Update item', 'GET Get item', 'POST Upload file']));
    await Promise.all([page.waitForURL(/\/api\/get-item#playground$/), page.locator('.pg-switcher-select').selectOption({ label: 'GET Get item' })]);
    await expect.poll(() => page.locator('dialog.pg-dialog').evaluate((d) => (d as HTMLDialogElement).open)).toBe(true);
    expect(await page.locator('#pg-title').textContent()).toBe('Get item');
    // The token typed on the other endpoint is kept (per site), and the example is this operation's.
    expect(await page.locator('#pg-auth_bearerAuth').inputValue()).toBe('tok');
    expect(JSON.parse((await page.locator('[data-api-example]').textContent())!)).toEqual({ id: 'it1', name: 'Rex' });
    await page.close();
  });

  it('draws the panel light and dark on desktop and on a phone', { timeout: 90_000 }, async () => {
    for (const [name, viewport] of [['desktop', { width: 1440, height: 900 }], ['phone', { width: 390, height: 844 }]] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        const page = await browser.newPage({ viewport, colorScheme: scheme });
        await page.goto(dev.url.replace('127.0.0.1', 'localhost') + '/api/update-item');
        await page.locator('[data-api-try]').click();
        await page.locator('.pg-fill').click();
        expect((await measureOverflow(page)).overflowPx).toBe(0);
        if (name === 'phone') {
          // One column: the request and response cards come after the fields.
          const inputs = (await page.locator('.pg-inputs').boundingBox())!;
          const outputs = (await page.locator('.pg-outputs').boundingBox())!;
          expect(outputs.y).toBeGreaterThanOrEqual(inputs.y + inputs.height - 1);
        }
        await page.screenshot({ path: path.join(ARTIFACTS, `panel-${name}-${scheme}.png`) });
        await page.close();
      }
    }
  });

  it('keeps the playground an island under its budget, fetched only on endpoint pages', async () => {
    const assets = await readdir(path.join(builtSite, 'assets'));
    const island = assets.find((f) => /^playground\.[0-9a-f]+\.js$/.test(f))!;
    const size = gzipSync(await readFile(path.join(builtSite, 'assets', island))).length;
    expect(size).toBeLessThanOrEqual(12 * 1024);
  });

  it('keeps the endpoint bar and the panel readable in any site colours, light and dark, without sideways scrolling or serious axe findings', { timeout: 240_000 }, async () => {
    const colours = await mkdtemp(path.join(os.tmpdir(), 'folio-playground-colours-'));
    cleanup.push(colours);
    await writeFile(path.join(colours, 'openapi.json'), await readFile(path.join(root, 'openapi.json')));
    await writeFile(path.join(colours, 'index.mdx'), '---\ntitle: Home\n---\n\nHello.\n');
    const docs = (primary: string, light: string) => JSON.stringify({ theme: 'mint', name: 'Items', colors: { primary, light, dark: primary }, navigation: { tabs: [{ tab: 'Home', pages: ['index'] }, { tab: 'API', openapi: 'openapi.json' }] } });
    await writeFile(path.join(colours, 'docs.json'), docs('#0D9373', '#07C983'));
    const server = await startDevServer({ root: colours, port: 0 });
    try {
      // The test site's green, polar's black and white, trigger.dev's lime, comfyui's violet and yellow.
      for (const [name, primary, light] of [['green', '#0D9373', '#07C983'], ['black-white', '#000000', '#ffffff'], ['lime', '#A8FF53', '#A8FF53'], ['violet-yellow', '#49378B', '#F2FF59']] as const) {
        if (name !== 'green') {
          const reloaded = server.nextReload();
          await writeFile(path.join(colours, 'docs.json'), docs(primary, light));
          await reloaded;
        }
        // Phones change the layout, not the colours: two palettes are enough there.
        const views = [['desktop', { width: 1440, height: 900 }], ...(name === 'green' || name === 'black-white' ? [['phone', { width: 390, height: 844 }]] : [])] as const;
        for (const [view, viewport] of views) {
          for (const scheme of ['light', 'dark'] as const) {
            const page = await browser.newPage({ viewport, colorScheme: scheme });
            await page.goto(server.url.replace('127.0.0.1', 'localhost') + '/api/update-item');
            const where = `${name} ${view} ${scheme}`;
            expect({ where, overflow: (await measureOverflow(page)).overflowPx, contrast: await measureControlContrast(page, ['.api-request-line', '.api-examples']), axe: await axeOnEndpoint(page) }).toEqual({ where, overflow: 0, contrast: [], axe: [] });
            if (name === 'green' || name === 'black-white') await page.screenshot({ path: path.join(ARTIFACTS, `${name}-${view}-${scheme}-page.png`), fullPage: view === 'phone' });
            await page.locator('[data-api-try]').click();
            await page.locator('.pg-send').click();
            expect({ where, overflow: (await measureOverflow(page)).overflowPx, contrast: await measureControlContrast(page, ['.pg-dialog']), axe: await axeOnEndpoint(page) }).toEqual({ where, overflow: 0, contrast: [], axe: [] });
            if (name === 'green' || name === 'black-white') await page.screenshot({ path: path.join(ARTIFACTS, `${name}-${view}-${scheme}-panel.png`) });
            await page.close();
          }
        }
      }
    } finally {
      await server.close();
    }
  });
});
