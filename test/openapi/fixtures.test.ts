import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { endpointReferenceForFrontmatter, renderEndpointPage } from '../../src/render/endpoint/index.js';
import { resolveFixture } from './harness.js';

/**
 * One folder per rule under fixtures/: docs.json + specs + pages, and expected.json with
 * - outline: every section's sidebar as text (endpoints with method, path, href, title),
 * - diagnostics: `severity CODE file:line:column` of every problem (navigation and openapi),
 * - pages (optional): href → texts the rendered endpoint page must contain,
 * - frontmatter (optional): page path → title of the endpoint its `openapi:` names, or the error code.
 * Set UPDATE_FIXTURES=1 to rewrite outline and diagnostics after reviewing a change.
 */
const root = path.join(import.meta.dirname, 'fixtures');
const scenarios = fs.readdirSync(root).filter((name) => fs.existsSync(path.join(root, name, 'docs.json'))).sort();

interface Expected {
  outline: string[];
  diagnostics: string[];
  pages?: Record<string, string[]>;
  frontmatter?: Record<string, string>;
}

describe('openapi fixtures', () => {
  it('has scenarios', () => expect(scenarios.length).toBeGreaterThanOrEqual(12));

  for (const scenario of scenarios) {
    it(scenario, async () => {
      const dir = path.join(root, scenario);
      const expectedFile = path.join(dir, 'expected.json');
      const site = await resolveFixture(dir);
      const expected: Expected = fs.existsSync(expectedFile) ? JSON.parse(fs.readFileSync(expectedFile, 'utf8')) : { outline: [], diagnostics: [] };
      if (process.env.UPDATE_FIXTURES) {
        fs.writeFileSync(expectedFile, JSON.stringify({ ...expected, outline: site.outline, diagnostics: site.diagnostics }, null, 2) + '\n');
        return;
      }
      expect(site.outline).toEqual(expected.outline);
      expect(site.diagnostics).toEqual(expected.diagnostics);
      for (const [href, texts] of Object.entries(expected.pages ?? {})) {
        const page = site.provider.operation(href);
        expect(page, `no endpoint page at ${href}`).toBeDefined();
        const html = renderEndpointPage(page!);
        // Samples are highlighted (a span per token) once any build in this process prepared the
        // highlighter; the texts are then looked up with the tags taken out.
        const text = html.replace(/<(?!\/?code>)[^>]*>/g, '');
        for (const want of texts) expect(html.includes(want) || text.includes(want), `${href} should contain ${want}`).toBe(true);
      }
      for (const [pagePath, want] of Object.entries(expected.frontmatter ?? {})) {
        const value = site.frontmatter.get(pagePath);
        expect(value, `${pagePath} has openapi frontmatter`).toBeDefined();
        const result = endpointReferenceForFrontmatter(site.provider, value!, `/${pagePath}`, site.apiSources);
        expect('html' in result ? result.title : result.diagnostic.code).toBe(want);
      }
    });
  }
});
