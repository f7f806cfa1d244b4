import { existsSync } from 'node:fs';
import { appendFile, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, htmlFileFor, type BuildResult } from '../../src/site-build/index.js';
import { loadSite } from '../../src/site/index.js';
import { exampleCopy } from './helpers.js';

describe('folio build on examples/', () => {
  let site: Awaited<ReturnType<typeof exampleCopy>>;
  let result: BuildResult;

  beforeAll(async () => {
    site = await exampleCopy();
    result = await buildSite({ root: site.root, outDir: site.out });
  }, 240_000);
  afterAll(() => site?.dispose());

  const read = (rel: string) => readFile(path.join(site.out, rel), 'utf8');

  it('builds every routable page without errors', async () => {
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(result.ok).toBe(true);
    const { site: loaded } = await loadSite(site.root);
    const hrefs = [...loaded!.model.pages.keys()];
    expect(result.pages).toBe(hrefs.length);
    for (const href of hrefs) expect(existsSync(path.join(site.out, htmlFileFor(href))), href).toBe(true);
    // The generated OpenAPI endpoint page is among them, with the spec's summary as title.
    const endpoint = [...loaded!.model.pages.values()].find((r) => r.kind === 'endpoint');
    expect(endpoint).toBeDefined();
    expect(await read(htmlFileFor(endpoint!.href))).toContain('Get agent job');
  });

  it('writes 404, robots, sitemap without noindex pages, and redirects', async () => {
    expect(await read('404.html')).toContain('Page not found');
    expect(await read('404.html')).not.toContain('data-pagefind-body');
    // Without a site URL the sitemap cannot be named absolutely, which a Sitemap line requires.
    expect(await read('robots.txt')).toContain('# Sitemap: /sitemap.xml');
    expect(await read('robots.txt')).not.toMatch(/^Sitemap:/m);
    const sitemap = await read('sitemap.xml');
    expect(sitemap).toContain('<loc>/en/v2/quickstart</loc>');
    expect(sitemap).not.toContain('/en/v2/hidden');
    // The hidden page is still built and tells robots to stay away.
    expect(await read(htmlFileFor('/en/v2/hidden'))).toContain('<meta name="robots" content="noindex">');
    expect(await read('_redirects')).toBe('/start /en/v2/quickstart 308\n/old/components /en/v2/components/callouts 308\n');
    expect(await read('start/index.html')).toContain('http-equiv="refresh" content="0; url=/en/v2/quickstart"');
  });

  it('links content-hashed assets and copies static files', async () => {
    const assets = await readdir(path.join(site.out, 'assets'));
    const css = assets.find((f) => /^site\.[0-9a-f]{10}\.css$/.test(f));
    const js = assets.find((f) => /^site\.[0-9a-f]{10}\.js$/.test(f));
    expect(css && js).toBeTruthy();
    const page = await read(htmlFileFor('/en/v2/quickstart'));
    expect(page).toContain(`href="/assets/${css}"`);
    expect(page).toContain(`src="/assets/${js}"`);
    expect(existsSync(path.join(site.out, 'logo/light.svg'))).toBe(true);
    expect(existsSync(path.join(site.out, 'docs.json'))).toBe(false);
    expect(existsSync(path.join(site.out, 'pagefind/pagefind.js'))).toBe(true);
  });

  it('draws the navigation: active page, opened ancestors, tabs, selectors, banner', async () => {
    const page = await read(htmlFileFor('/en/v2/deploy/providers/nginx'));
    expect(page).toContain('href="/en/v2/deploy/providers/nginx" aria-current="page"');
    // "Providers" is a collapsed nested group; it opens on its own pages only.
    expect(page).toMatch(/<details class="nav-group" data-group="g\d+" open=""><summary><span class="group-label">.*?Providers/);
    const other = await read(htmlFileFor('/en/v2/quickstart'));
    expect(other).not.toMatch(/<details class="nav-group" data-group="g\d+" open=""><summary><span class="group-label">.*?Providers/);
    expect(other).toContain('class="tab" href="/en/v2/index" aria-current="page"');
    expect(other).toContain('data-menu="version"');
    expect(other).toContain('Latest');
    expect(other).toContain('data-menu="language"');
    expect(other).toContain('data-banner=');
    // French pages carry the French banner and navbar.
    const fr = await read(htmlFileFor('/fr/v2/quickstart'));
    expect(fr).toContain('Folio 2.4 est disponible.');
    expect(fr).toContain('Commencer');
    expect(fr).toContain('lang="fr"');
  });

  it('rebuilds only what changed', async () => {
    const again = await buildSite({ root: site.root, outDir: site.out, search: false });
    expect(again.stats).toMatchObject({ compiled: 0, rendered: 0, skipped: result.pages });
    await appendFile(path.join(site.root, 'en/v2/quickstart.mdx'), '\nEdited paragraph for the cache test.\n');
    const edited = await buildSite({ root: site.root, outDir: site.out, search: false });
    expect(edited.stats).toMatchObject({ compiled: 1, rendered: 1, skipped: result.pages - 1 });
    expect(await read(htmlFileFor('/en/v2/quickstart'))).toContain('Edited paragraph for the cache test.');
  }, 120_000);

  it('ships Mermaid only to sites that draw a diagram, without source maps', async () => {
    const chunks = path.join(site.out, 'assets', 'mermaid', 'chunks', 'mermaid.esm.min');
    expect(existsSync(path.join(site.out, 'assets', 'mermaid', 'mermaid.esm.min.mjs'))).toBe(true);
    const files = await readdir(chunks);
    expect(files.some((f) => f.endsWith('.mjs'))).toBe(true);
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
    expect(await read(htmlFileFor('/en/v2/concepts/navigation'))).toContain('data-mermaid="/assets/mermaid/mermaid.esm.min.mjs"');

    const plain = await exampleCopy();
    try {
      const page = path.join(plain.root, 'en/v2/concepts/navigation.mdx');
      await writeFile(page, (await readFile(page, 'utf8')).replace(/```mermaid[\s\S]*?```/, 'No diagram here.'));
      const built = await buildSite({ root: plain.root, outDir: plain.out, search: false });
      expect(built.ok).toBe(true);
      expect(existsSync(path.join(plain.out, 'assets', 'mermaid'))).toBe(false);
      expect(await readFile(path.join(plain.out, htmlFileFor('/en/v2/concepts/navigation')), 'utf8')).not.toContain('data-mermaid');
    } finally {
      await plain.dispose();
    }
  }, 120_000);
});
