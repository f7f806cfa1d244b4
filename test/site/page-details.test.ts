/** Frontmatter switches of the layout, rendered through the SiteRenderer the build and dev use. */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteRenderer } from '../../src/render/index.js';
import { gitLastModified, loadSite } from '../../src/site/index.js';

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

describe('last-modified dates (metadata.timestamp, timestamp, lastUpdatedDate)', () => {
  it('shows the date of the last commit that touched the page, a given lastUpdatedDate, and none where a page turns it off', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'folio-dates-'));
    try {
      await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'D', theme: 'mint', colors: { primary: '#112233' }, metadata: { timestamp: true }, navigation: { pages: ['a', 'b', 'c'] } }));
      await writeFile(path.join(root, 'a.mdx'), '---\ntitle: A\n---\nA\n');
      await writeFile(path.join(root, 'b.mdx'), '---\ntitle: B\nlastUpdatedDate: 2024-02-29\n---\nB\n');
      await writeFile(path.join(root, 'c.mdx'), '---\ntitle: C\ntimestamp: false\n---\nC\n');
      const git = (...args: string[]) =>
        execFileSync('git', args, { cwd: root, env: { ...process.env, GIT_AUTHOR_DATE: '2025-03-04T05:06:07Z', GIT_COMMITTER_DATE: '2025-03-04T05:06:07Z' } });
      git('init', '-q');
      git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'add', '.');
      git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'pages');
      const dates = await gitLastModified(root);
      expect(dates.get('a.mdx')).toBe(Date.parse('2025-03-04T05:06:07Z'));
      const { site } = await loadSite(root);
      const renderer = new SiteRenderer(site!, { css: '/a.css', js: '/a.js', base: '/' }, { lastModified: dates });
      const render = (href: string) => renderer.render(site!.model.pages.get(href)!, { html: '<p>x</p>', headings: [], features: [] });
      expect(render('/a')).toContain('Last modified on <time dateTime="2025-03-04T05:06:07.000Z">March 4, 2025</time>');
      expect(render('/b')).toContain('<time dateTime="2024-02-29T00:00:00.000Z">February 29, 2024</time>');
      expect(render('/c')).not.toContain('Last modified');
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it('outside git the map is empty (pages fall back to the build time)', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'folio-nogit-'));
    try {
      expect((await gitLastModified(root)).size).toBe(0);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
