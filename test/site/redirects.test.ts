/**
 * Redirects of a site as the build writes them and `folio dev` answers them, through the one
 * matcher, with a located warning for each redirect that cannot work as written.
 */
import { request } from 'node:http';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../src/dev/index.js';
import { buildSite, siteRedirects } from '../../src/site-build/index.js';
import { loadSite } from '../../src/site/index.js';

const REDIRECTS = [
  { source: '/beta/:slug*', destination: '/v2/:slug*' },
  { source: '/articles/concepts-*', destination: '/guide', permanent: false },
  { source: '/bad', destination: 'javascript:alert(1)' },
  { source: '/guide', destination: '/intro' },
  { source: '/a', destination: '/b' },
  { source: '/b', destination: '/guide-old' },
  { source: '/guide-old', destination: '/guide' },
  { source: '/loop-1', destination: '/loop-2' },
  { source: '/loop-2', destination: '/loop-1' },
  { source: '/gone', destination: '/nowhere' },
  { source: '/logo', destination: '/images/logo.png' },
  { source: '/docs/old-guide', destination: '/docs/guide' },
];

async function makeSite(dir: string): Promise<string> {
  const root = path.join(dir, 'docs');
  await mkdir(path.join(root, 'images'), { recursive: true });
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'R', theme: 'mint', colors: { primary: '#112233' }, navigation: { pages: ['guide', 'intro'] }, redirects: REDIRECTS }, null, 2));
  await writeFile(path.join(root, 'guide.mdx'), '---\ntitle: Guide\n---\nHello\n');
  await writeFile(path.join(root, 'intro.mdx'), '---\ntitle: Intro\n---\nHi\n');
  await writeFile(path.join(root, 'images', 'logo.png'), 'png');
  return root;
}

function get(server: DevServer, rawPath: string): Promise<{ status: number; location?: string }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: rawPath, headers: { host: `localhost:${port}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('redirects of a site', () => {
  let dir: string;
  let root: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'folio-redirects-'));
    root = await makeSite(dir);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reports unsafe, shadowed, chained, looping and dangling redirects where they are written', async () => {
    const { site } = await loadSite(root);
    const { rules, diagnostics } = siteRedirects(site!);
    expect(diagnostics.map((d) => `${d.line}:${d.column} ${d.code} ${d.path}`)).toEqual([
      '25:22 BUILD_REDIRECT_UNSAFE redirects[2].destination',
      '28:17 BUILD_REDIRECT_SHADOWED redirects[3].source',
      '33:22 BUILD_REDIRECT_CHAIN redirects[4].destination',
      '37:22 BUILD_REDIRECT_CHAIN redirects[5].destination',
      '45:22 BUILD_REDIRECT_CHAIN redirects[7].destination',
      '49:22 BUILD_REDIRECT_CHAIN redirects[8].destination',
      '53:22 BUILD_REDIRECT_TARGET_MISSING redirects[9].destination',
      '61:22 BUILD_REDIRECT_TARGET_MISSING redirects[11].destination',
    ]);
    expect(diagnostics[2]!.message).toBe('Redirect chain: /a → /b → /guide-old → /guide; point `/a` at `/guide` directly.');
    expect(diagnostics[4]!.message).toContain('Redirects loop: /loop-1 → /loop-2 → /loop-1');
    expect(diagnostics[6]!.message).not.toContain('served under');
    expect(diagnostics[7]!.message).toContain('`/guide` is a page: the redirect was written for the site served under `/docs`. Build and serve it with `--base /docs` (paths that begin with `/docs` are then full paths), or drop `/docs` from its source and destination.');
    expect(rules.map((r) => r.source)).not.toContain('/bad');
    expect(rules.map((r) => r.source)).not.toContain('/guide');
  });

  it('writes _redirects with 308/307 and answers the same in folio dev', async () => {
    const out = path.join(dir, 'out');
    const result = await buildSite({ root, outDir: out, search: false });
    const text = await readFile(path.join(out, '_redirects'), 'utf8');
    expect(text.split('\n').slice(0, 2)).toEqual(['/beta/:slug* /v2/:slug* 308', '/articles/concepts-* /guide 307']);
    expect(text).not.toContain('javascript:');
    expect(result.diagnostics.filter((d) => d.code.startsWith('BUILD_REDIRECT_') && d.code !== 'BUILD_REDIRECT_SKIPPED')).toHaveLength(8);
    // Wildcard sources are a documented platform feature: a note for each (kept in _redirects), never a warning.
    const skipped = result.diagnostics.filter((d) => d.code === 'BUILD_REDIRECT_SKIPPED');
    expect(skipped.map((d) => `${d.severity} ${d.message.split(' has ')[0]}`).sort()).toEqual(['info Redirect /articles/concepts-*', 'info Redirect /beta/:slug*']);
    const server = await startDevServer({ root, port: 0 });
    try {
      expect(await get(server, '/beta/guides/setup?x=1')).toEqual({ status: 308, location: '/v2/guides/setup?x=1' });
      expect(await get(server, '/articles/concepts-overview')).toEqual({ status: 307, location: '/guide' });
      expect((await get(server, '/guide')).status).toBe(200);
      expect((await get(server, '/bad')).status).toBe(404);
    } finally {
      await server.close();
    }
  }, 120_000);
});
