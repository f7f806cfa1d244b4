import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildPageIndex } from '../../src/content/index.js';

let root: string;
const write = (rel: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), text);
};

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'folio-pages-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('buildPageIndex', () => {
  it('discovers .mdx and .md pages and skips snippets, dot-folders, node_modules and ignored files', async () => {
    write('index.mdx', '---\ntitle: Home\n---\n');
    write('guide/intro.md', '# Intro\n');
    write('snippets/part.mdx', '# Snippet\n');
    write('guide/_snippets/part.mdx', '# Snippet\n');
    write('.hidden/page.mdx', '# Dot folder\n');
    write('node_modules/pkg/readme.mdx', '# Dependency\n');
    write('README.md', '# Repository readme\n');
    write('drafts/wip.mdx', '# Draft\n');
    write('guide/old.draft.mdx', '# Draft\n');
    write('guide/keep.draft.mdx', '# Kept by negation\n');
    write('notes.txt', 'not a page');
    write('.mintignore', 'drafts/\n*.draft.mdx\n!keep.draft.mdx\n');
    const index = await buildPageIndex(root);
    expect([...index.pages.keys()].sort()).toEqual(['guide/intro', 'guide/keep.draft', 'index']);
    expect(index.diagnostics).toEqual([]);
  });

  it("ignores the platform's default folders at the docs root only", async () => {
    write('index.mdx', '# Home\n');
    write('build/out.mdx', '# Build output\n');
    write('dist/bundle.mdx', '# Bundle\n');
    write('tmp/scratch.mdx', '# Scratch\n');
    write('guides/build/pipeline.mdx', '# Build pipelines\n');
    write('sdk/dist/publish.mdx', '# Publishing\n');
    write('sdk/node_modules/x/readme.mdx', '# Dependency\n');
    const index = await buildPageIndex(root);
    expect([...index.pages.keys()].sort()).toEqual(['guides/build/pipeline', 'index', 'sdk/dist/publish']);
  });

  it('takes the title from frontmatter, else the file name, never the first heading (as the platform does)', async () => {
    write('a.mdx', '---\ntitle: From frontmatter\nsidebarTitle: Short\n---\n# Heading\n');
    write('b-side.mdx', '---\ndescription: no title\n---\n\n# Not the title\n');
    write('c-page.mdx', 'Just text.\n');
    const { pages } = await buildPageIndex(root);
    expect([pages.get('a')!.title, pages.get('a')!.sidebarTitle, pages.get('a')!.titleSource]).toEqual(['From frontmatter', 'Short', 'frontmatter']);
    expect([pages.get('b-side')!.title, pages.get('b-side')!.titleSource, pages.get('b-side')!.description]).toEqual(['B side', 'filename', 'no title']);
    expect([pages.get('c-page')!.title, pages.get('c-page')!.titleSource]).toEqual(['C page', 'filename']);
  });

  it('keeps the typed fields, the raw frontmatter and the body position', async () => {
    write('p.mdx', '---\ntitle: P\nicon: star\ntag: NEW\nhidden: true\nnoindex: true\nopenapi: GET /users\nurl: https://example.com\nmode: wide\nkeywords: [a, b]\n---\nBody\n');
    const index = await buildPageIndex(root, { keepSource: true });
    const page = index.pages.get('p')!;
    expect(page).toMatchObject({ path: 'p', file: 'p.mdx', format: 'mdx', icon: 'star', tag: 'NEW', hidden: true, noindex: true, openapi: 'GET /users', url: 'https://example.com', mode: 'wide', bodyLine: 12 });
    expect(page.frontmatter.keywords).toEqual(['a', 'b']);
    expect(page.source!.slice(page.bodyOffset)).toBe('Body\n');
  });

  it('reports a page that exists as both .md and .mdx and keeps the .mdx', async () => {
    write('dup.md', '# Markdown\n');
    write('dup.mdx', '# MDX\n');
    const index = await buildPageIndex(root);
    expect(index.pages.get('dup')!.file).toBe('dup.mdx');
    expect(index.diagnostics.map((d) => `${d.file} ${d.severity} ${d.code}`)).toEqual(['dup.md warning CONTENT_DUPLICATE_PAGE']);
  });

  it('reports frontmatter problems per page and still indexes the page', async () => {
    write('js.mdx', '---js\nexport const title = "x"\n---\n# JS page\n');
    write('ok.mdx', '# Fine\n');
    const index = await buildPageIndex(root);
    expect(index.pages.get('js')!.title).toBe('Js');
    expect(index.diagnostics.map((d) => `${d.file}:${d.line} ${d.code}`)).toEqual(['js.mdx:1 CONTENT_FRONTMATTER_JS']);
  });

  it('does not follow symlinks out of the root', async () => {
    const outside = mkdtempSync(path.join(tmpdir(), 'folio-outside-'));
    try {
      writeFileSync(path.join(outside, 'secret.mdx'), '# Secret\n');
      const { symlinkSync } = await import('node:fs');
      symlinkSync(outside, path.join(root, 'linked'));
      symlinkSync(path.join(outside, 'secret.mdx'), path.join(root, 'secret.mdx'));
      const index = await buildPageIndex(root);
      expect(index.pages.size).toBe(0);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});

describe('re-reading pages in one process', () => {
  it('returns unchanged pages from memory and re-reads edited ones, even at the same size', async () => {
    write('a.mdx', '---\ntitle: First\n---\nBody one.\n');
    write('b.mdx', '# B\n');
    const first = await buildPageIndex(root, { keepSource: true });
    expect(first.pages.get('a')!.title).toBe('First');
    expect(first.pages.get('a')!.sourceHash).toMatch(/^[0-9a-f]{40}$/);
    // Same length, other text: the modification time tells them apart.
    await new Promise((resolve) => setTimeout(resolve, 20));
    write('a.mdx', '---\ntitle: Other\n---\nBody two.\n');
    const second = await buildPageIndex(root, { keepSource: true });
    expect(second.pages.get('a')!.title).toBe('Other');
    expect(second.pages.get('a')!.source).toContain('Body two.');
    expect(second.pages.get('a')!.sourceHash).not.toBe(first.pages.get('a')!.sourceHash);
    expect(second.pages.get('b')).toEqual(first.pages.get('b'));
    // A caller changing its copy does not change what the next build gets.
    second.pages.get('b')!.title = 'Mutated';
    expect((await buildPageIndex(root, { keepSource: true })).pages.get('b')!.title).toBe('B');
    // Without keepSource the cached text is not handed out.
    expect((await buildPageIndex(root)).pages.get('b')!.source).toBeUndefined();
  });
  it('reports a .mintignore it cannot read instead of publishing what it hides', async () => {
    write('index.mdx', '# Home\n');
    mkdirSync(path.join(root, '.mintignore'));
    const index = await buildPageIndex(root);
    expect([...index.pages.keys()]).toEqual(['index']);
    expect(index.diagnostics.map((d) => [d.file, d.code, d.severity])).toEqual([['.mintignore', 'CONTENT_READ_FAILED', 'error']]);
    expect(index.diagnostics[0]!.message).toBe('Cannot read .mintignore (EISDIR), so its rules were not applied. Check its permissions.');
  });
});
