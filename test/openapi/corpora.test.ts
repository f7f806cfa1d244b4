import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildPageIndex } from '../../src/content/index.js';
import { loadOpenApiSpecs, type OpenApiSiteProvider } from '../../src/openapi/index.js';
import { endpointReferenceForFrontmatter, renderEndpointPage } from '../../src/render/endpoint/index.js';
import { corpusDir, haveCorpora } from '../../compat/corpora.js';
import { resolveFixture } from './harness.js';

/**
 * The real repositories in ../shared/corpora: every spec loads without errors, every
 * endpoint gets a rendered page, and every `openapi:` frontmatter page finds its endpoint.
 * Counts are pinned so a regression that drops endpoints shows up.
 */
const SPECS: [corpus: string, specs: string[], endpoints: number][] = [
  ['ollama', ['/openapi.yaml'], 12],
  ['mem0', ['openapi.json'], 55],
  ['trigger-dev', ['openapi.yml', 'v3-openapi.yaml'], 64],
  ['mintlify-docs', ['admin-openapi.json', 'analytics.openapi.json', 'discovery-openapi.json', 'index-openapi.json', 'openapi.json', 'static-export-openapi.json'], 28],
  ['prefect', ['v3/api-ref/rest-api/server/schema.json'], 179],
];

function renderAll(provider: OpenApiSiteProvider, specs: string[]): number {
  let rendered = 0;
  for (const spec of specs) {
    for (const endpoint of provider.endpoints(spec)) {
      const html = renderEndpointPage(provider.operation(endpoint.href)!);
      expect(html).toContain(endpoint.path);
      rendered++;
    }
  }
  return rendered;
}

describe.skipIf(!haveCorpora(...SPECS.map(([corpus]) => corpus)))('corpora specs', () => {
  for (const [corpus, specs, endpoints] of SPECS) {
    it(`${corpus}: ${specs.length} spec(s) load and every endpoint renders`, async () => {
      const { provider, diagnostics } = await loadOpenApiSpecs(corpusDir(corpus), specs, { discover: false });
      expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect(renderAll(provider, specs)).toBe(endpoints);
    }, 60_000);
  }

  it('ollama navigation lists its endpoint entries at the URLs the spec publishes (x-mint.href)', async () => {
    const site = await resolveFixture(corpusDir('ollama'));
    const endpoints = site.outline.filter((line) => /^\s+(GET|POST|DELETE) /.test(line)).map((l) => l.trim());
    expect(endpoints).toHaveLength(12);
    expect(endpoints).toContain('POST /api/generate -> /api/generate "Generate a response"');
    expect(endpoints).toContain('DELETE /api/delete -> /api/delete "Delete a model"');
    expect(site.diagnostics.filter((d) => d.startsWith('error') && d.includes('OPENAPI'))).toEqual([]);
  }, 60_000);

  // Pages whose endpoint really is absent from the spec they name (stale translations of
  // mintlify-docs' analytics spec; prefect pages for operations its schema.json lacks) must
  // be reported, not silently rendered: those are the expected failures.
  // prefect (946 pages, 179 operations) is the slowest; it runs with FOLIO_CORPORA_ALL=1 and its
  // build (npm run compat) reports the same 14 missing operations.
  const FRONTMATTER: [corpus: string, found: number, missing: number][] = [
    ['mem0', 38, 0],
    ['trigger-dev', 62, 0],
    ['mintlify-docs', 100, 12],
    ...(process.env.FOLIO_CORPORA_ALL === '1' ? [['prefect', 179, 14] as [string, number, number]] : []),
  ];
  for (const [corpus, count, missing] of FRONTMATTER) {
    it(`${corpus}: openapi frontmatter pages find their endpoint, or report it missing`, async () => {
      const root = corpusDir(corpus);
      const index = await buildPageIndex(root);
      const { provider } = await loadOpenApiSpecs(root, []);
      const failures: string[] = [];
      let found = 0;
      for (const page of index.pages.values()) {
        if (!page.openapi) continue;
        const result = endpointReferenceForFrontmatter(provider, page.openapi, `/${page.path}`);
        if ('html' in result) found++;
        else failures.push(`${page.path}: ${page.openapi} → ${result.diagnostic.code}`);
      }
      expect(failures.filter((f) => !f.endsWith('OPENAPI_ENDPOINT_NOT_FOUND'))).toEqual([]);
      expect(failures).toHaveLength(missing);
      expect(found).toBe(count);
    }, 120_000);
  }
});
