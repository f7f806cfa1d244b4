/**
 * Hidden tabs and groups with `searchable: true` (as the platform documents in organize/hidden-pages):
 * their pages stay out of the navigation but remain in site search, the sitemap, the llms files and
 * the page index; a hidden tab without it keeps its pages out of all of them; a page's own
 * `hidden: true` and a nested hidden group without `searchable: true` win over the tab's setting, and a
 * page's own `hidden: false` puts it back under a hidden tab or group (as the platform describes).
 * One small build shared by every assertion.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDocsIndex } from '../../src/markdown/index.js';
import { buildSite } from '../../src/site-build/index.js';

const PAGES: Record<string, string> = {
  index: '',
  guide: '',
  'guide-old': 'searchable: false\n',
  'help/faq': '',
  'help/billing': '',
  'help/secret': 'hidden: true\n',
  'help/internal/notes': '',
  'help/internal/open': 'hidden: false\n',
  'staff/roster': '',
  'staff/welcome': 'hidden: false\n',
  'extra/appendix': '',
};

describe('searchable: true on hidden tabs and groups', () => {
  let dir: string;
  let out: string;
  const read = (rel: string) => readFile(path.join(out, rel), 'utf8');
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'folio-hidden-searchable-'));
    const root = path.join(dir, 'docs');
    out = path.join(dir, 'out');
    for (const [page, extra] of Object.entries(PAGES)) {
      await mkdir(path.dirname(path.join(root, page)), { recursive: true });
      await writeFile(path.join(root, `${page}.mdx`), `---\ntitle: Title of ${page}\n${extra}---\nText of ${page}.\n`);
    }
    const navigation = {
      tabs: [
        { tab: 'Docs', groups: [{ group: 'Start', pages: ['index', 'guide', 'guide-old'] }, { group: 'Extra', hidden: true, searchable: true, pages: ['extra/appendix'] }] },
        {
          tab: 'Help center',
          hidden: true,
          searchable: true,
          groups: [
            { group: 'Help', pages: ['help/faq', 'help/billing', 'help/secret'] },
            { group: 'Internal', hidden: true, pages: ['help/internal/notes', 'help/internal/open'] },
          ],
        },
        { tab: 'Staff', hidden: true, groups: [{ group: 'Staff', pages: ['staff/roster', 'staff/welcome'] }] },
      ],
    };
    await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Hidden', theme: 'mint', colors: { primary: '#225588' }, navigation }));
    const built = await buildSite({ root, outDir: out, search: false });
    expect(built.diagnostics.filter((d) => d.severity !== 'info').map((d) => `${d.code} ${d.message}`)).toEqual([]);
    expect(built.ok).toBe(true);
  }, 60_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  // Pages under `searchable: true` (the hidden tab's visible group, the hidden group of a visible tab),
  // and pages whose own frontmatter says `hidden: false` under a hidden tab or group without it.
  const found = ['/help/faq', '/help/billing', '/extra/appendix', '/staff/welcome', '/help/internal/open'];
  // The hidden tab without it, the page hidden by its frontmatter, the nested hidden group without it.
  const left = ['/staff/roster', '/help/secret', '/help/internal/notes'];

  it('keeps them in the sitemap, the llms files and the page index, and the others out', async () => {
    const sitemap = await read('sitemap.xml');
    const llms = await read('llms.txt');
    const index = JSON.parse(await read('docs-index.json')) as { pages: { href: string }[] };
    const indexed = index.pages.map((p) => p.href);
    for (const href of ['/guide', ...found]) {
      expect(sitemap, href).toContain(`<loc>${href}</loc>`);
      expect(indexed, href).toContain(href);
      expect(llms, href).toContain(`${href}.md)`);
    }
    for (const href of left) {
      expect(sitemap, href).not.toContain(`<loc>${href}</loc>`);
      expect(indexed, href).not.toContain(href);
      expect(llms, href).not.toContain(`${href}.md`);
    }
  });

  it('marks their bodies for site search, and no hidden tab or group shows in the navigation', async () => {
    for (const href of found) expect(await read(`${href.slice(1)}/index.html`), href).toContain('data-pagefind-body');
    for (const href of left) expect(await read(`${href.slice(1)}/index.html`), href).not.toContain('data-pagefind-body');
    const home = await read('guide/index.html');
    expect(home).toContain('>Docs<');
    for (const label of ['>Help center<', '>Staff<', '>Extra<', 'Title of extra/appendix']) expect(home, label).not.toContain(label);
  });

  it('keeps a searchable: false page in the sitemap and llms files, marked in the page index, out of MCP search', async () => {
    expect(await read('sitemap.xml')).toContain('<loc>/guide-old</loc>');
    expect(await read('llms.txt')).toContain('/guide-old.md)');
    const index = JSON.parse(await read('docs-index.json')) as { pages: { href: string; searchable?: boolean }[] };
    expect(index.pages.filter((p) => p.searchable === false).map((p) => p.href)).toEqual(['/guide-old']);
    expect(await read('guide-old/index.html')).not.toContain('data-pagefind-body');
    const docs = await loadDocsIndex(out, { fresh: true });
    const hits = docs!.search('text of', 50).map((h) => h.url);
    expect(hits).toContain('/guide');
    expect(hits).not.toContain('/guide-old');
    expect(docs!.page('/guide-old')?.title).toBe('Title of guide-old');
  });
});
