/**
 * `folio check --external` against local HTTP servers: 200, 404, a server that never answers
 * (timeout), permanent and temporary redirects, HEAD refused; requests in flight bounded, a gap
 * between requests to one host, answers cached so a second check asks only what was not cached.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/site-build/index.js';

interface Hit {
  method: string;
  url: string;
  at: number;
}

async function server(handle: (req: IncomingMessage, res: import('node:http').ServerResponse) => void): Promise<{ server: Server; base: string; hits: Hit[]; maxInFlight: () => number }> {
  const hits: Hit[] = [];
  let inFlight = 0;
  let max = 0;
  const s = createServer((req, res) => {
    hits.push({ method: req.method!, url: req.url!, at: Date.now() });
    inFlight++;
    max = Math.max(max, inFlight);
    res.on('close', () => inFlight--);
    handle(req, res);
  });
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return { server: s, base: `http://127.0.0.1:${(s.address() as AddressInfo).port}`, hits, maxInFlight: () => max };
}

describe('external link checks', () => {
  let root: string;
  let a: Awaited<ReturnType<typeof server>>;
  let b: Awaited<ReturnType<typeof server>>;
  const cacheFile = () => path.join(root, 'cache', 'external.json');
  const check = () => buildSite({ root, outDir: `${root}-out`, cache: false, search: false, externalLinks: { timeoutMs: 400, concurrency: 2, hostIntervalMs: 60, cacheFile: cacheFile() } });

  beforeAll(async () => {
    a = await server((req, res) => {
      const route = req.url!;
      if (route === '/ok' || route === '/new') return res.writeHead(200).end('fine');
      if (route === '/old') return res.writeHead(301, { location: '/new' }).end();
      if (route === '/temp') return res.writeHead(302, { location: '/ok' }).end();
      if (route === '/slow') return; // never answers
      if (route === '/get-only') return res.writeHead(req.method === 'HEAD' ? 405 : 200).end();
      res.writeHead(404).end('missing');
    });
    b = await server((_req, res) => void setTimeout(() => res.writeHead(200).end(), 30));
    root = await mkdtemp(path.join(os.tmpdir(), 'folio-ext-'));
    const links = ['ok', 'missing', 'slow', 'old', 'temp', 'get-only'].map((p) => `- [${p}](${a.base}/${p})`).join('\n');
    const many = Array.from({ length: 5 }, (_, i) => `- [b${i}](${b.base}/page-${i})`).join('\n');
    await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Ext', theme: 'mint', colors: { primary: '#224466' }, navigation: { pages: ['index', 'other'] } }));
    await writeFile(path.join(root, 'index.mdx'), `---\ntitle: Links\n---\n\n${links}\n`);
    await writeFile(path.join(root, 'other.mdx'), `---\ntitle: Other\n---\n\n${many}\n\nAgain [ok](${a.base}/ok).\n`);
  }, 30_000);
  afterAll(async () => {
    for (const s of [a, b]) {
      s.server.closeAllConnections();
      await new Promise((resolve) => s.server.close(resolve));
    }
    await Promise.all([rm(root, { recursive: true, force: true }), rm(`${root}-out`, { recursive: true, force: true })]);
  });

  it('reports 404, timeouts and permanent moves at the link, not 200s, temporary redirects or HEAD-refusing servers', async () => {
    const result = await check();
    const found = result.diagnostics.filter((d) => d.code.startsWith('BUILD_EXTERNAL_'));
    const by = (p: string) => found.filter((d) => d.message.includes(`${a.base}/${p}\``));
    expect(by('missing')).toMatchObject([{ code: 'BUILD_EXTERNAL_LINK_BROKEN', file: 'index.mdx', line: 6 }]);
    expect(by('missing')[0]!.message).toContain('answered 404');
    expect(by('slow')[0]!.message).toContain('did not answer (no answer within 0.4 s)');
    expect(by('old')).toMatchObject([{ code: 'BUILD_EXTERNAL_LINK_MOVED' }]);
    expect(by('old')[0]!.message).toContain(`moved permanently to \`${a.base}/new\``);
    for (const fine of ['ok', 'temp', 'get-only']) expect(by(fine)).toEqual([]);
    expect(found).toHaveLength(3);
    expect(result.stats?.external).toEqual({ checked: 11, fromCache: 0 });
    // The URL linked from two pages was asked once.
    expect(a.hits.filter((h) => h.url === '/ok' && h.method === 'HEAD')).toHaveLength(2); // itself, and the end of /temp
    // Bounds: never more than 2 requests in flight; requests to one host leave 60 ms between their starts, so n
    // requests span at least (n-1)×60 ms at the server (less connection set-up jitter of the first and last, up to 60 ms each).
    expect(Math.max(a.maxInFlight(), b.maxInFlight())).toBeLessThanOrEqual(2);
    for (const s of [a, b]) {
      const times = s.hits.map((h) => h.at);
      expect(Math.max(...times) - Math.min(...times)).toBeGreaterThanOrEqual((times.length - 1) * 60 - 120);
    }
  }, 30_000);

  it('a second check answers from the cache, asking again only what had no answer', async () => {
    const before = a.hits.length + b.hits.length;
    const again = await check();
    expect(again.stats?.external).toEqual({ checked: 1, fromCache: 10 });
    expect(a.hits.length + b.hits.length - before).toBe(1);
    expect(a.hits.at(-1)!.url).toBe('/slow');
    expect(again.diagnostics.filter((d) => d.code.startsWith('BUILD_EXTERNAL_'))).toHaveLength(3);
  }, 30_000);

  it('a plain build asks nothing', async () => {
    const before = a.hits.length + b.hits.length;
    const plain = await buildSite({ root, outDir: `${root}-out`, cache: false, search: false });
    expect(plain.stats?.external).toBeUndefined();
    expect(a.hits.length + b.hits.length).toBe(before);
  }, 30_000);
});
