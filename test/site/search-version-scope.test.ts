/**
 * What a page tells the search dialog about versions: a page of a version carries its version as a
 * Pagefind filter (the dialog lists that version first); a page in no version of a site with versions
 * carries the site's default version (the dialog lists other versions' pages after the rest). One
 * small site: a Docs tab in no version beside an API tab with versions v2 (first, so the default) and v1.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/site-build/index.js';

const FILES: Record<string, string> = {
  'docs.json': JSON.stringify({
    name: 'Versions',
    theme: 'mint',
    colors: { primary: '#335577' },
    navigation: {
      tabs: [
        { tab: 'Docs', pages: ['guide'] },
        { tab: 'API', versions: [{ version: 'v2', pages: ['v2/checkout'] }, { version: 'v1', pages: ['v1/checkout'] }] },
      ],
    },
  }),
  'guide.mdx': '---\ntitle: Guide\n---\nCheckout explained.\n',
  'v2/checkout.mdx': '---\ntitle: Checkout\n---\nThe current checkout.\n',
  'v1/checkout.mdx': '---\ntitle: Checkout\n---\nThe old checkout.\n',
};

describe('version hints for the search dialog', () => {
  let dir: string;
  let out: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'folio-search-versions-'));
    const root = path.join(dir, 'docs');
    out = path.join(dir, 'out');
    for (const [name, text] of Object.entries(FILES)) {
      await mkdir(path.dirname(path.join(root, name)), { recursive: true });
      await writeFile(path.join(root, name), text);
    }
    expect((await buildSite({ root, outDir: out, search: true, threads: 1 })).ok).toBe(true);
  }, 60_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const html = (href: string) => readFile(path.join(out, `${href}.html`), 'utf8').catch(() => readFile(path.join(out, href, 'index.html'), 'utf8'));
  const versionFilter = (page: string) => /data-pagefind-filter="folio_version\[data-label\]" data-label="([^"]*)"/.exec(page)?.[1];
  const defaultHint = (page: string) => /data-folio-default-version="([^"]*)"/.exec(page)?.[1];

  it('a page in no version names the default version; a versioned page names its own and no default', async () => {
    const guide = await html('guide');
    expect(versionFilter(guide)).toBeUndefined();
    expect(defaultHint(guide)).toBe('v2');
    for (const version of ['v1', 'v2']) {
      const page = await html(`${version}/checkout`);
      expect(versionFilter(page)).toBe(version);
      expect(defaultHint(page)).toBeUndefined();
    }
  });
});
