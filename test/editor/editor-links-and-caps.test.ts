/**
 * Issue 48, items 10 and 11, in the web editor: a page created or an image uploaded through a
 * folder symlink of the checkout is refused with EDITOR_PATH_NOT_WRITABLE (it used to be a 500 that
 * left the docs.json draft behind), a draft stored before under such a path no longer breaks every
 * sync of its branch (it is skipped and reported); the editing sessions and their checkouts are
 * capped (least recently used closed and its folder removed); a GET (a cross-site link carries the
 * Lax cookie) creates no branch checkout, creating one is a POST with the CSRF token. Both backends.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, listEditorDrafts, saveEditorDraft, type Database, type ProjectRow } from '../../src/db/index.js';
import { createUser } from '../../src/dashboard/index.js';
import { refusal } from './refusal.js';
import { EditorService } from '../../src/editor/index.js';
import { dashboardStack, FormClient, type Stack } from '../dashboard/harness.js';
import { backends, openTestDatabase } from '../db/helpers.js';

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Outside', '-c', 'user.email=outside@example.test', '-c', 'init.defaultBranch=main', ...args], { cwd, stdio: 'pipe' }).toString();

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const user = { id: 'u1', email: 'ann.writer@example.test' };

/** A bare repository whose docs folder has a symlink to a folder outside it and one to a folder inside. */
function repository(tmp: string, outside: string): string {
  const bare = path.join(tmp, 'origin.git');
  const work = path.join(tmp, 'work');
  git(tmp, 'init', '-q', '--bare', bare);
  git(tmp, 'clone', '-q', bare, work);
  fs.mkdirSync(path.join(work, 'guides'));
  fs.writeFileSync(path.join(work, 'docs.json'), JSON.stringify({ theme: 'mint', name: 'Links', colors: { primary: '#123456' }, navigation: { pages: ['index', 'guides/setup'] } }, null, 2));
  fs.writeFileSync(path.join(work, 'index.mdx'), '---\ntitle: Home\n---\n\nHello.\n');
  fs.writeFileSync(path.join(work, 'guides/setup.mdx'), '---\ntitle: Setup\n---\n\nSteps.\n');
  fs.symlinkSync(outside, path.join(work, 'elsewhere'));
  fs.symlinkSync('guides', path.join(work, 'inner'));
  git(work, 'add', '-A');
  git(work, 'commit', '-q', '-m', 'initial');
  git(work, 'push', '-q', 'origin', 'main');
  return bare;
}

/** Checkout folders under an editor work root. */
const checkouts = (workRoot: string) => (fs.existsSync(workRoot) ? fs.readdirSync(workRoot) : []);

describe.each(backends)('editor symlinks and session caps on %s', (kind) => {
  let db: Database;
  let cleanup: () => Promise<void>;
  let tmp: string;
  let outside: string;
  let project: ProjectRow;

  beforeAll(async () => {
    ({ db, cleanup } = await openTestDatabase(kind));
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-editor-links-'));
    outside = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-editor-outside-'));
    project = await createProject(db, { name: 'Links', repoUrl: `file://${repository(tmp, outside)}`, branch: 'main' });
  });

  afterAll(async () => {
    await cleanup();
    fs.rmSync(tmp, { recursive: true, force: true });
    fs.rmSync(outside, { recursive: true, force: true });
  });

  it('refuses a page or an image through a folder symlink with a 4xx code, and stores no draft', async () => {
    const service = new EditorService({ db, workRoot: path.join(tmp, 'editor'), assetBase: () => '/a' });
    const session = await service.open(project, 'main');
    const docsBefore = (await session.readText('docs.json')).text;
    for (const [file, run] of [
      ['elsewhere/new.mdx', () => session.createPage('elsewhere/new.mdx', 'New', user)],
      ['inner/new.mdx', () => session.createPage('inner/new.mdx', 'New', user)],
      ['elsewhere/pic.png', () => session.uploadImage('elsewhere/pic.png', PNG, user)],
      ['inner/pic.png', () => session.uploadImage('inner/pic.png', PNG, user)],
      ['inner/moved.mdx', () => session.renamePage('index.mdx', 'inner/moved.mdx', user)],
    ] as const) {
      const err = await refusal(run);
      expect(err.code, file).toBe('EDITOR_PATH_NOT_WRITABLE');
      expect(err.status).toBeGreaterThanOrEqual(400);
      expect(err.status).toBeLessThan(500);
      expect(err.message).toContain(file.split('/')[0]);
    }
    // Nothing was drafted (docs.json included) and nothing was written outside the checkout.
    expect(await listEditorDrafts(db, project.id, 'main')).toEqual([]);
    expect((await session.readText('docs.json')).text).toBe(docsBefore);
    expect(fs.readdirSync(outside)).toEqual([]);
    // The branch still works.
    await session.sync();
    expect((await session.readText('index.mdx')).text).toContain('Hello.');
  });

  it('syncs a branch whose draft from before goes through a symlink: the draft is skipped and reported', async () => {
    await saveEditorDraft(db, { projectId: project.id, branch: 'docs/old', path: 'elsewhere/old.mdx', encoding: 'utf8', content: '---\ntitle: Old\n---\n', baseHash: null, updatedBy: user.id });
    await saveEditorDraft(db, { projectId: project.id, branch: 'docs/old', path: 'index.mdx', encoding: 'utf8', content: '---\ntitle: Home\n---\n\nKept draft.\n', baseHash: null, updatedBy: user.id });
    const service = new EditorService({ db, workRoot: path.join(tmp, 'editor-old'), assetBase: () => '/b' });
    const session = await service.open(project, 'docs/old');
    // The other drafts are applied.
    expect((await session.readText('index.mdx')).text).toContain('Kept draft.');
    const drafts = await session.drafts();
    expect(drafts.find((d) => d.path === 'elsewhere/old.mdx')).toMatchObject({ problem: expect.stringContaining('symbolic link') });
    expect((await session.navigation()).problems.join('\n')).toContain('elsewhere/old.mdx');
    expect(fs.readdirSync(outside)).toEqual([]);
    // Publishing refuses with the same code; discarding the draft clears it.
    const err = await refusal(() => session.publish(user, 'x', { publicUrl: 'http://x', triggerUpdate: async () => ({ id: 'u' }), triggerPreview: async () => null }));
    expect(err.code).toBe('EDITOR_PATH_NOT_WRITABLE');
    await session.discard('elsewhere/old.mdx');
    expect((await session.drafts()).map((d) => d.path)).toEqual(['index.mdx']);
  });

  it('keeps at most the capped number of sessions and checkouts, least recently used closed first', async () => {
    const workRoot = path.join(tmp, 'editor-capped');
    const service = new EditorService({ db, workRoot, assetBase: () => '/c', maxSessions: 3, maxSessionsPerProject: 2 });
    const other = await createProject(db, { name: 'Other', repoUrl: project.repoUrl, branch: 'main' });
    // A folder an earlier process left (not a session of this one) counts too.
    fs.mkdirSync(path.join(workRoot, '0123456789abcdef', 'repo'), { recursive: true });
    const main = await service.open(project, 'main');
    for (let i = 0; i < 3; i++) {
      await service.open(project, `docs/b${i}`);
      // The project's main session is used between the others: it stays.
      await service.open(project, 'main');
      expect(service.size(project.id)).toBeLessThanOrEqual(2);
      expect(checkouts(workRoot).length).toBeLessThanOrEqual(3);
    }
    await service.open(other, 'main');
    await service.open(other, 'docs/x');
    expect(service.size()).toBeLessThanOrEqual(3);
    expect(checkouts(workRoot).length).toBeLessThanOrEqual(3);
    expect(service.size(other.id)).toBe(2);
    // The evicted sessions' folders are gone; an evicted session refuses further work with a clear code.
    const evicted = await service.open(project, 'docs/b0');
    expect(evicted).not.toBe(main);
    expect(service.isOpen(main)).toBe(false);
    expect((await refusal(() => main.readText('index.mdx'))).code).toBe('EDITOR_SESSION_CLOSED');
    expect(fs.existsSync(path.join(workRoot, '0123456789abcdef'))).toBe(false);
    expect(checkouts(workRoot).length).toBeLessThanOrEqual(3);
  }, 120_000);
});

describe.each(backends)('editor branches over HTTP on %s', (kind) => {
  let stack: Stack;
  let client: FormClient;
  let editor: string;
  let csrf: string;
  let tmp: string;
  const workRoot = () => path.join(stack.dataDir, 'editor');

  const request = (url: string, init: { method?: string; json?: unknown; token?: string | null; headers?: Record<string, string> } = {}) => {
    const headers: Record<string, string> = { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '), ...init.headers };
    if (init.token !== null) headers['x-csrf-token'] = init.token ?? csrf;
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    return stack.app.request(url, { method: init.method ?? (init.json !== undefined ? 'POST' : 'GET'), headers, body: init.json !== undefined ? JSON.stringify(init.json) : undefined });
  };

  beforeAll(async () => {
    stack = await dashboardStack({ kind });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-editor-branches-'));
    const outside = path.join(tmp, 'outside');
    fs.mkdirSync(outside);
    const project = await createProject(stack.db, { name: 'Branches', repoUrl: repository(tmp, outside), branch: 'main' });
    editor = `/dashboard/projects/${project.id}/editor`;
    await createUser(stack.db, 'writer@example.test', 'a long enough password');
    client = new FormClient(stack.app);
    await client.get('/dashboard/login');
    await client.post('/dashboard/login', { email: 'writer@example.test', password: 'a long enough password' });
    expect((await client.get(editor)).status).toBe(200);
    csrf = /data-csrf="([^"]+)"/.exec(client.lastHtml)![1]!;
  }, 120_000);

  afterAll(async () => {
    await stack.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('answers a create or upload through a symlink with 409 EDITOR_PATH_NOT_WRITABLE, not 500', async () => {
    const created = await request(`${editor}/pages.json`, { json: { branch: 'main', action: 'create', file: 'elsewhere/p.mdx', title: 'P' } });
    expect(created.status).toBe(409);
    expect((await created.json()).error.code).toBe('EDITOR_PATH_NOT_WRITABLE');
    const uploaded = await stack.app.request(`${editor}/upload.json?branch=main&file=inner/p.png`, { method: 'POST', headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'x-csrf-token': csrf, 'content-type': 'image/png' }, body: PNG });
    expect(uploaded.status).toBe(409);
    expect((await uploaded.json()).error.code).toBe('EDITOR_PATH_NOT_WRITABLE');
    const state = await request(`${editor}/state.json?branch=main`);
    expect(state.status).toBe(200);
    expect((await state.json()).drafts).toEqual([]);
  });

  it('creates no checkout for an unknown branch on a GET (a cross-site link); a POST with the token does', async () => {
    const before = checkouts(workRoot()).sort();
    const crossSite = { 'sec-fetch-site': 'cross-site', referer: 'https://evil.example/' };
    for (const url of [`${editor}/state.json?branch=docs/forged`, `${editor}/file.json?branch=docs/forged&file=index.mdx`, `${editor}/links.json?branch=docs/forged`]) {
      const res = await request(url, { token: null, headers: crossSite });
      expect(res.status, url).toBe(404);
      expect((await res.json()).error.code).toBe('EDITOR_BRANCH_NOT_FOUND');
    }
    // The editor page itself opens (it offers to create the branch) but checks nothing out.
    expect((await request(`${editor}?branch=docs/forged`, { token: null, headers: crossSite })).status).toBe(200);
    expect(checkouts(workRoot()).sort()).toEqual(before);
    // Creating is a POST: refused without the CSRF token, done with it.
    expect((await request(`${editor}/branches.json`, { json: { branch: 'docs/forged' }, token: null })).status).toBe(403);
    expect(checkouts(workRoot()).sort()).toEqual(before);
    const made = await request(`${editor}/branches.json`, { json: { branch: 'docs/forged' } });
    expect(made.status).toBe(200);
    expect(checkouts(workRoot()).length).toBe(before.length + 1);
    const state = await request(`${editor}/state.json?branch=docs/forged`);
    expect(state.status).toBe(200);
    expect((await state.json()).branch).toBe('docs/forged');
  });
});
