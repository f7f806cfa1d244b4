/**
 * Sites written for being served under `/docs` (formbricks' redirects, mintlify-docs' `/docs/es/...`
 * links): with `--base /docs` a link, a redirect source or a redirect destination that already begins
 * with `/docs` is the full path, never prefixed again, and the checks read it the same way; without a
 * base each such path is a warning that names the fix. One tiny site, built once with and once without
 * the base; `folio serve`'s handler and `folio dev --base` answer its redirects.
 */
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer } from '../../src/dev/index.js';
import { serveSite } from '../../src/hosting/sites/serve-site.js';
import { formatDiagnostic, type Diagnostic } from '../../src/shared/index.js';
import { buildSite } from '../../src/site-build/index.js';

const CHECKED = /LINK|ANCHOR|ASSET|REDIRECT/;

async function writeFixture(root: string): Promise<void> {
  await mkdir(path.join(root, 'docs'), { recursive: true });
  await mkdir(path.join(root, 'images'), { recursive: true });
  await writeFile(
    path.join(root, 'docs.json'),
    JSON.stringify({
      name: 'Under docs',
      theme: 'mint',
      colors: { primary: '#0a7' },
      navigation: { pages: ['index', 'a', 'docs/guide'] },
      redirects: [
        { source: '/old', destination: '/docs/a' },
        { source: '/docs/old2', destination: '/a' },
        { source: '/docs/moved/:slug*', destination: '/docs/:slug*' },
      ],
    }, null, 2),
  );
  await writeFile(
    path.join(root, 'index.mdx'),
    [
      '---', 'title: Home', '---', '',
      'Full path: [first](/docs/a). Site path: [second](/a). With an anchor: [third](/docs/a#part).',
      '', '<Card title="Card" href="/docs/a">A card.</Card>', '',
      'A page in a docs folder keeps its path: [guide](/docs/guide).', '',
      '![Picture](/docs/images/pic.svg)', '',
    ].join('\n'),
  );
  await writeFile(path.join(root, 'a.mdx'), '---\ntitle: A\n---\n\n## Part\n\nText.\n');
  await writeFile(path.join(root, 'docs', 'guide.mdx'), '---\ntitle: Guide\n---\n\nIn a folder named docs.\n');
  await writeFile(path.join(root, 'images', 'pic.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="2"/>');
}

describe('paths that already begin with the base path', () => {
  let dir: string;
  let root: string;
  let out: string;
  let dataDir: string;
  let withBase: Diagnostic[];
  let withoutBase: Diagnostic[];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'folio-base-prefixed-'));
    root = path.join(dir, 'site');
    out = path.join(dir, 'out');
    await writeFixture(root);
    const built = await buildSite({ root, outDir: out, basePath: '/docs', search: false, threads: 1 });
    withBase = built.diagnostics;
    const plain = await buildSite({ root, outDir: path.join(dir, 'out-plain'), search: false, threads: 1, cache: false });
    withoutBase = plain.diagnostics;
    dataDir = path.join(dir, 'data');
    await mkdir(path.join(dataDir, 'sites', 'p1'), { recursive: true });
    await symlink(out, path.join(dataDir, 'sites', 'p1', 'current'), 'dir');
  }, 60_000);

  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('links /docs/a and /a both to /docs/a, in the HTML and the Markdown', async () => {
    const html = await readFile(path.join(out, 'index.html'), 'utf8');
    const main = html.slice(html.indexOf('Full path', html.indexOf('<main')));
    const hrefs = [...main.matchAll(/<a[^>]*?href="([^"]*)"/g)].map((m) => m[1]).filter((h) => !h!.startsWith('#'));
    expect(hrefs.slice(0, 5)).toEqual(['/docs/a', '/docs/a', '/docs/a#part', '/docs/a', '/docs/docs/guide']);
    expect(html).toContain('src="/docs/images/pic.svg"');
    expect(html).not.toContain('/docs/docs/a');
    expect(html).not.toContain('/docs/docs/images');
    const md = await readFile(path.join(out, 'index.md'), 'utf8');
    expect(md).toContain('[first](/docs/a)');
    expect(md).toContain('[second](/docs/a)');
    expect(md).toContain('[guide](/docs/docs/guide)');
    expect(md).not.toContain('/docs/docs/a');
  });

  it('writes _redirects without /docs/docs', async () => {
    const lines = (await readFile(path.join(out, '_redirects'), 'utf8')).trim().split('\n');
    expect(lines).toEqual(['/docs/old /docs/a 308', '/docs/old2 /docs/a 308', '/docs/moved/:slug* /docs/:slug* 308']);
    expect(await readFile(path.join(out, 'old2', 'index.html'), 'utf8')).toContain('content="0; url=/docs/a"');
  });

  it('checks clean with the base', () => {
    expect(withBase.filter((d) => d.severity === 'error' || (d.severity === 'warning' && CHECKED.test(d.code))).map(formatDiagnostic)).toEqual([]);
    // The one note (a wildcard redirect lives in _redirects only) names the path as served.
    expect(withBase.filter((d) => d.severity === 'info').map((d) => d.message)).toEqual([expect.stringContaining('Redirect /docs/moved/:slug* has wildcards')]);
  });

  it('without a base, warns at each prefixed link and redirect and names the fix', () => {
    const found = withoutBase.filter((d) => CHECKED.test(d.code));
    const links = found.filter((d) => d.code === 'BUILD_LINK_BROKEN');
    // One finding per distinct link of a page (the card repeats `/docs/a`); `/docs/guide` is a page in a `docs/` folder.
    expect(links.map((d) => `${d.file}:${d.line}`)).toEqual(['index.mdx:5', 'index.mdx:5']);
    expect(found.filter((d) => d.code === 'BUILD_ASSET_MISSING').map((d) => `${d.file}:${d.line}`)).toEqual(['index.mdx:11']);
    expect(links[0]!.message).toContain('Link `/docs/a` leads to no page');
    expect(links[0]!.message).toContain('build and serve it with `--base /docs`');
    expect(links[0]!.message).toContain('or link `/a`');
    const redirect = found.find((d) => d.code === 'BUILD_REDIRECT_TARGET_MISSING');
    expect(redirect?.message).toContain('Build and serve it with `--base /docs`');
    expect(redirect?.message).toContain('or drop `/docs` from its source and destination');
  });

  it('folio serve answers the redirects under the base', async () => {
    const get = (p: string) => serveSite(dataDir, 'p1', new Request(`http://p1.localhost${p}`));
    for (const [from, to] of [['/docs/old', '/docs/a'], ['/docs/old2', '/docs/a'], ['/docs/moved/a', '/docs/a']]) {
      const res = await get(from!);
      expect([from, res.status, res.headers.get('location')]).toEqual([from, 308, to]);
    }
    expect((await get('/docs/a')).status).toBe(200);
  });

  it('folio dev --base renders and redirects the same way', async () => {
    const dev = await startDevServer({ root, port: 0, basePath: '/docs' });
    try {
      const html = await (await fetch(`${dev.url}/docs/`)).text();
      expect(html).toContain('href="/docs/a#part"');
      expect(html).toContain('href="/docs/docs/guide"');
      expect(html).not.toContain('/docs/docs/a');
      expect(await (await fetch(`${dev.url}/docs/index.md`)).text()).toContain('[first](/docs/a)');
      for (const [from, to] of [['/docs/old', '/docs/a'], ['/docs/old2', '/docs/a']]) {
        const res = await fetch(dev.url + from, { redirect: 'manual' });
        expect([from, res.status, res.headers.get('location')]).toEqual([from, 308, to]);
      }
    } finally {
      await dev.close();
    }
  });
});
