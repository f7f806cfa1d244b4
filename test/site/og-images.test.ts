/**
 * `--og-images`: a PNG of 1200×630 per page, named as og:image, with the title drawn on it;
 * own og:image frontmatter wins; unchanged pages are not drawn again; the per-build cap holds
 * and the rest follow on the next build; removed pages lose their image; a new logo redraws all.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { renderAsync } from '@resvg/resvg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, type BuildResult } from '../../src/site-build/index.js';
import { ogFont } from '../../src/site-build/og-font.js';
import { ogImageSvg } from '../../src/site-build/og-image.js';
import { decodePng, differingPixels } from './png.js';

const LOGO = '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" rx="12" fill="#f59e0b"/></svg>';
const config = (pages: string[]) => ({ name: 'Acme Docs', description: 'Everything about Acme.', theme: 'mint', colors: { primary: '#0f766e' }, logo: '/logo.svg', thumbnails: { appearance: 'dark' }, navigation: { pages } });

describe('social images (--og-images)', () => {
  let root: string;
  let out: string;
  let first: BuildResult;
  const build = (og: boolean | { max?: number } = true) => buildSite({ root, outDir: out, search: false, siteUrl: 'https://docs.acme.test', ogImages: og });
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'folio-og-'));
    out = `${root}-out`;
    await writeFile(path.join(root, 'docs.json'), JSON.stringify(config(['index', 'guide', 'a', 'b'])));
    await writeFile(path.join(root, 'logo.svg'), LOGO);
    await writeFile(path.join(root, 'index.mdx'), '---\ntitle: Welcome to Acme\ndescription: Start here.\n---\nHello.\n');
    await writeFile(path.join(root, 'guide.mdx'), '---\ntitle: Guide\n"og:image": https://cdn.acme.test/guide.png\n---\nOwn image.\n');
    await writeFile(path.join(root, 'a.mdx'), '---\ntitle: Page A\n---\nA.\n');
    await writeFile(path.join(root, 'b.mdx'), '---\ntitle: Page B\n---\nB.\n');
    first = await build();
  }, 120_000);
  afterAll(() => Promise.all([rm(root, { recursive: true, force: true }), rm(out, { recursive: true, force: true })]));

  it('writes one image per page and names it in the head; own og:image wins', async () => {
    expect(first.ok).toBe(true);
    expect(first.stats?.og).toMatchObject({ pages: 3, drawn: 3, reused: 0, capped: 0 });
    const home = await readFile(path.join(out, 'index.html'), 'utf8');
    expect(home).toContain('<meta property="og:image" content="https://docs.acme.test/assets/og/index.png">');
    expect(home).toContain('<meta name="twitter:image" content="https://docs.acme.test/assets/og/index.png">');
    expect(home).toContain('<meta property="og:image:width" content="1200">');
    const guide = await readFile(path.join(out, 'guide', 'index.html'), 'utf8');
    expect(guide).toContain('<meta property="og:image" content="https://cdn.acme.test/guide.png">');
    expect(guide).not.toContain('og:image:width');
    expect(existsSync(path.join(out, 'assets/og/guide.png'))).toBe(false);
  });

  it('the PNG is 1200×630 and shows the title (compared with the same image without one)', async () => {
    const png = decodePng(await readFile(path.join(out, 'assets/og/index.png')));
    expect([png.width, png.height]).toEqual([1200, 630]);
    const { font } = ogFont(undefined);
    const base = { siteName: 'Acme Docs', description: 'Start here.', appearance: 'dark' as const, colors: { primary: '#0f766e' }, logo: { mime: 'image/svg+xml', data: Buffer.from(LOGO) }, font };
    const blank = decodePng((await renderAsync(ogImageSvg({ ...base, title: '' }), { font: { fontFiles: [font.regular, font.bold], loadSystemFonts: false } })).asPng());
    // The title band (first line at y≈298) differs from the blank image by thousands of pixels; the top band (logo) does not.
    expect(differingPixels(png, blank, 230, 320)).toBeGreaterThan(3000);
    expect(differingPixels(png, blank, 0, 60)).toBe(0);
    // Another page's image differs in the title band too.
    const a = decodePng(await readFile(path.join(out, 'assets/og/a.png')));
    expect(differingPixels(png, a, 230, 320)).toBeGreaterThan(1000);
  });

  it('keeps unchanged images, caps what one build draws, draws the rest next time, deletes images of removed pages', async () => {
    const again = await build();
    expect(again.stats?.og).toMatchObject({ drawn: 0, reused: 3 });
    await writeFile(path.join(root, 'a.mdx'), '---\ntitle: Page A, renamed\n---\nA.\n');
    await writeFile(path.join(root, 'b.mdx'), '---\ntitle: Page B, renamed\n---\nB.\n');
    const capped = await build({ max: 1 });
    expect(capped.stats?.og).toMatchObject({ drawn: 1, reused: 1, capped: 1 });
    expect(capped.diagnostics.map((d) => d.code)).toContain('BUILD_OG_IMAGES_CAPPED');
    const next = await build();
    expect(next.stats?.og).toMatchObject({ drawn: 1, reused: 2, capped: 0 });
    await writeFile(path.join(root, 'docs.json'), JSON.stringify(config(['index', 'guide', 'a'])));
    await rm(path.join(root, 'b.mdx'));
    const removed = await build();
    expect(removed.stats?.og).toMatchObject({ pages: 2, drawn: 0 });
    expect(existsSync(path.join(out, 'assets/og/b.png'))).toBe(false);
    expect(existsSync(path.join(out, 'assets/og/a.png'))).toBe(true);
    // A new logo is drawn on every image.
    await writeFile(path.join(root, 'logo.svg'), LOGO.replace('#f59e0b', '#10b981'));
    expect((await build()).stats?.og).toMatchObject({ drawn: 2, reused: 0 });
  }, 60_000);

  it('a build without --og-images names no generated image', async () => {
    await mkdir(out, { recursive: true });
    const plain = await build(false);
    expect(plain.stats?.og).toBeUndefined();
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).not.toContain('og:image');
  }, 60_000);
});
