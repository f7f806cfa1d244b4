/**
 * `folio build` on every real docs repository in ../shared/corpora: the build finishes, no page
 * crashes the renderer, and every routable page (every navigation entry, hidden and endpoint
 * pages included) is written. Content problems the corpora really have (unknown components,
 * missing snippets) are reported as diagnostics and counted in the log, not failed on.
 */
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSite, htmlFileFor, loadSite } from '../../src/build/index.js';
import { CORPORA } from './helpers.js';

const corpora = existsSync(CORPORA) ? readdirSync(CORPORA).filter((d) => existsSync(path.join(CORPORA, d, 'docs.json')) || existsSync(path.join(CORPORA, d, 'mint.json'))) : [];

describe.skipIf(corpora.length === 0)('folio build on the corpora', () => {
  it.each(corpora)('%s', async (name) => {
    const root = path.join(CORPORA, name);
    const out = await mkdtemp(path.join(os.tmpdir(), `folio-corpus-${name}-`));
    try {
      const result = await buildSite({ root, outDir: out, search: false });
      const { site } = await loadSite(root);
      expect(site).not.toBeNull();
      const hrefs = [...site!.model.pages.keys()];
      expect(result.pages).toBe(hrefs.length);
      const missing = hrefs.filter((h) => !existsSync(path.join(out, htmlFileFor(h))));
      expect(missing).toEqual([]);
      expect(result.diagnostics.filter((d) => d.code === 'BUILD_PAGE_CRASHED' || d.code === 'BUILD_PAGE_UNREADABLE')).toEqual([]);
      const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
      console.log(`${name}: ${result.pages} pages in ${(result.durationMs / 1000).toFixed(1)} s, ${errors} error(s), ${result.diagnostics.length - errors} warning(s)`);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  }, 900_000);
});
