/**
 * The build's retrieval file (`.folio-cache/retrieval.jsonl`): the pages site search shows, cut
 * into sections with their anchors; hidden, `searchable: false` and `noindex` pages left out
 * unless `seo.indexing: "all"` (hidden ones); an edit cuts its own page again, the rest are kept.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexOfFile, RETRIEVAL_FILE, type RetrievalFile } from '../../src/retrieval/index.js';
import { buildSite } from '../../src/site-build/index.js';

const PAGES: Record<string, string> = {
  index: '---\ntitle: Welcome\nkeywords: ["greeting"]\n---\nHello.\n\n## Install\n\nRun the installer.\n\n## Configure\n\nEdit docs.json.\n',
  guide: '---\ntitle: Guide\n---\nA guide about widgets.\n',
  secret: '---\ntitle: Secret\nhidden: true\n---\nHidden words.\n',
  quiet: '---\ntitle: Quiet\nsearchable: false\n---\nQuiet words.\n',
  robots: '---\ntitle: Robots\nnoindex: true\n---\nNoindex words.\n',
};

describe('the retrieval file of a build', () => {
  let dir: string;
  let root: string;
  let out: string;
  // A header line, then a line per page.
  const file = async (): Promise<RetrievalFile> => {
    const [header, ...pages] = (await readFile(path.join(out, RETRIEVAL_FILE), 'utf8')).trimEnd().split('\n').map((line) => JSON.parse(line));
    return { ...header, pages };
  };
  const config = (extra: object = {}) => writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'R', theme: 'mint', colors: { primary: '#225588' }, navigation: { groups: [{ group: 'Start', pages: ['index', 'guide', 'quiet', 'robots'] }] }, ...extra }));
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'folio-retrieval-'));
    root = path.join(dir, 'docs');
    out = path.join(dir, 'out');
    await mkdir(root, { recursive: true });
    for (const [name, text] of Object.entries(PAGES)) await writeFile(path.join(root, `${name}.mdx`), text);
    await config();
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('holds the searchable pages, cut at headings, with their group and keywords', async () => {
    const built = await buildSite({ root, outDir: out, search: false });
    expect(built.ok).toBe(true);
    expect(built.stats?.retrieval).toMatchObject({ pages: 2, cut: 2 });
    const { pages } = await file();
    expect(pages.map((p) => p.href).sort()).toEqual(['/guide', '/index']);
    expect((await file()).assistant).toEqual({ siteName: 'R' });
    const index = pages.find((p) => p.href === '/index')!;
    expect(index).toMatchObject({ title: 'Welcome', group: 'Start', keywords: ['greeting'] });
    expect(index.sections.map((s) => [s.anchor, s.text])).toEqual([
      ['', 'Hello.'],
      ['install', 'Run the installer.'],
      ['configure', 'Edit docs.json.'],
    ]);
    const search = indexOfFile(await readFile(path.join(out, RETRIEVAL_FILE), 'utf8'))!;
    expect(search.search('installer')[0]).toMatchObject({ path: '/index', anchor: 'install' });
    expect(search.search('quiet words')).toEqual([]);
  });

  it('cuts only the edited page again', async () => {
    await writeFile(path.join(root, 'guide.mdx'), '---\ntitle: Guide\n---\nA guide about gadgets.\n');
    const built = await buildSite({ root, outDir: out, search: false });
    expect(built.stats?.retrieval).toMatchObject({ pages: 2, cut: 1 });
    const guide = (await file()).pages.find((p) => p.href === '/guide')!;
    expect(guide.sections[0]!.text).toBe('A guide about gadgets.');
  });

  it('copies the lines of kept pages byte for byte and equals a build from scratch', async () => {
    // A kept line is not parsed and written again: marked by an escape JSON.stringify would not write.
    const raw = (await readFile(path.join(out, RETRIEVAL_FILE), 'utf8')).split('\n');
    const at = raw.findIndex((line) => line.startsWith('{"href":"/index"'));
    raw[at] = raw[at]!.replace('Run the installer.', 'Run the \\u0069nstaller.');
    await writeFile(path.join(out, RETRIEVAL_FILE), raw.join('\n'));
    await writeFile(path.join(root, 'guide.mdx'), '---\ntitle: Guide\n---\nA guide about sprockets.\n');
    const built = await buildSite({ root, outDir: out, search: false });
    expect(built.stats?.retrieval).toMatchObject({ pages: 2, cut: 1 });
    const text = await readFile(path.join(out, RETRIEVAL_FILE), 'utf8');
    expect(text).toContain('Run the \\u0069nstaller.');
    expect((await file()).pages.find((p) => p.href === '/guide')!.sections[0]!.text).toBe('A guide about sprockets.');
    // Without the mark, the same bytes as a build that cut every page.
    const fresh = path.join(dir, 'out-fresh');
    await buildSite({ root, outDir: fresh, search: false, cache: false });
    expect(text.replace('\\u0069', 'i')).toBe(await readFile(path.join(fresh, RETRIEVAL_FILE), 'utf8'));
  });

  it('takes hidden pages in with seo.indexing "all", never searchable: false or noindex ones', async () => {
    await config({ seo: { indexing: 'all' } });
    await buildSite({ root, outDir: out, search: false });
    expect((await file()).pages.map((p) => p.href).sort()).toEqual(['/guide', '/index', '/secret']);
  });

  it("records each page's product, tab and frontmatter tag (the search's filters and the reader's place)", async () => {
    await writeFile(path.join(root, 'guide.mdx'), '---\ntitle: Guide\ntag: Beta\n---\nA guide about gadgets.\n');
    await config({ navigation: { products: [{ product: 'Cache', tabs: [{ tab: 'Guides', groups: [{ group: 'Start', pages: ['index'] }] }] }, { product: 'Queues', groups: [{ group: 'Q', pages: ['guide'] }] }] } });
    await buildSite({ root, outDir: out, search: false });
    const pages = (await file()).pages;
    expect(pages.find((p) => p.href === '/index')).toMatchObject({ product: 'Cache', tab: 'Guides' });
    expect(pages.find((p) => p.href === '/guide')).toMatchObject({ product: 'Queues', tag: 'Beta' });
    expect(pages.find((p) => p.href === '/guide')!.tab).toBeUndefined();
  });

  it('is not written when asked not to be', async () => {
    const other = path.join(dir, 'out-none');
    const built = await buildSite({ root, outDir: other, search: false, retrieval: false });
    expect(built.stats?.retrieval).toBeUndefined();
    await expect(readFile(path.join(other, RETRIEVAL_FILE))).rejects.toThrow();
  });
});
