/**
 * The site's last rough edges (issue 45), on one built site in chromium: the table of contents
 * follows the chosen tab, links a page styles itself (JSX cards) are not drawn as text links and
 * the text of a JSX `<h3>`/`<p>` written on lines of its own is not wrapped in a paragraph, the
 * contextual menu has icon tiles and marks the entries that open another site, "Copy page" stays a
 * labelled button on phones, code blocks show line numbers and filename icons where asked, copy
 * buttons are visible on touch screens, inline code breaks at its dots, and search reads tables as
 * text and finds nothing for nonsense; the "Try it" panel's endpoint switcher swaps operations in place
 * (no page load), an endpoint page's sample tabs stay clear of Copy at 1280x800 and a CardGroup's
 * cards stand 16 px apart. Screenshots go to test-artifacts/polish/.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/site-build/index.js';
import { serveStatic } from '../site/static-server.js';
import { hasChromium, launchChromium } from './chromium.js';

const ARTIFACTS = path.resolve(import.meta.dirname, '../../test-artifacts/polish');

const FILES: Record<string, string> = {
  'docs.json': JSON.stringify({
    name: 'Polish',
    theme: 'mint',
    colors: { primary: '#0D9373' },
    contextual: { options: ['copy', 'view', 'chatgpt', 'claude', { title: 'Ask the forum', description: 'Post a question', href: 'https://forum.example.com' }] },
    api: { examples: { languages: ['bash', 'python', 'javascript', 'php', 'go', 'java', 'ruby'] } },
    navigation: { groups: [{ group: 'Guides', pages: ['index', 'tabs', 'code', 'table', 'home', 'cards'] }, { group: 'API', openapi: 'openapi.json' }] },
  }),
  'cards.mdx': ['---', 'title: Cards', '---', '', '<CardGroup cols={2}>',
    ...['One', 'Two', 'Three', 'Four'].flatMap((t) => [`  <Card title="${t}" icon="book" href="/index">`, `    About ${t.toLowerCase()}.`, '  </Card>']), '</CardGroup>', ''].join('\n'),
  'openapi.json': JSON.stringify({
    openapi: '3.1.0', info: { title: 'Things', version: '1' }, servers: [{ url: 'https://api.example.com' }],
    paths: {
      '/things': {
        post: { summary: 'Create thing', requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string', example: 'Rex' } } } } } }, responses: { '200': { description: 'ok' } } },
        get: { summary: 'List things', parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }], responses: { '200': { description: 'ok', content: { 'application/json': { example: [{ id: 't1' }] } } } } },
      },
    },
  }),
  'index.mdx': '---\ntitle: Welcome\n---\nStart here.\n',
  'tabs.mdx': [
    '---', 'title: Install', '---', '',
    '## Before you start', '', 'Some text.', '',
    '<Tabs>',
    '  <Tab title="macOS">', '    ## Install on macOS', '', '    Run brew.', '', '    ### Check macOS install', '', '    Done.', '  </Tab>',
    '  <Tab title="Linux">', '    ## Install on Linux', '', '    Run apt.', '', '    ### Check Linux install', '', '    Done.', '  </Tab>',
    '</Tabs>', '',
    '## After install', '', 'Text.', '',
  ].join('\n'),
  'code.mdx': [
    '---', 'title: Code', '---', '',
    '```js index.js lines icon="js"', 'const a = 1;', 'const b = 2;', 'console.log(a + b);', '```', '',
    '```python main.py', 'print("hi")', '```', '',
  ].join('\n'),
  'table.mdx': [
    '---', 'title: Table', '---', '',
    '## Settings of `markdown.schema.enabled`', '',
    '| Name | Type | Required | Default |', '|---|---|---|---|',
    '| `markdown.schema.enabled` | boolean | No | true |', '| `search.prompt` | string | Yes | none |', '',
  ].join('\n'),
  'home.mdx': [
    '---', 'title: Home', 'mode: custom', '---', '',
    '<div className="px-4 py-16 max-w-5xl mx-auto">',
    '  <h1 className="text-4xl font-medium text-gray-900">Build docs</h1>',
    '  <div className="mt-8 grid sm:grid-cols-2 gap-4">',
    '    <a href="/tabs" className="group cursor-pointer pb-8">',
    '      <h3 className="mt-5 text-gray-900 font-medium">Install</h3>',
    '      <span className="mt-1.5">Get the tools on your machine.</span>',
    '    </a>',
    '  </div>',
    '  <a href="/code" className="flex flex-col gap-2">',
    '    <h3 className="text-base font-semibold">',
    '      Store your first memory',
    '    </h3>',
    '    <p className="text-sm">',
    '      Five-minute quickstart.',
    '    </p>',
    '  </a>',
    '  <p>Read the [guide](/tabs) first.</p>',
    '</div>',
  ].join('\n'),
};

describe.skipIf(!hasChromium)('site polish', () => {
  let dir: string;
  let browser: Browser;
  let server: Awaited<ReturnType<typeof serveStatic>>;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'folio-polish-'));
    const root = path.join(dir, 'docs');
    for (const [name, text] of Object.entries(FILES)) {
      await mkdir(path.dirname(path.join(root, name)), { recursive: true });
      await writeFile(path.join(root, name), text);
    }
    const built = await buildSite({ root, outDir: path.join(dir, 'out'), search: true });
    expect(built.ok).toBe(true);
    [server, browser] = await Promise.all([serveStatic(path.join(dir, 'out')), launchChromium(), mkdir(ARTIFACTS, { recursive: true })]);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function open(href: string, { width = 1440, height = 900, touch = false } = {}): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height }, hasTouch: touch, isMobile: touch });
    const page = await context.newPage();
    await page.goto(server.url + href);
    return page;
  }

  /** The table of contents as the reader sees it: visible entries, `*` after the highlighted one. */
  const toc = (page: Page) =>
    page.$$eval('.toc li', (items) => items.filter((li) => (li as HTMLElement).offsetParent !== null).map((li) => li.textContent! + (li.querySelector('[aria-current=true]') ? ' *' : '')));

  it('lists the headings of the chosen tab only, and never highlights a hidden one', async () => {
    const page = await open('/tabs', { height: 500 });
    expect(await toc(page)).toEqual(['Before you start *', 'Install on macOS', 'Check macOS install', 'After install']);
    await page.getByRole('tab', { name: 'Linux' }).click();
    await expect.poll(() => toc(page)).toEqual(['Before you start *', 'Install on Linux', 'Check Linux install', 'After install']);
    // Scrolled down: the highlighted entry is one the reader can see (a hidden heading's box is at the top of the window).
    await page.evaluate(() => scrollTo(0, document.body.scrollHeight));
    await expect.poll(async () => (await toc(page)).filter((t) => t.endsWith(' *'))).toHaveLength(1);
    expect(await toc(page)).not.toContain('Before you start *');
    await page.screenshot({ path: path.join(ARTIFACTS, 'toc-tabs.png') });
    await page.context().close();
  });

  it('draws a link the page styled itself by its classes, and plain links as text links', async () => {
    const page = await open('/home');
    const card = await page.$eval('a.group', (a) => {
      const s = getComputedStyle(a);
      const span = getComputedStyle(a.querySelector('span')!);
      return { line: s.textDecorationLine, weight: span.fontWeight, spanLine: span.textDecorationLine };
    });
    expect(card).toEqual({ line: 'none', weight: '400', spanLine: 'none' });
    // Text on lines of its own inside `<h3>`/`<p>` stays in them (no paragraph between), so their classes apply and the card is tight.
    const card2 = await page.$eval('.prose a.flex', (a) => ({ paragraphs: a.querySelectorAll('p').length, size: getComputedStyle(a.querySelector('p')!).fontSize, gap: a.querySelector('p')!.getBoundingClientRect().top - a.querySelector('h3')!.getBoundingClientRect().bottom }));
    expect(card2.paragraphs).toBe(1);
    expect(card2.size).toBe('14px');
    expect(card2.gap).toBeLessThan(40);
    const plain = await page.$eval('p a[href="/tabs"]', (a) => getComputedStyle(a).textDecorationLine);
    expect(plain).toBe('underline');
    await page.screenshot({ path: path.join(ARTIFACTS, 'custom-home.png') });
    await page.context().close();
  });

  it('gives each contextual menu entry an icon tile and marks the ones that open another site', async () => {
    const page = await open('/tabs');
    await page.locator('.page-menu > summary').click();
    const items = await page.$$eval('.page-menu li', (lis) =>
      lis.map((li) => ({
        id: li.dataset.folioMenuItem,
        tile: getComputedStyle(li.querySelector('.page-menu-tile .ui-icon')!).maskImage.startsWith('url('),
        external: !!li.querySelector('.page-menu-label .ui-icon-external'),
      })),
    );
    expect(items).toEqual([
      { id: 'copy', tile: true, external: false },
      { id: 'view', tile: true, external: false },
      { id: 'chatgpt', tile: true, external: true },
      { id: 'claude', tile: true, external: true },
      { id: 'custom', tile: true, external: true },
    ]);
    await page.screenshot({ path: path.join(ARTIFACTS, 'contextual-menu.png') });
    await page.context().close();
  });

  it('keeps "Copy page" a visible button with its name on phones', async () => {
    const page = await open('/tabs', { width: 390, height: 844, touch: true });
    const copy = page.getByRole('button', { name: 'Copy page' });
    await expect.poll(() => copy.isVisible()).toBe(true);
    const box = (await copy.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(28);
    await page.screenshot({ path: path.join(ARTIFACTS, 'phone-copy-page.png') });
    await page.context().close();
  });
  it('numbers the lines of a `lines` code block and shows its icon beside the file name', async () => {
    const page = await open('/code');
    const numbers = await page.$$eval('.folio-code', (blocks) => blocks.map((b) => [...b.querySelectorAll('.line')].map((l) => getComputedStyle(l, '::before').content)));
    expect(numbers).toEqual([['counter(line)', 'counter(line)', 'counter(line)'], ['none']]);
    // Copying takes the code only.
    expect(await page.$eval('.folio-code [data-folio-copy-source]', (el) => (el as HTMLElement).innerText.split('\n')[0])).toBe('const a = 1;');
    const [icon, title] = await Promise.all([page.locator('.folio-code-icon').boundingBox(), page.locator('.folio-code-title').first().boundingBox()]);
    expect(icon!.x + icon!.width).toBeLessThanOrEqual(title!.x);
    expect(Math.abs(icon!.y + icon!.height / 2 - (title!.y + title!.height / 2))).toBeLessThan(6);
    expect(title!.x - icon!.x).toBeLessThan(40);
    await page.screenshot({ path: path.join(ARTIFACTS, 'code-lines.png') });
    await page.context().close();
  });

  it('shows code copy buttons without hover on touch screens, and breaks inline code between the parts of a name', async () => {
    const page = await open('/table', { width: 390, height: 844, touch: true });
    // Each piece of a name (`markdown.`, `schema.`, `enabled`) stays on one line, in the table and in the heading.
    const split = await page.$$eval('.prose code', (codes) =>
      codes.flatMap((code) =>
        [...code.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).filter((n) => {
          const range = document.createRange();
          range.selectNodeContents(n);
          return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1;
        }).map((n) => n.textContent),
      ),
    );
    expect(split).toEqual([]);
    expect(await page.$eval('td code', (c) => c.getBoundingClientRect().height > 30)).toBe(true);
    await page.screenshot({ path: path.join(ARTIFACTS, 'phone-table.png') });
    await page.goto(server.url + '/code');
    expect(await page.$eval('.folio-copy', (b) => getComputedStyle(b).opacity)).toBe('1');
    await page.screenshot({ path: path.join(ARTIFACTS, 'phone-code.png') });
    await page.context().close();
  });

  it('switches the "Try it" panel to another endpoint in place, without loading a page', async () => {
    const page = await open('/api-reference/create-thing');
    await page.locator('[data-api-try]').click();
    // A mark on this window: a page load would take it away.
    await page.evaluate(() => Object.assign(window, { folioStayed: true }));
    expect(await page.locator('.pg-switcher-select option').allTextContents()).toEqual(['GET List things', 'POST Create thing']);
    await page.locator('.pg-switcher-select').selectOption({ label: 'GET List things' });
    await expect.poll(() => page.locator('dialog.pg-dialog[open] #pg-title').textContent()).toBe('List things');
    expect(await page.evaluate(() => (window as unknown as { folioStayed?: boolean }).folioStayed)).toBe(true);
    // One panel, the chosen operation's: its query field, its example response, its switcher's choice; the address follows.
    expect(await page.locator('dialog.pg-dialog').count()).toBe(1);
    expect(await page.locator('#pg-query_limit').count()).toBe(1);
    expect(JSON.parse((await page.locator('[data-api-example]').textContent())!)).toEqual([{ id: 't1' }]);
    expect(await page.locator('.pg-switcher-select option:checked').textContent()).toBe('GET List things');
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('pg-switcher-select');
    expect(new URL(page.url()).pathname + new URL(page.url()).hash).toBe('/api-reference/list-things#playground');
    await page.screenshot({ path: path.join(ARTIFACTS, 'playground-switched.png') });
    // And back, still in place.
    await page.locator('.pg-switcher-select').selectOption({ label: 'POST Create thing' });
    await expect.poll(() => page.locator('dialog.pg-dialog[open] #pg-title').textContent()).toBe('Create thing');
    expect(await page.evaluate(() => (window as unknown as { folioStayed?: boolean }).folioStayed)).toBe(true);
    // Switched again and closed: the chosen operation's page is the one shown.
    await page.locator('.pg-switcher-select').selectOption({ label: 'GET List things' });
    await expect.poll(() => page.locator('dialog.pg-dialog[open] #pg-title').textContent()).toBe('List things');
    await Promise.all([page.waitForEvent('load'), page.locator('.pg-close').click()]);
    expect(await page.locator('h1').first().textContent()).toBe('List things');
    await page.context().close();
  });

  it('keeps the sample tabs clear of Copy at 1280 px, and card columns and rows 16 px apart', async () => {
    const page = await open('/api-reference/create-thing', { width: 1280, height: 800 });
    const head = page.locator('.api-request-example .api-example-head');
    const { tabs, copy } = await head.evaluate((h) => ({ tabs: [...h.querySelectorAll('[role=tab]')].map((t) => t.getBoundingClientRect().toJSON() as DOMRect), copy: h.querySelector('.api-example-copy')!.getBoundingClientRect().toJSON() as DOMRect }));
    expect(tabs).toHaveLength(7);
    expect(tabs.filter((t) => !(t.right <= copy.left || t.bottom <= copy.top || t.top >= copy.bottom))).toEqual([]);
    await head.screenshot({ path: path.join(ARTIFACTS, 'sample-tabs-1280.png') });
    await page.goto(server.url + '/cards');
    const cards = await page.$$eval('.folio-card-group > *', (els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
    expect(cards).toHaveLength(4);
    // As the platform's CardGroup (`gap-x-4`, a card's `my-2`): 16 px between columns and between rows.
    expect([Math.round(cards[1]!.left - cards[0]!.right), Math.round(cards[2]!.top - cards[0]!.bottom)]).toEqual([16, 16]);
    await page.screenshot({ path: path.join(ARTIFACTS, 'card-group-1280.png') });
    await page.context().close();
  });
});
