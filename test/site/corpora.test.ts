/**
 * `folio build` on every real docs repository in ../shared/corpora succeeds (result.ok, no error
 * diagnostics) and writes every routable page (every navigation entry, hidden and endpoint pages
 * included). What the corpora get wrong but Folio can render (forgotten imports, `{name}` in
 * docstrings, `<Warn>`) are warnings, counted in the log.
 *
 * The same build is checked for the files AI tools read: every routable page has its `.md`, every
 * indexable navigation page appears exactly once in llms.txt, and llms-full.txt holds every listed
 * page's title.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSite, htmlFileFor } from '../../src/site-build/index.js';
import { loadSite, type Site } from '../../src/site/index.js';
import { formatDiagnostic } from '../../src/shared/diagnostics.js';
import { corpusDir, haveCorpora, PASSING, passingCorpora } from '../../compat/corpora.js';
import { aiFileProblems } from '../../compat/ai-files.js';

// The corpora compat/passing.json lists as building; `npm run compat` builds every one.
const corpora = passingCorpora('testBuild');

describe.skipIf(!haveCorpora(...PASSING.testBuild))('folio build on the corpora', () => {
  it.each(corpora)('%s', async (name) => {
    const root = corpusDir(name);
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
      console.log(`${name}: ${result.pages} pages in ${(result.durationMs / 1000).toFixed(1)} s, ${errors.length} error(s), ${result.diagnostics.filter((d) => d.severity === 'warning').length} warning(s)`);
      expect(errors.map(formatDiagnostic)).toEqual([]);
      expect(result.ok).toBe(true);
      await expectLlmsFiles(site!, out);
      if (name === 'mintlify-docs') await expectPlatformHead(out);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  }, 900_000);
});

async function expectLlmsFiles(site: Site, out: string): Promise<void> {
  expect([...site.model.pages.values()].filter((r) => r.listed).length).toBeGreaterThan(20);
  expect(aiFileProblems(site, out)).toEqual([]);
}

/** The platform's own docs keep their SEO and analytics settings in the HTML the build writes. */
async function expectPlatformHead(out: string): Promise<void> {
  const html = await readFile(path.join(out, htmlFileFor('/quickstart')), 'utf8');
  expect(html).toContain('<meta name="google-site-verification" content="YRuJgIxsRnMkiRTYTo_tEsJSFyIE3AraEiukTbeV4Ag">');
  expect(html).toContain('<link rel="canonical" href="https://www.mintlify.com/docs/quickstart">');
  expect(html).toContain('src="https://www.googletagmanager.com/gtag/js?id=G-RCYWHL7EQ7"');
  expect(html).toContain('src="https://us-assets.i.posthog.com/static/array.js"');
}
