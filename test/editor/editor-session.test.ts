/**
 * The web editor's server side on a real git repository (a local bare one) and a real database:
 * navigation, page texts, drafts, previews in untrusted mode, pages and images, publishing.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { createProject, getLocalPullRequest, listEditorDrafts, type Database, type ProjectRow } from '../../src/db/index.js';
import { refusal } from './refusal.js';
import { EditorService, type PublishHooks } from '../../src/editor/index.js';
import { backends, openTestDatabase } from '../db/helpers.js';

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Outside', '-c', 'user.email=outside@example.test', '-c', 'init.defaultBranch=main', ...args], { cwd, stdio: 'pipe' }).toString();

const docsJson = `{
  "$schema": "https://mintlify.com/docs.json",
  "theme": "mint",
  "name": "Editor test",
  "colors": { "primary": "#0D9373" },
  "navigation": {
    "groups": [
      { "group": "Start", "pages": ["index", "guides/setup"] }
    ]
  }
}
`;

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe.each(backends)('editor sessions on %s', (kind) => {
  let db: Database;
  let cleanup: () => Promise<void>;
  let tmp: string;
  let bare: string;
  let work: string;
  let project: ProjectRow;
  let service: EditorService;
  const user = { id: 'u1', email: 'ann.writer@example.test' };
  const triggered: string[] = [];
  const hooks: PublishHooks = {
    publicUrl: 'http://localhost:9999',
    triggerUpdate: async () => (triggered.push('update'), { id: 'upd-1' }),
    triggerPreview: async (branch) => (triggered.push(`preview:${branch}`), { url: `http://${branch}--p.localhost/` }),
  };

  beforeAll(async () => {
    ({ db, cleanup } = await openTestDatabase(kind));
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-editor-'));
    bare = path.join(tmp, 'origin.git');
    work = path.join(tmp, 'work');
    git(tmp, 'init', '-q', '--bare', bare);
    git(tmp, 'clone', '-q', bare, work);
    fs.mkdirSync(path.join(work, 'guides'));
    fs.writeFileSync(path.join(work, 'docs.json'), docsJson);
    fs.writeFileSync(path.join(work, 'index.mdx'), '---\ntitle: Home\n---\n\nWelcome to the docs.\n');
    fs.writeFileSync(path.join(work, 'guides/setup.mdx'), '---\ntitle: Setup\n---\n\n<Note>Install first.</Note>\n');
    git(work, 'add', '-A');
    git(work, 'commit', '-q', '-m', 'initial');
    git(work, 'push', '-q', 'origin', 'main');
    project = await createProject(db, { name: 'Editor', repoUrl: `file://${bare}`, branch: 'main' });
    service = new EditorService({ db, workRoot: path.join(tmp, 'editor'), assetBase: (id, key) => `/dashboard/projects/${id}/editor/site/${key}` });
  });

  afterAll(async () => {
    await cleanup();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('lists the navigation and reads a page', async () => {
    const session = await service.open(project, 'main');
    const nav = await session.navigation();
    const group = nav.sections[0]!.items[0]!;
    expect(group).toMatchObject({ type: 'group', name: 'Start' });
    expect(group.type === 'group' && group.children.map((c) => (c.type === 'page' ? c.file : c.type))).toEqual(['index.mdx', 'guides/setup.mdx']);
    const page = await session.readText('guides/setup.mdx');
    expect(page.text).toContain('<Note>Install first.</Note>');
    expect(page.breadcrumbs).toEqual(['Start', 'Setup']);
    expect(await session.branches()).toEqual(['main']);
  });

  it('a save of the text the draft already has (a second writer of a shared page) keeps the rendered preview; a new text renders again', async () => {
    const session = await service.open(project, 'main');
    const text = '---\ntitle: Setup\n---\n\n<Note>Install the CLI, then log in.</Note>\n';
    const first = await session.saveText('guides/setup.mdx', text, user);
    expect(first.preview?.ok).toBe(true);
    const again = await session.saveText('guides/setup.mdx', text, { id: 'u2', email: 'bo.writer@example.test' });
    expect(again.preview).toEqual(first.preview);
    expect(session.previewHtml('guides/setup.mdx')).toContain('Install the CLI, then log in.');
    const changed = await session.saveText('guides/setup.mdx', text.replace('log in', 'sign in'), user);
    expect(changed.preview?.version).toBeGreaterThan(first.preview!.version);
    expect(session.previewHtml('guides/setup.mdx')).toContain('Install the CLI, then sign in.');
  });

  it('saves a draft, renders its preview with the site layout and keeps the last good one on an MDX error', async () => {
    const session = await service.open(project, 'main');
    const saved = await session.saveText('guides/setup.mdx', '---\ntitle: Setup\n---\n\n<Note>Install the CLI first.</Note>\n', user);
    expect(saved.preview?.ok).toBe(true);
    const html = session.previewHtml('guides/setup.mdx')!;
    expect(html).toContain('Install the CLI first.');
    // The site's own layout: its name, navigation and stylesheet under the session's asset path.
    expect(html).toContain('Editor test');
    expect(html).toMatch(/href="\/dashboard\/projects\/[^"]+\/editor\/site\/[0-9a-f]{16}\/assets\/site\.[0-9a-f]+\.css"/);
    expect((await listEditorDrafts(db, project.id, 'main')).map((d) => d.path)).toEqual(['guides/setup.mdx']);

    const broken = await session.saveText('guides/setup.mdx', '---\ntitle: Setup\n---\n\nLine one.\n\n<Note>unclosed\n', user);
    expect(broken.preview?.ok).toBe(false);
    expect(broken.preview?.version).toBe(saved.preview?.version);
    expect(broken.preview?.diagnostics[0]).toMatchObject({ line: 7, severity: 'error', code: 'MDX_MARKDOWN_FALLBACK' });
    expect(session.previewHtml('guides/setup.mdx')).toContain('Install the CLI first.');
    // The draft is kept even with errors: nothing the writer typed is lost.
    expect((await listEditorDrafts(db, project.id, 'main'))[0]?.content).toContain('<Note>unclosed');
  });

  it('runs no page code in the preview (untrusted mode)', async () => {
    const session = await service.open(project, 'main');
    const result = await session.saveText('index.mdx', '---\ntitle: Home\n---\n\nexport const x = globalThis.process.exit(1)\n\nValue: {x}\n\n<script>alert(1)</script>\n', user);
    expect(result.preview?.ok).toBe(true);
    const html = session.previewHtml('index.mdx')!;
    expect(html).not.toContain('alert(1)');
    await session.saveText('index.mdx', '---\ntitle: Home\n---\n\nWelcome to the docs.\n', user);
    // Back to the committed text: no draft is left for the file.
    expect((await listEditorDrafts(db, project.id, 'main')).map((d) => d.path)).toEqual(['guides/setup.mdx']);
  });

  it("stops a preview past the server's page time limit (folio serve --page-timeout)", async () => {
    // `folio serve --page-timeout` reaches previews: a 50 ms limit stops a page no real machine compiles that fast.
    const limited = new EditorService({ db, workRoot: path.join(tmp, 'editor-limited'), assetBase: () => '/limited', pageTimeoutMs: 50 });
    const session = await limited.open(project, 'main');
    const slow = await session.saveText('guides/setup.mdx', `---\ntitle: Setup\n---\n\n${'A paragraph with *emphasis*, `code` and a [link](/after).\n\n'.repeat(20_000)}`, user);
    expect(slow.preview?.ok).toBe(false);
    expect(slow.preview?.diagnostics[0]).toMatchObject({ code: 'BUILD_PAGE_TIMEOUT', line: 4, severity: 'error' });
    expect(slow.preview?.diagnostics[0]?.message).toContain('0.05 s');
    session.close();
    await service.open(project, 'main').then((s) => s.discard('guides/setup.mdx'));
  });

  it('keeps drafts in the database: a second server (another checkout) opens the branch with them', async () => {
    const session = await service.open(project, 'main');
    await session.saveText('guides/setup.mdx', '---\ntitle: Setup\n---\n\nTyped on server one.\n', user);
    const other = new EditorService({ db, workRoot: path.join(tmp, 'editor-two'), assetBase: () => '/two' });
    const second = await other.open(project, 'main');
    expect((await second.readText('guides/setup.mdx')).text).toContain('Typed on server one.');
    expect((await second.drafts()).map((d) => [d.path, d.change])).toEqual([['guides/setup.mdx', 'modified']]);
    expect((await second.preview('guides/setup.mdx')).ok).toBe(true);
    expect(second.previewHtml('guides/setup.mdx')).toContain('Typed on server one.');
  });

  it('shares a page between writers on two servers through the database', async () => {
    const one = await service.open(project, 'main');
    const two = await new EditorService({ db, workRoot: path.join(tmp, 'editor-three'), assetBase: () => '/three' }).open(project, 'main');
    const text = (await one.readText('guides/setup.mdx')).text;
    // Both join at once: the document is started once, from the page's text.
    const [a, b] = await Promise.all([one.joinShared('guides/setup.mdx'), two.joinShared('guides/setup.mdx')]);
    expect(a.generation).toBe(b.generation);
    const docA = new Y.Doc();
    const docB = new Y.Doc();
    for (const u of a.updates) Y.applyUpdate(docA, Buffer.from(u.update, 'base64'));
    for (const u of b.updates) Y.applyUpdate(docB, Buffer.from(u.update, 'base64'));
    expect(docA.getText('source').toString()).toBe(text);
    expect(docB.getText('source').toString()).toBe(text);
    // A types on server one; server two's writer receives it, with A's presence.
    const before = Y.encodeStateVector(docA);
    docA.getText('source').insert(text.length, 'Shared line.\n');
    const update = Buffer.from(Y.encodeStateAsUpdate(docA, before)).toString('base64');
    await one.syncShared('guides/setup.mdx', { generation: a.generation, since: a.updates.at(-1)!.id, updates: [update], clientId: 'a', presence: 'cHJlc2VuY2U=' });
    const got = await two.syncShared('guides/setup.mdx', { generation: b.generation, since: b.updates.at(-1)!.id, updates: [], clientId: 'b', presence: null });
    expect(got.reset).toBe(false);
    for (const u of got.updates) Y.applyUpdate(docB, Buffer.from(u.update, 'base64'));
    expect(docB.getText('source').toString()).toBe(text + 'Shared line.\n');
    expect(got.presence).toEqual([{ clientId: 'a', state: 'cHJlc2VuY2U=' }]);
    // A late joiner gets the current state.
    const late = await two.joinShared('guides/setup.mdx');
    const docC = new Y.Doc();
    for (const u of late.updates) Y.applyUpdate(docC, Buffer.from(u.update, 'base64'));
    expect(docC.getText('source').toString()).toBe(text + 'Shared line.\n');
    // A long log is merged into one update for later joiners; nothing of the text is lost.
    let since = got.updates.at(-1)!.id;
    for (let i = 0; i < 210; i++) {
      const sv = Y.encodeStateVector(docB);
      docB.getText('source').insert(docB.getText('source').length, String(i % 10));
      const u = Buffer.from(Y.encodeStateAsUpdate(docB, sv)).toString('base64');
      since = Math.max(since, ...(await two.syncShared('guides/setup.mdx', { generation: b.generation, since, updates: [u], clientId: 'b', presence: null })).updates.map((x) => x.id));
    }
    const compacted = await one.joinShared('guides/setup.mdx');
    expect(compacted.updates.length).toBe(1);
    const docD = new Y.Doc();
    Y.applyUpdate(docD, Buffer.from(compacted.updates[0]!.update, 'base64'));
    expect(docD.getText('source').toString()).toBe(docB.getText('source').toString());
    // A writer who had read part of the log still converges (the merged update comes after what they read).
    const catchUp = await two.syncShared('guides/setup.mdx', { generation: b.generation, since, updates: [], clientId: 'b', presence: null });
    for (const u of catchUp.updates) Y.applyUpdate(docB, Buffer.from(u.update, 'base64'));
    expect(docB.getText('source').toString()).toBe(docD.getText('source').toString());
    // A discarded draft starts the document again: old writers are told to join anew.
    await one.discard('guides/setup.mdx');
    const after = await one.syncShared('guides/setup.mdx', { generation: a.generation, since: 0, updates: [update], clientId: 'a', presence: null });
    expect(after.reset).toBe(true);
  });

  it('refuses bad input with clear messages and loses nothing', async () => {
    const session = await service.open(project, 'main');
    expect((await refusal(() => session.readText('../etc/passwd.mdx'))).code).toBe('EDITOR_PATH_INVALID');
    expect((await refusal(() => session.createPage('guides/../../x.mdx', 'X', user))).code).toBe('EDITOR_PATH_INVALID');
    expect((await refusal(() => session.createPage('guides/bad name.mdx', 'X', user))).message).toMatch(/invalid part "bad name\.mdx"/);
    expect((await refusal(() => session.createPage('guides/setup.mdx', 'Again', user))).code).toBe('EDITOR_PAGE_EXISTS');
    expect((await refusal(() => session.saveText('index.mdx', 'x'.repeat(3 * 1024 * 1024), user))).code).toBe('EDITOR_TOO_LARGE');
    expect((await refusal(() => session.uploadImage('images/a.png', Buffer.from('<svg onload="x"/>'), user))).code).toBe('EDITOR_IMAGE_TYPE');
    expect((await refusal(() => session.uploadImage('images/a.png', Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]), user))).code).toBe('EDITOR_TOO_LARGE');
    const invalid = await refusal(() => session.saveText('docs.json', '{ "name": "x", "navigation": ', user));
    expect(invalid.code).toBe('EDITOR_DOCS_JSON_INVALID');
    expect(invalid.message).toMatch(/line \d+/);
    // docs.json is as it was.
    expect((await session.readText('docs.json')).text).toBe(docsJson);
  });

  it('creates, renames (with a redirect) and deletes pages through docs.json, and uploads an image', async () => {
    const session = await service.open(project, 'main');
    await session.createPage('guides/deploy.mdx', 'Deploy', user, 'guides/setup.mdx');
    let docs = JSON.parse((await session.readText('docs.json')).text);
    expect(docs.navigation.groups[0].pages).toEqual(['index', 'guides/setup', 'guides/deploy']);
    expect((await session.readText('guides/deploy.mdx')).text).toBe('---\ntitle: "Deploy"\n---\n\n');
    await session.renamePage('guides/deploy.mdx', 'guides/shipping.mdx', user);
    docs = JSON.parse((await session.readText('docs.json')).text);
    expect(docs.navigation.groups[0].pages).toEqual(['index', 'guides/setup', 'guides/shipping']);
    expect(docs.redirects).toEqual([{ source: '/guides/deploy', destination: '/guides/shipping' }]);
    await session.createPage('scratch.mdx', 'Scratch', user);
    await session.deletePage('scratch.mdx', user);
    docs = JSON.parse((await session.readText('docs.json')).text);
    expect(JSON.stringify(docs.navigation)).not.toContain('scratch');
    expect((await refusal(() => session.readText('scratch.mdx'))).code).toBe('EDITOR_PAGE_NOT_FOUND');
    const image = await session.uploadImage('images/dot.png', PNG, user);
    expect(image.src).toBe('/images/dot.png');
    expect((await session.previewAsset('/images/dot.png'))?.type).toBe('image/png');
    // The rest of docs.json keeps its bytes.
    expect((await session.readText('docs.json')).text).toContain('"$schema": "https://mintlify.com/docs.json",\n  "theme": "mint",');
  });

  it('arranges the navigation through docs.json drafts: groups added, renamed, removed, pages moved, a first tab', async () => {
    // Its own branch: main's drafts are published by the next test.
    const session = await service.open(project, 'docs/arrange');
    const outline = (await session.outline())!;
    expect(outline.items).toEqual([
      {
        type: 'group',
        name: 'Start',
        id: 'navigation/groups/0',
        children: [
          { type: 'page', entry: 'index', id: 'navigation/groups/0/pages/0', title: 'Home', file: 'index.mdx' },
          { type: 'page', entry: 'guides/setup', id: 'navigation/groups/0/pages/1', title: 'Setup', file: 'guides/setup.mdx' },
        ],
      },
    ]);
    await session.editNavigation({ op: 'add-group', name: 'Guides', after: 'navigation/groups/0' }, user);
    await session.editNavigation({ op: 'move-to-group', id: 'navigation/groups/0/pages/1', expect: 'guides/setup', group: 'navigation/groups/1' }, user);
    await session.editNavigation({ op: 'rename-group', id: 'navigation/groups/1', expect: 'Guides', name: 'How-to' }, user);
    expect((await refusal(() => session.editNavigation({ op: 'remove-group', id: 'navigation/groups/1', expect: 'How-to' }, user))).code).toBe('EDITOR_GROUP_NOT_EMPTY');
    // An id from before docs.json changed: refused, nothing moved.
    const stale = await refusal(() => session.editNavigation({ op: 'move', id: 'navigation/groups/0/pages/1', expect: 'guides/setup', by: -1 }, user));
    expect([stale.code, stale.status]).toEqual(['EDITOR_NAV_STALE', 409]);
    await session.createPage('guides/more.mdx', 'More', user, undefined, 'navigation/groups/1');
    let docs = JSON.parse((await session.readText('docs.json')).text);
    expect(docs.navigation.groups).toEqual([
      { group: 'Start', pages: ['index'] },
      { group: 'How-to', pages: ['guides/setup', 'guides/more'] },
    ]);
    // The site the drafts make has the page under its new group.
    const nav = await session.navigation();
    expect(nav.sections[0]!.items.map((i) => (i.type === 'group' ? `${i.name}: ${i.children.map((c) => (c.type === 'page' ? c.title : '')).join(', ')}` : ''))).toEqual(['Start: Home', 'How-to: Setup, More']);
    await session.editNavigation({ op: 'add-tab', name: 'Reference', firstTab: 'Guides' }, user);
    docs = JSON.parse((await session.readText('docs.json')).text);
    expect(docs.navigation).toEqual({ tabs: [{ tab: 'Guides', groups: [{ group: 'Start', pages: ['index'] }, { group: 'How-to', pages: ['guides/setup', 'guides/more'] }] }, { tab: 'Reference', groups: [] }] });
    expect((await session.outline())!.tabs).toBe(true);
    expect((await session.drafts()).map((d) => d.path).sort()).toEqual(['docs.json', 'guides/more.mdx']);
    // The rest of docs.json keeps its bytes.
    expect((await session.readText('docs.json')).text.startsWith(docsJson.slice(0, docsJson.indexOf('"navigation"')))).toBe(true);
  });

  it('publishes the drafts to main as one commit with the writer as author, over an outside push to another file, and starts the site update', async () => {
    const session = await service.open(project, 'main');
    await session.saveText('guides/setup.mdx', '---\ntitle: Setup\n---\n\n<Note>Install the CLI first.</Note>\n', user);
    fs.writeFileSync(path.join(work, 'index.mdx'), '---\ntitle: Home\n---\n\nWelcome from outside.\n');
    git(work, 'commit', '-q', '-am', 'outside edit of another file');
    git(work, 'push', '-q', 'origin', 'main');
    const result = await session.publish(user, 'Setup: name the CLI', hooks);
    expect(result.kind).toBe('site');
    expect(triggered).toEqual(['update']);
    const log = git(bare, 'log', '-1', '--format=%an <%ae>%n%s', 'main');
    expect(log).toBe('ann.writer <ann.writer@example.test>\nSetup: name the CLI\n');
    const files = git(bare, 'show', '--name-status', '--format=', 'main').trim().split('\n').sort();
    expect(files).toEqual(['A\tguides/shipping.mdx', 'A\timages/dot.png', 'M\tdocs.json', 'M\tguides/setup.mdx']);
    expect(git(bare, 'show', 'main:guides/setup.mdx')).toContain('Install the CLI first.');
    expect(await listEditorDrafts(db, project.id, 'main')).toEqual([]);
    // The outside push is kept: the editor's commit sits on top of it.
    expect(git(bare, 'log', '-2', '--format=%s', 'main')).toBe('Setup: name the CLI\noutside edit of another file\n');
    expect(git(bare, 'show', 'main:index.mdx')).toContain('Welcome from outside.');
    expect((await refusal(() => session.publish(user, 'again', hooks))).code).toBe('EDITOR_NOTHING_TO_PUBLISH');
  });

  it('refuses to overwrite a conflicting push and shows both versions', async () => {
    const session = await service.open(project, 'main');
    await session.saveText('index.mdx', '---\ntitle: Home\n---\n\nWelcome, writers.\n', user);
    git(work, 'pull', '-q', 'origin', 'main');
    fs.writeFileSync(path.join(work, 'index.mdx'), '---\ntitle: Home\n---\n\nWelcome, developers.\n');
    git(work, 'commit', '-q', '-am', 'outside edit');
    git(work, 'push', '-q', 'origin', 'main');
    const conflict = await refusal(() => session.publish(user, 'Home text', hooks));
    expect(conflict.code).toBe('EDITOR_CONFLICT');
    expect(conflict.details).toEqual([{ path: 'index.mdx', theirs: expect.stringContaining('developers'), yours: expect.stringContaining('writers') }]);
    expect(git(bare, 'show', 'main:index.mdx')).toContain('developers');
    // The draft is still there.
    expect((await session.readText('index.mdx')).text).toContain('writers');
    // Saving again after seeing the conflict is the writer's answer: the next publish makes it over theirs.
    await session.saveText('index.mdx', '---\ntitle: Home\n---\n\nWelcome, writers and developers.\n', user);
    await session.publish(user, 'Home text, merged', hooks);
    expect(git(bare, 'show', 'main:index.mdx')).toContain('writers and developers');
    // Discarding a draft brings the branch's text back.
    await session.saveText('index.mdx', '---\ntitle: Home\n---\n\nA draft to drop.\n', user);
    await session.discard('index.mdx');
    expect((await session.readText('index.mdx')).text).toContain('writers and developers');
    expect(await listEditorDrafts(db, project.id, 'main')).toEqual([]);
  });

  it('publishes a new branch as a pull request into main with a preview', async () => {
    const session = await service.open(project, 'docs/new-guide');
    await session.saveText('guides/setup.mdx', '---\ntitle: Setup\n---\n\nA branch edit.\n', user);
    const result = await session.publish(user, 'Branch edit', hooks);
    expect(result.kind).toBe('pull-request');
    if (result.kind !== 'pull-request') return;
    expect(result.previewUrl).toBe('http://docs/new-guide--p.localhost/');
    expect(triggered.at(-1)).toBe('preview:docs/new-guide');
    expect(git(bare, 'log', '-1', '--format=%ae', 'docs/new-guide').trim()).toBe(user.email);
    const id = result.pullRequestUrl.split('/').at(-1)!;
    const pr = await getLocalPullRequest(db, id);
    expect(pr).toMatchObject({ jobId: null, baseBranch: 'main', headBranch: 'docs/new-guide', title: 'Branch edit', status: 'open' });
    expect(pr!.diff).toContain('+A branch edit.');
    expect(git(bare, 'show', 'main:guides/setup.mdx')).toContain('Install the CLI first.');
  });

  it('answers a waiting sync as soon as a writer on another server changes the page, and after its wait when none does', async () => {
    const one = await service.open(project, 'main');
    const two = await new EditorService({ db, workRoot: path.join(tmp, 'editor-four'), assetBase: () => '/four' }).open(project, 'main');
    const a = await one.joinShared('guides/setup.mdx');
    const b = await two.joinShared('guides/setup.mdx');
    const since = b.updates.at(-1)!.id;
    // Nothing changes: the wait runs out and answers with nothing new.
    let started = performance.now();
    const idle = await two.syncShared('guides/setup.mdx', { generation: b.generation, since, updates: [], clientId: 'b', presence: null, waitMs: 400 });
    expect(idle.updates).toEqual([]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(350);
    // B waits up to 10 s; A types 150 ms later on the other server: B has it at once, not after the wait.
    const docA = new Y.Doc();
    for (const u of a.updates) Y.applyUpdate(docA, Buffer.from(u.update, 'base64'));
    started = performance.now();
    const waiting = two.syncShared('guides/setup.mdx', { generation: b.generation, since, updates: [], clientId: 'b', presence: null, waitMs: 10_000 });
    await new Promise((r) => setTimeout(r, 150));
    const before = Y.encodeStateVector(docA);
    docA.getText('source').insert(0, 'Woken. ');
    await one.syncShared('guides/setup.mdx', { generation: a.generation, since: a.updates.at(-1)!.id, updates: [Buffer.from(Y.encodeStateAsUpdate(docA, before)).toString('base64')], clientId: 'a', presence: null });
    const woken = await waiting;
    const elapsed = performance.now() - started;
    expect(woken.updates.length).toBeGreaterThan(0);
    expect(elapsed).toBeLessThan(3_000);
    const docB = new Y.Doc();
    for (const u of [...b.updates, ...woken.updates]) Y.applyUpdate(docB, Buffer.from(u.update, 'base64'));
    expect(docB.getText('source').toString().startsWith('Woken. ')).toBe(true);
  });
  it('refuses to publish to a local working copy, saying how to make a bare clone, and leaves its files and the drafts as they were', async () => {
    // `work` is a clone with main checked out: git refuses a push to main there.
    git(work, 'pull', '-q', 'origin', 'main');
    const copy = await createProject(db, { name: 'Working copy', repoUrl: work, branch: 'main' });
    const session = await new EditorService({ db, workRoot: path.join(tmp, 'editor-copy'), assetBase: () => '/copy' }).open(copy, 'main');
    await session.saveText('index.mdx', '---\ntitle: Home\n---\n\nEdited for the working copy.\n', user);
    const head = git(work, 'rev-parse', 'HEAD');
    const refused = await refusal(() => session.publish(user, 'into the working copy', hooks));
    expect(refused.code).toBe('EDITOR_PUBLISH_FAILED');
    expect(refused.status).toBe(409);
    expect(refused.message).toContain(`Repository "${work}" is a working copy`);
    expect(refused.message).toContain(`git clone --bare ${work} ${work}.git`);
    expect(git(work, 'rev-parse', 'HEAD')).toBe(head);
    expect(git(work, 'status', '--porcelain')).toBe('');
    expect((await listEditorDrafts(db, copy.id, 'main')).map((d) => d.path)).toEqual(['index.mdx']);
  }, 60_000);
});
