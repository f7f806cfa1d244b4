/**
 * `<Update tags>`: the changelog shows tag filters instead of the table of contents; selecting
 * tags shows only the updates carrying all of them (untagged ones hidden), kept in `?tags=`; the
 * feed gives each item its date and tags, and `rss={{ title, description }}` replaces both.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/site-build/index.js';
import { serveStatic } from '../site/static-server.js';
import { hasChromium, launchChromium } from './chromium.js';

const CHANGELOG = `---
title: Changelog
rss: true
---

<Update label="2025-03-01" description="v3" tags={["Wintergreen", "Spearmint"]}>
  Third.
</Update>

<Update label="2025-02-01" description="v2" tags={["Spearmint"]} rss={{ title: "February release", description: "Smaller and faster" }}>
  Second.
</Update>

<Update label="2025-01-01" description="v1" tags={["Peppermint", "Spearmint"]}>
  First.
</Update>

<Update label="Untagged notes">
  No tags here.
</Update>
`;

describe('changelog tag filters', () => {
  let root: string;
  let out: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'folio-tags-'));
    out = `${root}-out`;
    await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Mint', theme: 'mint', colors: { primary: '#117755' }, navigation: { pages: ['changelog'] } }));
    await writeFile(path.join(root, 'changelog.mdx'), CHANGELOG);
    const built = await buildSite({ root, outDir: out, search: false, siteUrl: 'https://docs.mint.test' });
    expect(built.ok).toBe(true);
  }, 60_000);
  afterAll(() => Promise.all([rm(root, { recursive: true, force: true }), rm(out, { recursive: true, force: true })]));

  it('writes filters in place of the table of contents, and dates, categories and rss titles in the feed', async () => {
    const html = await readFile(path.join(out, 'changelog', 'index.html'), 'utf8');
    const filters = /<nav class="update-filters"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
    expect([...filters.matchAll(/data-tag="([^"]+)"/g)].map((m) => m[1])).toEqual(['Wintergreen', 'Spearmint', 'Peppermint']);
    expect(html).not.toContain('On this page');
    const feed = await readFile(path.join(out, 'changelog', 'rss.xml'), 'utf8');
    expect(feed).toContain('<pubDate>Sat, 01 Mar 2025 00:00:00 GMT</pubDate>');
    expect(feed).toContain('<category>Wintergreen</category>');
    expect(feed).toContain('<title>February release</title>');
    expect(feed).toContain('<description>Smaller and faster</description>');
    expect(feed.match(/<item>/g)).toHaveLength(4);
  });

  it.skipIf(!hasChromium)('filters in the browser, in step with ?tags=', async () => {
    const server = await serveStatic(out);
    let browser: Browser | undefined;
    try {
      browser = await launchChromium();
      const page = await browser.newPage();
      const shown = async () => (await page.locator('.folio-update').evaluateAll((els) => els.filter((e) => !(e as HTMLElement).hidden).map((e) => e.querySelector('.folio-update-label')!.textContent)));
      await page.goto(`${server.url}/changelog?tags=Spearmint`);
      await page.locator('button[data-tag="Spearmint"][aria-pressed="true"]').waitFor({ timeout: 15_000 });
      expect(await shown()).toEqual(['2025-03-01', '2025-02-01', '2025-01-01']);
      await page.click('button[data-tag="Peppermint"]');
      expect(await shown()).toEqual(['2025-01-01']);
      expect(new URL(page.url()).search).toBe('?tags=Spearmint,Peppermint');
      await page.setViewportSize({ width: 1400, height: 700 });
      await page.screenshot({ path: 'test-artifacts/update-filters.png' });
      await page.click('button[data-tag="Spearmint"]');
      await page.click('button[data-tag="Peppermint"]');
      expect(await shown()).toEqual(['2025-03-01', '2025-02-01', '2025-01-01', 'Untagged notes']);
      expect(new URL(page.url()).search).toBe('');
    } finally {
      await browser?.close();
      await server.close();
    }
  }, 60_000);
});
