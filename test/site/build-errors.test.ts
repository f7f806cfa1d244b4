import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/site-build/index.js';
import { startDevServer } from '../../src/dev/index.js';
import { formatDiagnostic } from '../../src/shared/diagnostics.js';

describe('folio build with broken pages', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'folio-broken-'));
    const root = path.join(dir, 'docs');
    await mkdir(root, { recursive: true });
    await writeFile(
      path.join(root, 'docs.json'),
      JSON.stringify({ name: 'Broken', colors: { primary: '#000000' }, navigation: { groups: [{ group: 'All', pages: ['good', 'bad-one', 'bad-two', 'bad-three'] }] } }),
    );
    await writeFile(path.join(root, 'good.mdx'), '---\ntitle: Good\n---\n\nFine page.\n');
    await writeFile(path.join(root, 'bad-one.mdx'), '---\ntitle: Bad one\n---\n\nText\n\n<Note>not closed\n');
    await writeFile(path.join(root, 'bad-two.mdx'), '---\ntitle: Bad two\n---\n\n<NoSuchWidget />\n');
    await writeFile(path.join(root, 'bad-three.mdx'), '---\ntitle: Bad three\n---\n\nimport { Chart } from "chart-package";\n\n<Chart />\n');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reports every page problem with file:line:column, fails on errors, and still writes every page', async () => {
    const out = path.join(dir, 'out');
    const result = await buildSite({ root: path.join(dir, 'docs'), outDir: out, search: false });
    expect(result.ok).toBe(false);
    const lines = result.diagnostics.filter((d) => d.file.startsWith('bad-')).map(formatDiagnostic);
    // Where the platform still publishes, the page degrades with a warning; an npm import is an error.
    expect(lines.some((l) => /^bad-one\.mdx:7:1 warning This file is not valid MDX \(`<Note>` is never closed/.test(l)), lines.join('\n')).toBe(true);
    expect(lines.some((l) => /^bad-two\.mdx:5:1 warning Unknown component `<NoSuchWidget>`/.test(l)), lines.join('\n')).toBe(true);
    expect(lines.some((l) => /^bad-three\.mdx:5:1 error Cannot import `Chart` from "chart-package"/.test(l)), lines.join('\n')).toBe(true);
    expect(await readFile(path.join(out, 'bad-one/index.html'), 'utf8')).toContain('not closed');
    expect(existsSync(path.join(out, 'good/index.html'))).toBe(true);
    expect(existsSync(path.join(out, 'bad-three/index.html'))).toBe(true);
    expect(existsSync(path.join(out, '404.html'))).toBe(true);
    // A rebuild skips the unchanged pages but reports their problems again.
    const again = await buildSite({ root: path.join(dir, 'docs'), outDir: out, search: false });
    expect(again.stats?.skipped).toBe(4);
    expect(again.diagnostics.filter((d) => d.file.startsWith('bad-')).map(formatDiagnostic)).toEqual(lines);
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

describe('components used without their import, in folio build and folio dev', () => {
  const dirs: string[] = [];
  const page = (title: string, body: string) => `---\ntitle: ${title}\n---\n\n${body}\n`;
  /** A fresh site per test: `importer` imports TipBox, `forgetter` uses it without the import. */
  async function site(forgetter = 'Intro.\n\n<TipBox />\n\nPath: projects/{project}/jobs'): Promise<{ root: string; out: string }> {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'folio-forgotten-'));
    dirs.push(dir);
    const root = path.join(dir, 'docs');
    await mkdir(path.join(root, 'snippets'), { recursive: true });
    await writeFile(
      path.join(root, 'docs.json'),
      JSON.stringify({ name: 'Forgotten', colors: { primary: '#000000' }, navigation: { groups: [{ group: 'All', pages: ['importer', 'forgetter'] }] } }),
    );
    await writeFile(path.join(root, 'snippets', 'shared-tip.mdx'), 'Shared tip text.\n');
    await writeFile(path.join(root, 'snippets', 'alt-tip.mdx'), 'Alternative tip text.\n');
    await writeFile(path.join(root, 'importer.mdx'), page('Importer', 'import TipBox from "/snippets/shared-tip.mdx";\n\n<TipBox />'));
    await writeFile(path.join(root, 'forgetter.mdx'), page('Forgetter', forgetter));
    return { root, out: path.join(dir, 'out') };
  }
  afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  it('renders them from the snippet other pages import, warns with the import line, and succeeds', async () => {
    const { root, out } = await site();
    const result = await buildSite({ root, outDir: out, search: false });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(result.ok).toBe(true);
    const warnings = result.diagnostics.filter((d) => d.file === 'forgetter.mdx').map(formatDiagnostic);
    expect(warnings).toEqual([
      'forgetter.mdx:7:1 warning `<TipBox>` is not imported; it is rendered from "/snippets/shared-tip.mdx" because other pages import `TipBox` from "/snippets/shared-tip.mdx". Add `import TipBox from "/snippets/shared-tip.mdx";` to the top of the page.',
      'forgetter.mdx:9:16 warning `{project}` is shown as written because this page defines no `project`. Escape the braces as `\\{project\\}` if they are text, or define it with `export const project = ...`.',
    ]);
    const html = await readFile(path.join(out, 'forgetter/index.html'), 'utf8');
    expect(html).toContain('Shared tip text.');
    expect(html).toContain('projects/{project}/jobs');

    // Another page changing what it imports under that name re-renders this one (cache key), not a stale copy.
    await writeFile(path.join(root, 'importer.mdx'), page('Importer', 'import TipBox from "/snippets/alt-tip.mdx";\n\n<TipBox />'));
    const again = await buildSite({ root, outDir: out, search: false });
    expect(again.ok).toBe(true);
    const after = await readFile(path.join(out, 'forgetter/index.html'), 'utf8');
    expect(after).toContain('Alternative tip text.');
    expect(after).not.toContain('Shared tip text.');
  }, 120_000);

  it('builds a component nobody defines as its children, with a warning naming file:line:column', async () => {
    const { root, out } = await site('Intro.\n\n  <Foo>\n  Wrapped text.\n  </Foo>');
    const result = await buildSite({ root, outDir: out, search: false });
    expect(result.ok).toBe(true);
    expect(result.diagnostics.filter((d) => d.file === 'forgetter.mdx').map(formatDiagnostic)).toEqual([
      expect.stringMatching(/^forgetter\.mdx:7:3 warning Unknown component `<Foo>`: the page is built without it/),
    ]);
    expect(await readFile(path.join(out, 'forgetter/index.html'), 'utf8')).toContain('Wrapped text.');
  }, 120_000);

  it('folio dev resolves them the same way and follows a change of the other page', async () => {
    const { root } = await site();
    const server = await startDevServer({ root, port: 0 });
    try {
      const first = await (await fetch(`${server.url}/forgetter`)).text();
      expect(first).toContain('Shared tip text.');
      const reload = server.nextReload();
      await writeFile(path.join(root, 'importer.mdx'), page('Importer', 'import TipBox from "/snippets/alt-tip.mdx";\n\n<TipBox />'));
      await reload;
      const second = await (await fetch(`${server.url}/forgetter`)).text();
      expect(second).toContain('Alternative tip text.');
    } finally {
      await server.close();
    }
  }, 120_000);
});
