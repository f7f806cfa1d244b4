/**
 * Folio's own docs (docs/) build with Folio as CI requires (`folio build docs --strict` and
 * `folio check docs --strict`): no error, no warning, no broken link, anchor, image or redirect.
 * One build of the whole site through the library, without search (a few seconds).
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../../src/shared/index.js';
import { buildSite, type BuildResult } from '../../src/site-build/index.js';
import { DOCS_ROOT, REPO } from '../../scripts/docs-gen/generate.js';

describe('docs/ builds with Folio, strict', () => {
  let out: string;
  let result: BuildResult;
  beforeAll(async () => {
    out = await mkdtemp(path.join(os.tmpdir(), 'folio-own-docs-'));
    result = await buildSite({ root: DOCS_ROOT, outDir: out, cache: false, search: false, threads: 1 });
  }, 120_000);
  afterAll(() => rm(out, { recursive: true, force: true }));

  it('reports no error and no warning (what --strict fails on)', () => {
    const problems = result.diagnostics.filter((d) => d.severity !== 'info').map(formatDiagnostic);
    expect(problems).toEqual([]);
    expect(result.ok).toBe(true);
  });

  it('has the guides, the generated reference and one endpoint page per admin API route', async () => {
    const spec = JSON.parse(fs.readFileSync(path.join(DOCS_ROOT, 'reference/api/openapi.json'), 'utf8')) as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.values(spec.paths).reduce((n, ops) => n + Object.keys(ops).filter((m) => /^(get|post|put|patch|delete)$/.test(m)).length, 0);
    const files = (await readdir(out, { recursive: true })).filter((f) => f.endsWith('.html'));
    for (const page of ['index.html', 'guides/self-host/index.html', 'reference/cli/build/index.html', 'reference/settings/docs-json/index.html', 'reference/errors/overview/index.html', 'reference/cli/overview/index.html', 'reference/errors/config/index.html', 'changelog/index.html']) {
      expect(files, page).toContain(page);
    }
    const endpointPages = [];
    for (const f of files) if ((await readFile(path.join(out, f), 'utf8')).includes('class="api-page"')) endpointPages.push(f);
    expect(endpointPages.length).toBe(operations);
    expect(result.pages).toBeGreaterThan(50);
  });

  it('links only to files of the built site (every href a page or file a static host serves)', async () => {
    const entries = await readdir(out, { recursive: true, withFileTypes: true });
    const files = new Set(entries.filter((e) => e.isFile()).map((e) => '/' + path.relative(out, path.join(e.parentPath, e.name)).split(path.sep).join('/')));
    const served = (p: string) => files.has(p) || files.has(`${p.replace(/\/$/, '')}/index.html`) || files.has(`${p}.html`);
    const broken = new Set<string>();
    for (const f of [...files].filter((f) => f.endsWith('.html'))) {
      const html = await readFile(path.join(out, f), 'utf8');
      for (const m of html.matchAll(/href="(\/[^"#?]*)/g)) if (!m[1]!.startsWith('//') && !served(decodeURI(m[1]!))) broken.add(`${f} → ${m[1]}`);
    }
    expect([...broken]).toEqual([]);
  });

  it('carries every README test command the CI runs', async () => {
    const install = await readFile(path.join(DOCS_ROOT, 'get-started/install.mdx'), 'utf8');
    const readme = await readFile(path.join(REPO, 'README.md'), 'utf8');
    for (const command of ['npm ci && npm start', 'npm test', 'npm run test:e2e']) {
      expect(install).toContain(command);
      expect(readme).toContain(command);
    }
  });
});
