import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchRedirect } from '../../shared/index.js';
import { redirectsOf } from './redirects.js';

describe('published _redirects', () => {
  it('reads a build\'s rules once, old 301/302 lines as 308/307, and skips unsafe destinations', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'folio-redirects-'));
    try {
      await writeFile(path.join(dir, '_redirects'), '# c\n/start /en/quickstart 301\n/tmp /x 302\n/beta/:slug* /v2/:slug* 308\n/bad javascript:alert(1) 308\n');
      const rules = await redirectsOf(dir);
      expect(rules.map((r) => [r.source, r.status])).toEqual([['/start', 308], ['/tmp', 307], ['/beta/:slug*', 308]]);
      expect(matchRedirect(rules, '/beta/a/b', '?q=1')).toMatchObject({ location: '/v2/a/b?q=1', status: 308 });
      expect(await redirectsOf(dir)).toBe(rules);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
