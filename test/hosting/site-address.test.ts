// A hosted site's sitemap.xml and robots.txt name absolute URLs (issue 45, item 1): a build made without a
// site URL writes site-relative `<loc>`s and only a commented `# Sitemap:` line, but `folio serve` knows
// where readers reach the site: the project's custom domain, else the host the site is served on, with
// the build's base path. A build that knew its address (docs.json `seo.metatags.canonical`) is left as built.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, type ProjectRow } from '../../src/db/index.js';
import { buildSite } from '../../src/site-build/index.js';
import { backends } from '../db/helpers.js';
import { startTestServer, type TestServer } from '../server/helpers.js';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-site-address-'));

/** A two-page site built under `/docs`; `canonical` puts a site URL in docs.json. */
async function built(name: string, canonical?: string): Promise<string> {
  const root = path.join(work, name);
  fs.mkdirSync(path.join(root, 'guide'), { recursive: true });
  const seo = canonical ? { seo: { metatags: { canonical } } } : {};
  fs.writeFileSync(path.join(root, 'docs.json'), JSON.stringify({ name: 'Address', theme: 'mint', colors: { primary: '#0a7' }, navigation: { pages: ['index', 'guide/start'] }, ...seo }));
  fs.writeFileSync(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nWelcome.\n');
  fs.writeFileSync(path.join(root, 'guide', 'start.mdx'), '---\ntitle: Start\n---\n\nStart here.\n');
  const out = path.join(work, `${name}-out`);
  await buildSite({ root, outDir: out, basePath: 'docs/', search: false, threads: 1 });
  return out;
}

let plain: string;
let canonical: string;
beforeAll(async () => {
  plain = await built('plain');
  canonical = await built('canonical', 'https://canonical.example.org');
}, 120_000);
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe('folio build without a site address', () => {
  it('keeps site-relative locs and a commented Sitemap line; with a canonical URL in docs.json, absolute ones', () => {
    expect(fs.readFileSync(path.join(plain, 'sitemap.xml'), 'utf8')).toContain('<loc>/docs/guide/start</loc>');
    expect(fs.readFileSync(path.join(plain, 'robots.txt'), 'utf8')).toMatch(/^# Sitemap: \/docs\/sitemap.xml/m);
    expect(fs.readFileSync(path.join(canonical, 'sitemap.xml'), 'utf8')).toContain('<loc>https://canonical.example.org/docs/guide/start</loc>');
    expect(fs.readFileSync(path.join(canonical, 'robots.txt'), 'utf8')).toMatch(/^Sitemap: https:\/\/canonical.example.org\/docs\/sitemap.xml$/m);
  });
});

describe.each(backends)('hosted sitemap and robots on %s', (kind) => {
  let s: TestServer;
  let withDomain: ProjectRow;
  let bare: ProjectRow;
  let known: ProjectRow;

  beforeAll(async () => {
    s = await startTestServer(kind);
    withDomain = await createProject(s.db, { name: 'Domain', repoUrl: 'https://example.test/d.git', hostNames: ['Docs.Acme.test', 'help.acme.test'] });
    bare = await createProject(s.db, { name: 'Bare', repoUrl: 'https://example.test/b.git' });
    known = await createProject(s.db, { name: 'Known', repoUrl: 'https://example.test/k.git' });
    for (const [project, out] of [[withDomain, plain], [bare, plain], [known, canonical]] as const) {
      const site = { projectId: project.id, preview: null };
      const dir = s.updates.store.buildDir(site, 'b1')!;
      fs.cpSync(out, dir, { recursive: true });
      await s.updates.store.publish(site, 'b1', dir);
    }
  }, 120_000);
  afterAll(() => s.cleanup());

  const get = async (url: string, host: string, headers: Record<string, string> = {}) => {
    const res = await s.app.request(url, { headers: { Host: host, ...headers } });
    expect(res.status).toBe(200);
    return res.text();
  };

  it('uses the custom domain (the first of its host names), on the site host too, under the base path', async () => {
    for (const host of ['docs.acme.test', 'help.acme.test:8080', `${withDomain.id}.localhost`]) {
      const sitemap = await get(`http://${host}/docs/sitemap.xml`, host);
      expect(sitemap).toContain('<loc>https://docs.acme.test/docs/guide/start</loc>');
      expect(sitemap).not.toMatch(/<loc>\//);
      expect(await get(`http://${host}/docs/robots.txt`, host)).toMatch(/^Sitemap: https:\/\/docs.acme.test\/docs\/sitemap.xml$/m);
    }
  });

  it('uses the host the site is served on when it has no custom domain', async () => {
    const host = `${bare.id}.localhost:3000`;
    const sitemap = await get(`http://${host}/docs/sitemap.xml`, host, { 'Accept-Encoding': 'identity' });
    expect(sitemap).toContain(`<loc>http://${host}/docs/index</loc>`);
    expect(sitemap).toContain(`<loc>http://${host}/docs/guide/start</loc>`);
    expect(await get(`http://${host}/docs/robots.txt`, host)).toContain(`\nSitemap: http://${host}/docs/sitemap.xml\n`);
    // Behind a trusted proxy the scheme is the one the reader used; without trust the header is ignored.
    expect(await get(`http://${host}/robots.txt`, host, { 'X-Forwarded-Proto': 'https' })).toContain(`\nSitemap: http://${host}/docs/sitemap.xml\n`);
  });

  it('leaves the URLs of a build that knew its address', async () => {
    const host = `${known.id}.localhost`;
    expect(await get(`http://${host}/docs/sitemap.xml`, host)).toContain('<loc>https://canonical.example.org/docs/guide/start</loc>');
    expect(await get(`http://${host}/docs/robots.txt`, host)).toMatch(/^Sitemap: https:\/\/canonical.example.org\/docs\/sitemap.xml$/m);
  });
});
