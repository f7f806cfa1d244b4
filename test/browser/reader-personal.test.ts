/**
 * A site with three groups behind the JWT handshake, in chromium through `folio serve`'s app: the
 * search dialog of a reader of `alpha` finds the alpha page (its group index merged) and not the beta
 * page; a reader of no group finds neither; a personalized page shows the signed-in reader's name,
 * and the API playground opens with their API key already in its field. Screenshots in
 * test-artifacts/personalization/.
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
const TEAMS = ['alpha', 'beta', 'gamma'] as const;
const SPEC = {
  openapi: '3.1.0',
  info: { title: 'Widgets', version: '1' },
  servers: [{ url: 'https://api.example.com' }],
  components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-API-Key' } } },
  security: [{ key: [] }],
  paths: { '/widgets': { get: { summary: 'List widgets', 'x-mint': { href: '/api/list-widgets' }, responses: { '200': { description: 'The widgets' } } } } },
};

describe.skipIf(!hasChromium)('search and personalization per reader in chromium', () => {
  let dir: string;
  let t: TestDatabase;
  let bundle: ReturnType<typeof createAppBundle>;
  let server: Server;
  let origin: string;
  let browser: Browser;
  let ed: { privateKey: CryptoKey; publicKey: CryptoKey };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'folio-reader-personal-'));
    const root = path.join(dir, 'docs');
    const out = path.join(dir, 'out');
    await mkdir(root, { recursive: true });
    const groups = [{ group: 'Start', pages: ['index', 'hello'] }, { group: 'Teams', pages: [...TEAMS] }, { group: 'API', openapi: 'openapi.json' }];
    await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Team Docs', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { groups } }));
    await writeFile(path.join(root, 'openapi.json'), JSON.stringify(SPEC));
    await writeFile(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nWelcome to the team docs.\n');
    await writeFile(path.join(root, 'hello.mdx'), '---\ntitle: Your account\n---\n\nWelcome back, **{user.firstName ?? "reader"}**! You are on the {user.plan ?? "free"} plan.\n\n<Note>Your key is filled in on every API page.</Note>\n');
    for (const team of TEAMS) await writeFile(path.join(root, `${team}.mdx`), `---\ntitle: ${team} runbook\ngroups: ["${team}"]\n---\n\nThe ${team} runbook explains failover drills.\n`);
    const built = await buildSite({ root, outDir: out, protect: 'hidden', threads: 1 });
    expect(built.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    ed = await generateKeyPair('EdDSA', { extractable: true });
    t = await openTestDatabase('pglite');
    const dataDir = path.join(dir, 'data');
    await mkdir(path.join(dataDir, 'sites', 'teams'), { recursive: true });
    await symlink(out, path.join(dataDir, 'sites', 'teams', 'current'), 'dir');
    await createProject(t.db, { id: 'teams', name: 'teams', repoUrl: 'https://example.com/teams.git' });
    await updateProject(t.db, 'teams', { siteAccess: 'jwt', siteAccessScope: 'hidden', siteJwt: { loginUrl: 'https://app.example.com/login', algorithm: 'EdDSA', key: JSON.stringify(await exportJWK(ed.publicKey)) } });
    bundle = createAppBundle({ db: t.db, dataDir });
    server = createAdaptorServer({ fetch: bundle.app.fetch }) as Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://teams.localhost:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
    await mkdir(ARTIFACTS, { recursive: true });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
    await t?.cleanup();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** A reader's session cookie, from a JWT handshake through the app. */
  async function sessionOf(claims: Record<string, unknown>): Promise<string> {
    const get = (p: string, cookie = '') => bundle.app.request(origin + p, { headers: { host: new URL(origin).host, accept: 'text/html', ...(cookie ? { cookie } : {}) } });
    const started = await get('/__folio/sign-in');
    const state = new URL(started.headers.get('location')!).searchParams.get('state')!;
    const token = await new SignJWT(claims).setProtectedHeader({ alg: 'EdDSA' }).setSubject('reader').setExpirationTime('30s').sign(ed.privateKey);
    const done = await get(`/__folio/jwt/callback?state=${encodeURIComponent(state)}&token=${encodeURIComponent(token)}`, started.headers.get('set-cookie')!.split(';')[0]!);
    expect(done.status).toBe(303);
    return done.headers.get('set-cookie')!.split(';')[0]!.split('=')[1]!;
  }

  async function readerPage(claims: Record<string, unknown>): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies([{ name: 'folio_site', value: await sessionOf(claims), url: origin }]);
    return context.newPage();
  }

  /** The titles the search dialog lists for `query`. */
  async function searchTitles(page: Page, query: string): Promise<string[]> {
    await page.goto(`${origin}/index`);
    await page.keyboard.press('Control+k');
    await page.locator('dialog.search-dialog[open]').waitFor();
    await page.locator('[data-search]').fill(query);
    await page.locator('.search-status').filter({ hasText: /\S/ }).waitFor({ state: 'attached', timeout: 20_000 });
    return page.locator('[role=option]').evaluateAll((options) => options.map((o) => o.textContent ?? ''));
  }

  it('finds the pages of the reader’s groups in the search dialog, and no one else’s', async () => {
    const alpha = await readerPage({ groups: ['alpha'] });
    const found = await searchTitles(alpha, 'failover drills');
    await alpha.screenshot({ path: path.join(ARTIFACTS, 'search-alpha.png') });
    expect(found.some((t) => /alpha runbook/.test(t))).toBe(true);
    expect(found.some((t) => /beta runbook|gamma runbook/.test(t))).toBe(false);
    const none = await readerPage({ groups: [] });
    const nothing = await searchTitles(none, 'failover drills');
    expect(nothing.filter((t) => /runbook/.test(t))).toEqual([]);
    await alpha.context().close();
    await none.context().close();
  });

  it('shows the signed-in reader’s name on a personalized page and pre-fills their key in the playground', async () => {
    const page = await readerPage({ groups: ['beta'], content: { firstName: 'Ada', plan: 'Enterprise' }, apiPlaygroundInputs: { header: { 'X-API-Key': 'key_ada_123' } } });
    await page.goto(`${origin}/hello`);
    expect(await page.locator('.prose p').first().textContent()).toBe('Welcome back, Ada! You are on the Enterprise plan.');
    await page.screenshot({ path: path.join(ARTIFACTS, 'hello-ada.png') });
    await page.goto(`${origin}/api/list-widgets`);
    await page.locator('[data-api-try]').click();
    const field = page.locator('#pg-auth_key');
    await field.waitFor();
    expect(await field.inputValue()).toBe('key_ada_123');
    await page.screenshot({ path: path.join(ARTIFACTS, 'playground-prefilled.png') });
    await page.context().close();
    // A reader who is not signed in: the fallbacks, and an empty key.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const anonymous = await context.newPage();
    await anonymous.goto(`${origin}/hello`);
    expect(await anonymous.locator('.prose p').first().textContent()).toBe('Welcome back, reader! You are on the free plan.');
    await anonymous.goto(`${origin}/api/list-widgets`);
    await anonymous.locator('[data-api-try]').click();
    await anonymous.locator('#pg-auth_key').waitFor();
    expect(await anonymous.locator('#pg-auth_key').inputValue()).toBe('');
    await context.close();
  });
});
