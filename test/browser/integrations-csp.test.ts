/**
 * GA4 and PostHog load on a hosted site under its Content-Security-Policy (issue 45): the site is
 * built with both configured and served by `serveSite` as `folio serve` does; in chromium the
 * vendors' real hostnames are routed to a local stand-in serving a small library that records it
 * ran and sends a beacon to the vendor's collection host (also routed to the stand-in). The policy
 * is the hosted one, so the real origins must be allowed; Folio's inline stubs run by hash.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishBuild, serveSite } from '../../src/hosting/index.js';
import { listen, type ListeningServer } from '../../src/server/index.js';
import { buildSite } from '../../src/site-build/index.js';
import { hasChromium, launchChromium } from './chromium.js';

/** The stand-in's libraries: each marks that it ran, then sends a beacon the way the real one does (fetch to its collection host). */
const LIBRARIES: Record<string, string> = {
  '/gtag/js': "window.__ran=(window.__ran||[]).concat('ga4');fetch('https://region1.google-analytics.com/g/collect?v=2&tid='+encodeURIComponent(dataLayer[1][1]),{method:'POST',keepalive:true});",
  '/static/array.js': "window.__ran=(window.__ran||[]).concat('posthog');fetch('https://us.i.posthog.com/e/?ip=1',{method:'POST',body:JSON.stringify({api_key:posthog._i[0][0],event:'$pageview'})});",
};
const HOSTS = ['www.googletagmanager.com', 'region1.google-analytics.com', 'us-assets.i.posthog.com', 'us.i.posthog.com'];

describe.skipIf(!hasChromium)('integrations on a hosted site under its CSP', () => {
  let data: string;
  let browser: Browser;
  let site: ListeningServer;
  let standIn: Server;
  let standInUrl: string;
  /** `host path` of every request the stand-in answered. */
  const seen: string[] = [];

  beforeAll(async () => {
    standIn = createServer((req, res) => {
      const host = String(req.headers['x-original-host'] ?? '');
      seen.push(`${host} ${req.url!.replace(/\?.*$/, '')}`);
      const library = LIBRARIES[req.url!.replace(/\?.*$/, '')];
      res.writeHead(library ? 200 : 204, { 'Content-Type': 'text/javascript', 'Access-Control-Allow-Origin': '*' });
      res.end(library ?? '');
    });
    await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
    standInUrl = `http://127.0.0.1:${(standIn.address() as { port: number }).port}`;

    data = await mkdtemp(path.join(os.tmpdir(), 'folio-integrations-'));
    const root = path.join(data, 'src');
    await mkdir(root, { recursive: true });
    await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Tracked', theme: 'mint', colors: { primary: '#0a7' }, navigation: { pages: ['index'] }, integrations: { ga4: { measurementId: 'G-STANDIN1' }, posthog: { apiKey: 'phc_standin' } } }));
    await writeFile(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nHello.\n');
    const siteDir = path.join(data, 'sites', 'p');
    const build = path.join(siteDir, 'builds', 'b1');
    await mkdir(build, { recursive: true });
    await buildSite({ root, outDir: build, search: false });
    await publishBuild(siteDir, build);
    site = await listen((request) => serveSite(data, 'p', request), { port: 0 });
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await new Promise((resolve) => standIn?.close(resolve));
    await rm(data, { recursive: true, force: true });
  });

  it('runs GA4 and PostHog from their real origins and lets their beacons out', async () => {
    const context = await browser.newContext();
    // The vendors' hostnames go to the stand-in; the page still names (and its CSP still judges) the real origins.
    for (const host of HOSTS) {
      await context.route(`https://${host}/**`, async (route) => {
        const url = new URL(route.request().url());
        const answer = await route.fetch({ url: standInUrl + url.pathname + url.search, headers: { ...route.request().headers(), 'x-original-host': host } });
        await route.fulfill({ response: answer });
      });
    }
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await page.goto(site.url + '/');
    await page.waitForFunction(() => ((window as unknown as { __ran?: string[] }).__ran ?? []).length === 2, undefined, { timeout: 15_000 });
    await expect.poll(() => seen.filter((s) => s.startsWith('region1.google-analytics.com') || s.startsWith('us.i.posthog.com')).sort(), { timeout: 10_000 }).toEqual(['region1.google-analytics.com /g/collect', 'us.i.posthog.com /e/']);
    expect(seen).toEqual(expect.arrayContaining(['www.googletagmanager.com /gtag/js', 'us-assets.i.posthog.com /static/array.js']));
    expect(violations).toEqual([]);
    await context.close();
  });
});
