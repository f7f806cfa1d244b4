/**
 * The search dialog of a built site, in chromium (issue 31): ⌘K / Ctrl+K, `/` and the header
 * button open a modal dialog (focus in its input, the page behind inert, Escape closes, focus
 * returns); results are grouped by page with their sections and version/tab labels, the arrow
 * keys move through them and Enter follows one; recent searches come back with an empty input;
 * phones get a magnifier button and a full-screen dialog; a question in the reader's own words finds
 * the page holding most of them (issue 45). The text Pagefind indexed has word
 * boundaries between blocks and no control text, and frontmatter keywords find a page without
 * being shown. axe-core finds nothing serious with the dialog open, light and dark, desktop and
 * phone. The main script stays under the 5 KB budget; the dialog is fetched on first use.
 * Screenshots go to test-artifacts/search/.
 */
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYWORDS_ANCHOR as CLIENT_KEYWORDS_ANCHOR } from '../../src/client/search-results.js';
import { buildSite } from '../../src/site-build/index.js';
import { KEYWORDS_ANCHOR } from '../../src/site-build/search-document.js';
import { serveStatic } from '../site/static-server.js';
import { hasChromium, launchChromium } from './chromium.js';

const ARTIFACTS = path.resolve(import.meta.dirname, '../../test-artifacts/search');

const SPEC = {
  openapi: '3.0.0',
  info: { title: 'Shop', version: '1' },
  servers: [{ url: 'https://api.example.com' }],
  paths: {
    '/checkouts/{id}': {
      post: {
        summary: 'Update checkout',
        description: 'Updates a checkout.',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' }, description: 'The checkout id.' }],
        responses: { '200': { description: 'The checkout.', content: { 'application/json': { schema: { type: 'object', required: ['payload'], properties: { payload: { type: 'string', description: 'The payload.' } } } } } } },
      },
    },
  },
};

const FILES: Record<string, string> = {
  'docs.json': JSON.stringify({
    name: 'Shop',
    theme: 'mint',
    colors: { primary: '#335577', light: '#8fb3d9' },
    navigation: {
      versions: [
        { version: 'v2', tabs: [{ tab: 'Guides', pages: ['v2/index', 'v2/webhooks', 'v2/deploying', 'v2/stripes'] }, { tab: 'API', openapi: 'openapi.json' }] },
        { version: 'v1', pages: ['v1/webhooks'] },
      ],
    },
  }),
  'openapi.json': JSON.stringify(SPEC),
  'v2/index.mdx': '---\ntitle: Welcome\n---\nStart here.\n',
  'v2/webhooks.mdx': [
    '---', 'title: Webhooks', 'description: Events sent to your server.', '---', '',
    '## Events', '',
    '<ParamField body="event" type="string" required>', 'The event name, such as `checkout.updated`.', '</ParamField>', '',
    '<ResponseField name="payload" type="object" required>', 'The checkout as it is now.', '</ResponseField>', '',
    '```bash', 'curl -X POST https://example.com/hook', '```', '',
    '## Retries', '',
    'Failed deliveries are retried <Tooltip tip="at most">five</Tooltip> times.', '',
  ].join('\n'),
  'v2/deploying.mdx': [
    '---', 'title: Deploying', '---', '',
    '<CardGroup cols={2}>', '<Card title="Static hosting" href="/v2/index">Serve the output folder.</Card>', '<Card title="Object storage" href="/v2/index">Upload the folder.</Card>', '</CardGroup>', '',
    '<Steps>', '<Step title="Build">Run the build.</Step>', '<Step title="Upload">Copy the files.</Step>', '</Steps>', '',
  ].join('\n'),
  'v2/stripes.mdx': '---\ntitle: Stripes\nkeywords: ["zebra", "pinstripe"]\n---\nPatterns of lines on fabric.\n',
  'v1/webhooks.mdx': '---\ntitle: Webhooks\n---\nOld webhook events: checkout.updated is sent after each change.\n',
};

/** Words that only exist when two blocks are glued together, and the text of controls. */
const GLUED = ['POST/', 'stringrequired', 'eventbody', 'objectrequired', 'hostingServe', 'storageUpload', '200The', 'fiveat', '1Build'];
/** Control text (the "Try it" button, example tabs, a code block's copy button) and a tooltip's text. */
const CONTROLS = [/Try it/, /cURL\s*Python/, /Copy\.? curl/, /at most/];

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical WCAG 2.1 A/AA findings on the page as it is now (within `selector` when given). */
async function axe(page: Page, selector?: string): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async (include) => {
    const { axe } = window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }> } };
    const result = await axe.run(include ? { include: [include] } : document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => String(n.target[0])).join(', ')}`);
  }, selector);
}

describe.skipIf(!hasChromium)('search dialog', () => {
  let dir: string;
  let out: string;
  let browser: Browser;
  let server: Awaited<ReturnType<typeof serveStatic>>;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'folio-search-dialog-'));
    const root = path.join(dir, 'docs');
    out = path.join(dir, 'out');
    for (const [name, text] of Object.entries(FILES)) {
      await mkdir(path.dirname(path.join(root, name)), { recursive: true });
      await writeFile(path.join(root, name), text);
    }
    const built = await buildSite({ root, outDir: out, search: true });
    expect(built.ok).toBe(true);
    [server, browser] = await Promise.all([serveStatic(out), launchChromium(), mkdir(ARTIFACTS, { recursive: true })]);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function open(href: string, { width = 1440, height = 900, theme = 'light', mac = false } = {}): Promise<{ context: BrowserContext; page: Page; requested: string[] }> {
    const context = await browser.newContext({ viewport: { width, height } });
    await context.addInitScript(
      ([t, apple]) => {
        localStorage.setItem('folio-theme', t as string);
        if (apple) Object.defineProperty(Navigator.prototype, 'platform', { get: () => 'MacIntel' });
      },
      [theme, mac] as const,
    );
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    await page.goto(server.url + href);
    return { context, page, requested };
  }

  const dialog = (page: Page) => page.locator('dialog.search-dialog');
  const activeInDialog = (page: Page) => page.evaluate(() => !!document.activeElement?.closest('dialog.search-dialog'));

  /** Type a query into the open dialog and wait for its answer. */
  async function type(page: Page, query: string): Promise<void> {
    await page.locator('[data-search]').fill(query);
    await page.locator('.search-status').filter({ hasText: /\S/ }).waitFor({ state: 'attached', timeout: 20_000 });
  }

  it('keeps the main script under budget and fetches the dialog and the index only when asked', async () => {
    const assets = await readdir(path.join(out, 'assets'));
    const main = assets.find((f) => /^site\.[0-9a-f]+\.js$/.test(f))!;
    expect(gzipSync(await readFile(path.join(out, 'assets', main))).length).toBeLessThanOrEqual(5 * 1024);
    expect(assets).toContain(main.replace('site.', 'search.'));

    const { context, page, requested } = await open('/v2/index');
    expect(await page.locator('[data-search-kbd]').textContent()).toBe('Ctrl K');
    expect(requested.some((p) => p.startsWith('/assets/search.') || p.startsWith('/pagefind/'))).toBe(false);
    await page.keyboard.press('Control+k');
    await page.locator('dialog.search-dialog[open]').waitFor();
    await type(page, 'checkout');
    expect(requested.some((p) => p.startsWith('/assets/search.'))).toBe(true);
    expect(requested.some((p) => p.startsWith('/pagefind/'))).toBe(true);
    await context.close();

    const mac = await open('/v2/index', { mac: true });
    expect(await mac.page.locator('[data-search-kbd]').textContent()).toBe('⌘K');
    await mac.page.keyboard.press('Meta+k');
    await mac.page.locator('dialog.search-dialog[open]').waitFor();
    await mac.context.close();
  });

  it('is a modal dialog: shortcut or button opens it, focus stays inside, Escape closes and focus returns', async () => {
    const { context, page } = await open('/v2/webhooks');
    await page.keyboard.press('/');
    await expect.poll(() => dialog(page).evaluate((d: HTMLDialogElement) => d.open)).toBe(true);
    expect(await dialog(page).getAttribute('aria-modal')).toBe('true');
    expect(await dialog(page).getAttribute('aria-label')).toBe('Search the docs');
    const input = page.locator('[data-search]');
    expect(await input.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await input.getAttribute('role')).toBe('combobox');
    expect(await input.getAttribute('aria-controls')).toBe(await page.locator('[role=listbox]').getAttribute('id'));
    // The page behind is inert: tabbing never reaches it.
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !document.activeElement || document.activeElement === document.body || !!document.activeElement.closest('dialog'))).toBe(true);
    }
    await input.focus();
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog(page).evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
    // Opened from the page (nothing focused), focus goes to the search button.
    await expect.poll(() => page.evaluate(() => document.activeElement?.hasAttribute('data-search-open'))).toBe(true);

    // From a focused link, `/` opens it and Escape gives focus back to that link; typing `/` in a field does not.
    await page.locator('.sidebar a.nav-link').first().focus();
    await page.keyboard.press('/');
    await expect.poll(() => activeInDialog(page)).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('nav-link'))).toBe(true);
    await page.locator('[data-search-open]').click();
    await expect.poll(() => activeInDialog(page)).toBe(true);
    await page.keyboard.type('a/b');
    expect(await page.locator('[data-search]').inputValue()).toBe('a/b');
    await context.close();
  });

  it('lists pages with their sections and labels, moves with the arrow keys and follows a result with Enter', async () => {
    const { context, page } = await open('/v2/index');
    await page.keyboard.press('Control+k');
    await type(page, 'checkout');
    const groups = page.locator('[role=listbox] > [role=group]');
    const pages = await groups.evaluateAll((gs) =>
      gs.map((g) => ({
        title: g.querySelector('.search-page .search-title')?.textContent,
        labels: [...g.querySelectorAll('.search-label')].map((l) => l.textContent),
        sections: [...g.querySelectorAll('.search-section .search-title')].map((s) => s.textContent),
        href: new URL(g.querySelector<HTMLAnchorElement>('a.search-page')!.href).pathname,
      })),
    );
    expect(pages).toContainEqual({ title: 'Webhooks', labels: ['v2', 'Guides'], sections: ['Events'], href: '/v2/webhooks' });
    expect(pages).toContainEqual({ title: 'Webhooks', labels: ['v1'], sections: [], href: '/v1/webhooks' });
    expect(pages).toContainEqual(expect.objectContaining({ title: 'Update checkout', labels: ['v2', 'API'] }));
    expect(await page.locator('.search-status').textContent()).toBe(`Results: ${pages.length}`);

    const input = page.locator('[data-search]');
    const options = page.locator('[role=option]');
    expect(await input.getAttribute('aria-activedescendant')).toBeNull();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const second = await options.nth(1).getAttribute('id');
    expect(await input.getAttribute('aria-activedescendant')).toBe(second);
    expect(await options.nth(1).getAttribute('aria-selected')).toBe('true');
    expect(await options.nth(0).getAttribute('aria-selected')).toBe('false');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    // Up from the first option wraps to the last.
    expect(await input.getAttribute('aria-activedescendant')).toBe(await options.last().getAttribute('id'));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const target = new URL((await options.nth(1).getAttribute('href'))!, server.url);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === target.pathname && url.hash === target.hash);
    await context.close();
  });

  it("lists the reader's version first, and says it is searching while the index loads", async () => {
    const firstHref = async (page: Page) => new URL((await page.locator('a.search-page').first().getAttribute('href'))!, server.url).pathname;
    const older = await open('/v1/webhooks');
    // The index answers slowly, as a large site's does on a phone: the dialog says it is on its way.
    await older.page.route('**/pagefind/pagefind.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await older.page.keyboard.press('Control+k');
    await older.page.locator('[data-search]').fill('webhooks');
    await older.page.locator('.search-busy').waitFor({ state: 'visible', timeout: 5_000 });
    expect(await older.page.locator('.search-busy').textContent()).toBe('Searching…');
    expect(await older.page.locator('.search-status').textContent()).toBe('');
    await older.page.locator('.search-status').filter({ hasText: /\S/ }).waitFor({ state: 'attached', timeout: 20_000 });
    expect(await older.page.locator('.search-busy').isVisible()).toBe(false);
    expect(await firstHref(older.page)).toBe('/v1/webhooks');
    // The other version's page is still listed, after.
    expect(await older.page.locator('a.search-page[href$="/v2/webhooks"]').count()).toBe(1);
    await older.context.close();

    const current = await open('/v2/index');
    await current.page.keyboard.press('Control+k');
    await type(current.page, 'webhooks');
    expect(await firstHref(current.page)).toBe('/v2/webhooks');
    await current.context.close();
  });

  it("answers a question in the reader's words that no page holds all of, the page with most of them first (issue 45)", async () => {
    const { context, page } = await open('/v2/index');
    await page.keyboard.press('Control+k');
    // "how", "often" and "deploy" are on no page about retries: Pagefind alone, which lists only pages holding every word, found nothing.
    await type(page, 'how often is a failed delivery retried after a deploy');
    const paths = await page.locator('a.search-page').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    expect(paths[0]).toBe('/v2/webhooks');
    expect(paths).toContain('/v2/deploying');
    expect(await page.locator('.search-status').textContent()).toBe(`Results: ${paths.length}`);
    await context.close();
  });

  it('shows recent searches when the input is empty, searches one again, and clears them', async () => {
    const { context, page } = await open('/v2/index');
    await page.keyboard.press('Control+k');
    await type(page, 'webhook');
    await page.locator('a.search-page').first().click();
    await page.waitForURL(/\/webhooks$/);
    await page.keyboard.press('Control+k');
    await expect.poll(() => page.locator('[role=listbox] [role=option]').allTextContents()).toEqual(['webhook']);
    expect(await page.locator('[role=listbox]').getAttribute('aria-labelledby')).toBe('folio-search-recent');
    expect(await page.locator('#folio-search-recent').textContent()).toBe('Recent searches');
    await page.screenshot({ path: path.join(ARTIFACTS, 'dialog-recent-desktop-light.png') });
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await page.locator('[data-search]').inputValue()).toBe('webhook');
    await page.locator('a.search-page').first().waitFor();
    await page.locator('[data-search]').fill('');
    await page.locator('.search-clear').click();
    expect(await page.locator('[role=option]').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('folio-search-recent'))).toBe('[]');
    await context.close();
  });

  it('indexes text with word boundaries between blocks, no control text, and keywords that are never shown', async () => {
    expect(CLIENT_KEYWORDS_ANCHOR).toBe(KEYWORDS_ANCHOR);
    const { context, page } = await open('/v2/index');
    // Everything Pagefind holds for the pages these words find (the whole text of each, not only excerpts).
    const indexed = await page.evaluate(async (queries) => {
      // Through Function: a literal `import()` here would be rewritten by the test runner's transform.
      const load = new Function('url', 'return import(url)') as (url: string) => Promise<unknown>;
      const pagefind = (await load('/pagefind/pagefind.js')) as { init(): Promise<void>; mergeIndex(p: string): Promise<void>; search(q: string): Promise<{ results: { data(): Promise<{ url: string; content: string; excerpt: string; sub_results: { excerpt: string }[] }> }[] }> };
      await pagefind.init();
      const manifest = (await (await fetch('/pagefind/folio-search.json')).json()) as { shards?: string[] };
      for (const shard of manifest.shards ?? []) await pagefind.mergeIndex('/' + shard);
      const pages: Record<string, { content: string; excerpts: string[] }> = {};
      for (const q of queries) {
        for (const r of (await pagefind.search(q)).results) {
          const d = await r.data();
          pages[d.url] = { content: d.content, excerpts: [d.excerpt, ...d.sub_results.map((s) => s.excerpt)] };
        }
      }
      return pages;
    }, ['checkout', 'static', 'five', 'build', 'payload', 'zebra']);
    expect(Object.keys(indexed).sort()).toEqual(['/api-reference/update-checkout', '/v1/webhooks', '/v2/deploying', '/v2/stripes', '/v2/webhooks']);
    for (const [url, { content }] of Object.entries(indexed)) {
      for (const glued of GLUED) expect(content, `${url}: ${glued}`).not.toContain(glued);
      for (const control of CONTROLS) expect(content, `${url}: ${control}`).not.toMatch(control);
    }
    expect(indexed['/api-reference/update-checkout']!.content).toContain('POST /checkouts/{id}');
    expect(indexed['/api-reference/update-checkout']!.content).toContain('payload string required');
    expect(indexed['/v2/webhooks']!.content).toContain('event body string required');
    expect(indexed['/v2/webhooks']!.content).toContain('retried five times');
    expect(indexed['/v2/deploying']!.content).toContain('Static hosting. Serve the output folder.');

    // What the dialog shows: the same clean text, and the keyword page without its keywords.
    await page.keyboard.press('Control+k');
    await type(page, 'checkout');
    const shown = await page.locator('[role=listbox]').innerText();
    expect(shown).toContain('POST /checkouts/{id}');
    for (const glued of GLUED) expect(shown).not.toContain(glued);
    for (const control of CONTROLS) expect(shown).not.toMatch(control);
    await type(page, 'pinstripe');
    expect(await page.locator('a.search-page .search-title').allTextContents()).toEqual(['Stripes']);
    const stripes = await page.locator('[role=listbox]').innerText();
    expect(stripes).toContain('Patterns of lines on fabric.');
    expect(stripes).not.toMatch(/zebra|pinstripe/);
    await context.close();
  });

  it('has no serious accessibility finding with the dialog open, desktop and phone, light and dark', async () => {
    for (const [name, size] of [['desktop', { width: 1440, height: 900 }], ['phone', { width: 390, height: 844 }]] as const) {
      for (const theme of ['light', 'dark']) {
        const { context, page } = await open('/v2/index', { ...size, theme });
        await page.screenshot({ path: path.join(ARTIFACTS, `header-${name}-${theme}.png`) });
        expect(await axe(page, '.search'), `${name} ${theme} search button`).toEqual([]);
        if (name === 'phone') {
          // A magnifier button in the header, a dialog over the whole screen.
          const trigger = await page.locator('[data-search-open]').boundingBox();
          expect(trigger!.width).toBeLessThanOrEqual(40);
          await page.locator('[data-search-open]').click();
        } else {
          await page.keyboard.press('Control+k');
        }
        await type(page, 'checkout');
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('ArrowDown');
        const panel = await page.locator('.search-panel').boundingBox();
        if (name === 'phone') expect(panel).toEqual({ x: 0, y: 0, width: 390, height: 844 });
        else expect(panel!.width).toBeGreaterThanOrEqual(600);
        await page.screenshot({ path: path.join(ARTIFACTS, `dialog-${name}-${theme}.png`) });
        expect(await axe(page), `${name} ${theme}`).toEqual([]);
        // The recent searches and the empty answer are checked too.
        await type(page, 'qqqzzzxxx');
        expect(await page.locator('.search-status').textContent()).toBe('No results');
        expect(await axe(page), `${name} ${theme} no results`).toEqual([]);
        if (name === 'phone') {
          await page.locator('.search-close').click();
          await expect.poll(() => dialog(page).evaluate((d: HTMLDialogElement) => d.open)).toBe(false);
        }
        await context.close();
      }
    }
  });
});
