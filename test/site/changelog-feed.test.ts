/** Changelog pages (`<Update>` entries) get `<page>/rss.xml`, and `rss: true` links it from the page. */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/site-build/index.js';

describe('changelog RSS feeds', () => {
  let root: string;
  let out: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'folio-rss-'));
    out = path.join(root, '..', `${path.basename(root)}-out`);
    await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Acme', theme: 'mint', colors: { primary: '#112233' }, navigation: { pages: ['index', 'changelog'] } }));
    await writeFile(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\nNo updates here.\n');
    await writeFile(
      path.join(root, 'changelog.mdx'),
      '---\ntitle: Product updates\ndescription: New things\nrss: true\n---\n\n<Update label="2025-06-23" description="Faster & smaller">\n  Details with `code`.\n</Update>\n\n<Update label="Spring release" rss="Read the <notes>">\n  Body\n</Update>\n',
    );
    const result = await buildSite({ root, outDir: out, search: false, siteUrl: 'https://docs.acme.test' });
    expect(result.ok).toBe(true);
  }, 120_000);
  afterAll(() => Promise.all([rm(root, { recursive: true, force: true }), rm(out, { recursive: true, force: true })]));

  it('one item per Update: label, anchor link, rss text or description, a date when the label is one', async () => {
    const feed = await readFile(path.join(out, 'changelog', 'rss.xml'), 'utf8');
    expect(feed).toContain('<title>Product updates</title>');
    expect(feed).toContain('<atom:link href="https://docs.acme.test/changelog/rss.xml" rel="self" type="application/rss+xml"/>');
    expect(feed).toContain('<link>https://docs.acme.test/changelog#2025-06-23</link>');
    expect(feed).toContain('<description>Faster &amp; smaller</description>');
    expect(feed).toContain('<pubDate>Mon, 23 Jun 2025 00:00:00 GMT</pubDate>');
    expect(feed).toContain('<link>https://docs.acme.test/changelog#spring-release</link>');
    expect(feed).toContain('<description>Read the &lt;notes&gt;</description>');
    expect(feed.match(/<item>/g)).toHaveLength(2);
  });

  it('rss: true links the feed from the page; a page without updates has no feed', async () => {
    expect(await readFile(path.join(out, 'changelog', 'index.html'), 'utf8')).toContain('<a class="rss-link" href="/changelog/rss.xml"');
    expect(existsSync(path.join(out, 'index', 'rss.xml'))).toBe(false);
    expect(existsSync(path.join(out, 'rss.xml'))).toBe(false);
  });
});
