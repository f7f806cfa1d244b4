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
import { markdownFileFor } from '../../src/markdown/index.js';
import { seoBaseUrl } from '../../src/render/index.js';
import { buildSite, htmlFileFor } from '../../src/site-build/index.js';
import { loadSite, type Site } from '../../src/site/index.js';
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

const count = (text: string, needle: string) => text.split(needle).length - 1;

async function expectLlmsFiles(site: Site, out: string): Promise<void> {
  const routes = [...site.model.pages.values()];
  expect(routes.filter((r) => !existsSync(path.join(out, markdownFileFor(r.href)))).map((r) => r.href)).toEqual([]);
  const llms = await readFile(path.join(out, 'llms.txt'), 'utf8');
  const full = await readFile(path.join(out, 'llms-full.txt'), 'utf8');
  expect(await readFile(path.join(out, '.well-known/llms.txt'), 'utf8')).toBe(llms);
  expect(llms.startsWith(`# ${site.config.name}\n`)).toBe(true);
  const indexable = routes.filter((r) => (r.listed || site.config.seo?.indexing === 'all') && !(r.kind === 'page' && site.index.pages.get(r.path)?.noindex));
  expect(indexable.length).toBeGreaterThan(20);
  // Links are absolute under the site's public URL when docs.json's SEO settings give one (mintlify-docs).
  const base = (seoBaseUrl(site.config.seo?.metatags, undefined) ?? '').replace(/\/+$/, '');
  const notOnce = indexable.filter((r) => count(llms, `](${base}/${markdownFileFor(r.href)})`) !== 1).map((r) => r.href);
  expect(notOnce).toEqual([]);
  const untitled = indexable.filter((r) => !full.includes(`# ${r.title.trim()}\n`)).map((r) => r.href);
  expect(untitled).toEqual([]);
}

/** The platform's own docs keep their SEO and analytics settings in the HTML the build writes. */
async function expectPlatformHead(out: string): Promise<void> {
  const html = await readFile(path.join(out, htmlFileFor('/quickstart')), 'utf8');
  expect(html).toContain('<meta name="google-site-verification" content="YRuJgIxsRnMkiRTYTo_tEsJSFyIE3AraEiukTbeV4Ag">');
  expect(html).toContain('<link rel="canonical" href="https://www.mintlify.com/docs/quickstart">');
  expect(html).toContain('src="https://www.googletagmanager.com/gtag/js?id=G-RCYWHL7EQ7"');
  expect(html).toContain('src="https://us-assets.i.posthog.com/static/array.js"');
}
