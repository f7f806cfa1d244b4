/**
 * Team members and roles over HTTP, on each database backend: an owner invites an editor with edit
 * rights on project A only and a viewer; the editor saves and publishes on A (one commit, the editor
 * as author) and is refused on B with a stable code; the viewer is refused every write; the last
 * owner cannot be removed or demoted; a removed member's sessions stop at once.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, type ProjectRow } from '../../src/db/index.js';
import { createUser } from '../../src/dashboard/index.js';
import type { BuildSite } from '../../src/hosting/index.js';
import { backends } from '../db/helpers.js';
import { dashboardStack, FormClient, type Stack } from './harness.js';

const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.test', '-c', 'init.defaultBranch=main', ...args], { cwd, stdio: 'pipe' }).toString();

// Publishing to the deployment branch starts a site update; what it builds is not under test here.
const buildSite: BuildSite = async ({ outDir }) => {
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'index.html'), '<p>built</p>');
  return { ok: true, pages: 1, diagnostics: [], durationMs: 1 };
};

const PASSWORD = 'a long enough password';

/** A member's id, from their row of the members page. */
function memberId(html: string, email: string): string {
  const row = new RegExp(`<tr data-member="${email.replace(/\./g, '\\.')}">[\\s\\S]*?</tr>`).exec(html)![0];
  return /action="\/dashboard\/members\/([^/"]+)"/.exec(row)![1]!;
}

describe.each(backends)('dashboard roles on %s', (kind) => {
  let stack: Stack;
  let tmp: string;
  let a: ProjectRow;
  let b: ProjectRow;
  let bareA: string;
  /** A pull request the editor opened on A (`/pulls/<id>`). */
  let pullRequestPath = '';
  const owner = () => new FormClient(stack.app);
  let ownerClient: FormClient;

  /** A bare repository with a one-page site, and its project. */
  async function project(name: string): Promise<{ project: ProjectRow; bare: string }> {
    const bare = path.join(tmp, `${name}.git`);
    const work = path.join(tmp, `${name}-work`);
    git(tmp, 'init', '-q', '--bare', bare);
    git(tmp, 'clone', '-q', bare, work);
    fs.writeFileSync(path.join(work, 'docs.json'), JSON.stringify({ theme: 'mint', name, colors: { primary: '#123456' }, navigation: { pages: ['index'] } }));
    fs.writeFileSync(path.join(work, 'index.mdx'), '---\ntitle: Home\n---\n\nHello.\n');
    git(work, 'add', '-A');
    git(work, 'commit', '-q', '-m', 'init');
    git(work, 'push', '-q', 'origin', 'main');
    return { project: await createProject(stack.db, { name, repoUrl: bare, branch: 'main' }), bare };
  }

  /** The owner adds a member; the new member opens the invitation link, sets a password and is signed in. */
  async function invite(email: string, role: string, projects: ProjectRow[]): Promise<FormClient> {
    await ownerClient.get('/dashboard/members');
    const fields: Record<string, string> = { email, role };
    for (const p of projects) fields[`project:${p.id}`] = 'on';
    const added = await ownerClient.post('/dashboard/members', fields);
    expect(added.status).toBe(201);
    expect(added.headers.get('cache-control')).toBe('no-store');
    const link = new URL(/id="invite-url">([^<]+)</.exec(ownerClient.lastHtml)![1]!);
    expect(link.origin).toBe('http://localhost');
    const member = new FormClient(stack.app);
    expect((await member.get(link.pathname)).status).toBe(200);
    expect(member.lastHtml).toContain(email.toLowerCase());
    const joined = await member.post(link.pathname, { password: PASSWORD });
    expect(joined.status).toBe(303);
    expect(joined.headers.get('location')).toBe('/dashboard/projects');
    // The link works once.
    const again = await new FormClient(stack.app).get(link.pathname);
    expect(again.status).toBe(404);
    expect(await again.text()).toContain('DASHBOARD_INVITE_INVALID');
    return member;
  }

  /** A JSON request to the editor with the member's cookie and CSRF token. */
  async function editorCall(member: FormClient, p: ProjectRow, route: string, json?: unknown, csrf?: string): Promise<Response> {
    const headers: Record<string, string> = { cookie: [...member.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (csrf) headers['x-csrf-token'] = csrf;
    if (json !== undefined) headers['content-type'] = 'application/json';
    return stack.app.request(`/dashboard/projects/${p.id}/editor/${route}`, { method: json === undefined ? 'GET' : 'POST', headers, body: json === undefined ? undefined : JSON.stringify(json) });
  }

  /** The session's CSRF token, read from a page the member may open. */
  async function csrfOf(member: FormClient): Promise<string> {
    await member.get('/dashboard/projects');
    return member.csrf();
  }

  beforeAll(async () => {
    stack = await dashboardStack({ kind, buildSite });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-roles-'));
    ({ project: a, bare: bareA } = await project('Alpha'));
    ({ project: b } = await project('Beta'));
    await createUser(stack.db, 'owner@example.test', PASSWORD);
    ownerClient = owner();
    await ownerClient.get('/dashboard/login');
    await ownerClient.post('/dashboard/login', { email: 'owner@example.test', password: PASSWORD });
  }, 60_000);

  afterAll(async () => {
    await stack.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('lets an editor with rights on A save and publish there, and refuses B with DASHBOARD_EDIT_RIGHTS_MISSING', async () => {
    const editor = await invite('Ed@Example.test', 'editor', [a]);
    expect((await editor.get('/dashboard/members')).status).toBe(403);
    expect(editor.lastHtml).toContain('DASHBOARD_OWNER_ONLY');

    const page = await editor.get(`/dashboard/projects/${a.id}/editor`);
    expect(page.status).toBe(200);
    const csrf = /data-csrf="([^"]+)"/.exec(editor.lastHtml)![1]!;
    const saved = await editorCall(editor, a, 'save.json', { file: 'index.mdx', text: '---\ntitle: Home\n---\n\nHello from Ed.\n' }, csrf);
    expect(saved.status).toBe(200);
    const published = await editorCall(editor, a, 'publish.json', { message: 'Greet from Ed' }, csrf);
    expect(published.status).toBe(200);
    expect(await published.json()).toMatchObject({ kind: 'site', files: ['index.mdx'] });
    // One commit on main of the bare repository, authored by the signed-in editor.
    expect(git(bareA, 'log', '-1', '--format=%ae|%s', 'main').trim()).toBe('ed@example.test|Greet from Ed');
    expect(git(bareA, 'show', 'main:index.mdx')).toContain('Hello from Ed.');

    // Another branch: a pull request, which members may view and only those with edit rights merge.
    const branched = await editorCall(editor, a, 'save.json', { branch: 'ed-fix', file: 'index.mdx', text: '---\ntitle: Home\n---\n\nFixed by Ed.\n' }, csrf);
    expect(branched.status).toBe(200);
    const proposed = await editorCall(editor, a, 'publish.json', { branch: 'ed-fix', message: 'Fix from Ed' }, csrf);
    expect(proposed.status).toBe(200);
    pullRequestPath = new URL((await proposed.json()).pullRequestUrl).pathname;

    // Project B: the editor opens read-only (to comment and suggest), and every write route refuses with the code.
    const other = await editor.get(`/dashboard/projects/${b.id}/editor`);
    expect(other.status).toBe(200);
    expect(editor.lastHtml).toContain('data-read-only="1"');
    expect((await editorCall(editor, b, 'state.json')).status).toBe(200);
    for (const [route, json] of [
      ['save.json', { file: 'index.mdx', text: 'x' }],
      ['publish.json', { message: 'm' }],
      ['shared.json', { file: 'index.mdx', action: 'join' }],
      ['pages.json', { action: 'create', file: 'new.mdx', title: 'New' }],
      ['links.json', undefined],
    ] as const) {
      const res = await editorCall(editor, b, route, json, csrf);
      expect(res.status, route).toBe(403);
      expect((await res.json()).error.code, route).toBe('DASHBOARD_EDIT_RIGHTS_MISSING');
    }
    const upload = await stack.app.request(`/dashboard/projects/${b.id}/editor/upload.json?file=images/a.png`, {
      method: 'POST',
      headers: { cookie: [...editor.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'x-csrf-token': csrf, 'content-type': 'image/png' },
      body: new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
    });
    expect(upload.status).toBe(403);
    // The editor tab shows on both (read-only on B); owner-only actions are hidden and refused.
    await editor.get(`/dashboard/projects/${a.id}`);
    expect(editor.lastHtml).toContain(`href="/dashboard/projects/${a.id}/editor"`);
    expect(editor.lastHtml).not.toContain('Save settings');
    await editor.get(`/dashboard/projects/${b.id}`);
    expect(editor.lastHtml).toContain(`href="/dashboard/projects/${b.id}/editor"`);
    const settings = await editor.post(`/dashboard/projects/${a.id}/settings`, { name: 'Renamed', repoUrl: a.repoUrl, branch: 'main' });
    expect(settings.status).toBe(403);
    expect(editor.lastHtml).toContain('DASHBOARD_OWNER_ONLY');
    // An update on A is theirs to start, on B not.
    await csrfOf(editor);
    expect((await editor.post(`/dashboard/projects/${b.id}/updates`, {})).status).toBe(403);
    await csrfOf(editor);
    expect((await editor.post(`/dashboard/projects/${a.id}/updates`, {})).status).toBe(303);
  }, 120_000);

  it('refuses a viewer every write, on the page and in JSON, and hides the buttons', async () => {
    const viewer = await invite('viewer@example.test', 'viewer', [a]);
    expect((await viewer.get(`/dashboard/projects/${a.id}/updates`)).status).toBe(200);
    expect(viewer.lastHtml).not.toContain('Start update');
    // The editor is in the sidebar: a viewer opens it read-only, to comment and suggest.
    expect(viewer.lastHtml).toContain(`/projects/${a.id}/editor"`);
    expect((await viewer.get(`/dashboard/projects/${a.id}/jobs`)).status).toBe(200);
    expect(viewer.lastHtml).not.toContain('Start a job');
    const csrf = await csrfOf(viewer);
    const forms: Array<[string, string]> = [
      ['/dashboard/projects', 'DASHBOARD_OWNER_ONLY'],
      [`/dashboard/projects/${a.id}/settings`, 'DASHBOARD_OWNER_ONLY'],
      [`/dashboard/projects/${a.id}/keys`, 'DASHBOARD_OWNER_ONLY'],
      [`/dashboard/projects/${a.id}/assistant-keys`, 'DASHBOARD_OWNER_ONLY'],
      [`/dashboard/projects/${a.id}/webhook-secret`, 'DASHBOARD_OWNER_ONLY'],
      [`/dashboard/projects/${a.id}/automations`, 'DASHBOARD_OWNER_ONLY'],
      [`/dashboard/projects/${a.id}/automations/x/delete`, 'DASHBOARD_OWNER_ONLY'],
      [`/dashboard/projects/${a.id}/jobs`, 'DASHBOARD_EDIT_RIGHTS_MISSING'],
      [`/dashboard/projects/${a.id}/jobs/j1/message`, 'DASHBOARD_EDIT_RIGHTS_MISSING'],
      [`/dashboard/projects/${a.id}/jobs/j1/archive`, 'DASHBOARD_EDIT_RIGHTS_MISSING'],
      [`/dashboard/projects/${a.id}/updates`, 'DASHBOARD_EDIT_RIGHTS_MISSING'],
      [`/dashboard/projects/${a.id}/previews`, 'DASHBOARD_EDIT_RIGHTS_MISSING'],
      [`/dashboard/projects/${a.id}/previews/delete`, 'DASHBOARD_EDIT_RIGHTS_MISSING'],
      [`/dashboard/projects/${a.id}/analytics/feedback/f1`, 'DASHBOARD_EDIT_RIGHTS_MISSING'],
      ['/dashboard/members', 'DASHBOARD_OWNER_ONLY'],
      // A route nobody has decided about is closed to all but owners.
      [`/dashboard/projects/${a.id}/something-new`, 'DASHBOARD_OWNER_ONLY'],
    ];
    for (const [url, code] of forms) {
      const res = await viewer.post(url, { _csrf: csrf, name: 'x', branch: 'main', prompt: 'p' });
      expect(res.status, url).toBe(403);
      expect(viewer.lastHtml, url).toContain(`data-code="${code}"`);
    }
    // The editor opens read-only; its writes are refused.
    expect((await viewer.get(`/dashboard/projects/${a.id}/editor`)).status).toBe(200);
    expect(viewer.lastHtml).toContain('data-read-only="1"');
    const save = await editorCall(viewer, a, 'save.json', { file: 'index.mdx', text: 'x' }, csrf);
    expect(save.status).toBe(403);
    expect(await save.json()).toEqual({ error: { code: 'DASHBOARD_EDIT_RIGHTS_MISSING', message: expect.stringContaining('viewer') } });
    // The pull request page: readable, but merging and closing are writes.
    expect((await viewer.get(pullRequestPath)).status).toBe(200);
    for (const action of ['merge', 'close']) {
      const res = await stack.app.request(`${pullRequestPath}/${action}`, { method: 'POST', headers: { cookie: [...viewer.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
      expect(res.status, action).toBe(404);
    }
    expect(git(bareA, 'log', '-1', '--format=%s', 'main').trim()).toBe('Greet from Ed');
    // Nothing was written: the project kept its name, no draft exists.
    await ownerClient.get(`/dashboard/projects/${a.id}`);
    expect(ownerClient.lastHtml).toContain('Alpha');
    const state = await editorCall(ownerClient, a, 'state.json');
    expect((await state.json()).drafts).toEqual([]);
  }, 60_000);

  it('refuses to remove or demote the last owner, and allows it once another owner exists', async () => {
    await ownerClient.get('/dashboard/members');
    const ownerId = memberId(ownerClient.lastHtml, 'owner@example.test');
    expect(ownerClient.lastHtml).not.toContain(`/members/${ownerId}/remove`);
    const removed = await ownerClient.post(`/dashboard/members/${ownerId}/remove`, {});
    expect(removed.status).toBe(409);
    expect(ownerClient.lastHtml).toContain('data-code="DASHBOARD_LAST_OWNER"');
    const demoted = await ownerClient.post(`/dashboard/members/${ownerId}`, { role: 'viewer' });
    expect(demoted.status).toBe(409);
    expect(ownerClient.lastHtml).toContain('DASHBOARD_LAST_OWNER');
    // Still an owner: the members page opens.
    expect((await ownerClient.get('/dashboard/members')).status).toBe(200);
    // With a second owner, either may step down.
    const second = memberId(ownerClient.lastHtml, 'viewer@example.test');
    expect((await ownerClient.post(`/dashboard/members/${second}`, { role: 'owner' })).status).toBe(303);
    await ownerClient.get('/dashboard/members');
    expect(ownerClient.lastHtml).toMatch(/<tr data-member="viewer@example.test">[\s\S]*?<option value="owner" selected=""/);
    expect((await ownerClient.post(`/dashboard/members/${second}`, { role: 'viewer' })).status).toBe(303);
    await ownerClient.get('/dashboard/members');
    const twice = await ownerClient.post('/dashboard/members', { email: 'OWNER@example.test', role: 'viewer' });
    expect(twice.status).toBe(409);
    expect(ownerClient.lastHtml).toContain('DASHBOARD_MEMBER_EXISTS');
  });

  it('gives a member who forgot their password a one-time link that signs out their other sessions', async () => {
    const member = await invite('forgetful@example.test', 'viewer', []);
    await ownerClient.get('/dashboard/members');
    const id = memberId(ownerClient.lastHtml, 'forgetful@example.test');
    expect(ownerClient.lastHtml).toContain(`aria-label="Password link for forgetful@example.test"`);
    const made = await ownerClient.post(`/dashboard/members/${id}/invite`, {});
    expect(made.status).toBe(201);
    expect(ownerClient.lastHtml).toContain('Password link for forgetful@example.test');
    const link = new URL(/id="invite-url">([^<]+)</.exec(ownerClient.lastHtml)![1]!);
    // Until the link is used, the old password and session keep working, and the member is not "invited".
    expect((await member.get('/dashboard/projects')).status).toBe(200);
    expect(ownerClient.lastHtml).not.toMatch(/<tr data-member="forgetful@example.test">[\s\S]*?>invited</);
    const browser = new FormClient(stack.app);
    expect((await browser.get(link.pathname)).status).toBe(200);
    expect(browser.lastHtml).toContain('Choose a new password');
    expect((await browser.post(link.pathname, { password: 'a brand new passphrase' })).status).toBe(303);
    // The other session is over; the new password signs in, the old one no longer does.
    expect((await member.get('/dashboard/projects')).status).toBe(303);
    const again = new FormClient(stack.app);
    await again.get('/dashboard/login');
    expect((await again.post('/dashboard/login', { email: 'forgetful@example.test', password: PASSWORD })).status).toBe(401);
    await again.get('/dashboard/login');
    expect((await again.post('/dashboard/login', { email: 'forgetful@example.test', password: 'a brand new passphrase' })).status).toBe(303);
    expect((await new FormClient(stack.app).get(link.pathname)).status).toBe(404);
  });

  it('ends a removed member’s sessions at once, and a role change applies to the next request', async () => {
    const member = await invite('temp@example.test', 'editor', [a]);
    await member.get(`/dashboard/projects/${a.id}/editor`);
    const csrf = /data-csrf="([^"]+)"/.exec(member.lastHtml)![1]!;
    expect((await editorCall(member, a, 'state.json')).status).toBe(200);
    await ownerClient.get('/dashboard/members');
    const id = memberId(ownerClient.lastHtml, 'temp@example.test');
    // Demoted to viewer: the same session loses the editor.
    expect((await ownerClient.post(`/dashboard/members/${id}`, { role: 'viewer' })).status).toBe(303);
    expect((await editorCall(member, a, 'save.json', { file: 'index.mdx', text: 'x' }, csrf)).status).toBe(403);
    await ownerClient.get('/dashboard/members');
    const removed = await ownerClient.post(`/dashboard/members/${id}/remove`, {});
    expect(removed.status).toBe(303);
    expect(removed.headers.get('location')).toBe('/dashboard/members?notice=removed');
    expect((await editorCall(member, a, 'state.json')).status).toBe(401);
    const page = await member.get('/dashboard/projects');
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toContain('/dashboard/login');
    // Signing in again fails: the account is gone.
    await member.get('/dashboard/login');
    expect((await member.post('/dashboard/login', { email: 'temp@example.test', password: PASSWORD })).status).toBe(401);
  }, 60_000);
});
