import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSite } from './load-site.js';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

/** A docs root holding `files` (path → text). */
async function site(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'folio-load-site-'));
  dirs.push(root);
  for (const [rel, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, rel)), { recursive: true });
    await writeFile(path.join(root, rel), text);
  }
  return root;
}

const docsJson = (pages: string[]) => JSON.stringify({ name: 'Test', theme: 'mint', colors: { primary: '#0a0' }, navigation: { pages } });

describe('loadSite', () => {
  it('has no site without docs.json, and says the config was unreadable', async () => {
    const loaded = await loadSite(await site({ 'intro.mdx': '# Intro\n' }));
    expect(loaded.site).toBeNull();
    expect(loaded.unreadable).toBe(true);
    expect(loaded.diagnostics.map((d) => d.code)).toEqual(['CONFIG_NOT_FOUND']);
  });

  it('resolves config, pages and navigation, with the problems of every stage in one list', async () => {
    const root = await site({ 'docs.json': docsJson(['intro', 'missing']), 'intro.mdx': '---\ntitle: Intro\n---\n\nHello\n', 'unclosed.mdx': '---\ntitle: x\n' });
    const { site: loaded, diagnostics } = await loadSite(root);
    expect(loaded!.root).toBe(root);
    expect(loaded!.source).toBe('docs.json');
    expect([...loaded!.model.pages.keys()].sort()).toEqual(['/intro', '/unclosed']);
    expect(loaded!.index.pages.get('intro')!.source).toBeUndefined();
    expect(diagnostics.map((d) => d.code)).toEqual(expect.arrayContaining(['NAV_PAGE_NOT_FOUND', 'CONTENT_FRONTMATTER_UNCLOSED']));
    expect(diagnostics).toEqual(loaded!.diagnostics);
    // The caller's list is its own: adding to it leaves the site's alone.
    diagnostics.push({ ...diagnostics[0]!, code: 'X' });
    expect(loaded!.diagnostics).not.toContainEqual(expect.objectContaining({ code: 'X' }));
  });

  it('keeps page text and scans imports with keepSource', async () => {
    const root = await site({
      'docs.json': docsJson(['a', 'b']),
      'a.mdx': "import Note from '/snippets/note.mdx';\n\n<Note />\n",
      'b.mdx': '<Note />\n',
      'snippets/note.mdx': 'A note.\n',
    });
    const { site: loaded } = await loadSite(root, { keepSource: true });
    expect(loaded!.index.pages.get('b')!.source).toBe('<Note />\n');
    expect(loaded!.imports.get('Note')).toBeDefined();
  });

  it('loads OpenAPI specs only when something refers to an API, unless told', async () => {
    const plain = await site({ 'docs.json': docsJson(['intro']), 'intro.mdx': '# Intro\n' });
    expect((await loadSite(plain)).site!.openapi).toBeNull();
    expect((await loadSite(plain, { openapi: true })).site!.openapi).not.toBeNull();
    const api = await site({ 'docs.json': docsJson(['intro', 'GET /pets']), 'intro.mdx': '# Intro\n' });
    expect((await loadSite(api)).site!.openapi).not.toBeNull();
    expect((await loadSite(api, { openapi: false })).site!.openapi).toBeNull();
  });
});
