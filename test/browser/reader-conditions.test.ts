/**
 * What a reader sees of a personalized page in chromium, through `folio serve`'s app behind the JWT
 * handshake: the branches of conditions on `user` their data chooses (a pro reader's Note, an
 * enterprise reader's admin line, the free text for a reader without a session), and the site's own
 * script reading `window.mintlify.user` and the `mintlify:user` event, as the platform's custom
 * scripts do; on an endpoint page, the schema property kept for the `admin` group (`x-mint.groups`) on the
 * page and in the playground's body form for an admin only. Screenshots in test-artifacts/personalization/.
 */
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createAdaptorServer } from '@hono/node-server';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, updateProject } from '../../src/db/index.js';
import { createAppBundle } from '../../src/server/index.js';
import { buildSite } from '../../src/site-build/index.js';
import { openTestDatabase, type TestDatabase } from '../db/helpers.js';
import { hasChromium, launchChromium } from './chromium.js';

const ARTIFACTS = path.resolve(import.meta.dirname, '../../test-artifacts/personalization');

const PLAN_PAGE = `---
title: Your plan
---

Welcome back, {user.firstName ?? "reader"}.

{user.plan === 'pro' && <Note>Your Pro plan includes {user.seats ?? 5} seats.</Note>}

{user.plan === 'enterprise' ? <Info>Contact your admin to enable SSO.</Info> : <>See <a href="/index">pricing</a> to upgrade.</>}
`;

const SPEC = {
  openapi: '3.1.0',
  info: { title: 'Users', version: '1' },
  servers: [{ url: 'https://api.example.com' }],
  paths: {
    '/users': {
      post: {
        summary: 'Create a user',
        'x-mint': { href: '/api/create-user' },
        requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string', description: 'Shown to everyone.' }, internal_id: { type: 'string', description: 'The ledger id, for admins.', 'x-mint': { groups: ['admin'] } } } } } } },
        responses: { '200': { description: 'The user' } },
      },
    },
  },
};

/** The site's own script, as a team writes one for the platform: it reads the user when it resolves. */
const LAUNCHER = `
function show(user) {
  var box = document.getElementById('launcher') || document.body.appendChild(Object.assign(document.createElement('div'), { id: 'launcher' }));
  box.style.cssText = 'position:fixed;right:16px;bottom:16px;padding:8px 12px;background:#064e3b;color:#fff;border-radius:8px';
  box.textContent = 'App launcher for ' + user.firstName + ' (' + user.plan + ')';
}
window.addEventListener('mintlify:user', function (event) { if (event.detail) { window.__events = (window.__events || 0) + 1; show(event.detail); } });
`;

describe.skipIf(!hasChromium)('conditions on user and window.mintlify.user in chromium', () => {
  let dir: string;
  let t: TestDatabase;
  let bundle: ReturnType<typeof createAppBundle>;
  let server: Server;
  let origin: string;
  let browser: Browser;
  let ed: { privateKey: CryptoKey; publicKey: CryptoKey };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'folio-reader-conditions-'));
    const root = path.join(dir, 'docs');
    const out = path.join(dir, 'out');
    await mkdir(root, { recursive: true });
    await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Plan Docs', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { groups: [{ group: 'Start', pages: ['index', 'plan'] }, { group: 'API', openapi: 'openapi.json' }] } }));
    await writeFile(path.join(root, 'openapi.json'), JSON.stringify(SPEC));
    await writeFile(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nWelcome to the docs.\n');
    await writeFile(path.join(root, 'plan.mdx'), PLAN_PAGE);
    await writeFile(path.join(root, 'launcher.js'), LAUNCHER);
    const built = await buildSite({ root, outDir: out, protect: 'hidden', search: false, threads: 1, untrusted: true });
    expect(built.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    ed = await generateKeyPair('EdDSA', { extractable: true });
    t = await openTestDatabase('pglite');
    const dataDir = path.join(dir, 'data');
    await mkdir(path.join(dataDir, 'sites', 'plans'), { recursive: true });
    await symlink(out, path.join(dataDir, 'sites', 'plans', 'current'), 'dir');
    await createProject(t.db, { id: 'plans', name: 'plans', repoUrl: 'https://example.com/plans.git' });
    await updateProject(t.db, 'plans', { siteAccess: 'jwt', siteAccessScope: 'hidden', siteJwt: { loginUrl: 'https://app.example.com/login', algorithm: 'EdDSA', key: JSON.stringify(await exportJWK(ed.publicKey)) } });
    bundle = createAppBundle({ db: t.db, dataDir });
    server = createAdaptorServer({ fetch: bundle.app.fetch }) as Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://plans.localhost:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
    await mkdir(ARTIFACTS, { recursive: true });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
    await t?.cleanup();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function readerPage(content: Record<string, unknown> | null, groups: string[] = []): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1100, height: 700 } });
    const errors: string[] = [];
    if (content) {
      const get = (p: string, cookie = '') => bundle.app.request(origin + p, { headers: { host: new URL(origin).host, accept: 'text/html', ...(cookie ? { cookie } : {}) } });
      const started = await get('/__folio/sign-in');
      const state = new URL(started.headers.get('location')!).searchParams.get('state')!;
      const token = await new SignJWT({ content, groups }).setProtectedHeader({ alg: 'EdDSA' }).setSubject('reader').setExpirationTime('30s').sign(ed.privateKey);
      const done = await get(`/__folio/jwt/callback?state=${encodeURIComponent(state)}&token=${encodeURIComponent(token)}`, started.headers.get('set-cookie')!.split(';')[0]!);
      expect(done.status).toBe(303);
      await context.addCookies([{ name: 'folio_site', value: done.headers.get('set-cookie')!.split(';')[0]!.split('=')[1]!, url: origin }]);
    }
    const page = await context.newPage();
    // A missing favicon is no error of the page; a CSP refusal or a script error is.
    page.on('console', (m) => m.type() === 'error' && !/Failed to load resource/.test(m.text()) && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    (page as Page & { errors: string[] }).errors = errors;
    return page;
  }

  const prose = (page: Page) => page.locator('.prose').innerText();

  it('shows a pro reader their Note and name, and the site’s script gets window.mintlify.user', async () => {
    const page = await readerPage({ firstName: 'Ada', plan: 'pro', seats: 12 });
    await page.goto(`${origin}/plan`);
    await page.locator('#launcher').waitFor();
    const text = await prose(page);
    expect(text).toContain('Welcome back, Ada.');
    expect(text).toContain('Your Pro plan includes 12 seats.');
    expect(text).toContain('See pricing to upgrade.');
    expect(text).not.toContain('Contact your admin');
    expect(await page.locator('.folio-callout-note').isVisible()).toBe(true);
    expect(await page.locator('#launcher').textContent()).toBe('App launcher for Ada (pro)');
    expect(await page.evaluate(() => [(window as unknown as { mintlify: { user: { firstName: string } } }).mintlify.user.firstName, (window as unknown as { __events: number }).__events])).toEqual(['Ada', 1]);
    // The CSP let the loader run (no violation), and nothing else failed.
    expect((page as Page & { errors: string[] }).errors).toEqual([]);
    await page.screenshot({ path: path.join(ARTIFACTS, 'conditions-pro.png') });
    await page.context().close();
  });

  it('shows an enterprise reader the admin line instead, and a reader without a session the free text', async () => {
    const enterprise = await readerPage({ firstName: 'Grace', plan: 'enterprise' });
    await enterprise.goto(`${origin}/plan`);
    await enterprise.locator('#launcher').waitFor();
    const text = await prose(enterprise);
    expect(text).toContain('Contact your admin to enable SSO.');
    expect(text).not.toMatch(/Pro plan|See pricing/);
    await enterprise.screenshot({ path: path.join(ARTIFACTS, 'conditions-enterprise.png') });
    await enterprise.context().close();
    const anonymous = await readerPage(null);
    await anonymous.goto(`${origin}/plan`);
    const plain = await prose(anonymous);
    expect(plain).toContain('Welcome back, reader.');
    expect(plain).toContain('See pricing to upgrade.');
    expect(plain).not.toMatch(/Pro plan|Contact your admin/);
    expect(await anonymous.evaluate(() => (window as unknown as { mintlify?: { user?: unknown } }).mintlify?.user)).toBeUndefined();
    expect(await anonymous.locator('#launcher').count()).toBe(0);
    await anonymous.screenshot({ path: path.join(ARTIFACTS, 'conditions-anonymous.png') });
    await anonymous.context().close();
  });

  it('shows the admin-only property to an admin, on the page and in the playground, and to no one else', async () => {
    /** The fields the endpoint page lists, and the playground body form's, for one reader. */
    const fields = async (page: Page, shot: string) => {
      await page.goto(`${origin}/api/create-user`);
      const listed = await page.locator('.api-field-name').allTextContents();
      await page.locator('[data-api-try]').click();
      await page.locator('.pg-label code', { hasText: /^name$/ }).first().waitFor();
      const form = await page.locator('.pg-label code').allTextContents();
      await page.screenshot({ path: path.join(ARTIFACTS, shot) });
      await page.context().close();
      return { listed: listed.includes('internal_id'), form: form.includes('internal_id'), name: listed.includes('name') && form.includes('name') };
    };
    expect(await fields(await readerPage({ firstName: 'Ada' }, ['admin']), 'api-fields-admin.png')).toEqual({ listed: true, form: true, name: true });
    expect(await fields(await readerPage({ firstName: 'Bo' }, ['support']), 'api-fields-support.png')).toEqual({ listed: false, form: false, name: true });
    expect(await fields(await readerPage(null), 'api-fields-anonymous.png')).toEqual({ listed: false, form: false, name: true });
  });
});
