/**
 * The discovery API through the app as a value: one small site built once and published for a
 * project, assistant keys of that project and of another; search and page answers, each refusal
 * with its status and code (missing, malformed, admin, unknown, revoked, other project's key; a
 * refused origin; bad bodies; the rate limit), CORS for allowed origins, and an assistant key
 * refused by the admin API. PGlite always, PostgreSQL too when TEST_DATABASE_URL is set.
 */
import { cp, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssistantKey, createProject, revokeAssistantKey } from '../../src/db/index.js';
import { buildSite } from '../../src/site-build/index.js';
import { backends } from '../db/helpers.js';
import { startTestServer, type TestServer } from '../server/helpers.js';

let dir: string;
let out: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'folio-discovery-'));
  const root = path.join(dir, 'docs');
  out = path.join(dir, 'out');
  await mkdir(path.join(root, 'guides'), { recursive: true });
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Widgets', theme: 'mint', colors: { primary: '#225588' }, navigation: { versions: [{ version: 'v2', groups: [{ group: 'Start', pages: ['index', 'guides/install'] }] }, { version: 'v1', groups: [{ group: 'Legacy', pages: ['guides/old'] }] }] } }));
  await writeFile(path.join(root, 'index.mdx'), '---\ntitle: Welcome\n---\nWidgets for everyone.\n');
  await writeFile(path.join(root, 'guides', 'install.mdx'), '---\ntitle: Install widgets\ntag: New\n---\nIntro.\n\n## Requirements\n\nYou need a sprocket wrench.\n\n## Upgrade\n\nRun the upgrade command.\n');
  await writeFile(path.join(root, 'guides', 'old.mdx'), '---\ntitle: Install widgets (v1)\n---\nThe old sprocket way.\n');
  await writeFile(path.join(root, 'guides', 'secret.mdx'), '---\ntitle: Secret\n---\nHidden sprocket notes.\n');
  const built = await buildSite({ root, outDir: out, search: false, threads: 1 });
  expect(built.ok).toBe(true);
}, 120_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe.each(backends)('discovery API (%s)', (kind) => {
  let t: TestServer;
  let key: string;
  let otherKey: string;
  const post = (url: string, body: unknown, headers: Record<string, string> = { Authorization: `Bearer ${key}` }) =>
    t.app.request(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const search = (body: unknown, headers?: Record<string, string>) => post(`/v1/search/${t.project.id}`, body, headers);

  beforeAll(async () => {
    t = await startTestServer(kind, { assistantLimits: { perAddress: 1000, perKey: 1000 } });
    await mkdir(path.join(t.dataDir, 'sites', t.project.id), { recursive: true });
    await symlink(out, path.join(t.dataDir, 'sites', t.project.id, 'current'), 'dir');
    const made = await createAssistantKey(t.db, { projectId: t.project.id, name: 'widget', allowedOrigins: ['https://docs.example.com'] });
    key = made.key;
    const other = await createProject(t.db, { name: 'Other', repoUrl: 'https://example.test/other.git' });
    otherKey = (await createAssistantKey(t.db, { projectId: other.id })).key;
  }, 60_000);
  afterAll(() => t.cleanup());

  it('searches sections: path, section anchor, excerpt and a score from 0 to 1, best first', async () => {
    const res = await search({ query: 'sprocket wrench requirements', pageSize: 5 });
    expect(res.status).toBe(200);
    const results = (await res.json()) as { path: string; content: string; metadata: { title: string; anchor: string; excerpt: string; score: number } }[];
    expect(results[0]).toMatchObject({ path: '/guides/install', content: 'You need a sprocket wrench.', metadata: { title: 'Install widgets', anchor: 'requirements' } });
    expect(results[0]!.metadata.excerpt).toContain('sprocket');
    for (const r of results) expect(r.metadata.score).toBeGreaterThan(0), expect(r.metadata.score).toBeLessThanOrEqual(1);
    // The hidden page is not in the index.
    expect(results.map((r) => r.path)).not.toContain('/guides/secret');
  });

  it('filters by version and by group, honours pageSize and scoreThreshold', async () => {
    const v1 = (await (await search({ query: 'sprocket', filter: { version: 'v1' } })).json()) as { path: string }[];
    expect(v1.map((r) => r.path)).toEqual(['/guides/old']);
    const start = (await (await search({ query: 'sprocket', filter: { group: 'Start' } })).json()) as { path: string }[];
    expect(start.map((r) => r.path)).toEqual(['/guides/install']);
    expect(((await (await search({ query: 'widgets', pageSize: 1 })).json()) as unknown[]).length).toBe(1);
    expect(await (await search({ query: 'sprocket', scoreThreshold: 1 })).json()).toEqual([]);
  });

  it("filters by the platform's tag (the page's frontmatter tag) and by product", async () => {
    const tagged = await search({ query: 'sprocket', filter: { tag: 'new', version: 'v2' } });
    expect(tagged.status).toBe(200);
    expect(((await tagged.json()) as { path: string }[]).map((r) => r.path)).toEqual(['/guides/install']);
    expect(await (await search({ query: 'sprocket', filter: { tag: 'Deprecated' } })).json()).toEqual([]);
    // The site has no products: nothing is in one.
    expect(await (await search({ query: 'sprocket', filter: { product: 'Widgets' } })).json()).toEqual([]);
  });

  it("returns a page's Markdown by the path search gave, and 404 for one it does not index", async () => {
    const res = await post(`/v1/page/${t.project.id}`, { path: 'guides/install#requirements' });
    expect(res.status).toBe(200);
    const page = (await res.json()) as { path: string; content: string };
    expect(page.path).toBe('/guides/install');
    expect(page.content).toContain('# Install widgets');
    expect(page.content).toContain('## Upgrade');
    const hidden = await post(`/v1/page/${t.project.id}`, { path: '/guides/secret' });
    expect(hidden.status).toBe(404);
    expect(await hidden.json()).toMatchObject({ code: 'ASSISTANT_PAGE_NOT_FOUND' });
  });

  it('names the site by its host too, and refuses unknown sites', async () => {
    const byHost = await post(`/v1/search/${t.project.id}.localhost`, { query: 'sprocket' });
    expect(byHost.status).toBe(200);
    const unknown = await post('/v1/search/docs.nowhere.example', { query: 'sprocket' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 'ASSISTANT_SITE_NOT_FOUND' });
  });

  it.each([
    ['no header', {}, 'ASSISTANT_KEY_MISSING'],
    ['a malformed token', { Authorization: 'Bearer folio_pub_short' }, 'ASSISTANT_KEY_MALFORMED'],
    ['a key with a wrong checksum', { Authorization: 'Bearer folio_pub_AAAAAAAAAAAAAAAAAAAAAA000000' }, 'ASSISTANT_KEY_MALFORMED'],
  ])('refuses %s with 401', async (_, headers, code) => {
    const res = await search({ query: 'x' }, headers);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code });
  });

  it("answers 503 ASSISTANT_INDEX_TOO_LARGE for a site whose retrieval file is past the server's budget, and still serves the others", async () => {
    const big = await createProject(t.db, { name: 'Big', repoUrl: 'https://example.test/big.git' });
    const bigKey = (await createAssistantKey(t.db, { projectId: big.id })).key;
    // Another build (its own folder), so nothing of the first site's kept index answers for it.
    const copy = path.join(dir, `out-${kind}`);
    await cp(out, copy, { recursive: true });
    await mkdir(path.join(t.dataDir, 'sites', big.id), { recursive: true });
    await symlink(copy, path.join(t.dataDir, 'sites', big.id, 'current'), 'dir');
    process.env.FOLIO_RETRIEVAL_CACHE_MB = String(100 / 1048576);
    try {
      const res = await post(`/v1/search/${big.id}`, { query: 'sprocket' }, { Authorization: `Bearer ${bigKey}` });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ code: 'ASSISTANT_INDEX_TOO_LARGE' });
    } finally {
      delete process.env.FOLIO_RETRIEVAL_CACHE_MB;
    }
    expect((await search({ query: 'sprocket' })).status).toBe(200);
  });

  it('without a model: the message routes answer 503 ASSISTANT_NOT_CONFIGURED and the site tells its widget so', async () => {
    for (const v of ['v1', 'v2']) {
      const res = await post(`/${v}/assistant/${t.project.id}/message`, { fp: 'anonymous', messages: [{ id: '1', role: 'user', parts: [{ type: 'text', text: 'How do I install?' }] }] });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ code: 'ASSISTANT_NOT_CONFIGURED' });
    }
    const host = { host: `${t.project.id}.localhost` };
    expect(await (await t.app.request('/__folio/assistant/config', { headers: host })).json()).toEqual({ enabled: false });
    expect(await (await t.app.request('/__folio/assistant/session', { headers: host })).json()).toEqual({ enabled: false });
    // The site's own message route answers its own pages only.
    for (const origin of ['https://evil.example', 'null']) {
      const foreign = await t.app.request('/__folio/assistant/message', { method: 'POST', headers: { ...host, origin, 'Content-Type': 'application/json' }, body: '{}' });
      expect(foreign.status).toBe(403);
      expect(await foreign.json()).toMatchObject({ code: 'ASSISTANT_ORIGIN_REFUSED' });
    }
    const same = await t.app.request('/__folio/assistant/message', { method: 'POST', headers: { ...host, origin: `http://${t.project.id}.localhost`, 'Content-Type': 'application/json' }, body: JSON.stringify({ fp: 'a', messages: [{ role: 'user', content: 'hi' }] }) });
    expect(await same.json()).toMatchObject({ code: 'ASSISTANT_NOT_CONFIGURED' });
  });

  it('refuses an admin key as an assistant key, and an assistant key on the admin API', async () => {
    const asAssistant = await search({ query: 'sprocket' }, { Authorization: `Bearer ${t.key}` });
    expect(asAssistant.status).toBe(401);
    expect(await asAssistant.json()).toMatchObject({ code: 'ASSISTANT_KEY_ADMIN' });
    const asAdmin = await t.app.request(`/v1/project/update/${t.project.id}`, { method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }, body: '{}' });
    expect(asAdmin.status).toBe(401);
    expect(((await asAdmin.json()) as { code: string }).code).toMatch(/^AUTH_/);
  });

  it("refuses another project's key (403) and a revoked or never issued one (401)", async () => {
    const other = await search({ query: 'sprocket' }, { Authorization: `Bearer ${otherKey}` });
    expect(other.status).toBe(403);
    expect(await other.json()).toMatchObject({ code: 'ASSISTANT_KEY_OTHER_SITE' });
    const stranger = (await createAssistantKey(t.db, { projectId: t.project.id })).key;
    await t.db.query('DELETE FROM assistant_keys WHERE hash IS NOT NULL AND last4 = $1', [stranger.slice(-4)]);
    const unknown = await search({ query: 'sprocket' }, { Authorization: `Bearer ${stranger}` });
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toMatchObject({ code: 'ASSISTANT_KEY_UNKNOWN' });
    const revoked = await createAssistantKey(t.db, { projectId: t.project.id });
    await revokeAssistantKey(t.db, t.project.id, revoked.row.id);
    const res = await search({ query: 'sprocket' }, { Authorization: `Bearer ${revoked.key}` });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'ASSISTANT_KEY_REVOKED' });
  });

  it('answers allowed origins with CORS headers and refuses others (403)', async () => {
    const preflight = await t.app.request(`/v1/search/${t.project.id}`, { method: 'OPTIONS', headers: { Origin: 'https://docs.example.com', 'Access-Control-Request-Method': 'POST' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Authorization');
    const allowed = await search({ query: 'sprocket' }, { Authorization: `Bearer ${key}`, Origin: 'https://docs.example.com' });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://docs.example.com');
    const refused = await search({ query: 'sprocket' }, { Authorization: `Bearer ${key}`, Origin: 'https://evil.example' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'ASSISTANT_ORIGIN_REFUSED' });
  });

  it.each([
    [{ query: '' }, 'query'],
    [{ query: 'x', pageSize: 51 }, 'pageSize'],
    [{ query: 'x', scoreThreshold: 2 }, 'scoreThreshold'],
    [{ query: 'x', filter: { tags: 'a' } }, 'filter'],
    [{ query: 'x'.repeat(501) }, 'query'],
    ['not json', 'body'],
  ])('refuses the body %j (400, naming %s)', async (body, field) => {
    const res = await search(body);
    expect(res.status).toBe(400);
    const json = (await res.json()) as { code: string; error: string };
    expect(json.code).toBe('ASSISTANT_INVALID_REQUEST');
    expect(json.error).toContain(field);
  });

  it('refuses a body over 16 KB (413)', async () => {
    const res = await search({ query: 'x', filter: { groups: Array.from({ length: 50 }, () => 'g'.repeat(400)) } });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'ASSISTANT_BODY_TOO_LARGE' });
  });

  it('counts requests per key and per address, 429 with Retry-After past the limit', async () => {
    const { createAppBundle } = await import('../../src/server/index.js');
    const limited = createAppBundle({ db: t.db, dataDir: t.dataDir, assistantLimits: { perAddress: 3, perKey: 100 } });
    const ask = () => limited.app.request(`/v1/search/${t.project.id}`, { method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }, body: '{"query":"sprocket"}' });
    for (let i = 0; i < 3; i++) expect((await ask()).status).toBe(200);
    const res = await ask();
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.json()).toMatchObject({ code: 'ASSISTANT_RATE_LIMITED' });
  });
});
