/**
 * `folio build --base /docs`: one small site (a section large enough for a shared sidebar file, an
 * image, a redirect, search) built once under `/docs`. Its output is scanned for any root-absolute
 * URL outside the base; `folio serve`'s site handler answers under the base and without it (a proxy
 * that strips the prefix); and, in chromium, the site is read through a reverse proxy that forwards
 * `/docs/*` to a static server: sidebar link, search, image, Markdown link, shared sidebar file.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer } from '../../src/dev/index.js';
import { serveSite } from '../../src/hosting/sites/serve-site.js';
import { buildSite } from '../../src/site-build/index.js';
import { hasChromium, launchChromium } from '../browser/chromium.js';
import { serveStatic } from './static-server.js';
import { searchFor } from '../browser/search-box.js';

const MANY = 110;

/** A docs root: home, a guide, an image, a redirect, and a group of `MANY` pages (its tree passes 16 KB). */
async function writeFixture(root: string): Promise<void> {
  const many = Array.from({ length: MANY }, (_, i) => `many/page-${String(i).padStart(3, '0')}`);
  const config = {
    name: 'Base Path Docs',
    theme: 'mint',
    colors: { primary: '#0a7' },
    navigation: { groups: [{ group: 'Start', pages: ['index', 'guide/start'] }, { group: 'A long list of pages for the shared sidebar file', pages: many }] },
    redirects: [{ source: '/old', destination: '/guide/start' }],
  };
  await mkdir(path.join(root, 'guide'), { recursive: true });
  await mkdir(path.join(root, 'many'), { recursive: true });
  await mkdir(path.join(root, 'images'), { recursive: true });
  await writeFile(path.join(root, 'docs.json'), JSON.stringify(config));
  await writeFile(path.join(root, 'images', 'pic.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#0a7"/></svg>');
  await writeFile(
    path.join(root, 'index.mdx'),
    '---\ntitle: Home\n---\n\nRead [the guide](/guide/start) or [its Markdown](/guide/start.md).\n\n![A picture](/images/pic.svg)\n\n<img src="/images/pic.svg" alt="again" />\n\n```html\n<a href="/not-a-link">code stays</a>\n```\n',
  );
  await writeFile(path.join(root, 'guide', 'start.mdx'), '---\ntitle: Getting started\n---\n\nThe word zebracorn is only here. Back [home](/).\n');
  await Promise.all(many.map((p, i) => writeFile(path.join(root, `${p}.mdx`), `---\ntitle: Page number ${i} with a title long enough to pass the shared sidebar limit of sixteen kilobytes in sixty entries or so\n---\n\nBody ${i}.\n`)));
}

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) if (entry.isFile()) out.push(path.join(entry.parentPath, entry.name));
  return out;
}

/** Every root-absolute URL an HTML document names: URL attributes, srcset entries, refresh targets, CSS url(). */
function rootUrlsOf(html: string): string[] {
  const urls: string[] = [];
  const withoutScripts = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, (s) => s.slice(0, s.indexOf('>') + 1));
  for (const m of withoutScripts.matchAll(/\s(?:href|src|action|poster|data-[a-z-]+)="(\/(?!\/)[^"]*)"/g)) urls.push(m[1]!);
  for (const m of withoutScripts.matchAll(/\ssrcset="([^"]*)"/g)) for (const part of m[1]!.split(',')) if (/^\s*\/(?!\/)/.test(part)) urls.push(part.trim().split(/\s+/)[0]!);
  for (const m of withoutScripts.matchAll(/content="\d+;\s*url=(\/(?!\/)[^"]*)"/gi)) urls.push(m[1]!);
  for (const m of withoutScripts.matchAll(/url\(\s*['"]?(\/(?!\/)[^'")]*)/g)) urls.push(m[1]!);
  return urls;
}

describe('a site built with --base /docs', () => {
  let dir: string;
  let out: string;
  let dataDir: string;
  let root: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'folio-base-'));
    root = path.join(dir, 'docs');
    out = path.join(dir, 'out');
    await writeFixture(root);
    const result = await buildSite({ root, outDir: out, basePath: 'docs/', siteUrl: 'https://example.com', search: true, threads: 1 });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    // `folio serve`'s layout: sites/<project>/current → the build.
    dataDir = path.join(dir, 'data');
    await mkdir(path.join(dataDir, 'sites', 'p1'), { recursive: true });
    await symlink(out, path.join(dataDir, 'sites', 'p1', 'current'), 'dir');
  }, 60_000);

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('names no root-absolute URL outside /docs in any HTML file, shared sidebar files included', async () => {
    const html = (await filesUnder(out)).filter((f) => f.endsWith('.html') && !f.includes(`${path.sep}pagefind`));
    expect(html.length).toBeGreaterThan(MANY);
    const outside: string[] = [];
    let checked = 0;
    for (const file of html) {
      for (const url of rootUrlsOf(await readFile(file, 'utf8'))) {
        checked++;
        if (url !== '/docs' && !url.startsWith('/docs/')) outside.push(`${path.relative(out, file)}: ${url}`);
      }
    }
    expect(outside).toEqual([]);
    expect(checked).toBeGreaterThan(1000);
    const navFiles = (await readdir(path.join(out, 'assets'))).filter((f) => /^nav\.[0-9a-f]+\.html$/.test(f));
    expect(navFiles).toHaveLength(1);
    const nav = await readFile(path.join(out, 'assets', navFiles[0]!), 'utf8');
    expect(nav).toContain('href="/docs/many/page-000"');
    const home = await readFile(path.join(out, 'index.html'), 'utf8');
    expect(home).toContain(`data-nav="/docs/assets/${navFiles[0]}"`);
    expect(home).toContain('data-base="/docs/"');
    expect(home).toContain('<img src="/docs/images/pic.svg"');
    // Code is text: the example in the code block is not rewritten.
    expect(home).toContain('"/not-a-link"');
    expect(home).not.toContain('/docs/not-a-link');
    const guide = await readFile(path.join(out, 'guide', 'start', 'index.html'), 'utf8');
    expect(guide).toContain('<link rel="canonical" href="https://example.com/docs/guide/start">');
    expect(guide).toContain('<link rel="alternate" type="text/markdown" href="/docs/guide/start.md">');
  });

  it('writes sitemap, robots, redirects, llms files and Markdown under the base', async () => {
    const read = (rel: string) => readFile(path.join(out, rel), 'utf8');
    expect(await read('sitemap.xml')).toContain('<loc>https://example.com/docs/guide/start</loc>');
    expect(await read('robots.txt')).toContain('Sitemap: https://example.com/docs/sitemap.xml');
    expect((await read('_redirects')).trim()).toBe('/docs/old /docs/guide/start 308');
    expect(await read('old/index.html')).toContain('content="0; url=/docs/guide/start"');
    expect(await read('llms.txt')).toContain('(https://example.com/docs/guide/start.md)');
    const md = await read('index.md');
    expect(md).toContain('](/docs/guide/start)');
    expect(md).toContain('](/docs/guide/start.md)');
    expect(md).toContain('<a href="/not-a-link">');
    expect(JSON.parse(await read('.folio-site.json'))).toEqual({ basePath: '/docs' });
  });

  it('is served by folio serve under the base and behind a proxy that strips it', async () => {
    const get = (p: string, accept = 'text/html') => serveSite(dataDir, 'p1', new Request(`http://p1.localhost${p}`, { headers: { accept } }));
    for (const p of ['/docs/guide/start', '/guide/start']) {
      const res = await get(p);
      expect(res.status).toBe(200);
      expect(res.headers.get('link')).toBe('</docs/guide/start.md>; rel="alternate"; type="text/markdown"');
      expect(await res.text()).toContain('zebracorn');
    }
    expect((await get('/docs')).status).toBe(200);
    const moved = await get('/docs/old');
    expect([moved.status, moved.headers.get('location')]).toEqual([308, '/docs/guide/start']);
    expect((await get('/docs/guide/start.md')).status).toBe(200);
    const search = (await (await get('/docs/search.json?q=zebracorn', 'application/json')).json()) as { results: { url: string; markdownUrl: string }[] };
    expect(search.results[0]).toMatchObject({ url: 'http://p1.localhost/docs/guide/start', markdownUrl: 'http://p1.localhost/docs/guide/start.md' });
  });

  it('is previewed by folio dev --base under the base', async () => {
    const dev = await startDevServer({ root, port: 0, basePath: '/docs' });
    try {
      const page = await fetch(`${dev.url}/docs/guide/start`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('data-base="/docs/"');
      expect(html).toContain("new EventSource('/docs/__folio/events')");
      expect(rootUrlsOf(html).filter((u) => !u.startsWith('/docs/'))).toEqual([]);
      const home = await fetch(`${dev.url}/`, { redirect: 'manual' });
      expect([home.status, home.headers.get('location')]).toEqual([307, '/docs/']);
      expect((await fetch(`${dev.url}/guide/start`)).status).toBe(404);
      expect(await (await fetch(`${dev.url}/docs/index.md`)).text()).toContain('](/docs/guide/start)');
      const moved = await fetch(`${dev.url}/docs/old`, { redirect: 'manual' });
      expect([moved.status, moved.headers.get('location')]).toEqual([308, '/docs/guide/start']);
    } finally {
      await dev.close();
    }
  });

  describe.skipIf(!hasChromium)('in chromium behind a reverse proxy at /docs', () => {
    let browser: Browser;
    let files: Awaited<ReturnType<typeof serveStatic>>;
    let proxy: Server;
    let origin: string;
    const proxied: string[] = [];

    beforeAll(async () => {
      files = await serveStatic(out);
      const target = new URL(files.url);
      // The reverse proxy of the main site: `/docs/*` goes to the docs host with the prefix taken off; nothing else is docs.
      proxy = createServer((req, res) => {
        const url = req.url ?? '/';
        if (url !== '/docs' && !url.startsWith('/docs/')) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('main site');
        proxied.push(url);
        // Its own upstream connection per request: a pooled socket may be one the static server is closing (keep-alive timeout),
        // and a request on it would fail; a failure answers 502, so the browser sees it instead of waiting forever.
        const upstream = httpRequest({ host: target.hostname, port: target.port, path: url.slice('/docs'.length) || '/', method: req.method, headers: req.headers, agent: false }, (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        });
        upstream.on('error', () => void (res.headersSent ? res.destroy() : res.writeHead(502, { 'content-type': 'text/plain' }).end('upstream failed')));
        req.pipe(upstream);
      });
      await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
      browser = await launchChromium();
    }, 30_000);

    afterAll(async () => {
      await browser?.close();
      await new Promise((resolve) => proxy?.close(resolve));
      await files?.close();
    });

    it('follows a sidebar link, searches, loads the image, the shared sidebar and the Markdown link', async () => {
      const page = await browser.newPage();
      const failed: string[] = [];
      page.on('response', (r) => void (r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`)));
      await page.goto(`${origin}/docs/`);
      expect(await page.locator('h1').textContent()).toBe('Home');
      // The image and the stylesheet came through the proxy.
      expect(await page.locator('main img[alt="A picture"]').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(40);
      expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).not.toBe('');
      // The section's whole tree is fetched from assets/nav.<hash>.html and swapped in.
      await page.locator('.sidebar .nav-tree[data-nav-loaded]').waitFor({ timeout: 10_000 });
      expect(await page.locator('.sidebar a.nav-link').count()).toBe(MANY + 2);
      await page.locator('.sidebar a.nav-link', { hasText: 'Getting started' }).click();
      await page.waitForURL(`${origin}/docs/guide/start`);
      expect(await page.locator('h1').textContent()).toBe('Getting started');
      // Search: Pagefind loads from /docs/pagefind/ and its hit links under the base.
      await searchFor(page, 'zebracorn', 15_000);
      const hit = page.locator('[data-search-results] a').first();
      expect(await hit.getAttribute('href')).toBe('/docs/guide/start');
      await hit.click();
      await page.waitForURL(`${origin}/docs/guide/start`);
      // The page's Markdown, from the link in its head and from a link in a page body.
      const alternate = await page.locator('link[rel="alternate"][type="text/markdown"]').getAttribute('href');
      await page.goto(`${origin}/docs/`);
      const bodyLink = await page.locator('main a', { hasText: 'its Markdown' }).getAttribute('href');
      expect([alternate, bodyLink]).toEqual(['/docs/guide/start.md', '/docs/guide/start.md']);
      const markdown = await page.request.get(origin + bodyLink);
      expect(markdown.status()).toBe(200);
      expect(await markdown.text()).toContain('zebracorn');
      expect(failed).toEqual([]);
      expect(proxied.some((u) => u.startsWith('/docs/pagefind/'))).toBe(true);
      await mkdir('test-artifacts', { recursive: true });
      await page.screenshot({ path: 'test-artifacts/base-path.png' });
      await page.close();
    }, 30_000);
  });
});
