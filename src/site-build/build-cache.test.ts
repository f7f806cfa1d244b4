import { mkdtemp, readdir, rm } from 'node:fs/promises';
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
});
