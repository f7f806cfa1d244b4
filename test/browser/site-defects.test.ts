/**
 * The site's last rough edges of issue 45 that a reader sees, each measured in chromium on one
 * built site: the header's search box sits at the header's centre (the platform centres it; it
 * was left of centre when the two sides of the header differ in width, x≈583 vs 720 on
 * mintlify-docs), consecutive horizontal cards stand apart, "Was this page helpful?" on a
 * `mode: custom` page is not flush against the window's left edge, every request-sample tab of an
 * endpoint page is visible at 1280 px (the sixth hid behind "Copy"), a table's row reads with its
 * cells apart in search excerpts, and a nonsense query lists nothing. Screenshots in test-artifacts/defects/.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/site-build/index.js';
import { serveStatic } from '../site/static-server.js';
import { hasChromium, launchChromium } from './chromium.js';
import { searchFor } from './search-box.js';

const ARTIFACTS = path.resolve(import.meta.dirname, '../../test-artifacts/defects');

const FILES: Record<string, string> = {
  // A short name on the left, two links and a button on the right: the two sides differ by ~250 px.
  'docs.json': JSON.stringify({
    theme: 'mint',
    name: 'Acme',
    colors: { primary: '#0D9373' },
    navbar: { links: [{ label: 'Talk to us', href: 'https://example.com/talk' }, { label: 'Changelog', href: '/cards' }], primary: { type: 'button', label: 'Get started', href: 'https://example.com/start' } },
    api: { examples: { languages: ['bash', 'python', 'javascript', 'php', 'go', 'java', 'ruby'] } },
    navigation: { tabs: [{ tab: 'Guides', pages: ['index', 'cards', 'custom', 'settings'] }, { tab: 'API', openapi: 'openapi.json' }] },
  }),
  'index.mdx': '---\ntitle: Home\n---\n\nWelcome to Acme.\n',
  'cards.mdx': ['---', 'title: Cards', '---', '', 'Explore:', '',
    ...['Branching', 'Comments', 'Suggestions'].flatMap((t) => [`<Card title="${t}" icon="book" horizontal href="/index">`, `  About ${t.toLowerCase()}.`, '</Card>', '']),
  ].join('\n'),
  'custom.mdx': '---\ntitle: Landing\nmode: custom\n---\n\n<div className="px-6 py-12"><h1>Landing</h1><p>A page of its own.</p></div>\n',
  'settings.mdx': ['---', 'title: Settings', '---', '', '## Schema settings', '',
    '| Name | Type | Required | Default |', '| --- | --- | --- | --- |',
    '| `markdown.schema.enabled` | boolean | No | true |', '| `search.prompt` | string | Yes | none |', ''].join('\n'),
  'openapi.json': JSON.stringify({
    openapi: '3.1.0', info: { title: 'Things', version: '1' }, servers: [{ url: 'https://api.example.com' }],
    paths: { '/things': { post: { summary: 'Create thing', requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string' } } } } } }, responses: { '200': { description: 'ok' } } } } },
  }),
};

describe.skipIf(!hasChromium)('site defects (issue 45)', () => {
  let dir: string;
  let browser: Browser;
  let server: Awaited<ReturnType<typeof serveStatic>>;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'folio-defects-'));
    const root = path.join(dir, 'docs');
    await mkdir(root, { recursive: true });
    for (const [name, text] of Object.entries(FILES)) await writeFile(path.join(root, name), text);
    // Built as `folio serve` builds the sites it hosts: pages end with the feedback widget.
    const built = await buildSite({ root, outDir: path.join(dir, 'out'), search: true, threads: 1, feedback: {} });
    expect(built.ok).toBe(true);
    [server, browser] = await Promise.all([serveStatic(path.join(dir, 'out')), launchChromium(), mkdir(ARTIFACTS, { recursive: true })]);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function open(href: string, width = 1440): Promise<Page> {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await page.goto(server.url + href);
    return page;
  }

  it('centres the header search box in the header at 1440 and 1280 px', async () => {
    for (const width of [1440, 1280]) {
      const page = await open('/index', width);
      const box = (await page.locator('.search-trigger').boundingBox())!;
      const header = (await page.locator('.header-inner').boundingBox())!;
      expect({ width, centre: Math.round(box.x + box.width / 2) }).toEqual({ width, centre: Math.round(header.x + header.width / 2) });
      expect(box.width).toBeGreaterThan(300);
      if (width === 1440) await page.screenshot({ path: path.join(ARTIFACTS, 'header-1440.png'), clip: { x: 0, y: 0, width, height: 80 } });
      await page.close();
    }
  });

  it('keeps consecutive horizontal cards apart', async () => {
    const page = await open('/cards');
    const gaps = await page.$$eval('.folio-card', (cards) => cards.slice(1).map((c, i) => c.getBoundingClientRect().top - cards[i]!.getBoundingClientRect().bottom));
    expect(gaps.length).toBe(2);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(12);
    await page.screenshot({ path: path.join(ARTIFACTS, 'cards.png') });
    await page.close();
  });

  it('sets the feedback of a custom-mode page in from the left edge, at the reading width', async () => {
    for (const width of [1440, 390]) {
      const page = await open('/custom', width);
      // The beacon `folio serve` serves shows the widget; the static host has none, so show it as it would.
      await page.locator('[data-folio-feedback]').evaluate((el) => el.removeAttribute('hidden'));
      const box = (await page.locator('.feedback').boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(20);
      if (width === 1440) {
        expect(box.width).toBeLessThanOrEqual(768);
        expect(Math.abs(box.x + box.width / 2 - width / 2)).toBeLessThan(2);
      }
      await page.screenshot({ path: path.join(ARTIFACTS, `custom-feedback-${width}.png`), fullPage: true });
      await page.close();
    }
  });

  it('shows every request-sample tab of an endpoint page at 1280 px, none under Copy', async () => {
    const page = await open('/api-reference/create-thing', 1280);
    const head = page.locator('.api-request-example .api-example-head');
    const { tabs, copy, list } = await head.evaluate((h) => {
      const rect = (e: Element) => e.getBoundingClientRect().toJSON() as DOMRect;
      return { tabs: [...h.querySelectorAll('[role=tab]')].map((t) => ({ text: t.textContent, ...rect(t) })), copy: rect(h.querySelector('.api-example-copy')!), list: rect(h.querySelector('[role=tablist]')!) };
    });
    expect(tabs.map((t) => t.text)).toEqual(['cURL', 'Python', 'JavaScript', 'PHP', 'Go', 'Java', 'Ruby']);
    for (const tab of tabs) {
      expect({ tab: tab.text, inside: tab.left >= list.left - 0.5 && tab.right <= list.right + 0.5, clearOfCopy: tab.right <= copy.left || tab.bottom <= copy.top || tab.top >= copy.bottom }).toEqual({ tab: tab.text, inside: true, clearOfCopy: true });
    }
    await head.screenshot({ path: path.join(ARTIFACTS, 'sample-tabs-1280.png') });
    await page.close();
  });

  it('reads a table row with its cells apart in search excerpts, and lists nothing for nonsense', async () => {
    const page = await open('/index');
    await searchFor(page, 'markdown schema enabled');
    const excerpt = await page.locator('[data-search-results]').innerText();
    expect(excerpt).toMatch(/markdown\.schema\.enabled · boolean · No · true/);
    await page.keyboard.press('Escape');
    await searchFor(page, 'qzxv wkjh');
    expect(await page.locator('[data-search-results] a.search-page').count()).toBe(0);
    await page.close();
  });
});
