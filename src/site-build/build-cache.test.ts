import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BuildCache, type CachedBody } from './build-cache.js';

const body = (n: number): CachedBody => ({ html: `<p>${'x'.repeat(500)} ${n}</p>`, headings: [{ depth: 2, id: `h${n}`, text: `H${n}` }], diagnostics: [], features: [], renderer: 'fast', markdown: `page ${n}` });
const key = (n: number) => (n * 2654435761 % 2 ** 32).toString(16).padStart(8, '0') + 'ab';

describe('build cache with bodies spilled to disk', () => {
  let dir: string;
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('keeps every body across a build that spilled, and drops bodies no page uses', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'folio-cache-'));
    // A 2 KB bound: 300 bodies of ~0.6 KB spill many times over.
    const cache = await BuildCache.open(dir, true, 2048);
    for (let n = 0; n < 300; n++) void cache.putBody(key(n), body(n));
    const live = new Set(Array.from({ length: 299 }, (_, n) => key(n)));
    await cache.save({}, [], live);
    const files = await readdir(path.join(dir, '.folio-cache', 'bodies'));
    expect(files.filter((f) => f.endsWith('.spill'))).toEqual([]);
    const again = await BuildCache.open(dir, true);
    for (const n of [0, 1, 150, 298]) expect(await again.getBody(key(n))).toEqual(body(n));
    expect(await again.getBody(key(299))).toBeUndefined();
  });

  it('makes a caller that waits hold at most two batches: a put that finds two batches unwritten resolves once they are on disk', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'folio-cache-'));
    // Every put passes the 1-byte bound: each is a batch of its own.
    const cache = await BuildCache.open(dir, true, 1);
    await cache.putBody(key(0), body(0));
    await cache.putBody(key(1), body(1));
    const spilled = async () => {
      let bytes = 0;
      for (const f of await readdir(path.join(dir, '.folio-cache', 'bodies'))) if (f.endsWith('.spill')) bytes += (await readFile(path.join(dir, '.folio-cache', 'bodies', f))).length;
      return bytes;
    };
    // Waited for: both earlier batches are on disk, not in memory.
    expect(await spilled()).toBeGreaterThan(2 * 500);
    await cache.save({}, [], new Set([key(0), key(1)]));
    const again = await BuildCache.open(dir, true);
    expect(await again.getBody(key(1))).toEqual(body(1));
  });
});
