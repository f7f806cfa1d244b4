/** Frontmatter switches of the layout, rendered through the SiteRenderer the build and dev use. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteRenderer } from '../../src/render/index.js';
import { loadSite } from '../../src/site/index.js';

describe('page details from frontmatter', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'folio-details-'));
    await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'D', theme: 'mint', colors: { primary: '#112233' }, description: 'Site about D', navigation: { pages: ['a', 'b', 'c'] } }));
    await writeFile(path.join(root, 'a.mdx'), '---\ntitle: A\n---\nA\n');
    await writeFile(path.join(root, 'b.mdx'), '---\ntitle: B\ndeprecated: true\nhideFooterPagination: true\n---\nB\n');
    await writeFile(path.join(root, 'c.mdx'), '---\ntitle: C\n---\nC\n');
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('draws the deprecated badge and drops the pager when asked, and only then', async () => {
    const { site } = await loadSite(root);
    const renderer = new SiteRenderer(site!, { css: '/a.css', js: '/a.js', base: '/' });
    const render = (href: string) => renderer.render(site!.model.pages.get(href)!, { html: '<p>x</p>', headings: [], features: [] });
    const b = render('/b');
    expect(b).toContain('<span class="badge badge-deprecated">Deprecated</span>');
    expect(b).not.toContain('class="pager"');
    const c = render('/c');
    expect(c).not.toContain('badge-deprecated');
    expect(c).toContain('class="pager"');
    expect(c).toContain('<meta name="description" content="Site about D">');
  });

  it('the 404 page follows errors.404: title, description, and a move to the home page unless redirect is false', async () => {
    const { site } = await loadSite(root);
    const notFound = () => new SiteRenderer(site!, { css: '/a.css', js: '/a.js', base: '/' }).renderNotFound();
    const plain = notFound();
    expect(plain).toContain('Page not found');
    expect(plain).toContain('<meta http-equiv="refresh" content="0; url=/a">');
    site!.config.errors = { '404': { redirect: false, title: 'Lost?', description: 'Try the <search> box' } };
    const custom = notFound();
    expect(custom).toContain('Lost?');
    expect(custom).toContain('Try the &lt;search&gt; box');
    expect(custom).not.toContain('http-equiv="refresh"');
  });
});
