import { request } from 'node:http';
import { appendFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../src/dev/index.js';
import { exampleCopy } from './helpers.js';

/** A raw GET: no URL normalisation by a client library, any Host header. */
function get(server: DevServer, rawPath: string, host?: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: rawPath, headers: { host: host ?? `localhost:${port}` } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('folio dev server', () => {
  let site: Awaited<ReturnType<typeof exampleCopy>>;
  let server: DevServer;

  beforeAll(async () => {
    site = await exampleCopy();
    server = await startDevServer({ root: site.root, port: 0 });
  });
  afterAll(async () => {
    await server?.close();
    await site?.dispose();
  });

  it('renders a page on request with the live-reload script', async () => {
    const res = await get(server, '/en/v2/quickstart');
    expect(res.status).toBe(200);
    expect(res.body).toContain('<h1 class="page-title">Quickstart</h1>');
    expect(res.body).toContain("new EventSource('/__folio/events')");
    expect((await get(server, '/')).body).toContain('<h1 class="page-title">Introduction</h1>');
  }, 60_000);

  it('serves Mermaid from the installed package to pages with a diagram, never its source maps or files outside it', async () => {
    const page = await get(server, '/en/v2/concepts/navigation');
    expect(page.body).toContain('data-mermaid="/assets/mermaid/mermaid.esm.min.mjs"');
    expect(page.body).toContain('<pre class="mermaid" tabindex="0">');
    const script = await get(server, '/assets/mermaid/mermaid.esm.min.mjs');
    expect(script.status).toBe(200);
    expect(script.body.length).toBeGreaterThan(1000);
    expect((await get(server, '/assets/mermaid/mermaid.esm.min.mjs.map')).status).toBe(404);
    expect((await get(server, '/assets/mermaid/..%2f..%2fpackage.json')).status).not.toBe(200);
  }, 60_000);

  it('refuses a foreign Host header (DNS rebinding) with 403', async () => {
    for (const host of ['evil.example', 'evil.example:3000', '127.0.0.1.nip.io', 'localhost.evil.example']) {
      expect((await get(server, '/en/v2/quickstart', host)).status, host).toBe(403);
    }
    for (const host of ['127.0.0.1', '[::1]:80', 'localhost']) {
      expect((await get(server, '/en/v2/quickstart', host)).status, host).toBe(200);
    }
  });

  it('refuses paths that escape the site with 403', async () => {
    for (const p of ['/../../etc/passwd', '/..%2f..%2fetc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/logo/..%5c..%5c..%5cetc/passwd', '/a%00b']) {
      const res = await get(server, p);
      expect(res.status, p).toBe(403);
      expect(res.body).not.toContain('root:');
    }
    expect((await get(server, '/logo/light.svg')).status).toBe(200);
    expect((await get(server, '/docs.json')).status).toBe(404);
  });

  it('pushes a reload when a page or docs.json changes, and serves the new content', async () => {
    const reload = server.nextReload();
    await appendFile(path.join(site.root, 'en/v2/quickstart.mdx'), '\nFreshly added sentence.\n');
    expect(await reload).toContain('en/v2/quickstart.mdx');
    expect((await get(server, '/en/v2/quickstart')).body).toContain('Freshly added sentence.');

    const file = path.join(site.root, 'docs.json');
    const config = JSON.parse(await readFile(file, 'utf8'));
    config.navigation.languages[0].versions[0].tabs[0].groups[1].group = 'Authoring';
    const navReload = server.nextReload();
    await writeFile(file, JSON.stringify(config, null, 2));
    await navReload;
    expect((await get(server, '/en/v2/quickstart')).body).toContain('Authoring');
  }, 60_000);

  it('keeps the loaded site on a body edit, and reloads it when a title changes the sidebar', async () => {
    const file = path.join(site.root, 'en/v2/quickstart.mdx');
    const before = await readFile(file, 'utf8');
    const body = server.nextReload();
    await appendFile(file, '\nA body-only edit.\n');
    await body;
    expect((await get(server, '/en/v2/quickstart')).body).toContain('A body-only edit.');
    const title = server.nextReload();
    await writeFile(file, before.replace(/^title: .*$/m, 'title: Quickstart renamed'));
    await title;
    // Another page's sidebar shows the new title: the navigation was resolved again.
    const other = (await get(server, '/en/v2/changelog')).body;
    expect(other).toContain('Quickstart renamed');
    expect((await get(server, '/en/v2/quickstart')).body).not.toContain('A body-only edit.');
  }, 60_000);

  it('appends the endpoint reference an `openapi:` frontmatter names, as the build does', async () => {
    const reload = server.nextReload();
    await writeFile(path.join(site.root, 'en/v2/create-job.mdx'), '---\ntitle: Create a job\nopenapi: admin-openapi.json POST /v2/agent/{projectId}/job\n---\n\nHand-written intro.\n');
    await reload;
    const res = await get(server, '/en/v2/create-job');
    expect(res.status).toBe(200);
    expect(res.body).toContain('Hand-written intro.');
    expect(res.body).toContain('/v2/agent/{projectId}/job');
    expect(res.body).not.toContain('data-dev-overlay');
  }, 60_000);

  it('shows build errors in the page with file:line:column', async () => {
    const reload = server.nextReload();
    await writeFile(path.join(site.root, 'en/v2/changelog.mdx'), '---\ntitle: Changelog\n---\n\nIntro line.\n\nimport { Chart } from "chart-package";\n');
    await reload;
    const res = await get(server, '/en/v2/changelog');
    expect(res.status).toBe(200);
    expect(res.body).toContain('data-dev-overlay');
    expect(res.body).toMatch(/en\/v2\/changelog\.mdx:7:1 error/);
  }, 60_000);

  it('shows a page MDX rejects as Markdown, with the parse error at the top of the page', async () => {
    const reload = server.nextReload();
    await writeFile(path.join(site.root, 'en/v2/changelog.mdx'), '---\ntitle: Changelog\n---\n\nIntro line.\n\n<Note>never closed\n');
    await reload;
    const res = await get(server, '/en/v2/changelog');
    expect(res.status).toBe(200);
    expect(res.body).not.toContain('data-dev-overlay');
    const notice = res.body.indexOf('class="folio-fallback-notice"');
    expect(notice).toBeGreaterThan(-1);
    expect(res.body.indexOf('Intro line.')).toBeGreaterThan(notice);
    expect(res.body).toContain('en/v2/changelog.mdx:7:1 warning This file is not valid MDX (`&lt;Note&gt;` is never closed');
  }, 60_000);
});
