/**
 * Pages as Markdown over HTTP: `/page.md`, `Accept: text/markdown` on the page URL, and the
 * `Link: <…md>; rel="alternate"` header and `<link rel="alternate">` on HTML pages, in `folio dev`
 * (a real port: the dev server is a plain node:http server) and in `folio serve`'s site handler.
 */
import { request } from 'node:http';
import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../src/dev/index.js';
import { publishBuild } from '../../src/hosting/updates/publish.js';
import { serveSite } from '../../src/hosting/sites/serve-site.js';
import { buildSite } from '../../src/site-build/index.js';
import { exampleCopy } from './helpers.js';

type Reply = { status: number; type: string; link: string; body: string };

function devGet(server: DevServer, rawPath: string, accept?: string): Promise<Reply> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: `localhost:${port}` };
    if (accept) headers.accept = accept;
    const req = request({ host: '127.0.0.1', port, path: rawPath, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), link: String(res.headers.link ?? ''), body }));
    });
    req.on('error', reject);
    req.end();
  });
}

let site: Awaited<ReturnType<typeof exampleCopy>>;
beforeAll(async () => {
  site = await exampleCopy();
});
afterAll(() => site?.dispose());

describe('folio dev: Markdown of pages', () => {
  let server: DevServer;
  beforeAll(async () => {
    server = await startDevServer({ root: site.root, port: 0 });
  });
  afterAll(() => server?.close());

  it('answers /page.md and Accept: text/markdown, and links the Markdown from the HTML', async () => {
    const md = await devGet(server, '/en/v2/quickstart.md');
    expect(md.status).toBe(200);
    expect(md.type).toBe('text/markdown; charset=utf-8');
    expect(md.body.startsWith('# Quickstart\n')).toBe(true);
    expect(md.body).not.toContain('<');
    const negotiated = await devGet(server, '/en/v2/quickstart', 'text/markdown');
    expect(negotiated.type).toBe('text/markdown; charset=utf-8');
    expect(negotiated.body).toBe(md.body);
    const html = await devGet(server, '/en/v2/quickstart', 'text/html,application/xhtml+xml,*/*;q=0.8');
    expect(html.type).toBe('text/html; charset=utf-8');
    expect(html.link).toBe('</en/v2/quickstart.md>; rel="alternate"; type="text/markdown"');
    expect(html.body).toContain('<link rel="alternate" type="text/markdown" href="/en/v2/quickstart.md">');
    expect((await devGet(server, '/en/v2/nope.md')).status).toBe(404);
  }, 60_000);

  it('serves llms.txt and llms-full.txt (and their /.well-known/ forms) of the loaded site, updated on change', async () => {
    const index = await devGet(server, '/llms.txt');
    expect(index.status).toBe(200);
    expect(index.body).toContain('[Quickstart](/en/v2/quickstart.md)');
    expect((await devGet(server, '/.well-known/llms.txt')).body).toBe(index.body);
    const full = await devGet(server, '/llms-full.txt');
    expect(full.body).toContain((await devGet(server, '/en/v2/quickstart.md')).body.trim());
    expect(full.body).not.toContain('Edited in dev');
    const reloaded = server.nextReload();
    await appendFile(path.join(site.root, 'en/v2/quickstart.mdx'), '\nEdited in dev for the llms files.\n');
    await reloaded;
    expect((await devGet(server, '/.well-known/llms-full.txt')).body).toContain('Edited in dev for the llms files.');
  }, 60_000);
});

describe('folio serve: Markdown of a published site', () => {
  let data = '';
  beforeAll(async () => {
    data = path.join(path.dirname(site.root), 'data');
    const siteDir = path.join(data, 'sites', 'p');
    const build = path.join(siteDir, 'builds', 'b1');
    await mkdir(build, { recursive: true });
    expect((await buildSite({ root: site.root, outDir: build, search: false })).ok).toBe(true);
    publishBuild(siteDir, build);
  }, 120_000);

  const get = async (url: string, accept?: string) => {
    const res = await serveSite(data, 'p', new Request(`http://p.localhost${url}`, { headers: accept ? { accept } : {} }));
    return { status: res.status, type: res.headers.get('content-type'), link: res.headers.get('link'), body: await res.text() };
  };

  it('serves /page.md, llms.txt and Markdown for Accept: text/markdown; HTML carries the Link header', async () => {
    const md = await get('/en/v2/quickstart.md');
    expect(md).toMatchObject({ status: 200, type: 'text/markdown; charset=utf-8' });
    expect(md.body.startsWith('# Quickstart\n')).toBe(true);
    expect((await get('/en/v2/quickstart', 'text/markdown')).body).toBe(md.body);
    const html = await get('/en/v2/quickstart');
    expect(html.type).toBe('text/html; charset=utf-8');
    expect(html.link).toBe('</en/v2/quickstart.md>; rel="alternate"; type="text/markdown"');
    const llms = await get('/llms.txt');
    expect(llms.status).toBe(200);
    expect(llms.body).toContain('(/en/v2/quickstart.md)');
    expect((await get('/.well-known/llms-full.txt')).body).toContain(md.body.trim());
  });
});
