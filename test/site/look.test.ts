/** What makes a built site look like the repository's: icons, its own CSS and JS (issue 14). */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer } from '../../src/dev/index.js';
import { buildSite, type BuildResult } from '../../src/site-build/index.js';

describe('site look', () => {
  let dir: string;
  let root: string;
  let out: string;
  let result: BuildResult;
  const page = (href: string) => readFile(path.join(out, href, 'index.html'), 'utf8');

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'folio-look-'));
    root = path.join(dir, 'docs');
    out = path.join(dir, 'out');
    const files: Record<string, string> = {
      'docs.json': JSON.stringify({ name: 'Look', theme: 'mint', colors: { primary: '#2563EB' }, navigation: { groups: [{ group: 'Start', icon: 'rocket', pages: ['index', 'other'] }] }, navbar: { links: [{ label: 'Blog', href: 'https://blog.test', icon: 'zz-nav' }] } }, null, 2),
      'index.mdx': '---\ntitle: Home\n---\n\n<Card title="A" icon="rocket-launch">a</Card>\n\n<Card title="B" icon="zz-missing">b</Card>\n\n<div className="hidden dark:block rounded-xl folio-nothing">dark only</div>\n',
      'other.mdx': '---\ntitle: Other\nicon: zz-front\n---\n\nHello <Icon icon="flag" iconType="regular" />\n',
      'css/brand.css': '.folio-card{outline:3px solid rgb(255, 0, 128)}\n',
      'custom.js': 'document.documentElement.dataset.customJs = "ran";\n',
      'snippets/widget.js': 'export const Widget = () => <div className={`md:grid-cols-2 ${x}`} />;\n',
      'drafts/old.js': 'throw new Error("ignored");\n',
      '.mintignore': 'drafts/\n',
    };
    for (const [file, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(root, file)), { recursive: true });
      await writeFile(path.join(root, file), text);
    }
    result = await buildSite({ root, outDir: out, search: false, threads: 1 });
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('draws each page\'s icons as one mask rule per glyph, and warns where a name is unknown', async () => {
    const home = await page('');
    const style = /<style>(.*?)<\/style>/.exec(home)![1]!;
    // The sidebar group's `rocket` and the card's `rocket-launch` (a Pro name) are one glyph.
    expect(style).toContain('.folio-icon[data-icon="rocket"],.folio-icon[data-icon="rocket-launch"]{--icon:url("data:image/svg+xml,');
    expect(style.match(/--icon:/g)).toHaveLength(1);
    expect(await page('other')).toContain('.folio-icon[data-icon="flag"][data-icon-type="regular"]{--icon:');
    const unknown = result.diagnostics.filter((d) => d.code === 'ICON_UNKNOWN');
    expect(unknown.map((d) => `${d.file}:${d.line}:${d.column} ${d.path}`).sort()).toEqual(['docs.json:24:17 navbar.links.0.icon', 'index.mdx:7:1 ', 'other.mdx:3:1 icon']);
  });

  it('compiles the Tailwind classes of pages and snippets into one hashed stylesheet, dark: following the theme toggle', async () => {
    const home = await page('');
    const href = /<link rel="stylesheet" href="\/(assets\/tw\.[0-9a-f]{10}\.css)">/.exec(home)?.[1];
    expect(href).toBeDefined();
    expect(await page('other')).toContain(href);
    const css = await readFile(path.join(out, href!), 'utf8');
    expect(css).toContain('.hidden{display:none}');
    expect(css).toContain('.dark\\:block:where([data-theme=dark],[data-theme=dark] *){display:block}');
    expect(css).toMatch(/\.rounded-xl\{border-radius:/);
    expect(css).toContain('.md\\:grid-cols-2{');
    // No preflight: Folio's own base styles stay.
    expect(css).not.toMatch(/\*,:after,:before\{[^}]*box-sizing/);
    expect(css).not.toContain('folio-nothing');
  });

  it('links and publishes the repository\'s CSS and JS files on every page, except snippets and ignored files', async () => {
    for (const href of ['', 'other']) {
      const html = await page(href);
      expect(html).toMatch(/<link rel="stylesheet" href="\/css\/brand\.css\?v=[0-9a-f]{8}">/);
      expect(html).toMatch(/<script src="\/custom\.js\?v=[0-9a-f]{8}" defer><\/script>/);
      expect(html).not.toContain('widget.js');
      expect(html).not.toContain('old.js');
      // After Folio's own stylesheet, so the repository's rules win.
      expect(html.indexOf('/css/brand.css')).toBeGreaterThan(html.indexOf('/assets/site.'));
    }
    expect(await readFile(path.join(out, 'css/brand.css'), 'utf8')).toContain('rgb(255, 0, 128)');
    expect(existsSync(path.join(out, 'custom.js'))).toBe(true);
    expect(existsSync(path.join(out, 'snippets/widget.js'))).toBe(false);
  });

  it('relinks every page when a custom file changes', async () => {
    const before = await page('other');
    await writeFile(path.join(root, 'css/brand.css'), '.folio-card{outline:4px solid rgb(0, 128, 255)}\n');
    const again = await buildSite({ root, outDir: out, search: false, threads: 1 });
    expect(again.stats.rendered).toBe(2);
    const after = await page('other');
    expect(/brand\.css\?v=(\w+)/.exec(after)![1]).not.toBe(/brand\.css\?v=(\w+)/.exec(before)![1]);
    expect(await readFile(path.join(out, 'css/brand.css'), 'utf8')).toContain('rgb(0, 128, 255)');
  });

  it('links and serves the same files in folio dev', async () => {
    const server = await startDevServer({ root, port: 0 });
    try {
      const html = await (await fetch(new URL('/other', server.url))).text();
      const href = /<link rel="stylesheet" href="(\/css\/brand\.css\?v=\w+)">/.exec(html)?.[1];
      expect(href).toBeDefined();
      expect(html).toMatch(/<script src="\/custom\.js\?v=\w+" defer>/);
      const css = await fetch(new URL(href!, server.url));
      expect(css.headers.get('content-type')).toContain('text/css');
      expect(await css.text()).toContain('.folio-card{outline');
      const home = await (await fetch(new URL('/', server.url))).text();
      const tw = /<link rel="stylesheet" href="(\/assets\/tw\.\w+\.css)">/.exec(home)?.[1];
      expect(await (await fetch(new URL(tw!, server.url))).text()).toContain('.hidden{display:none}');
    } finally {
      await server.close();
    }
  });
});
