/**
 * Protected docs by reader (issue 47) on `folio serve`: one small site built once, three pages each
 * restricted to one group (frontmatter `groups`), published for several projects: three behind the
 * JWT handshake (EdDSA with audience and issuer, RS256, HS256) and one public. Checked: the handshake
 * (redirect to the team's login URL with `redirect` and `state`, the callback, every refusal: expired,
 * wrong audience, wrong key, `alg: none`, HS256 where RS256 is set, a replayed state) and what each
 * reader sees: the page, its `.md`, the sidebar's links and llms.txt, exactly their groups' pages;
 * answers cut to a reader are never shared (`private, no-store`, `Vary: Cookie`). On PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { exportJWK, exportSPKI, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, updateProject, type SiteJwtSettings } from '../../src/db/index.js';
import { createAppBundle } from '../../src/server/index.js';
import { buildSite } from '../../src/site-build/index.js';
import { backends, openTestDatabase, type TestDatabase } from '../db/helpers.js';

const LOGIN = 'https://app.example.com/docs-login';
const HS_SECRET = 'a-shared-secret-of-at-least-32-characters';
const TEAMS = ['alpha', 'beta', 'gamma'] as const;

async function writeFixture(root: string): Promise<void> {
  const config = { name: 'Team Docs', theme: 'mint', colors: { primary: '#a50' }, navigation: { groups: [{ group: 'Start', pages: ['index', 'guide'] }, { group: 'Teams', pages: [...TEAMS] }] } };
  await writeFile(path.join(root, 'docs.json'), JSON.stringify(config));
  await writeFile(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nWelcome.\n');
  await writeFile(path.join(root, 'guide.mdx'), '---\ntitle: Guide\n---\n\nThe open guide.\n');
  for (const team of TEAMS) await writeFile(path.join(root, `${team}.mdx`), `---\ntitle: ${team} handbook\ngroups: ["${team}"]\n---\n\nThe ${team} word is ${team}secretword.\n`);
}

let dir: string;
let out: string;
let ed: { privateKey: CryptoKey; publicKey: CryptoKey };
let otherEd: { privateKey: CryptoKey; publicKey: CryptoKey };
let rs: { privateKey: CryptoKey; publicKey: CryptoKey };

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'folio-groups-'));
  const root = path.join(dir, 'docs');
  out = path.join(dir, 'out');
  await mkdir(root, { recursive: true });
  await writeFixture(root);
  const built = await buildSite({ root, outDir: out, protect: 'hidden', search: false, threads: 1 });
  expect(built.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  [ed, otherEd, rs] = await Promise.all([generateKeyPair('EdDSA', { extractable: true }), generateKeyPair('EdDSA'), generateKeyPair('RS256', { extractable: true })]);
}, 60_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe.each(backends)('protected docs by reader on %s', (kind) => {
  let t: TestDatabase;
  let bundle: ReturnType<typeof createAppBundle>;
  let rsPem: string;

  beforeAll(async () => {
    t = await openTestDatabase(kind);
    const dataDir = path.join(dir, `data-${kind}`);
    const projects: Record<string, SiteJwtSettings | null> = {
      ed: { loginUrl: LOGIN, algorithm: 'EdDSA', key: JSON.stringify(await exportJWK(ed.publicKey)), audience: 'team-docs', issuer: 'https://app.example.com' },
      rs: { loginUrl: LOGIN, algorithm: 'RS256', key: (rsPem = await exportSPKI(rs.publicKey)) },
      hs: { loginUrl: LOGIN, algorithm: 'HS256', key: HS_SECRET },
      pub: null,
    };
    for (const [id, jwt] of Object.entries(projects)) {
      await mkdir(path.join(dataDir, 'sites', id), { recursive: true });
      await symlink(out, path.join(dataDir, 'sites', id, 'current'), 'dir');
      await createProject(t.db, { id, name: id, repoUrl: `https://example.com/${id}.git` });
      if (jwt) await updateProject(t.db, id, { siteAccess: 'jwt', siteAccessScope: 'hidden', siteJwt: jwt });
    }
    bundle = createAppBundle({ db: t.db, dataDir });
  }, 60_000);

  afterAll(async () => {
    await t?.cleanup();
  });

  const get = (site: string, p: string, headers: Record<string, string> = {}) => bundle.app.request(`http://${site}.localhost${p}`, { headers: { accept: 'text/html', host: `${site}.localhost`, ...headers } });

  /** A reader sent to the team's login URL from a page: the state it carries and the cookie remembering it. */
  async function startHandshake(site: string, page = '/alpha'): Promise<{ state: string; cookie: string; redirect: string | null }> {
    const answer = await get(site, page);
    expect(answer.status).toBe(303);
    const location = new URL(answer.headers.get('location')!);
    expect(location.origin + location.pathname).toBe(LOGIN);
    return { state: location.searchParams.get('state')!, cookie: answer.headers.get('set-cookie')!.split(';')[0]!, redirect: location.searchParams.get('redirect') };
  }

  /** The team's app sending the reader back with `token`. */
  const callback = (site: string, at: { state: string; cookie: string }, token: string) => get(site, `/__folio/jwt/callback?state=${encodeURIComponent(at.state)}&token=${encodeURIComponent(token)}`, { cookie: at.cookie });

  const edToken = (claims: Record<string, unknown>, options: { exp?: number | string; aud?: string; key?: CryptoKey } = {}) => {
    const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'EdDSA' }).setIssuer('https://app.example.com').setAudience(options.aud ?? 'team-docs').setSubject('reader-1');
    if (options.exp !== undefined) jwt.setExpirationTime(options.exp);
    return jwt.sign(options.key ?? ed.privateKey);
  };

  /** A full handshake on the EdDSA site: the session cookie of a reader of `groups`. */
  async function signIn(groups: string[]): Promise<string> {
    const started = await startHandshake('ed');
    const done = await callback('ed', started, await edToken({ groups, user: { name: 'Ada' } }, { exp: '30s' }));
    expect(done.status).toBe(303);
    return done.headers.get('set-cookie')!.split(', folio_site_jwt')[0]!.split(';')[0]!;
  }

  const problemOf = async (answer: Response) => [answer.status, /SITE_JWT_FAILED/.test(await answer.text())];

  it('sends a reader without a session to the login URL and signs them in from a valid token', async () => {
    const started = await startHandshake('ed');
    expect(started.redirect).toBe('/alpha');
    expect(started.cookie).toMatch(/^folio_site_jwt=/);
    const done = await callback('ed', started, await edToken({ groups: ['alpha', ' ', 7], content: { plan: 'pro' } }, { exp: '10s' }));
    expect([done.status, done.headers.get('location')]).toEqual([303, '/alpha']);
    expect(done.headers.get('set-cookie')).toMatch(/^folio_site=[\w-]{43}; Path=\/; Expires=.*; HttpOnly; SameSite=Lax, folio_site_jwt=; Path=\/; Max-Age=0/);
    const rows = await t.db.query<{ subject: string; groups: string[]; user_data: unknown }>("SELECT subject, groups, user_data FROM site_sessions WHERE project_id = 'ed'");
    expect(rows.at(-1)).toEqual({ subject: 'jwt:reader-1', groups: ['alpha'], user_data: { content: { plan: 'pro' } } });
    const cookie = done.headers.get('set-cookie')!.split(';')[0]!;
    const page = await get('ed', '/alpha', { cookie });
    expect([page.status, (await page.text()).includes('alphasecretword')]).toEqual([200, true]);
  });

  it('refuses a replayed state, an expired token, a missing exp, a wrong audience and a wrong key', async () => {
    const started = await startHandshake('ed');
    const token = await edToken({ groups: ['beta'] }, { exp: '10s' });
    expect((await callback('ed', started, token)).status).toBe(303);
    // The same answer again (state, cookie and token): already used.
    const replay = await callback('ed', started, token);
    expect(replay.status).toBe(401);
    expect(await replay.text()).toContain('already used');
    // Expired beyond the 60 s of allowed skew; within it, accepted.
    const now = Math.floor(Date.now() / 1000);
    expect(await problemOf(await callback('ed', await startHandshake('ed'), await edToken({}, { exp: now - 120 })))).toEqual([401, true]);
    expect((await callback('ed', await startHandshake('ed'), await edToken({}, { exp: now - 30 }))).status).toBe(303);
    expect(await problemOf(await callback('ed', await startHandshake('ed'), await edToken({})))).toEqual([401, true]);
    expect(await problemOf(await callback('ed', await startHandshake('ed'), await edToken({}, { exp: '10s', aud: 'someone-else' })))).toEqual([401, true]);
    expect(await problemOf(await callback('ed', await startHandshake('ed'), await edToken({}, { exp: '10s', key: otherEd.privateKey })))).toEqual([401, true]);
    // A state from another browser (no cookie) or a made-up one.
    const fresh = await startHandshake('ed');
    expect(await problemOf(await callback('ed', { state: fresh.state, cookie: '' }, await edToken({}, { exp: '10s' })))).toEqual([401, true]);
    expect(await problemOf(await callback('ed', { state: 'made-up', cookie: fresh.cookie }, await edToken({}, { exp: '10s' })))).toEqual([401, true]);
  });

  it('refuses alg: none and an HS256 token where RS256 is set (algorithm confusion), and takes the configured one', async () => {
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const claims = { sub: 'mallory', groups: ['alpha'], exp: Math.floor(Date.now() / 1000) + 60 };
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    for (const site of ['ed', 'rs', 'hs']) expect(await problemOf(await callback(site, await startHandshake(site), unsigned))).toEqual([401, true]);
    // Signed with HMAC over the RSA public key's PEM: the classic confusion.
    const confused = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(rsPem));
    expect(await problemOf(await callback('rs', await startHandshake('rs'), confused))).toEqual([401, true]);
    const rightRs = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256' }).sign(rs.privateKey);
    expect((await callback('rs', await startHandshake('rs'), rightRs)).status).toBe(303);
    const rightHs = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(HS_SECRET));
    expect((await callback('hs', await startHandshake('hs'), rightHs)).status).toBe(303);
    // An RS256 token where HS256 is set.
    expect(await problemOf(await callback('hs', await startHandshake('hs'), rightRs))).toEqual([401, true]);
  });

  it('shows each reader exactly their groups’ pages: HTML, .md, sidebar links and llms.txt', async () => {
    const readers: Record<string, string> = {};
    for (const team of TEAMS) readers[team] = await signIn([team]);
    readers.none = await signIn([]);
    const sidebarLinks = (html: string) => TEAMS.filter((team) => html.includes(`href="/${team}"`));
    for (const [name, cookie] of Object.entries(readers)) {
      const mine = TEAMS.filter((team) => team === name);
      for (const team of TEAMS) {
        const page = await get('ed', `/${team}`, { cookie });
        expect([name, team, page.status]).toEqual([name, team, mine.includes(team) ? 200 : 403]);
        const body = await page.text();
        expect(body.includes(`${team}secretword`)).toBe(mine.includes(team));
        if (!mine.includes(team)) expect(body).toContain('SITE_GROUP_REQUIRED');
        const markdown = await get('ed', `/${team}.md`, { cookie, accept: 'text/markdown' });
        expect([markdown.status, (await markdown.text()).includes(`${team}secretword`)]).toEqual(mine.includes(team) ? [200, true] : [403, false]);
      }
      for (const p of ['/index', '/guide']) {
        const page = await get('ed', p, { cookie });
        expect(page.status).toBe(200);
        expect(page.headers.get('cache-control')).toBe('private, no-store');
        expect(page.headers.get('vary')).toContain('Cookie');
        expect(sidebarLinks(await page.text())).toEqual(mine);
      }
      const llms = await get('ed', '/llms.txt', { cookie });
      expect(llms.headers.get('cache-control')).toBe('private, no-store');
      const text = await llms.text();
      expect(TEAMS.filter((team) => text.includes(`/${team}.md`))).toEqual(mine);
      expect(text).toContain('/guide.md');
      const full = await (await get('ed', '/llms-full.txt', { cookie })).text();
      expect(TEAMS.filter((team) => full.includes(`${team}secretword`))).toEqual(mine);
    }
    // The built files themselves name no restricted page to the public, nor index one for search.
    expect(sidebarLinks(await readFile(path.join(out, 'guide', 'index.html'), 'utf8'))).toEqual([...TEAMS]);
    expect(await readFile(path.join(out, 'llms.txt'), 'utf8')).not.toMatch(/alpha|beta|gamma/);
    expect(await readFile(path.join(out, 'alpha', 'index.html'), 'utf8')).not.toContain('data-pagefind-body');
    expect(await readFile(path.join(out, 'sitemap.xml'), 'utf8')).not.toMatch(/alpha|beta|gamma/);
  });

  it('never serves one reader the answer cut for another at the same URL', async () => {
    const [alpha, beta] = [await signIn(['alpha']), await signIn(['beta'])];
    // Alternating readers on one URL: each answer is the reader's own, and none may be stored shared.
    for (const [cookie, own, other] of [[alpha, 'alpha', 'beta'], [beta, 'beta', 'alpha'], [alpha, 'alpha', 'beta']] as const) {
      const page = await get('ed', '/guide', { cookie });
      const html = await page.text();
      expect([html.includes(`href="/${own}"`), html.includes(`href="/${other}"`)]).toEqual([true, false]);
      expect(page.headers.get('cache-control')).toBe('private, no-store');
      expect(page.headers.get('etag')).not.toBe(null);
    }
    const [a, b] = await Promise.all([get('ed', '/guide', { cookie: alpha }), get('ed', '/guide', { cookie: beta })]);
    expect(a.headers.get('etag')).not.toBe(b.headers.get('etag'));
  });

  it('keeps restricted pages closed on a public site, and anonymous readers see only public pages', async () => {
    for (const team of TEAMS) {
      expect((await get('pub', `/${team}`)).status).toBe(403);
      expect((await get('pub', `/${team}.md`, { accept: 'text/markdown' })).status).toBe(403);
    }
    const home = await get('pub', '/guide');
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(TEAMS.filter((team) => html.includes(`href="/${team}"`))).toEqual([]);
    expect(html).toContain('The open guide.');
    // Without a session on the JWT site: public pages open (cut to no group), restricted ones send to sign-in.
    const anonymous = await get('ed', '/guide');
    expect(anonymous.status).toBe(200);
    const anonymousHtml = await anonymous.text();
    expect(TEAMS.filter((team) => anonymousHtml.includes(`href="/${team}"`))).toEqual([]);
    expect((await get('ed', '/beta', { accept: 'text/markdown' })).status).toBe(401);
  });
});
