/**
 * A hosted site's Content-Security-Policy follows what the site configures (issue 45): a build
 * writes the origins its integrations, font files and imported stylesheets need into
 * `.folio-site.json`, and `serveSite` adds them; a site that configures none sends the default
 * policy. A tag manager's custom code, which would need 'unsafe-inline', is left out with one warning.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishBuild, serveSite, SITE_CSP } from '../../src/hosting/index.js';
import { buildSite } from '../../src/site-build/index.js';

const PAGE = '---\ntitle: Home\n---\n\nHello.\n';

/** Build a one-page site with `config` merged into its docs.json and publish it as project `id`. */
async function publish(data: string, id: string, config: Record<string, unknown>, files: Record<string, string> = {}) {
  const root = path.join(data, 'src', id);
  await mkdir(root, { recursive: true });
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: id, theme: 'mint', colors: { primary: '#0a7' }, navigation: { pages: ['index'] }, ...config }));
  await writeFile(path.join(root, 'index.mdx'), PAGE);
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(root, name), text);
  const siteDir = path.join(data, 'sites', id);
  const build = path.join(siteDir, 'builds', 'b1');
  await mkdir(build, { recursive: true });
  const result = await buildSite({ root, outDir: build, search: false });
  await publishBuild(siteDir, build);
  return result;
}

const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';

describe('hosted CSP from the site settings', () => {
  let data: string;
  let withIntegrations: Awaited<ReturnType<typeof publish>>;

  beforeAll(async () => {
    data = await mkdtemp(path.join(os.tmpdir(), 'folio-csp-'));
    withIntegrations = await publish(data, 'tracked', {
      integrations: { ga4: { measurementId: 'G-TEST123' }, posthog: { apiKey: 'phc_test', apiHost: 'https://eu.i.posthog.com' }, gtm: { tagId: 'GTM-ABC' } },
      fonts: { family: 'Brand Sans', source: 'https://fonts.example-cdn.com/brand.woff2' },
    }, { 'style.css': "@import url('https://fonts.googleapis.com/css2?family=Lobster&display=swap');\nbody{font-family:Lobster}\n" });
    await publish(data, 'plain', {});
  }, 120_000);

  afterAll(() => rm(data, { recursive: true, force: true }));

  it('lists the origins of GA4 and PostHog, the font host and Google Fonts for a site configuring them', async () => {
    const res = await serveSite(data, 'tracked', new Request('http://tracked.test/'));
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy')!;
    const script = directive(csp, 'script-src');
    expect(script).toContain('https://*.googletagmanager.com');
    expect(script).toContain('https://eu-assets.i.posthog.com');
    expect(directive(csp, 'connect-src').split(' ')).toEqual(expect.arrayContaining(['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://eu.i.posthog.com']));
    // GA4's inline `gtag` setup and PostHog's stub run by hash; nothing inline besides.
    expect(script.match(/'sha256-/g)!.length).toBeGreaterThanOrEqual(4);
    expect(script).not.toContain("'unsafe-inline'");
    expect(script).not.toContain("'unsafe-eval'");
    expect(directive(csp, 'style-src')).toContain('https://fonts.googleapis.com');
    expect(directive(csp, 'font-src').split(' ')).toEqual(expect.arrayContaining(['https://fonts.gstatic.com', 'https://fonts.example-cdn.com']));
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('sends the default policy for a site that configures none', async () => {
    const res = await serveSite(data, 'plain', new Request('http://plain.test/'));
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toBe(SITE_CSP);
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self'");
    expect(csp).not.toMatch(/googletagmanager|posthog|googleapis/);
  });

  it('warns once, naming it, about what a configured service needs and the policy never allows', () => {
    const left = withIntegrations.diagnostics.filter((d) => d.code === 'BUILD_CSP_LEFT_OUT');
    expect(left).toHaveLength(1);
    expect(left[0]!.message).toMatch(/^Integration gtm: /);
  });

  it('ignores sources a forged settings file adds that the policy never allows', async () => {
    const forged = path.join(data, 'sites', 'forged');
    const build = path.join(forged, 'builds', 'b1');
    await mkdir(build, { recursive: true });
    await writeFile(path.join(build, 'index.html'), '<p>x</p>');
    await writeFile(path.join(build, '.folio-site.json'), JSON.stringify({ basePath: '', csp: { 'script-src': ["'unsafe-inline'", 'https:', '*', 'https://ok.example.com'], 'default-src': ['*'] } }));
    await publishBuild(forged, build);
    const csp = (await serveSite(data, 'forged', new Request('http://forged.test/'))).headers.get('content-security-policy')!;
    expect(directive(csp, 'script-src')).toMatch(/ https:\/\/ok\.example\.com$/);
    expect(csp).not.toMatch(/'unsafe-inline' |\* |https: 'sha/);
  });
});
