/**
 * The contextual page menu in chromium: "Copy page" puts the page's Markdown on the clipboard,
 * "Open in Claude" links to claude.ai with the page's absolute Markdown URL, and without
 * JavaScript "View as Markdown" is a plain link to the `.md` file.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/site-build/index.js';
import { exampleCopy } from '../site/helpers.js';
import { serveStatic } from '../site/static-server.js';
import { hasChromium, launchChromium } from './chromium.js';


describe.skipIf(!hasChromium)('contextual page menu in chromium', () => {
  let browser: Browser;
  let site: Awaited<ReturnType<typeof exampleCopy>>;
  let server: Awaited<ReturnType<typeof serveStatic>>;

  beforeAll(async () => {
    site = await exampleCopy();
    const configFile = path.join(site.root, 'docs.json');
    const config = JSON.parse(await readFile(configFile, 'utf8'));
    config.contextual = { options: ['copy', 'view', 'chatgpt', 'claude', 'perplexity', 'add-mcp', 'cursor', 'vscode', 'download-pdf', 'download-spec'] };
    await writeFile(configFile, JSON.stringify(config));
    // `contextual` frontmatter overrides the site's menu on one page and removes it on another.
    const withFrontmatter = async (file: string, yaml: string) => {
      const text = await readFile(path.join(site.root, file), 'utf8');
      await writeFile(path.join(site.root, file), text.replace(/^---\n/, `---\n${yaml}\n`));
    };
    await withFrontmatter('en/v2/components/tabs.mdx', 'contextual:\n  options: []');
    await withFrontmatter('en/v2/components/cards.mdx', 'contextual:\n  options:\n    - view\n    - title: Report an issue\n      description: Open an issue about this page\n      href:\n        base: https://github.com/acme/docs/issues/new\n        query:\n          - key: title\n            value: Docs page $path');
    expect((await buildSite({ root: site.root, outDir: site.out, search: false })).ok).toBe(true);
    server = await serveStatic(site.out);
    browser = await launchChromium();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await site?.dispose();
  });

  it('copies the page as Markdown and links Claude to the absolute Markdown URL', async () => {
    const context = await browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const page = await context.newPage();
    await page.goto(server.url + '/en/v2/quickstart');
    await page.locator('details.page-menu > summary').click();
    await page.locator('[data-folio-menu-copy="page"]').click();
    await expect.poll(() => page.locator('[data-folio-menu-copy="page"] .page-menu-label').textContent()).toBe('Copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await readFile(path.join(site.out, 'en/v2/quickstart.md'), 'utf8'));
    const claude = await page.locator('a', { hasText: 'Open in Claude' }).getAttribute('href');
    expect(claude).toBe(`https://claude.ai/new?q=${encodeURIComponent(`Read ${server.url}/en/v2/quickstart.md so I can ask questions about it.`)}`);
    // The MCP install entries point at this site's /mcp, as the browser knows it.
    const mcp = `${server.url}/mcp`;
    const cursor = new URL((await page.locator('[data-folio-menu-item="cursor"] a').getAttribute('href'))!);
    expect(JSON.parse(Buffer.from(cursor.searchParams.get('config')!, 'base64').toString())).toEqual({ url: mcp });
    const vscode = (await page.locator('[data-folio-menu-item="vscode"] a').getAttribute('href'))!;
    expect(JSON.parse(decodeURIComponent(vscode.replace('vscode:mcp/install?', '')))).toMatchObject({ type: 'http', url: mcp });
    await page.locator('[data-folio-menu-copy="add-mcp"]').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(`npx add-mcp ${mcp}`);
    // "Download PDF" opens the print dialog.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => void (window as unknown as { printed: number }).printed++;
    });
    await page.locator('[data-folio-menu-print]').click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await context.close();
  });

  it('offers "Download API spec" on endpoint pages only, linking the spec copied with the site', async () => {
    const files = (await readdir(site.out, { recursive: true })).filter((f) => f.endsWith('.html'));
    const withSpec: string[] = [];
    const endpointPages: string[] = [];
    for (const f of files) {
      const text = await readFile(path.join(site.out, f), 'utf8');
      if (text.includes('data-folio-menu-item="download-spec"')) withSpec.push(f);
      if (text.includes('<article class="api-page">')) endpointPages.push(f);
    }
    expect(withSpec.length).toBeGreaterThan(0);
    expect(withSpec.sort()).toEqual(endpointPages.sort());
    const html = await readFile(path.join(site.out, withSpec[0]!), 'utf8');
    expect(html).toMatch(/<li data-folio-menu-item="download-spec"><a href="\/admin-openapi\.json" download="">/);
    expect(JSON.parse(await readFile(path.join(site.out, 'admin-openapi.json'), 'utf8')).openapi).toMatch(/^3\./);
  });

  it('takes a page\'s `contextual` frontmatter in place of the site\'s menu (`options: []`: no menu)', async () => {
    const page = (href: string) => readFile(path.join(site.out, href, 'index.html'), 'utf8');
    const items = (html: string) => [...html.matchAll(/data-folio-menu-item="([^"]+)"/g)].map((m) => m[1]);
    expect(items(await page('en/v2/quickstart'))).toEqual(['copy', 'view', 'chatgpt', 'claude', 'perplexity', 'add-mcp', 'cursor', 'vscode', 'download-pdf']);
    const none = await page('en/v2/components/tabs');
    expect(none).toContain('<article');
    expect(none).not.toContain('page-menu');
    const own = await page('en/v2/components/cards');
    expect(items(own)).toEqual(['view', 'custom']);
    expect(own).toContain(`href="https://github.com/acme/docs/issues/new?title=${encodeURIComponent('Docs page ')}%2Fen%2Fv2%2Fcomponents%2Fcards"`);
  });

  it('keeps "View as Markdown" working without JavaScript', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(server.url + '/en/v2/quickstart');
    await page.locator('details.page-menu > summary').click();
    const view = page.locator('a', { hasText: 'View as Markdown' });
    expect(await view.isVisible()).toBe(true);
    expect(await view.getAttribute('href')).toBe('/en/v2/quickstart.md');
    // The test's static server sends .md as a download, so fetch the link rather than follow it.
    expect(await (await context.request.get(server.url + '/en/v2/quickstart.md')).text()).toMatch(/^# Quickstart\n/);
    await context.close();
  });
});
