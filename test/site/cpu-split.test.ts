import { describe, expect, it } from 'vitest';
import { buildSite, SPLIT_PHASES } from '../../src/site-build/index.js';
import { exampleCopy } from './helpers.js';

describe('the CPU split of a build', () => {
  it('times every phase a build goes through and leaves the others at zero', { timeout: 120_000 }, async () => {
    const site = await exampleCopy();
    try {
      const result = await buildSite({ root: site.root, outDir: site.out, search: false, retrieval: false });
      const split = result.stats!.split!;
      expect(Object.keys(split)).toEqual([...SPLIT_PHASES]);
      // The example site has pages with code blocks, so every per-page phase took some time.
      for (const phase of ['plan', 'parse', 'tree', 'highlight', 'html', 'layout', 'writeHtml', 'markdown', 'llms'] as const) expect(split[phase], phase).toBeGreaterThan(0);
      // Off in this build: nothing handed to a search index, no retrieval file.
      expect(split.retrieval).toBe(0);
      expect(split.searchHandOff).toBeLessThan(split.layout);
      // Rebuilt from the cache: nothing is compiled, so no compile phase has time.
      const again = await buildSite({ root: site.root, outDir: site.out, search: false, retrieval: false });
      expect(again.stats!.compiled).toBe(0);
      for (const phase of ['parse', 'tree', 'highlight', 'html'] as const) expect(again.stats!.split![phase], phase).toBe(0);
    } finally {
      await site.dispose();
    }
  });
});
