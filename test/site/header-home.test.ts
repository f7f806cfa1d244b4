/**
 * The site name or logo at the top left always leads home (issue 45, item 4): with navbar links and no
 * logo it linked to the first navbar link (an llms file, Discord, "Contact sales"). Home is the
 * section's first page under the base path, or docs.json `logo.href` when set, also when the logo's
 * files are missing and the name stands in for it.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/site-build/index.js';

const NAVBAR = { links: [{ label: 'Contact sales', href: 'https://example.com/sales' }, { label: 'llms', href: '/llms-full.txt' }], primary: { type: 'button', label: 'Sign up', href: 'https://example.com/up' } };

async function site(dir: string, name: string, extra: Record<string, unknown>): Promise<string> {
  const root = path.join(dir, name);
  await mkdir(path.join(root, 'guide'), { recursive: true });
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: `${name} docs`, theme: 'mint', colors: { primary: '#0a7' }, navbar: NAVBAR, navigation: { pages: ['index', 'guide/start'] }, ...extra }));
  await writeFile(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nWelcome.\n');
  await writeFile(path.join(root, 'guide', 'start.mdx'), '---\ntitle: Start\n---\n\nStart here.\n');
  return root;
}

/** The HTML of the page at `href` (`guide/start.html` or `guide/start/index.html`, as the build writes it). */
async function pageAt(out: string, href: string): Promise<string> {
  const flat = path.join(out, `${href}.html`);
  return readFile(existsSync(flat) ? flat : path.join(out, href, 'index.html'), 'utf8');
}

function brandOf(html: string): string {
  const match = /<a class="brand" href="([^"]*)">(.*?)<\/a>/s.exec(html);
  if (!match) throw new Error('no brand link');
  return `${match[1]} ${match[2]!.replace(/<[^>]+>/g, '')}`;
}

describe('the header brand links home', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'folio-header-home-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('links the site name home under the base path when there is no logo, on every page', async () => {
    const root = await site(dir, 'plain', {});
    const out = path.join(dir, 'plain-out');
    await buildSite({ root, outDir: out, basePath: 'docs/', search: false, threads: 1 });
    expect(brandOf(await pageAt(out, 'guide/start'))).toBe('/docs/ plain docs');
    expect(brandOf(await pageAt(out, 'index'))).toBe('/docs/ plain docs');
  });

  it("takes docs.json logo.href when set, even when the logo's files are missing", async () => {
    const root = await site(dir, 'logo', { logo: { light: '/missing-light.svg', dark: '/missing-dark.svg', href: 'https://example.com/home' } });
    const out = path.join(dir, 'logo-out');
    await buildSite({ root, outDir: out, search: false, threads: 1 });
    expect(brandOf(await pageAt(out, 'guide/start'))).toBe('https://example.com/home logo docs');
  });
});
