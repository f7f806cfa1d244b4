/** The full re-index path (past the delta limit): Pagefind re-reads the written site. */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/site-build/index.js';
import { buildFullSearchIndex } from '../../src/site-build/search-index.js';
import { exampleCopy } from './helpers.js';

describe('full search index', () => {
  let site: Awaited<ReturnType<typeof exampleCopy>>;
  beforeAll(async () => {
    site = await exampleCopy();
    expect((await buildSite({ root: site.root, outDir: site.out, search: false })).ok).toBe(true);
  }, 120_000);
  afterAll(() => site?.dispose());

  it('indexes every written page into one index and removes extra shards and the delta', async () => {
    for (const dir of ['pagefind-1', 'pagefind-delta', 'pagefind']) await mkdir(path.join(site.out, dir), { recursive: true });
    await writeFile(path.join(site.out, 'pagefind-1', 'marker'), 'old shard');
    const outcome = await buildFullSearchIndex(site.out);
    expect(outcome.errors).toEqual([]);
    expect(outcome.mode).toBe('full');
    // Every listed page with an indexed article (the root copy of /index carries none).
    const written = (await readFile(path.join(site.out, 'sitemap.xml'), 'utf8')).match(/<loc>/g)!.length;
    expect(outcome.pages).toBeGreaterThanOrEqual(written);
    expect(existsSync(path.join(site.out, 'pagefind', 'pagefind.js'))).toBe(true);
    expect(existsSync(path.join(site.out, 'pagefind-1'))).toBe(false);
    expect(existsSync(path.join(site.out, 'pagefind-delta'))).toBe(false);
    expect(JSON.parse(await readFile(path.join(site.out, 'pagefind', 'folio-search.json'), 'utf8'))).toEqual({});
  }, 120_000);
});
