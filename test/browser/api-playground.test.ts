/**
 * The API playground in chromium, against a real local API that sends no CORS headers: on a
 * `folio dev` page the reader fills a bearer token, a path and a query parameter and a JSON body,
 * the request goes through `POST /__folio/api-proxy` (loopback allowed explicitly for this test;
 * the proxy refuses it by default) and the API's answer is drawn. Without JavaScript the page
 * still shows every parameter and the examples. Screenshots in test-artifacts/api-reference/.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
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
import { launchChromium } from './chromium.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = path.resolve(import.meta.dirname, '../../test-artifacts/api-reference');

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
          requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', required: ['name'], properties: { name: { type: 'string', example: 'Rex' }, size: { type: 'integer' } } } } } },
          responses: {
            '200': { description: 'Updated', content: { 'application/json': { schema: { type: 'object', properties: { ok: { type: 'boolean' } } } } } },
            '404': { description: 'No such item' },
          },
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
  await page.locator('#pg-query_verbose').fill('true');
  await page.locator('textarea[name=body]').fill('{"name":"Bolt","size":3}');
  await page.locator('.pg-send').click();
  await expect.poll(() => page.locator('[data-api-response]').textContent(), { timeout: 15_000 }).toContain('"name": "Bolt"');
}

describe.skipIf(!existsSync(CHROMIUM))('API playground in chromium', () => {
  let browser: Browser;
  let api: Server;
  let dev: DevServer;
  let hosted: Server;
  let hostedUrl: string;
  let root: string;
  const received: Received[] = [];

  beforeAll(async () => {
    api = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c));
      req.on('end', () => {
        received.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization, contentType: req.headers['content-type'], body });
        // No Access-Control-* headers: a browser could not read this answer cross-origin.
        res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'req-1' });
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
    publishBuild(siteDir, out);
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
    if (root) await rm(root, { recursive: true, force: true });
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
    await page.locator('#pg-query_draft').fill('false');
    await page.locator('textarea[name=body]').fill('{"text":"Hi","pinned":true}');
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
});
