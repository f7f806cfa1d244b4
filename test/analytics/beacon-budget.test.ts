/** The beacon's weight on a page: at most 1 KB gzipped, words included (they come from the page, not the script). */
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bundleBeacon } from '../../src/render/index.js';

describe('analytics beacon', () => {
  it('stays within 1 KB gzipped and carries no words of the widget', async () => {
    const js = await bundleBeacon();
    expect(gzipSync(js).length).toBeLessThanOrEqual(1024);
    for (const words of ['Feedback on this code', 'Thank you', 'Was this page helpful']) expect(js).not.toContain(words);
    // The code-snippet control is in it (drawn from the page's template), so the budget covers it.
    expect(js).toContain('code_snippet');
  });
});
