import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/build/index.js';
import { formatDiagnostic } from '../../src/shared/diagnostics.js';

describe('folio build with broken pages', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'folio-broken-'));
    const root = path.join(dir, 'docs');
    await mkdir(root, { recursive: true });
    await writeFile(
      path.join(root, 'docs.json'),
      JSON.stringify({ name: 'Broken', colors: { primary: '#000000' }, navigation: { groups: [{ group: 'All', pages: ['good', 'bad-one', 'bad-two'] }] } }),
    );
    await writeFile(path.join(root, 'good.mdx'), '---\ntitle: Good\n---\n\nFine page.\n');
    await writeFile(path.join(root, 'bad-one.mdx'), '---\ntitle: Bad one\n---\n\nText\n\n<Note>not closed\n');
    await writeFile(path.join(root, 'bad-two.mdx'), '---\ntitle: Bad two\n---\n\n<NoSuchWidget />\n');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reports every page problem with file:line:column, fails, and still writes the other pages', async () => {
    const out = path.join(dir, 'out');
    const result = await buildSite({ root: path.join(dir, 'docs'), outDir: out, search: false });
    expect(result.ok).toBe(false);
    const lines = result.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic);
    expect(lines.some((l) => /^bad-one\.mdx:\d+:\d+ error /.test(l))).toBe(true);
    expect(lines.some((l) => /^bad-two\.mdx:5:1 error .*NoSuchWidget/.test(l)), lines.join("\n")).toBe(true);
    expect(existsSync(path.join(out, 'good/index.html'))).toBe(true);
    expect(existsSync(path.join(out, '404.html'))).toBe(true);
    // A rebuild skips the unchanged pages but reports their problems again.
    const again = await buildSite({ root: path.join(dir, 'docs'), outDir: out, search: false });
    expect(again.stats?.skipped).toBe(3);
    expect(again.diagnostics.filter((d) => d.severity === 'error').map(formatDiagnostic)).toEqual(lines);
  }, 120_000);

  it('refuses an output directory that is the docs root or contains it', async () => {
    for (const out of [path.join(dir, 'docs'), dir]) {
      const result = await buildSite({ root: path.join(dir, 'docs'), outDir: out, search: false });
      expect(result.ok).toBe(false);
      expect(result.diagnostics.map((d) => d.code)).toContain('BUILD_OUT_DIR_INVALID');
    }
    expect(existsSync(path.join(dir, 'docs', '404.html'))).toBe(false);
  });
});
