/**
 * A folder's `index` page (`guide/index.mdx`, href `/guide/index` as the platform names it) is also
 * reached at `/guide`, which links and `folio check` accept: the build writes a redirect there and
 * `folio dev` answers the page, unless a page or a docs.json redirect already owns that path. `folio
 * serve` answers `/guide/index` with the page, not with the redirect at `guide/index.html`.
 */
import { request } from 'node:http';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer } from '../../src/dev/index.js';
import { serveSite } from '../../src/hosting/index.js';
import { buildSite } from '../../src/site-build/index.js';

function get(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('folder index pages', () => {
  let dir: string;
  let root: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'folio-folder-index-'));
    root = path.join(dir, 'docs');
    for (const folder of ['guide', 'api', 'moved']) await mkdir(path.join(root, folder), { recursive: true });
    const pages = ['index', 'guide/index', 'guide/other', 'api/index', 'api', 'moved/index'];
    await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'F', theme: 'mint', colors: { primary: '#112233' }, navigation: { pages }, redirects: [{ source: '/moved', destination: '/guide/other' }] }));
    await writeFile(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\nSee [the guide](/guide).\n');
    await writeFile(path.join(root, 'guide/index.mdx'), '---\ntitle: Guide\n---\nThe guide body.\n');
    await writeFile(path.join(root, 'guide/other.mdx'), '---\ntitle: Other\n---\nBack to [the guide](/guide/index).\n');
    await writeFile(path.join(root, 'api/index.mdx'), '---\ntitle: API index\n---\nA.\n');
    await writeFile(path.join(root, 'api.mdx'), '---\ntitle: API page\n---\nB.\n');
    await writeFile(path.join(root, 'moved/index.mdx'), '---\ntitle: Moved\n---\nM.\n');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes a redirect at the folder path only where no page or redirect owns it', async () => {
    const out = path.join(dir, 'out');
    const result = await buildSite({ root, outDir: out, search: false });
    expect(result.diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
    const guide = await readFile(path.join(out, 'guide/index.html'), 'utf8');
    expect(guide).toContain('url=/guide/index"');
    expect(await readFile(path.join(out, 'guide/index/index.html'), 'utf8')).toContain('The guide body.');
    // `/api` is a page of its own, `/moved` a docs.json redirect: both keep what they are.
    expect(await readFile(path.join(out, 'api/index.html'), 'utf8')).toContain('B.');
    expect(await readFile(path.join(out, 'moved/index.html'), 'utf8')).toContain('url=/guide/other"');
    // A rebuild keeps the redirect (it is not a stale file).
    await buildSite({ root, outDir: out, search: false });
    expect(await readFile(path.join(out, 'guide/index.html'), 'utf8')).toBe(guide);
  });

  it('is served by folio serve at both paths, each page at its own path', async () => {
    const out = path.join(dir, 'out');
    await buildSite({ root, outDir: out, search: false });
    const data = path.join(dir, 'data');
    await mkdir(path.join(data, 'sites', 'p1'), { recursive: true });
    await symlink(out, path.join(data, 'sites', 'p1', 'current'), 'dir');
    const serve = async (sitePath: string) => {
      const res = await serveSite(data, 'p1', new Request(`http://site${sitePath}`));
      return { status: res.status, location: res.headers.get('location'), body: await res.text() };
    };
    // The folder path: the redirect the build wrote; its target: the page (before, the redirect again: a loop).
    expect(await serve('/guide')).toMatchObject({ status: 200, body: expect.stringContaining('url=/guide/index"') });
    expect((await serve('/guide/index')).body).toContain('The guide body.');
    // `/api/index` is its own page, not `/api`'s; `/moved/index` a page, not the redirect at `/moved`.
    expect((await serve('/api/index')).body).toContain('A.');
    expect((await serve('/api')).body).toContain('B.');
    expect((await serve('/moved/index')).body).toContain('M.');
  });

  it('is answered by folio dev at the folder path', async () => {
    const server = await startDevServer({ root, port: 0 });
    try {
      const page = await get(`${server.url}/guide`);
      expect(page.status).toBe(200);
      expect(page.body).toContain('The guide body.');
      expect((await get(`${server.url}/api`)).body).toContain('B.');
    } finally {
      await server.close();
    }
  });
});
