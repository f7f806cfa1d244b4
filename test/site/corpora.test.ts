/**
 * `folio build` on every real docs repository in ../shared/corpora succeeds (result.ok, no error
 * diagnostics) and writes every routable page (every navigation entry, hidden and endpoint pages
 * included). What the corpora get wrong but Folio can render (forgotten imports, `{name}` in
 * docstrings, `<Warn>`) are warnings, counted in the log.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSite, htmlFileFor } from '../../src/site-build/index.js';
import { loadSite } from '../../src/site/index.js';
import { formatDiagnostic } from '../../src/shared/diagnostics.js';
import { CORPORA } from './helpers.js';
import { passingCorpora } from '../../compat/corpora.js';

// The corpora compat/passing.json lists as building; `npm run compat` builds every one.
const corpora = passingCorpora('testBuild');

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
      const errors = result.diagnostics.filter((d) => d.severity === 'error');
      console.log(`${name}: ${result.pages} pages in ${(result.durationMs / 1000).toFixed(1)} s, ${errors.length} error(s), ${result.diagnostics.length - errors.length} warning(s)`);
      expect(errors.map(formatDiagnostic)).toEqual([]);
      expect(result.ok).toBe(true);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  }, 900_000);
});
