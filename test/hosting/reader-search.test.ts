/**
 * What each reader of a site with three groups finds, through `folio serve`'s app (JWT handshake):
 * the search dialog's manifest names exactly the Pagefind indexes of the reader's groups (one per set
 * of groups, holding only those pages; the public index holds none), the others answer 403; `/mcp`
 * search and get_page and `/search.json` give the reader's restricted pages and no one else's. And
 * personalization: a page with `{user.firstName}` is filled for the signed-in reader (HTML-escaped),
 * an API page carries their `apiPlaygroundInputs` as a data block, and a page without either is the
 * built file, byte for byte, with the built file's cache headers. On PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, updateProject } from '../../src/db/index.js';
import { createAppBundle } from '../../src/server/index.js';
import { buildSite } from '../../src/site-build/index.js';
import { backends, openTestDatabase, type TestDatabase } from '../db/helpers.js';

const LOGIN = 'https://app.example.com/docs-login';
const TEAMS = ['alpha', 'beta', 'gamma'] as const;

const SPEC = {
  openapi: '3.1.0',
  info: { title: 'Widgets', version: '1' },
  servers: [{ url: 'https://api.example.com' }],
  components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-API-Key' } } },
  security: [{ key: [] }],
  paths: { '/widgets': { get: { summary: 'List widgets', 'x-mint': { href: '/api/list-widgets' }, responses: { '200': { description: 'The widgets' } } } } },
};

async function writeFixture(root: string, withTeams: boolean): Promise<void> {
  const groups = [{ group: 'Start', pages: ['index', 'guide', 'hello'] }, ...(withTeams ? [{ group: 'Teams', pages: [...TEAMS, 'shared'] }] : []), { group: 'API', openapi: 'openapi.json' }];
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Team Docs', theme: 'mint', colors: { primary: '#a50' }, navigation: { groups } }));
  await writeFile(path.join(root, 'openapi.json'), JSON.stringify(SPEC));
  await writeFile(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nWelcome.\n');
  await writeFile(path.join(root, 'guide.mdx'), '---\ntitle: Guide\n---\n\nThe open guide mentions publicword.\n');
  await writeFile(path.join(root, 'hello.mdx'), '---\ntitle: Hello\n---\n\nWelcome back, {user.firstName ?? "reader"}! Your plan: {user.plan}.\n');
  if (!withTeams) return;
  for (const team of TEAMS) await writeFile(path.join(root, `${team}.mdx`), `---\ntitle: ${team} handbook\ngroups: ["${team}"]\n---\n\nThe ${team} secretword is ${team}only.\n`);
  await writeFile(path.join(root, 'shared.mdx'), '---\ntitle: Shared plan\ngroups: ["alpha", "beta"]\n---\n\nThe shared secretword is sharedonly.\n');
}

/** The words every Pagefind fragment of an index folder holds (fragments are gzipped JSON). */
async function indexedText(dir: string): Promise<string> {
  const fragments = await readdir(path.join(dir, 'fragment')).catch(() => [] as string[]);
  const texts = await Promise.all(fragments.map(async (f) => gunzipSync(await readFile(path.join(dir, 'fragment', f))).toString('utf8')));
  return texts.join('\n');
}

let dir: string;
let out: string;
let personalOut: string;
let ed: { privateKey: CryptoKey; publicKey: CryptoKey };

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'folio-reader-search-'));
  out = path.join(dir, 'out');
  personalOut = path.join(dir, 'personal-out');
  for (const [name, withTeams, target] of [['docs', true, out], ['personal', false, personalOut]] as const) {
    const root = path.join(dir, name);
    await mkdir(root, { recursive: true });
    await writeFixture(root, withTeams);
    const built = await buildSite({ root, outDir: target, protect: 'hidden', threads: 1 });
    expect(built.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  }
  ed = await generateKeyPair('EdDSA', { extractable: true });
}, 120_000);

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the build', () => {
  it('writes one search index per set of groups, only its pages; the public index has none of them', async () => {
    const settings = JSON.parse(await readFile(path.join(out, '.folio-site.json'), 'utf8')) as { access: { searchIndexes: Record<string, string[]> }; personalized: string[] };
    const sets = Object.values(settings.access.searchIndexes).map((g) => g.join('+')).sort();
    expect(sets).toEqual(['alpha', 'alpha+beta', 'beta', 'gamma']);
    for (const [folder, groups] of Object.entries(settings.access.searchIndexes)) {
      const text = await indexedText(path.join(out, folder));
      const expected = groups.length === 2 ? ['sharedonly'] : [`${groups[0]}only`];
      expect([folder, ['alphaonly', 'betaonly', 'gammaonly', 'sharedonly', 'publicword'].filter((w) => text.includes(w))]).toEqual([folder, expected]);
    }
    const publicText = await indexedText(path.join(out, 'pagefind'));
    expect(publicText).toContain('publicword');
    expect(publicText).not.toMatch(/alphaonly|betaonly|gammaonly|sharedonly|secretword/);
    expect(settings.personalized).toEqual(['/api/list-widgets', '/hello']);
  });
});

describe.each(backends)('search, MCP and personalization per reader on %s', (kind) => {
  let t: TestDatabase;
  let bundle: ReturnType<typeof createAppBundle>;
  let searchIndexes: Record<string, string[]>;

  beforeAll(async () => {
    t = await openTestDatabase(kind);
    const dataDir = path.join(dir, `data-${kind}`);
    const jwt = { loginUrl: LOGIN, algorithm: 'EdDSA' as const, key: JSON.stringify(await exportJWK(ed.publicKey)) };
    for (const [id, target] of [['teams', out], ['personal', personalOut]] as const) {
      await mkdir(path.join(dataDir, 'sites', id), { recursive: true });
      await symlink(target, path.join(dataDir, 'sites', id, 'current'), 'dir');
      await createProject(t.db, { id, name: id, repoUrl: `https://example.com/${id}.git` });
      await updateProject(t.db, id, { siteAccess: 'jwt', siteAccessScope: 'hidden', siteJwt: jwt });
    }
    bundle = createAppBundle({ db: t.db, dataDir });
    searchIndexes = (JSON.parse(await readFile(path.join(out, '.folio-site.json'), 'utf8')) as { access: { searchIndexes: Record<string, string[]> } }).access.searchIndexes;
  }, 60_000);

  afterAll(async () => {
    await t?.cleanup();
  });

  const get = (site: string, p: string, headers: Record<string, string> = {}) => bundle.app.request(`http://${site}.localhost${p}`, { headers: { accept: 'text/html', host: `${site}.localhost`, ...headers } });

  /** A full JWT handshake: the session cookie of a reader with these claims. */
  async function signIn(site: string, claims: Record<string, unknown>): Promise<string> {
    const started = await get(site, '/__folio/sign-in');
    expect(started.status).toBe(303);
    const state = new URL(started.headers.get('location')!).searchParams.get('state')!;
    const token = await new SignJWT(claims).setProtectedHeader({ alg: 'EdDSA' }).setSubject('reader').setExpirationTime('30s').sign(ed.privateKey);
    const done = await get(site, `/__folio/jwt/callback?state=${encodeURIComponent(state)}&token=${encodeURIComponent(token)}`, { cookie: started.headers.get('set-cookie')!.split(';')[0]! });
    expect(done.status).toBe(303);
    return done.headers.get('set-cookie')!.split(';')[0]!;
  }

  const mcp = async (cookie: string, name: string, args: Record<string, unknown>) => {
    const answer = await bundle.app.request('http://teams.localhost/mcp', {
      method: 'POST',
      headers: { host: 'teams.localhost', 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
    });
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    return JSON.stringify(await answer.json());
  };

  it('gives each reader exactly their groups’ pages in search, MCP and /search.json', async () => {
    const readers: Record<string, string> = { none: await signIn('teams', { groups: [] }), anonymous: '' };
    for (const team of TEAMS) readers[team] = await signIn('teams', { groups: [team] });
    const words = ['alphaonly', 'betaonly', 'gammaonly', 'sharedonly'];
    for (const [name, cookie] of Object.entries(readers)) {
      const headers: Record<string, string> = cookie ? { cookie } : {};
      const mine = (groups: string[]) => groups.includes(name);
      // The dialog's manifest: the public shards plus the reader's group indexes.
      const manifest = await get('teams', '/pagefind/folio-search.json', headers);
      expect(manifest.status).toBe(200);
      expect(manifest.headers.get('cache-control')).toBe('private, no-store');
      const shards = ((await manifest.json()) as { shards?: string[] }).shards ?? [];
      const expected = Object.entries(searchIndexes).filter(([, groups]) => mine(groups)).map(([folder]) => `${folder}/`);
      expect([name, shards.filter((s) => s.startsWith('pagefind-group-')).sort()]).toEqual([name, expected.sort()]);
      for (const [folder, groups] of Object.entries(searchIndexes)) {
        const entry = await get('teams', `/${folder}/pagefind-entry.json`, { ...headers, accept: '*/*' });
        expect([name, folder, entry.status]).toEqual([name, folder, mine(groups) ? 200 : cookie ? 403 : 401]);
        if (entry.status === 200) expect(entry.headers.get('cache-control')).toBe('private, no-store');
        // Percent-encoded, the folder is the same folder.
        expect((await get('teams', `/${folder.replace('p', '%70')}/pagefind-entry.json`, { ...headers, accept: '*/*' })).status).toBe(mine(groups) ? 200 : cookie ? 403 : 401);
      }
      // MCP search and get_page, and the JSON search.
      const readable = words.filter((w) => (w === 'sharedonly' ? name === 'alpha' || name === 'beta' : w === `${name}only`));
      const found = await mcp(cookie, 'search', { query: 'secretword' });
      expect([name, words.filter((w) => found.includes(w))]).toEqual([name, readable]);
      for (const team of TEAMS) {
        const page = await mcp(cookie, 'get_page', { page: `/${team}` });
        expect([name, team, page.includes(`${team}only`)]).toEqual([name, team, team === name]);
      }
      const json = await (await get('teams', '/search.json?q=secretword', headers)).text();
      expect([name, words.filter((w) => json.includes(w))]).toEqual([name, readable]);
      expect(await mcp(cookie, 'search', { query: 'publicword' })).toContain('/guide');
    }
  });

  it('fills a personalized page for the signed-in reader, escaped, and serves other pages as built', async () => {
    const cookie = await signIn('personal', { content: { firstName: 'Ada <script>alert(1)</script>', plan: 'Pro' }, apiPlaygroundInputs: { header: { 'X-API-Key': 'key_ada_123' } } });
    const hello = await get('personal', '/hello', { cookie });
    expect(hello.status).toBe(200);
    expect(hello.headers.get('cache-control')).toBe('private, no-store');
    expect(hello.headers.get('vary')).toContain('Cookie');
    const html = await hello.text();
    expect(html).toContain('Welcome back, <span data-folio-user="firstName">Ada &lt;script&gt;alert(1)&lt;/script&gt;</span>! Your plan: <span data-folio-user="plan">Pro</span>.');
    expect(html).not.toContain('<script>alert(1)');
    // Not signed in: the fallback, and the built file as it is.
    const anonymous = await get('personal', '/hello');
    const built = await readFile(path.join(personalOut, 'hello', 'index.html'));
    expect(Buffer.from(await anonymous.arrayBuffer()).equals(built)).toBe(true);
    expect(built.toString('utf8')).toContain('Welcome back, <span data-folio-user="firstName">reader</span>!');
    // The API page: the reader's inputs as a data block the playground reads; not for anyone else.
    const api = await (await get('personal', '/api/list-widgets', { cookie })).text();
    expect(api).toContain('<script type="application/json" id="folio-reader-inputs">{"header":{"X-API-Key":"key_ada_123"}}</script>');
    expect(await (await get('personal', '/api/list-widgets')).text()).not.toContain('key_ada_123');
    // A page with no user value: the built bytes and the built file's cache headers, signed in or not.
    for (const headers of [{ cookie }, {}]) {
      const guide = await get('personal', '/guide', headers);
      expect(Buffer.from(await guide.arrayBuffer()).equals(await readFile(path.join(personalOut, 'guide', 'index.html')))).toBe(true);
      expect(guide.headers.get('cache-control')).toBe('no-cache');
      expect(guide.headers.get('vary') ?? '').not.toContain('Cookie');
    }
    // Another reader's session gets their own values on the same URL.
    const other = await signIn('personal', { content: { firstName: 'Grace' } });
    const theirs = await (await get('personal', '/hello', { cookie: other })).text();
    expect(theirs).toContain('<span data-folio-user="firstName">Grace</span>');
    expect(theirs).not.toContain('Ada');
  });
});
