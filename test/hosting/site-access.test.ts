/**
 * Protected docs on `folio serve`: one small site built once with its hidden page and its
 * `public: false` group protected, published for two projects, one behind a password and one
 * behind OpenID Connect sign-in (a local provider, oidc-provider, speaking the protocol; its groups
 * claim, named by the project, kept in the reader's session). Checked:
 * what a reader without a session gets (401), what stays out of the public files, the session
 * cookie, and in chromium the password and the OpenID sign-in from a protected page back to it.
 */
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Provider from 'oidc-provider';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, openDatabase, updateProject, type Database } from '../../src/db/index.js';
import { needsSignIn, SiteAccess } from '../../src/hosting/sites/site-access.js';
import { serveSite } from '../../src/hosting/sites/serve-site.js';
import { createAppBundle, listen, type ListeningServer } from '../../src/server/index.js';
import { hashPassword } from '../../src/shared/index.js';
import { buildSite } from '../../src/site-build/index.js';
import { loadSite, protectedHrefs } from '../../src/site/index.js';
import { hasChromium, launchChromium } from '../browser/chromium.js';

const PASSWORD = 'correct horse battery';

async function writeFixture(root: string): Promise<void> {
  const config = {
    name: 'Guarded Docs',
    theme: 'mint',
    colors: { primary: '#a50' },
    navigation: { groups: [{ group: 'Start', pages: ['index', 'guide'] }, { group: 'Internal', public: false, pages: ['internal/notes'] }] },
  };
  await mkdir(path.join(root, 'internal'), { recursive: true });
  await writeFile(path.join(root, 'docs.json'), JSON.stringify(config));
  await writeFile(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nWelcome.\n');
  await writeFile(path.join(root, 'guide.mdx'), '---\ntitle: Guide\n---\n\nThe public guide.\n');
  await writeFile(path.join(root, 'open.mdx'), '---\ntitle: Open\npublic: true\n---\n\nHidden from the sidebar, yet public.\n');
  await writeFile(path.join(root, 'secret.mdx'), '---\ntitle: Secret\n---\n\nThe launch code is kumquatsignal.\n');
  await writeFile(path.join(root, 'internal', 'notes.mdx'), '---\ntitle: Internal notes\n---\n\nOnly staff read wombatledger.\n');
}

describe('protected docs', () => {
  let dir: string;
  let root: string;
  let out: string;
  let dataDir: string;
  let db: Database;
  let server: ListeningServer;
  let bundle: ReturnType<typeof createAppBundle>;
  let provider: Server;
  let issuer: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'folio-access-'));
    root = path.join(dir, 'docs');
    out = path.join(dir, 'out');
    dataDir = path.join(dir, 'data');
    await writeFixture(root);
    const built = await buildSite({ root, outDir: out, protect: 'hidden', search: false, threads: 1 });
    expect(built.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    for (const id of ['pw', 'op']) {
      await mkdir(path.join(dataDir, 'sites', id), { recursive: true });
      await symlink(out, path.join(dataDir, 'sites', id, 'current'), 'dir');
    }
    db = await openDatabase({ memory: true });
    bundle = createAppBundle({ db, dataDir });
    server = await listen(bundle.app.fetch, { port: 0, host: '127.0.0.1' });

    // The OpenID provider: its issuer needs its port, so the port comes first.
    provider = createServer();
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
    const oidc = new Provider(issuer, {
      clients: [{ client_id: 'folio-site', client_secret: 'a-client-secret-of-some-length', redirect_uris: [`http://op.localhost:${server.port}/__folio/oidc/callback`], grant_types: ['authorization_code'], response_types: ['code'] }],
      // Groups in the ID token under a claim of the provider's own name (`roles`), as the project sets it.
      claims: { openid: ['sub', 'roles'] },
      conformIdTokenClaims: false,
      findAccount: async (_ctx, sub) => ({ accountId: sub, claims: async () => ({ sub, roles: ['staff', 'writers'] }) }),
    });
    provider.on('request', oidc.callback());

    await createProject(db, { id: 'pw', name: 'Password', repoUrl: 'https://example.com/a.git' });
    await createProject(db, { id: 'op', name: 'OpenID', repoUrl: 'https://example.com/b.git' });
    await updateProject(db, 'pw', { siteAccess: 'password', siteAccessScope: 'hidden', sitePasswordHash: await hashPassword(PASSWORD) });
    await updateProject(db, 'op', { siteAccess: 'oidc', siteAccessScope: 'hidden', siteOidc: { issuer, clientId: 'folio-site', clientSecret: 'a-client-secret-of-some-length', groupsClaim: 'roles' } });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await new Promise((resolve) => provider?.close(resolve));
    await db?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const get = (host: string, p: string, headers: Record<string, string> = {}) => bundle.app.request(`http://${host}.localhost${p}`, { headers: { accept: 'text/html', host: `${host}.localhost`, ...headers } });

  it('decides protected pages from hidden pages, public: false groups and public: true pages', async () => {
    const { site } = await loadSite(root);
    // `open` is hidden too, but says `public: true`.
    expect([...protectedHrefs(site!, 'hidden')].sort()).toEqual(['/internal/notes', '/secret']);
    expect([...protectedHrefs(site!, 'site')].sort()).toEqual(['/guide', '/index', '/internal/notes', '/secret']);
    const settings = JSON.parse(await readFile(path.join(out, '.folio-site.json'), 'utf8'));
    expect(settings).toEqual({ basePath: '', access: { scope: 'hidden', protected: ['/internal/notes', '/secret'] } });
    // The whole-site scope guards every file but assets and public pages, however the path is spelled.
    const whole = { basePath: '', access: { scope: 'site' as const, protected: ['/secret'], public: ['/guide'] } };
    expect(['/guide', '/guide/', '/guide.md', '/assets/site.1.css', '/secret', '/llms.txt', '/pagefind/pagefind.js', '/search.json'].map((p) => needsSignIn(p, whole))).toEqual([false, false, false, false, true, true, true, true]);
    const hidden = { basePath: '', access: { scope: 'hidden' as const, protected: ['/secret'] } };
    expect(['/secret', '//secret', '/%73ecret', '/./secret/index.html', '/secret/rss.xml', '/guide', '/llms.txt'].map((p) => needsSignIn(p, hidden))).toEqual([true, true, true, true, true, false, false]);
  });

  it('answers 401 without a session and keeps protected pages out of the public files', async () => {
    expect((await get('pw', '/guide')).status).toBe(200);
    const refused = await get('pw', '/secret');
    expect(refused.status).toBe(401);
    const page = await refused.text();
    expect(page).toContain('SITE_SIGN_IN_REQUIRED');
    expect(page).toContain('name="password"');
    expect(page).not.toContain('kumquatsignal');
    const markdown = await get('pw', '/internal/notes.md', { accept: 'text/markdown' });
    expect([markdown.status, (await markdown.text()).includes('wombatledger')]).toEqual([401, false]);
    expect((await get('pw', '/secret', { accept: 'text/markdown' })).status).toBe(401);
    for (const file of ['/sitemap.xml', '/llms.txt', '/llms-full.txt']) {
      const text = await (await get('pw', file)).text();
      expect(text).not.toMatch(/kumquatsignal|wombatledger|\/secret|internal\/notes/);
    }
    // The search answers for public pages, never with a protected one.
    const search = async (q: string) => ((await (await get('pw', `/search.json?q=${q}`)).json()) as { results: { url: string }[] }).results.map((r) => r.url);
    expect(await search('public%20guide')).toEqual(['http://pw.localhost/guide']);
    expect([...(await search('kumquatsignal')), ...(await search('wombatledger'))]).toEqual([]);
    // Nor in the Pagefind index: the pages are not marked for it (the build indexes marked pages only).
    expect(await readFile(path.join(out, 'secret', 'index.html'), 'utf8')).not.toContain('data-pagefind-body');
    expect(await readFile(path.join(out, 'guide', 'index.html'), 'utf8')).toContain('data-pagefind-body');
  });

  it('signs in with the password into a hashed, HttpOnly session of that site only', async () => {
    const form = (password: string) => bundle.app.request('http://pw.localhost/__folio/sign-in', { method: 'POST', body: new URLSearchParams({ password, next: '/secret' }), headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'pw.localhost' } });
    const wrong = await form('not it');
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('SITE_PASSWORD_WRONG');
    const right = await form(PASSWORD);
    expect([right.status, right.headers.get('location')]).toEqual([303, '/secret']);
    const cookie = right.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^folio_site=[\w-]{43}; Path=\/; Expires=.*; HttpOnly; SameSite=Lax$/);
    const value = cookie.split(';')[0]!.split('=')[1]!;
    const rows = await db.query<{ id_hash: string; subject: string }>('SELECT id_hash, subject FROM site_sessions');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id_hash).not.toContain(value);
    const readable = await get('pw', '/secret', { cookie: `folio_site=${value}` });
    expect(readable.status).toBe(200);
    expect(readable.headers.get('cache-control')).toBe('private, no-store');
    expect(await readable.text()).toContain('kumquatsignal');
    // The session is the password site's: the OpenID site does not take it.
    expect((await get('op', '/secret', { cookie: `folio_site=${value}` })).status).toBe(401);
    // Behind a trusted proxy speaking https the cookie is Secure.
    const behindTls = new SiteAccess({ db, trustProxy: true });
    const secure = await serveSite(dataDir, 'pw', new Request('http://pw.localhost/__folio/sign-in', { method: 'POST', body: new URLSearchParams({ password: PASSWORD }), headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-proto': 'https' } }), null, { access: behindTls });
    expect(secure.headers.get('set-cookie')).toMatch(/HttpOnly; SameSite=Lax; Secure$/);
  });

  describe.skipIf(!hasChromium)('in chromium', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchChromium();
    });
    afterAll(async () => {
      await browser?.close();
    });

    it('signs in with the password from a protected page and comes back to it', async () => {
      const page = await browser.newPage();
      const first = await page.goto(`http://pw.localhost:${server.port}/secret`);
      expect(first?.status()).toBe(401);
      await page.locator('input[name="password"]').fill(PASSWORD);
      await page.locator('button[type="submit"]').click();
      await page.waitForURL(`http://pw.localhost:${server.port}/secret`);
      expect(await page.locator('main').textContent()).toContain('kumquatsignal');
      await page.close();
    }, 20_000);

    it('signs in through the OpenID provider and comes back to the protected page', async () => {
      const page = await browser.newPage();
      const first = await page.goto(`http://op.localhost:${server.port}/internal/notes`);
      expect(first?.status()).toBe(401);
      await page.locator('a', { hasText: 'Sign in to continue' }).click();
      // The provider's own sign-in and consent pages.
      await page.waitForURL(`${issuer}/**`);
      await page.locator('input[name="login"]').fill('reader-7');
      await page.locator('input[name="password"]').fill('anything');
      await page.locator('button[type="submit"]').click();
      await page.locator('button', { hasText: 'Continue' }).click();
      await page.waitForURL(`http://op.localhost:${server.port}/internal/notes`);
      expect(await page.locator('main').textContent()).toContain('wombatledger');
      const rows = await db.query<{ subject: string; groups: string[] }>("SELECT subject, groups FROM site_sessions WHERE project_id = 'op'");
      expect(rows.map((r) => [r.subject, r.groups])).toEqual([['reader-7', ['staff', 'writers']]]);
      await mkdir('test-artifacts', { recursive: true });
      await page.screenshot({ path: 'test-artifacts/site-access-oidc.png' });
      await page.close();
    }, 30_000);
  });
});
