/**
 * The editor's comments, suggestions and history over HTTP, on each database backend: who may
 * comment, reply, resolve, delete, suggest, accept and restore (viewers comment and suggest, as on the
 * platform; editors decide), the CSRF check, the limits with their codes, anchors that follow others'
 * edits, an accepted suggestion reaching the page's shared document, and a page's git history.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { createEditorThread, createProject, type ProjectRow } from '../../src/db/index.js';
import { createUser } from '../../src/dashboard/index.js';
import { acceptInvite, inviteMember, type Role } from '../../src/dashboard/data/members.js';
import { MAX_OPEN_THREADS, MAX_THREAD_COMMENTS, SHARED_TEXT } from '../../src/editor/index.js';
import { backends } from '../db/helpers.js';
import { dashboardStack, FormClient, type Stack } from './harness.js';

const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'init.defaultBranch=main', ...args], { cwd, stdio: 'pipe' }).toString();
const PASSWORD = 'a long enough password';
const FIRST = '---\ntitle: Home\n---\n\nVarieties of mint grow in the garden.\n';
const SECOND = '---\ntitle: Home\n---\n\nVarieties of mint grow in the garden.\n\nSpearmint is the classic mint for cooking.\n';

interface Member {
  client: FormClient;
  csrf: string;
}

describe.each(backends)('editor comments, suggestions and history on %s', (kind) => {
  let stack: Stack;
  let tmp: string;
  let project: ProjectRow;
  let owner: Member;
  let editor: Member;
  let viewer: Member;
  let editorId = '';

  async function signIn(email: string): Promise<Member> {
    const client = new FormClient(stack.app);
    await client.get('/dashboard/login');
    await client.post('/dashboard/login', { email, password: PASSWORD });
    await client.get('/dashboard/projects');
    return { client, csrf: client.csrf() };
  }

  async function member(email: string, role: Role): Promise<Member> {
    const invited = await inviteMember(stack.db, { email, role, projectIds: role === 'editor' ? [project.id] : [] });
    if ('refused' in invited) throw new Error('exists');
    if (role === 'editor') editorId = invited.user.id;
    await acceptInvite(stack.db, invited.token, PASSWORD);
    return signIn(email);
  }

  /** A JSON call to the editor: GET with `query`, POST with `json`; the CSRF header unless `token` is null. */
  async function call(who: Member, route: string, init: { json?: Record<string, unknown>; query?: Record<string, string>; token?: string | null; origin?: string } = {}): Promise<{ status: number; body: any }> {
    const headers: Record<string, string> = { cookie: [...who.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (init.token !== null) headers['x-csrf-token'] = init.token ?? who.csrf;
    if (init.origin) headers.origin = init.origin;
    if (init.json) headers['content-type'] = 'application/json';
    const query = init.query ? `?${new URLSearchParams(init.query)}` : '';
    const res = await stack.app.request(`/dashboard/projects/${project.id}/editor/${route}${query}`, { method: init.json ? 'POST' : 'GET', headers, body: init.json ? JSON.stringify(init.json) : undefined });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // An HTML error page (the CSRF refusal): kept as text.
    }
    return { status: res.status, body };
  }

  const threads = async (who: Member) => (await call(who, 'comments.json', { query: { file: 'index.mdx' } })).body.threads as any[];

  beforeAll(async () => {
    stack = await dashboardStack({ kind });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-review-'));
    const bare = path.join(tmp, 'origin.git');
    const work = path.join(tmp, 'work');
    git(tmp, 'init', '-q', '--bare', bare);
    git(tmp, 'clone', '-q', bare, work);
    fs.writeFileSync(path.join(work, 'docs.json'), JSON.stringify({ theme: 'mint', name: 'Mint', colors: { primary: '#123456' }, navigation: { pages: ['index'] } }));
    fs.writeFileSync(path.join(work, 'index.mdx'), FIRST);
    git(work, 'add', '-A');
    git(work, '-c', 'user.name=Ann Author', '-c', 'user.email=ann@example.test', 'commit', '-q', '-m', 'First version');
    fs.writeFileSync(path.join(work, 'index.mdx'), SECOND);
    git(work, '-c', 'user.name=Bo Writer', '-c', 'user.email=bo@example.test', 'commit', '-q', '-am', 'Add spearmint');
    git(work, 'push', '-q', 'origin', 'main');
    project = await createProject(stack.db, { name: 'Mint', repoUrl: bare, branch: 'main' });
    await createUser(stack.db, 'owner@example.test', PASSWORD);
    owner = await signIn('owner@example.test');
    editor = await member('ed@example.test', 'editor');
    viewer = await member('vi@example.test', 'viewer');
  }, 60_000);

  afterAll(async () => {
    await stack?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('lets a viewer comment and an editor reply and resolve; deleting is the author’s or an owner’s', async () => {
    const made = await call(viewer, 'comments.json', { json: { file: 'index.mdx', action: 'create', quote: 'mint', offset: SECOND.lastIndexOf('mint') - 3, body: 'Which varieties?' } });
    expect(made.status).toBe(200);
    const thread = made.body.thread;
    // The occurrence nearest the offset: "classic mint", not "Spearmint" or "Varieties of mint".
    expect(thread).toMatchObject({ kind: 'comment', quote: 'mint', status: 'open', authorEmail: 'vi@example.test', range: { from: SECOND.lastIndexOf('mint'), to: SECOND.lastIndexOf('mint') + 4 } });
    expect(thread.comments.map((c: any) => c.body)).toEqual(['Which varieties?']);

    const reply = await call(editor, 'comments.json', { json: { file: 'index.mdx', action: 'reply', threadId: thread.id, body: '  Spearmint and peppermint.  ' } });
    expect(reply.body.thread.comments.map((c: any) => [c.authorEmail, c.body])).toEqual([
      ['vi@example.test', 'Which varieties?'],
      ['ed@example.test', 'Spearmint and peppermint.'],
    ]);

    // Resolving is for edit rights: the roles table refuses the viewer before the route runs.
    const refused = await call(viewer, 'review.json', { json: { file: 'index.mdx', action: 'resolve', threadId: thread.id } });
    expect(refused).toMatchObject({ status: 403, body: { error: { code: 'DASHBOARD_EDIT_RIGHTS_MISSING' } } });
    expect((await call(editor, 'review.json', { json: { file: 'index.mdx', action: 'resolve', threadId: thread.id } })).body.thread.status).toBe('resolved');
    expect((await call(editor, 'review.json', { json: { file: 'index.mdx', action: 'resolve', threadId: thread.id } })).body.error.code).toBe('EDITOR_THREAD_DECIDED');
    expect((await call(owner, 'review.json', { json: { file: 'index.mdx', action: 'reopen', threadId: thread.id } })).body.thread.status).toBe('open');

    // The viewer cannot delete the editor's reply; the owner can; the viewer deletes their own first comment: the thread goes.
    const editorReply = reply.body.thread.comments[1].id;
    expect(await call(viewer, 'comments.json', { json: { file: 'index.mdx', action: 'delete', threadId: thread.id, commentId: editorReply } })).toMatchObject({ status: 403, body: { error: { code: 'EDITOR_NOT_YOURS' } } });
    expect((await call(owner, 'comments.json', { json: { file: 'index.mdx', action: 'delete', threadId: thread.id, commentId: editorReply } })).body).toEqual({ deleted: 'comment' });
    expect((await call(viewer, 'comments.json', { json: { file: 'index.mdx', action: 'delete', threadId: thread.id } })).body).toEqual({ deleted: 'thread' });
    expect(await threads(viewer)).toEqual([]);
    expect((await call(editor, 'comments.json', { json: { file: 'index.mdx', action: 'reply', threadId: thread.id, body: 'late' } })).body.error.code).toBe('EDITOR_THREAD_NOT_FOUND');
  });

  it('opens the editor read-only for a viewer: the page, the state and a page’s text, nothing written', async () => {
    const page = async (who: Member) => {
      const res = await who.client.get(`/dashboard/projects/${project.id}/editor?file=index.mdx`);
      return { status: res.status, html: await res.text() };
    };
    const seen = await page(viewer);
    expect(seen.status).toBe(200);
    expect(seen.html).toContain('data-read-only="1"');
    expect(seen.html).toContain('>Read-only</span>');
    // The controls that write are left hidden; the comment and suggestion controls stay.
    expect(seen.html).toMatch(/<div class="ed-publish" hidden="">/);
    expect(seen.html).toMatch(/<button id="ed-history-toggle"[^>]* hidden=""/);
    expect(seen.html).toMatch(/<button id="ed-comment" type="button" class="ed-icon-btn"/);
    const edited = await page(editor);
    expect(edited.status).toBe(200);
    expect(edited.html).not.toContain('data-read-only');
    expect((await call(viewer, 'state.json')).status).toBe(200);
    expect((await call(viewer, 'file.json', { query: { file: 'index.mdx' } })).body).toMatchObject({ text: SECOND });
    // Every write stays with edit rights, shared editing (which sends text) included.
    for (const [route, json] of [
      ['save.json', { file: 'index.mdx', text: 'Viewer text' }],
      ['shared.json', { file: 'index.mdx', action: 'join' }],
      ['pages.json', { action: 'delete', file: 'index.mdx' }],
      ['publish.json', {}],
    ] as const) {
      expect(await call(viewer, route, { json }), route).toMatchObject({ status: 403, body: { error: { code: 'DASHBOARD_EDIT_RIGHTS_MISSING' } } });
    }
    expect((await call(viewer, 'links.json')).status).toBe(403);
    expect((await call(editor, 'file.json', { query: { file: 'index.mdx' } })).body).toMatchObject({ text: SECOND, draft: false });
  });

  it('refuses a comment without the CSRF token or from another origin', async () => {
    const json = { file: 'index.mdx', action: 'create', quote: 'garden', offset: 0, body: 'Forged' };
    const bare = await call(viewer, 'comments.json', { json, token: null });
    expect(bare.status).toBe(403);
    expect(bare.body).toContain('DASHBOARD_CSRF_INVALID');
    const foreign = await call(viewer, 'comments.json', { json, origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toContain('DASHBOARD_CSRF_INVALID');
    expect(await threads(viewer)).toEqual([]);
  });

  it('keeps the limits: comment and quote length, threads per page, messages per thread, a quote that is not in the page', async () => {
    const create = (fields: Record<string, unknown>) => call(editor, 'comments.json', { json: { file: 'index.mdx', action: 'create', quote: 'garden', offset: 0, body: 'Note', ...fields } });
    expect(await create({ body: 'x'.repeat(5001) })).toMatchObject({ status: 413, body: { error: { code: 'EDITOR_COMMENT_TOO_LONG' } } });
    expect(await create({ quote: 'm'.repeat(2001) })).toMatchObject({ status: 413, body: { error: { code: 'EDITOR_COMMENT_TOO_LONG' } } });
    expect(await create({ body: '   ' })).toMatchObject({ status: 400, body: { error: { code: 'EDITOR_BAD_REQUEST' } } });
    expect(await create({ quote: 'basil' })).toMatchObject({ status: 409, body: { error: { code: 'EDITOR_ANCHOR_LOST' } } });
    expect(await create({ body: 7 })).toMatchObject({ status: 400, body: { error: { code: 'EDITOR_BAD_REQUEST' } } });
    expect((await call(editor, 'comments.json', { json: { file: '../docs.json', action: 'create', quote: 'x', offset: 0, body: 'b' } })).body.error.code).toBe('EDITOR_PATH_INVALID');

    const key = { projectId: project.id, branch: 'main', path: 'index.mdx' };
    const author = { id: editorId, email: 'ed@example.test' };
    const first = await createEditorThread(stack.db, key, { kind: 'comment', quote: 'garden', offset: 0, replacement: null, author, body: 'One' });
    // The rest of the caps filled in one statement each (hundreds of requests would cost seconds).
    await stack.db.query(`INSERT INTO editor_comments (id, thread_id, author_id, author_email, body, created_at) SELECT 'seed-' || i, $1, $2, $3, 'Reply', now() + i * interval '1 ms' FROM generate_series(1, $4::int) AS i`, [first.id, author.id, author.email, MAX_THREAD_COMMENTS - 1]);
    expect((await call(editor, 'comments.json', { json: { file: 'index.mdx', action: 'reply', threadId: first.id, body: 'One too many' } })).body.error.code).toBe('EDITOR_COMMENT_LIMIT');
    await stack.db.query(`INSERT INTO editor_threads (id, project_id, branch, path, kind, quote, anchor_offset, author_id, author_email) SELECT 'seed-' || i, $1, 'main', 'index.mdx', 'comment', 'garden', 0, $2, $3 FROM generate_series(1, $4::int) AS i`, [project.id, author.id, author.email, MAX_OPEN_THREADS - 1]);
    expect(await create({})).toMatchObject({ status: 409, body: { error: { code: 'EDITOR_COMMENT_LIMIT' } } });
    // Resolved threads do not count.
    expect((await call(editor, 'review.json', { json: { file: 'index.mdx', action: 'resolve', threadId: first.id } })).status).toBe(200);
    expect((await create({})).status).toBe(200);
    await stack.db.query(`DELETE FROM editor_threads WHERE project_id = $1`, [project.id]);
  }, 60_000);

  it('finds a thread again after others edit around it, and marks it when its words are edited away', async () => {
    const made = await call(viewer, 'comments.json', { json: { file: 'index.mdx', action: 'create', quote: 'Spearmint', offset: 0, body: 'Link it?' } });
    const id = made.body.thread.id;
    const moved = SECOND.replace('Varieties', 'Many varieties');
    expect((await call(editor, 'save.json', { json: { file: 'index.mdx', text: moved } })).status).toBe(200);
    expect((await threads(viewer)).find((t) => t.id === id).range).toEqual({ from: moved.indexOf('Spearmint'), to: moved.indexOf('Spearmint') + 9 });
    await call(editor, 'save.json', { json: { file: 'index.mdx', text: moved.replace('Spearmint', 'Peppermint') } });
    expect((await threads(viewer)).find((t) => t.id === id).range).toBeNull();
    await call(editor, 'discard.json', { json: { file: 'index.mdx' } });
    await stack.db.query(`DELETE FROM editor_threads WHERE project_id = $1`, [project.id]);
  });

  it('lets a viewer suggest and an editor accept (into the draft and the shared document) or reject, once', async () => {
    // A writer has the page open in shared editing: the accepted change must reach their document.
    const joined = await call(editor, 'shared.json', { json: { file: 'index.mdx', action: 'join' } });
    expect(joined.status).toBe(200);

    const suggest = (quote: string, replacement: string) => call(viewer, 'suggestions.json', { json: { file: 'index.mdx', quote, offset: SECOND.indexOf(quote), replacement, body: '' } });
    const garden = (await suggest('garden', 'herb garden')).body.thread;
    expect(garden).toMatchObject({ kind: 'suggestion', quote: 'garden', replacement: 'herb garden', status: 'open', comments: [] });
    const cooking = (await suggest('cooking', 'cocktails')).body.thread;
    expect((await suggest('garden', 'garden')).body.error.code).toBe('EDITOR_BAD_REQUEST');
    expect((await suggest('garden', 'y'.repeat(20_001))).body.error.code).toBe('EDITOR_COMMENT_TOO_LONG');

    expect((await call(viewer, 'review.json', { json: { file: 'index.mdx', action: 'accept', threadId: garden.id } })).status).toBe(403);
    const accepted = await call(editor, 'review.json', { json: { file: 'index.mdx', action: 'accept', threadId: garden.id } });
    expect(accepted.status).toBe(200);
    const expected = SECOND.replace('garden', 'herb garden');
    expect(accepted.body).toMatchObject({ thread: { status: 'accepted' }, text: expected });
    expect((await call(editor, 'file.json', { query: { file: 'index.mdx' } })).body).toMatchObject({ text: expected, draft: true });
    // The shared document holds the change: a writer syncing from the start reads the new text.
    const sync = await call(editor, 'shared.json', { json: { file: 'index.mdx', generation: joined.body.generation, since: 0, updates: [], clientId: 'test', presence: null } });
    const doc = new Y.Doc();
    for (const u of sync.body.updates) Y.applyUpdate(doc, Buffer.from(u.update, 'base64'));
    expect(doc.getText(SHARED_TEXT).toString()).toBe(expected);

    expect((await call(owner, 'review.json', { json: { file: 'index.mdx', action: 'accept', threadId: garden.id } })).body.error.code).toBe('EDITOR_THREAD_DECIDED');
    expect((await call(editor, 'review.json', { json: { file: 'index.mdx', action: 'resolve', threadId: cooking.id } })).body.error.code).toBe('EDITOR_THREAD_DECIDED');
    expect((await call(editor, 'review.json', { json: { file: 'index.mdx', action: 'reject', threadId: cooking.id } })).body.thread.status).toBe('rejected');
    expect((await call(editor, 'file.json', { query: { file: 'index.mdx' } })).body.text).toBe(expected);

    // A suggestion whose words a writer then edits away (in the shared document) stays open when accepted.
    const lost = (await suggest('classic', 'best')).body.thread;
    const seen = Y.encodeStateVector(doc);
    doc.getText(SHARED_TEXT).delete(expected.indexOf('classic '), 'classic '.length);
    const edit = Buffer.from(Y.encodeStateAsUpdate(doc, seen)).toString('base64');
    await call(editor, 'shared.json', { json: { file: 'index.mdx', generation: joined.body.generation, since: 0, updates: [edit], clientId: 'test', presence: null } });
    expect((await call(editor, 'review.json', { json: { file: 'index.mdx', action: 'accept', threadId: lost.id } })).body.error.code).toBe('EDITOR_ANCHOR_LOST');
    expect((await threads(editor)).find((t) => t.id === lost.id).status).toBe('open');
    await call(editor, 'discard.json', { json: { file: 'index.mdx' } });
  });

  it('lists a page’s commits, diffs one against the current text and restores it as a draft', async () => {
    expect((await call(viewer, 'history.json', { query: { file: 'index.mdx' } })).status).toBe(403);
    const history = (await call(editor, 'history.json', { query: { file: 'index.mdx' } })).body.commits;
    expect(history.map((c: any) => [c.authorName, c.authorEmail, c.subject])).toEqual([
      ['Bo Writer', 'bo@example.test', 'Add spearmint'],
      ['Ann Author', 'ann@example.test', 'First version'],
    ]);
    expect(history[0].commit).toMatch(/^[0-9a-f]{40}$/);
    expect(history[0].date).toBeGreaterThan(Date.UTC(2020, 0, 1));

    const version = (await call(editor, 'version.json', { query: { file: 'index.mdx', commit: history[1].commit } })).body;
    expect(version.text).toBe(FIRST);
    expect(version.diff.filter((d: any) => d.op !== 'same')).toEqual([
      { op: 'add', text: 'Spearmint is the classic mint for cooking.' },
      { op: 'add', text: '' },
    ]);
    for (const commit of ['0'.repeat(40), 'HEAD', '--output=/tmp/x']) {
      expect(await call(editor, 'version.json', { query: { file: 'index.mdx', commit } })).toMatchObject({ status: 404, body: { error: { code: 'EDITOR_VERSION_NOT_FOUND' } } });
    }

    // Restoring makes a draft, not a commit.
    expect((await call(viewer, 'restore.json', { json: { file: 'index.mdx', commit: history[1].commit } })).status).toBe(403);
    const restored = await call(editor, 'restore.json', { json: { file: 'index.mdx', commit: history[1].commit } });
    expect(restored.body.text).toBe(FIRST);
    expect((await call(editor, 'file.json', { query: { file: 'index.mdx' } })).body).toMatchObject({ text: FIRST, draft: true });
    expect((await call(editor, 'history.json', { query: { file: 'index.mdx' } })).body.commits).toHaveLength(2);
    await call(editor, 'discard.json', { json: { file: 'index.mdx' } });
  });

  it('moves a page’s threads with it when the editor renames the page', async () => {
    await stack.db.query(`DELETE FROM editor_threads WHERE project_id = $1`, [project.id]);
    const open = (await call(viewer, 'comments.json', { json: { file: 'index.mdx', action: 'create', quote: 'Spearmint', offset: 0, body: 'Link it?' } })).body.thread;
    const suggestion = (await call(viewer, 'suggestions.json', { json: { file: 'index.mdx', quote: 'garden', offset: 0, replacement: 'herb garden' } })).body.thread;
    const resolved = (await call(editor, 'comments.json', { json: { file: 'index.mdx', action: 'create', quote: 'cooking', offset: 0, body: 'Done' } })).body.thread;
    await call(editor, 'review.json', { json: { file: 'index.mdx', action: 'resolve', threadId: resolved.id } });
    expect((await call(editor, 'pages.json', { json: { action: 'rename', file: 'index.mdx', to: 'guides/mint.mdx' } })).body).toEqual({ file: 'guides/mint.mdx' });

    // Every thread, whatever its status, now lists under the new file, placed in its text; none stays behind.
    const moved = (await call(viewer, 'comments.json', { query: { file: 'guides/mint.mdx' } })).body.threads;
    expect(moved.map((t: any) => [t.id, t.status, t.range])).toEqual([
      [open.id, 'open', { from: SECOND.indexOf('Spearmint'), to: SECOND.indexOf('Spearmint') + 9 }],
      [suggestion.id, 'open', { from: SECOND.indexOf('garden'), to: SECOND.indexOf('garden') + 6 }],
      [resolved.id, 'resolved', { from: SECOND.indexOf('cooking'), to: SECOND.indexOf('cooking') + 7 }],
    ]);
    expect(await stack.db.query(`SELECT id FROM editor_threads WHERE project_id = $1 AND path = 'index.mdx'`, [project.id])).toEqual([]);
    // They work there: a reply, and the suggestion accepted into the renamed page's draft.
    expect((await call(editor, 'comments.json', { json: { file: 'guides/mint.mdx', action: 'reply', threadId: open.id, body: 'Linked.' } })).status).toBe(200);
    expect((await call(editor, 'review.json', { json: { file: 'guides/mint.mdx', action: 'accept', threadId: suggestion.id } })).body.text).toBe(SECOND.replace('garden', 'herb garden'));
  });
});
