/**
 * The editor's dashboard routes over HTTP: signed-in users only, the CSRF header on every write, the
 * body limit, the page's own CSP, the preview without scripts, JSON refusals with their codes.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, type ProjectRow } from '../../src/db/index.js';
import { createUser } from '../../src/dashboard/index.js';
import { dashboardStack, FormClient, type Stack } from './harness.js';

const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.test', '-c', 'init.defaultBranch=main', ...args], { cwd, stdio: 'pipe' }).toString();

describe('editor routes of the dashboard', () => {
  let stack: Stack;
  let client: FormClient;
  let project: ProjectRow;
  let tmp: string;
  let csrf: string;
  let editor: string;

  /** A request with the session cookie (and the CSRF header unless told otherwise). */
  const request = (url: string, init: { method?: string; json?: unknown; body?: BodyInit; type?: string; token?: string | null } = {}) => {
    const headers: Record<string, string> = { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (init.token !== null) headers['x-csrf-token'] = init.token ?? csrf;
    if (init.json !== undefined || init.type) headers['content-type'] = init.type ?? 'application/json';
    return stack.app.request(url, { method: init.method ?? (init.json !== undefined || init.body ? 'POST' : 'GET'), headers, body: init.json !== undefined ? JSON.stringify(init.json) : init.body });
  };

  beforeAll(async () => {
    stack = await dashboardStack();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-editor-http-'));
    const bare = path.join(tmp, 'origin.git');
    const work = path.join(tmp, 'work');
    git(tmp, 'init', '-q', '--bare', bare);
    git(tmp, 'clone', '-q', bare, work);
    fs.writeFileSync(path.join(work, 'docs.json'), JSON.stringify({ theme: 'mint', name: 'HTTP docs', colors: { primary: '#123456' }, navigation: { pages: ['index'] } }, null, 2));
    fs.writeFileSync(path.join(work, 'index.mdx'), '---\ntitle: Home\n---\n\nHello.\n');
    // The repository's own files the site links or uses (item 2 of issue 44: served with their types).
    fs.writeFileSync(path.join(work, 'style.css'), '.hero{background:url(/images/dot.svg)}\n');
    fs.writeFileSync(path.join(work, 'analytics.js'), 'window.loaded = true;\n');
    fs.mkdirSync(path.join(work, 'images'));
    fs.writeFileSync(path.join(work, 'images/dot.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.mkdirSync(path.join(work, 'fonts'));
    fs.writeFileSync(path.join(work, 'fonts/brand.woff2'), Buffer.from('774f4632', 'hex'));
    fs.mkdirSync(path.join(work, 'snippets'));
    fs.writeFileSync(path.join(work, 'snippets/card.js'), 'export const Card = () => null;\n');
    git(work, 'add', '-A');
    git(work, 'commit', '-q', '-m', 'init');
    git(work, 'push', '-q', 'origin', 'main');
    project = await createProject(stack.db, { name: 'HTTP', repoUrl: bare, branch: 'main' });
    editor = `/dashboard/projects/${project.id}/editor`;
    await createUser(stack.db, 'writer@example.test', 'a long enough password');
    client = new FormClient(stack.app);
    await client.get('/dashboard/login');
    await client.post('/dashboard/login', { email: 'writer@example.test', password: 'a long enough password' });
    const page = await client.get(editor);
    expect(page.status).toBe(200);
    csrf = /data-csrf="([^"]+)"/.exec(client.lastHtml)![1]!;
  });

  afterAll(async () => {
    await stack.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('serves the editor page with its own CSP, its script and the component names', async () => {
    const res = await client.get(editor);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("frame-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(client.lastHtml).toMatch(/<script type="module" src="\/dashboard\/assets\/editor\.js\?v=[0-9a-f]{10}"/);
    expect(client.lastHtml).toMatch(/data-components="[^"]*\bCard\b[^"]*\bNote\b/);
    const script = await request('/dashboard/assets/editor.js');
    expect(script.status).toBe(200);
    const text = await script.text();
    expect(text).toContain('cm-editor');
    // Sent gzipped to a browser that takes it (the same bytes once unpacked), as the dashboard's own scripts and stylesheet are.
    for (const asset of ['/dashboard/assets/editor.js', '/dashboard/assets/app.js', '/dashboard/assets/app.css']) {
      const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const plain = await stack.app.request(asset, { headers: { cookie } });
      const packed = await stack.app.request(asset, { headers: { cookie, 'Accept-Encoding': 'gzip, deflate, br' } });
      expect(plain.headers.get('content-encoding'), asset).toBeNull();
      expect(packed.headers.get('content-encoding'), asset).toBe('gzip');
      expect(packed.headers.get('vary'), asset).toContain('Accept-Encoding');
      const bytes = Buffer.from(await packed.arrayBuffer());
      const unpacked = gunzipSync(bytes).toString();
      expect(unpacked, asset).toBe(await plain.text());
      expect(bytes.length, asset).toBeLessThan(unpacked.length / 2);
    }
    // The project's tabs lead to it.
    await client.get(`/dashboard/projects/${project.id}`);
    expect(client.lastHtml).toContain(`href="${editor}"`);
  });

  it('answers signed-out requests with 401 JSON and writes without the CSRF header with 403', async () => {
    const anonymous = await stack.app.request(`${editor}/state.json`);
    expect(anonymous.status).toBe(401);
    const forged = await request(`${editor}/save.json`, { json: { file: 'index.mdx', text: 'forged' }, token: null });
    expect(forged.status).toBe(403);
    const wrong = await request(`${editor}/save.json`, { json: { file: 'index.mdx', text: 'forged' }, token: 'not-the-token' });
    expect(wrong.status).toBe(403);
    const file = await (await request(`${editor}/file.json?file=index.mdx`)).json();
    expect(file.text).toBe('---\ntitle: Home\n---\n\nHello.\n');
  });

  it('saves a draft and serves its preview without scripts, framed only by the dashboard', async () => {
    const saved = await request(`${editor}/save.json`, { json: { branch: 'main', file: 'index.mdx', text: '---\ntitle: Home\n---\n\nHello from the editor.\n' } });
    expect(saved.status).toBe(200);
    const { preview } = await saved.json();
    expect(preview).toMatchObject({ ok: true, diagnostics: [] });
    const res = await request(`${editor}/preview?branch=main&file=index.mdx&v=${preview.version}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Hello from the editor.');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).not.toContain('script-src');
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    // The stylesheet it links is served from the session.
    const css = /href="([^"]+\/assets\/site\.[0-9a-f]+\.css)"/.exec(html)![1]!;
    const sheet = await request(css);
    expect(sheet.status).toBe(200);
    expect(sheet.headers.get('content-type')).toContain('text/css');
    const state = await (await request(`${editor}/state.json`)).json();
    expect(state.drafts).toEqual([expect.objectContaining({ path: 'index.mdx', change: 'modified' })]);
  });

  it('arranges the navigation through navigation.json and lists it with ids in state.json', async () => {
    // A new branch is made by a POST (a GET never checks one out).
    expect((await request(`${editor}/branches.json`, { json: { branch: 'docs/nav-http' } })).status).toBe(200);
    const before = await (await request(`${editor}/state.json?branch=docs/nav-http`)).json();
    expect(before.outline).toEqual({ tabs: false, items: [{ type: 'page', entry: 'index', id: 'navigation/pages/0', title: 'Home', file: 'index.mdx' }] });
    const nav = (json: object) => request(`${editor}/navigation.json`, { json: { branch: 'docs/nav-http', ...json } });
    expect((await nav({ op: 'add-group', name: 'Start' })).status).toBe(200);
    expect((await nav({ op: 'move-to-group', id: 'navigation/pages/0', expect: 'index', group: 'navigation/pages/1' })).status).toBe(200);
    const state = await (await request(`${editor}/state.json?branch=docs/nav-http`)).json();
    expect(state.outline.items).toEqual([{ type: 'group', name: 'Start', id: 'navigation/pages/0', children: [expect.objectContaining({ entry: 'index', id: 'navigation/pages/0/pages/0' })] }]);
    expect(state.drafts).toEqual([expect.objectContaining({ path: 'docs.json', change: 'modified' })]);
    const notEmpty = await nav({ op: 'remove-group', id: 'navigation/pages/0', expect: 'Start' });
    expect(notEmpty.status).toBe(409);
    expect((await notEmpty.json()).error.code).toBe('EDITOR_GROUP_NOT_EMPTY');
    const unknown = await nav({ op: 'shuffle' });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error).toMatchObject({ code: 'EDITOR_BAD_REQUEST', message: expect.stringContaining('Unknown navigation edit "shuffle"') });
  });

  it('refuses a 20 MB paste, a bad image, a path with .. and a colliding name with JSON codes', async () => {
    const huge = await request(`${editor}/save.json`, { json: { file: 'index.mdx', text: 'x'.repeat(20 * 1024 * 1024) } });
    expect(huge.status).toBe(413);
    expect((await huge.json()).error.code).toBe('EDITOR_TOO_LARGE');
    const svg = await request(`${editor}/upload.json?file=images/x.png`, { body: '<svg xmlns="http://www.w3.org/2000/svg"/>', type: 'image/png' });
    expect(svg.status).toBe(415);
    expect((await svg.json()).error.code).toBe('EDITOR_IMAGE_TYPE');
    const escape = await request(`${editor}/pages.json`, { json: { action: 'create', file: '../outside.mdx', title: 'Out' } });
    expect(escape.status).toBe(400);
    expect((await escape.json()).error).toMatchObject({ code: 'EDITOR_PATH_INVALID', message: expect.stringContaining('".."') });
    const twice = await request(`${editor}/pages.json`, { json: { action: 'create', file: 'index.mdx', title: 'Again' } });
    expect(twice.status).toBe(409);
    expect((await twice.json()).error.code).toBe('EDITOR_PAGE_EXISTS');
    const docs = await request(`${editor}/save.json`, { json: { file: 'docs.json', text: '{"navigation": [' } });
    expect((await docs.json()).error.code).toBe('EDITOR_DOCS_JSON_INVALID');
    // The draft typed before is still there.
    expect((await (await request(`${editor}/file.json?file=index.mdx`)).json()).text).toContain('Hello from the editor.');
  });
  it('refuses a local working copy as a project\'s repository, at creation and in settings, with DASHBOARD_REPOSITORY_WORKING_COPY and what to do', async () => {
    const work = path.join(tmp, 'work');
    await client.get('/dashboard/projects');
    const created = await client.post('/dashboard/projects', { name: 'Working copy', repoUrl: work, branch: 'main', docsDir: '.' });
    expect(created.status).toBe(400);
    expect(client.lastHtml).toContain('data-code="DASHBOARD_REPOSITORY_WORKING_COPY"');
    expect(client.lastHtml).toContain(`git clone --bare ${work} ${work}.git`);
    // The form keeps what was typed.
    expect(client.lastHtml).toContain(`value="${work}"`);
    await client.get(`/dashboard/projects/${project.id}/settings`);
    const moved = await client.post(`/dashboard/projects/${project.id}/settings`, { name: 'HTTP', repoUrl: `file://${work}`, branch: 'main', docsDir: '.' });
    expect(moved.status).toBe(400);
    expect(client.lastHtml).toContain('data-code="DASHBOARD_REPOSITORY_WORKING_COPY"');
    // A bare clone is accepted.
    execFileSync('git', ['clone', '-q', '--bare', work, `${work}.git`]);
    await client.get('/dashboard/projects');
    expect((await client.post('/dashboard/projects', { name: 'Bare clone', repoUrl: `${work}.git`, branch: 'main', docsDir: '.' })).status).toBe(303);
  });
  it('serves the repository\'s stylesheets, scripts, images and fonts to the preview with their types, and nothing else of the checkout', async () => {
    // Opening the page renders its preview.
    expect((await request(`${editor}/file.json?file=index.mdx`)).status).toBe(200);
    const html = await (await request(`${editor}/preview?branch=main&file=index.mdx`)).text();
    const sheet = /href="([^"]+\/style\.css\?v=[0-9a-f]+)"/.exec(html)?.[1];
    expect(sheet, 'the preview links the repository\'s style.css').toBeDefined();
    const site = sheet!.slice(0, sheet!.indexOf('/style.css'));
    const get = async (file: string) => {
      const answer = await request(`${site}/${file}`);
      return { status: answer.status, type: answer.headers.get('content-type'), nosniff: answer.headers.get('x-content-type-options'), text: await answer.text() };
    };
    const css = await get('style.css?v=1');
    expect(css).toMatchObject({ status: 200, type: 'text/css; charset=utf-8', nosniff: 'nosniff' });
    // Root-absolute URLs in it lead to the session's files, as under a base path in a build.
    expect(css.text).toBe(`.hero{background:url(${site}/images/dot.svg)}\n`);
    expect(await get('analytics.js')).toMatchObject({ status: 200, type: 'text/javascript; charset=utf-8', nosniff: 'nosniff' });
    expect(await get('images/dot.svg')).toMatchObject({ status: 200, type: 'image/svg+xml', nosniff: 'nosniff' });
    expect(await get('fonts/brand.woff2')).toMatchObject({ status: 200, type: 'font/woff2', nosniff: 'nosniff' });
    // Sources, settings and snippets' components are not files of the site.
    for (const file of ['index.mdx', 'docs.json', 'snippets/card.js', 'missing.css']) expect((await get(file)).status, file).toBe(404);
  });
});
