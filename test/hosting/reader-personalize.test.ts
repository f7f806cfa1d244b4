/**
 * Personalized pages on `folio serve` (issue 47): conditions on `user` (`{user.plan === 'pro' && <Note>}`,
 * ternaries, `includes`) resolved per request from the reader's data, never run as code; the reader's
 * data from every sign-in mode: the JWT handshake's claims, an OpenID provider's ID token (a stand-in
 * provider on a local port speaking discovery, JWKS and the token endpoint; `content` claims, else the
 * standard profile claims), a password reader (no data: what a reader without data sees); the
 * platform's `window.mintlify.user` for the site's scripts on personalized answers only, escaped for a
 * script element and allowed by the CSP's hash. A page without `user` stays the built file (shared
 * cache allowed); a personalized one is `private, no-store` for every reader. On PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set.
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, updateProject } from '../../src/db/index.js';
import { createAppBundle } from '../../src/server/index.js';
import { hashPassword } from '../../src/shared/index.js';
import { buildSite } from '../../src/site-build/index.js';
import { backends, openTestDatabase, type TestDatabase } from '../db/helpers.js';

const PASSWORD = 'plain shared password';
const CLIENT = { id: 'folio-docs', secret: 'a-client-secret-of-some-length' };

const PLAN_PAGE = `---
title: Your plan
---

Hello {user.firstName ?? "reader"}.

{user.plan === 'pro' && <Note>Pro seats: {user.seats ?? 5} for {user.firstName}.</Note>}

{user.plan === 'enterprise' ? <>Ask your admin for SSO.</> : <>See pricing to upgrade.</>}

Beta: {['alpha', 'beta'].includes(user.channel) ? "on" : "off"}.
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
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/User' } } } },
        responses: { '200': { description: 'The user', content: { 'application/json': { schema: { $ref: '#/components/schemas/User' } } } } },
      },
    },
  },
  components: {
    schemas: {
      User: {
        type: 'object',
        properties: {
          name: { type: 'string', description: 'Public name field.' },
          internal_id: { type: 'string', description: 'Admins-only ledger field.', 'x-mint': { groups: ['admin'] } },
          tier: { type: 'string', enum: ['free', 'pro', 'enterprise'], 'x-mint-enum': { pro: ['pro', 'enterprise'], enterprise: ['enterprise'] } },
          config: {
            oneOf: [
              { title: 'Enterprise config', type: 'object', 'x-mint': { groups: ['enterprise'] }, properties: { sso_enabled: { type: 'boolean', description: 'Single sign-on switch.' } } },
              { title: 'Standard config', type: 'object', properties: { notifications: { type: 'boolean' } } },
            ],
          },
        },
      },
    },
  },
};

let dir: string;
let out: string;
let ed: { privateKey: CryptoKey; publicKey: CryptoKey };

/**
 * A stand-in OpenID provider: discovery, JWKS and a token endpoint whose ID token (RS256, the
 * nonce of the authorization request) carries `claims`. The authorization step is the test's: it
 * reads `state` and `nonce` from the authorization URL and calls the site's callback with a code.
 */
class StandInProvider {
  server = createServer((req, res) => void this.answer(req.url ?? '/', req).then(([status, body]) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))));
  issuer = '';
  claims: Record<string, unknown> = {};
  private keys!: { privateKey: CryptoKey; publicKey: CryptoKey };
  private nonces = new Map<string, string>();

  async start(): Promise<void> {
    this.keys = await generateKeyPair('RS256', { extractable: true });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.issuer = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The code the authorization step hands back, remembered with its nonce. */
  codeFor(nonce: string): string {
    const code = `code-${this.nonces.size}`;
    this.nonces.set(code, nonce);
    return code;
  }

  private async answer(url: string, req: import('node:http').IncomingMessage): Promise<[number, unknown]> {
    if (url === '/.well-known/openid-configuration') {
      return [200, { issuer: this.issuer, authorization_endpoint: `${this.issuer}/authorize`, token_endpoint: `${this.issuer}/token`, jwks_uri: `${this.issuer}/jwks`, response_types_supported: ['code'], subject_types_supported: ['public'], id_token_signing_alg_values_supported: ['RS256'], code_challenge_methods_supported: ['S256'] }];
    }
    if (url === '/jwks') return [200, { keys: [{ ...(await exportJWK(this.keys.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' }] }];
    if (url === '/token' && req.method === 'POST') {
      let body = '';
      for await (const chunk of req) body += chunk;
      const code = new URLSearchParams(body).get('code') ?? '';
      const nonce = this.nonces.get(code);
      if (!nonce) return [400, { error: 'invalid_grant' }];
      this.nonces.delete(code);
      const idToken = await new SignJWT({ ...this.claims, nonce }).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).setIssuer(this.issuer).setAudience(CLIENT.id).setSubject('reader-9').setIssuedAt().setExpirationTime('5m').sign(this.keys.privateKey);
      return [200, { access_token: 'at-1', token_type: 'Bearer', expires_in: 300, id_token: idToken }];
    }
    return [404, { error: 'not_found' }];
  }
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'folio-personalize-'));
  const root = path.join(dir, 'docs');
  out = path.join(dir, 'out');
  await mkdir(root, { recursive: true });
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Plan Docs', theme: 'mint', colors: { primary: '#a50' }, navigation: { groups: [{ group: 'Start', pages: ['index', 'plan'] }, { group: 'API', openapi: 'openapi.json' }] } }));
  await writeFile(path.join(root, 'openapi.json'), JSON.stringify(SPEC));
  await writeFile(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nA page for everyone.\n');
  await writeFile(path.join(root, 'plan.mdx'), PLAN_PAGE);
  const built = await buildSite({ root, outDir: out, protect: 'hidden', search: false, threads: 1, untrusted: true });
  expect(built.diagnostics.filter((d) => d.severity === 'error' || d.file.endsWith('plan.mdx'))).toEqual([]);
  ed = await generateKeyPair('EdDSA', { extractable: true });
}, 120_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.each(backends)('personalized pages per reader on %s', (kind) => {
  let t: TestDatabase;
  let bundle: ReturnType<typeof createAppBundle>;
  const provider = new StandInProvider();

  beforeAll(async () => {
    t = await openTestDatabase(kind);
    await provider.start();
    const dataDir = path.join(dir, `data-${kind}`);
    for (const id of ['jw', 'op', 'pw']) {
      await mkdir(path.join(dataDir, 'sites', id), { recursive: true });
      await symlink(out, path.join(dataDir, 'sites', id, 'current'), 'dir');
      await createProject(t.db, { id, name: id, repoUrl: `https://example.com/${id}.git` });
    }
    await updateProject(t.db, 'jw', { siteAccess: 'jwt', siteAccessScope: 'hidden', siteJwt: { loginUrl: 'https://app.example.com/login', algorithm: 'EdDSA', key: JSON.stringify(await exportJWK(ed.publicKey)) } });
    await updateProject(t.db, 'op', { siteAccess: 'oidc', siteAccessScope: 'hidden', siteOidc: { issuer: provider.issuer, clientId: CLIENT.id, clientSecret: CLIENT.secret } });
    await updateProject(t.db, 'pw', { siteAccess: 'password', siteAccessScope: 'hidden', sitePasswordHash: await hashPassword(PASSWORD) });
    bundle = createAppBundle({ db: t.db, dataDir });
  }, 60_000);

  afterAll(async () => {
    await new Promise((resolve) => provider.server.close(resolve));
    await t?.cleanup();
  });

  const get = (host: string, p: string, cookie?: string) => bundle.app.request(`http://${host}.localhost${p}`, { headers: { accept: 'text/html', host: `${host}.localhost`, ...(cookie ? { cookie } : {}) } });
  const cookieOf = (response: Response) => response.headers.getSetCookie().find((c) => c.startsWith('folio_site='))!.split(';')[0]!;
  /** The article's text, tags dropped: what the reader reads. */
  const readText = (html: string) => html.slice(html.indexOf('<article'), html.indexOf('</article>')).replace(/<template[\s\S]*?<\/template>/g, '').replace(/<[^>]+>/g, '').replace(/\s+/g, ' ');

  async function jwtReader(claims: Record<string, unknown>): Promise<string> {
    const started = await get('jw', '/__folio/sign-in');
    const state = new URL(started.headers.get('location')!).searchParams.get('state')!;
    const token = await new SignJWT(claims).setProtectedHeader({ alg: 'EdDSA' }).setSubject('ada').setExpirationTime('30s').sign(ed.privateKey);
    const done = await get('jw', `/__folio/jwt/callback?state=${encodeURIComponent(state)}&token=${encodeURIComponent(token)}`, started.headers.getSetCookie()[0]!.split(';')[0]);
    expect(done.status).toBe(303);
    return cookieOf(done);
  }

  async function oidcReader(claims: Record<string, unknown>): Promise<string> {
    provider.claims = claims;
    const started = await get('op', '/__folio/sign-in?next=/plan');
    expect(started.status).toBe(303);
    const authorize = new URL(started.headers.get('location')!);
    expect(authorize.origin + authorize.pathname).toBe(`${provider.issuer}/authorize`);
    const code = provider.codeFor(authorize.searchParams.get('nonce')!);
    const done = await get('op', `/__folio/oidc/callback?code=${code}&state=${authorize.searchParams.get('state')}`, started.headers.getSetCookie()[0]!.split(';')[0]);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/plan');
    return cookieOf(done);
  }

  it('shows a JWT reader the branches their data chooses, and only those, never shared', async () => {
    const cookie = await jwtReader({ content: { firstName: 'Ada', plan: 'pro', seats: 12, channel: 'beta' } });
    const answer = await get('jw', '/plan', cookie);
    const html = await answer.text();
    expect(readText(html)).toContain('Hello Ada. Pro seats: 12 for Ada. See pricing to upgrade. Beta: on.');
    // The other branches are not in the answer at all, not merely hidden.
    expect(html).not.toContain('Ask your admin');
    expect(html).not.toContain('data-folio-user-if');
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    const enterprise = await (await get('jw', '/plan', await jwtReader({ content: { plan: 'enterprise', channel: 'gamma' } }))).text();
    expect(readText(enterprise)).toContain('Hello reader. Ask your admin for SSO. Beta: off.');
    expect(enterprise).not.toContain('Pro seats');
  });

  it('gives a reader without a session the empty user’s branches, and the static page as built', async () => {
    const answer = await get('jw', '/plan');
    const html = await answer.text();
    expect(readText(html)).toContain('Hello reader. See pricing to upgrade. Beta: off.');
    expect(html).not.toMatch(/Pro seats|Ask your admin|folio-reader-user|window\.mintlify/);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    // The page's Markdown (for agents) is as a reader without data sees it: one branch, not both.
    const markdown = await (await get('jw', '/plan.md')).text();
    expect(markdown).toContain('Beta: off.');
    expect(markdown).not.toMatch(/onoff|Ask your admin/);
    // A page without `user` is the built file, byte for byte, cacheable as any static file.
    const home = await get('jw', '/index');
    expect(home.headers.get('cache-control')).toBe('no-cache');
    expect(await home.text()).toBe(await readFile(path.join(out, 'index', 'index.html'), 'utf8'));
  });

  it('answers a personalized page’s Markdown, llms-full.txt and MCP get_page with the reader’s branches, never shared', async () => {
    const md = (p: string, cookie?: string, accept = 'text/plain') => bundle.app.request(`http://jw.localhost${p}`, { headers: { accept, host: 'jw.localhost', ...(cookie ? { cookie } : {}) } });
    const ada = await jwtReader({ content: { firstName: 'Ada', plan: 'pro', seats: 12, channel: 'beta' } });
    const grace = await jwtReader({ content: { firstName: 'Grace', plan: 'enterprise', channel: 'gamma' } });
    for (const [cookie, has, hasNot] of [
      [ada, ['Hello Ada.', 'Pro seats: 12 for Ada.', 'See pricing to upgrade.', 'Beta: on.'], ['Ask your admin', 'Beta: off', 'reader.']],
      [grace, ['Hello Grace.', 'Ask your admin for SSO.', 'Beta: off.'], ['Pro seats', 'See pricing', 'Beta: on']],
      [undefined, ['Hello reader.', 'See pricing to upgrade.', 'Beta: off.'], ['Pro seats', 'Ask your admin', 'Beta: on']],
    ] as const) {
      for (const answer of [await md('/plan.md', cookie), await md('/plan', cookie, 'text/markdown'), await md('/llms-full.txt', cookie)]) {
        const text = (await answer.text()).replace(/\s+/g, ' ');
        for (const words of has) expect(text).toContain(words);
        for (const words of hasNot) expect(text).not.toContain(words);
        expect(text).not.toContain('folio-user');
        expect(answer.headers.get('cache-control')).toBe('private, no-store');
      }
    }
    // The MCP server's get_page reads the same Markdown.
    const page = async (cookie: string) => {
      const answer = await bundle.app.request('http://jw.localhost/mcp', {
        method: 'POST',
        headers: { host: 'jw.localhost', 'content-type': 'application/json', accept: 'application/json, text/event-stream', cookie },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_page', arguments: { page: '/plan' } } }),
      });
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
      return JSON.stringify(await answer.json());
    };
    const adaPage = await page(ada);
    expect(adaPage).toContain('Pro seats: 12 for Ada.');
    expect(adaPage).not.toContain('Ask your admin');
    expect(await page(grace)).toContain('Ask your admin for SSO.');
    // The built files stay a reader without data's: the marked copy is the build's bookkeeping, not served.
    const built = await readFile(path.join(out, 'plan.md'), 'utf8');
    expect(built).toContain('Hello reader.');
    expect(built).not.toMatch(/folio-user|Pro seats|Ask your admin/);
    expect((await md('/.folio-cache/reader-md/plan.md', ada)).status).toBe(404);
  });

  it('maps an OpenID reader’s content claims, else their profile claims, to user', async () => {
    const custom = await (await get('op', '/plan', await oidcReader({ content: { firstName: 'Grace', plan: 'enterprise' }, apiPlaygroundInputs: { header: { 'X-Key': 'k' } } }))).text();
    expect(readText(custom)).toContain('Hello Grace. Ask your admin for SSO.');
    const profile = await get('op', '/plan', await oidcReader({ given_name: 'Linus', family_name: 'T', email: 'l@example.com' }));
    const html = await profile.text();
    expect(readText(html)).toContain('Hello Linus. See pricing to upgrade.');
    expect(JSON.parse(/<script type="application\/json" id="folio-reader-user">([^<]*)<\/script>/.exec(html)![1]!)).toEqual({ firstName: 'Linus', lastName: 'T', email: 'l@example.com' });
    const rows = await t.db.query<{ user_data: unknown }>("SELECT user_data FROM site_sessions WHERE project_id = 'op' ORDER BY created_at");
    expect(rows.map((r) => (typeof r.user_data === 'string' ? JSON.parse(r.user_data) : r.user_data))).toEqual([
      { content: { firstName: 'Grace', plan: 'enterprise' }, apiPlaygroundInputs: { header: { 'X-Key': 'k' } } },
      { content: { firstName: 'Linus', lastName: 'T', email: 'l@example.com' } },
    ]);
  });

  it('gives a password reader no user data: the empty user’s page, no window.mintlify.user', async () => {
    const signIn = await bundle.app.request('http://pw.localhost/__folio/sign-in', { method: 'POST', body: new URLSearchParams({ password: PASSWORD, next: '/plan' }), headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'pw.localhost' } });
    expect(signIn.status).toBe(303);
    const answer = await get('pw', '/plan', cookieOf(signIn));
    const html = await answer.text();
    expect(readText(html)).toContain('Hello reader. See pricing to upgrade.');
    expect(html).not.toContain('folio-reader-user');
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
  });

  it('hands the site’s scripts window.mintlify.user, escaped for a script element and allowed by the CSP', async () => {
    const hostile = '</script><script>alert(1)</script>\u2028<!--';
    const answer = await get('jw', '/plan', await jwtReader({ content: { firstName: hostile, plan: 'free' } }));
    const html = await answer.text();
    const block = /<script type="application\/json" id="folio-reader-user">([^<]*)<\/script><script>([^<]*)<\/script>/.exec(html);
    expect(block).not.toBeNull();
    expect(JSON.parse(block![1]!)).toEqual({ firstName: hostile, plan: 'free' });
    expect(block![1]).not.toMatch(/[<>\u2028]/);
    expect(html).not.toContain('<script>alert(1)');
    // The value in the page is HTML-escaped; the loader script runs under the CSP by its hash.
    expect(html).toContain('Hello <span data-folio-user="firstName">&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    const hash = `'sha256-${createHash('sha256').update(block![2]!).digest('base64')}'`;
    expect(answer.headers.get('content-security-policy')).toContain(hash);
  });

  it('cuts an endpoint page’s properties, oneOf options and enum values to the reader’s groups, playground included', async () => {
    /** What a reader sees of the endpoint: its text, and the playground form's body fields and tier values. */
    const seen = async (cookie?: string) => {
      const answer = await get('jw', '/api/create-user', cookie);
      const html = await answer.text();
      expect(html).not.toContain('data-folio-playground-groups');
      const data = JSON.parse(/<script type="application\/json" class="api-playground-data">([^<]*)<\/script>/.exec(html)![1]!) as { body: { schema: { properties: { name: string; enum?: string[] }[] } } };
      const props = data.body.schema.properties;
      const text = html.slice(html.indexOf('<article'), html.indexOf('</article>'));
      // The generated request examples (cURL, JavaScript, Python...): only the variant for this reader's groups.
      const examples = text.slice(text.indexOf('<aside class="api-examples"'), text.indexOf('api-response-example'));
      return {
        cache: answer.headers.get('cache-control'),
        exampleAdmin: examples.includes('internal_id'),
        exampleSso: examples.includes('sso_enabled'),
        examplePanels: (examples.match(/class="[^"]*api-request-example/g) ?? []).length,
        admin: /Admins-only ledger field/.test(text),
        sso: /Single sign-on switch/.test(text),
        values: [...text.matchAll(/<code>(free|pro|enterprise)<\/code>/g)].map((m) => m[1]),
        hidden: /data-folio-groups="/.test(text),
        form: props.map((p) => p.name),
        tiers: props.find((p) => p.name === 'tier')!.enum,
      };
    };
    const admin = await seen(await jwtReader({ groups: ['admin'] }));
    expect(admin).toMatchObject({ cache: 'private, no-store', admin: true, sso: false, hidden: false, form: ['name', 'internal_id', 'tier', 'config'], tiers: ['free'] });
    expect(admin).toMatchObject({ exampleAdmin: true, exampleSso: false, examplePanels: 1 });
    expect(await seen(await jwtReader({ groups: ['admin', 'enterprise'] }))).toMatchObject({ exampleAdmin: true, exampleSso: true, examplePanels: 1 });
    expect(admin.values.slice(0, 1)).toEqual(['free']);
    const enterprise = await seen(await jwtReader({ groups: ['enterprise'] }));
    expect(enterprise).toMatchObject({ admin: false, sso: true, hidden: false, form: ['name', 'tier', 'config'], tiers: ['free', 'pro', 'enterprise'], exampleAdmin: false, exampleSso: true, examplePanels: 1 });
    expect(enterprise.values).toContain('enterprise');
    const anonymous = await seen();
    expect(anonymous).toMatchObject({ cache: 'private, no-store', admin: false, sso: false, hidden: false, form: ['name', 'tier', 'config'], tiers: ['free'], exampleAdmin: false, exampleSso: false, examplePanels: 1 });
    expect(anonymous.values.every((v) => v === 'free')).toBe(true);
    // The static file (what a host without folio serve would send): those parts hidden, the playground's data cut for no group.
    const built = await readFile(path.join(out, 'api', 'create-user', 'index.html'), 'utf8');
    expect(built).toMatch(/<li class="api-field"[^>]* data-folio-groups="[\w-]+" hidden="">/);
    // Its request example shown is a reader of no group's; the others are hidden variants.
    const shownExample = /<div class="api-request-variant" data-folio-group-sets="[\w-]+">([\s\S]*?)<template/.exec(built)![1]!;
    expect(shownExample).toContain('notifications');
    expect(shownExample).not.toMatch(/internal_id|sso_enabled/);
    const staticData = JSON.parse(/<script type="application\/json" class="api-playground-data">([^<]*)<\/script>/.exec(built)![1]!);
    expect(staticData.body.schema.properties.map((p: { name: string }) => p.name)).toEqual(['name', 'tier', 'config']);
  });
});
