/**
 * Branches made in the web editor as draft pull requests, over HTTP on each database backend: an edit
 * autosaves the branch (commit pushed) and opens a draft pull request (GitHub through its REST stand-in,
 * or a pull request Folio records for a plain git remote); ready for review, review requests, approvals
 * and requests for changes decide whether it merges, and who may; shareable preview links open the
 * branch's pages without signing in, and are refused with their code once revoked or expired.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, type ProjectRow } from '../../src/db/index.js';
import { createUser } from '../../src/dashboard/index.js';
import { acceptInvite, inviteMember, type Role } from '../../src/dashboard/data/members.js';
import { startGithubStandIn } from '../agent/github-stand-in.js';
import type { BuildSite } from '../../src/hosting/index.js';
import { backends } from '../db/helpers.js';
import { dashboardStack, FormClient, type Stack } from './harness.js';

const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'init.defaultBranch=main', ...args], { cwd, stdio: 'pipe' }).toString();
const PASSWORD = 'a long enough password';
const HOME = '---\ntitle: Home\n---\n\nVarieties of mint grow in the garden.\n';
const EDITED = '---\ntitle: Home\n---\n\nVarieties of mint grow in the shade.\n';
const TOKEN = 'ghs_branches';

// Merging starts the site update; what it builds is not under test here (the update's id is).
const buildSite: BuildSite = async ({ outDir }) => {
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'index.html'), '<p>built</p>');
  return { ok: true, pages: 1, diagnostics: [], durationMs: 1 };
};

interface Member {
  client: FormClient;
  csrf: string;
}

describe.each(backends)('editor branches as draft pull requests on %s', (kind) => {
  let stack: Stack;
  let github: Awaited<ReturnType<typeof startGithubStandIn>>;
  let tmp: string;
  let onGithub: ProjectRow;
  let plain: ProjectRow;
  let owner: Member;
  let author: Member;
  let reviewer: Member;
  let viewer: Member;

  async function signIn(email: string): Promise<Member> {
    const client = new FormClient(stack.app);
    await client.get('/dashboard/login');
    await client.post('/dashboard/login', { email, password: PASSWORD });
    await client.get('/dashboard/projects');
    return { client, csrf: client.csrf() };
  }

  async function member(email: string, role: Role, projectIds: string[]): Promise<Member> {
    const invited = await inviteMember(stack.db, { email, role, projectIds });
    if ('refused' in invited) throw new Error('exists');
    await acceptInvite(stack.db, invited.token, PASSWORD);
    return signIn(email);
  }

  async function call(who: Member | null, project: ProjectRow, route: string, init: { json?: Record<string, unknown>; query?: Record<string, string> } = {}): Promise<{ status: number; body: any }> {
    const headers: Record<string, string> = who ? { cookie: [...who.client.cookies].map(([k, v]) => `${k}=${v}`).join('; '), 'x-csrf-token': who.csrf } : {};
    if (init.json) headers['content-type'] = 'application/json';
    const query = init.query ? `?${new URLSearchParams(init.query)}` : '';
    const res = await stack.app.request(`/dashboard/projects/${project.id}/editor/${route}${query}`, { method: init.json ? 'POST' : 'GET', headers, body: init.json ? JSON.stringify(init.json) : undefined });
    const text = await res.text();
    try {
      return { status: res.status, body: JSON.parse(text) };
    } catch {
      return { status: res.status, body: text };
    }
  }

  /** A repository with one page, pushed to a bare origin. */
  function repository(name: string): string {
    const bare = path.join(tmp, `${name}.git`);
    const work = path.join(tmp, name);
    git(tmp, 'init', '-q', '--bare', bare);
    git(tmp, 'clone', '-q', bare, work);
    fs.writeFileSync(path.join(work, 'docs.json'), JSON.stringify({ theme: 'mint', name: 'Mint', colors: { primary: '#123456' }, navigation: { pages: ['index'] } }));
    fs.writeFileSync(path.join(work, 'index.mdx'), HOME);
    git(work, 'add', '-A');
    git(work, '-c', 'user.name=Ann', '-c', 'user.email=ann@example.test', 'commit', '-q', '-m', 'First');
    git(work, 'push', '-q', 'origin', 'main');
    return bare;
  }

  /** The branch's record once its autosave has run (polled: the autosave runs 50 ms after the edit). */
  async function autosaved(project: ProjectRow, branch: string): Promise<any> {
    for (let i = 0; i < 200; i++) {
      const { body } = await call(author, project, 'branch.json', { query: { branch } });
      if (body.record?.savedCommit && body.drafts.length === 0) return body;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the branch never autosaved');
  }

  beforeAll(async () => {
    github = await startGithubStandIn(TOKEN);
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-branches-'));
    const githubBare = repository('hub');
    const plainBare = repository('plain');
    stack = await dashboardStack({ kind, buildSite, editor: { autosaveMs: 50, github: { apiUrl: github.apiUrl, token: TOKEN, repositories: { [githubBare]: 'acme/docs' } } } });
    onGithub = await createProject(stack.db, { name: 'Hub', repoUrl: githubBare, branch: 'main' });
    plain = await createProject(stack.db, { name: 'Plain', repoUrl: plainBare, branch: 'main' });
    await createUser(stack.db, 'owner@example.test', PASSWORD);
    owner = await signIn('owner@example.test');
    author = await member('author@example.test', 'editor', [onGithub.id, plain.id]);
    reviewer = await member('reviewer@example.test', 'editor', [onGithub.id, plain.id]);
    viewer = await member('viewer@example.test', 'viewer', []);
  }, 240_000);

  afterAll(async () => {
    await stack?.close();
    await github?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('autosaves a branch made in the editor to a draft GitHub pull request, marks it ready, and merges it once approved', async () => {
    const branch = 'update-introduction';
    expect((await call(author, onGithub, 'branches.json', { json: { branch } })).status).toBe(200);
    const fresh = await call(author, onGithub, 'branch.json', { query: { branch } });
    expect(fresh.body.record).toMatchObject({ branch, state: 'draft', pullRequestUrl: null, createdByEmail: 'author@example.test' });
    // The author is not offered as a reviewer of their own branch.
    expect(fresh.body.reviewers.map((r: any) => r.email).sort()).toEqual(['owner@example.test', 'reviewer@example.test']);

    // One edit: no publish pressed, the branch is committed, pushed and its draft pull request opened.
    expect((await call(author, onGithub, 'save.json', { json: { branch, file: 'index.mdx', text: EDITED } })).status).toBe(200);
    const saved = await autosaved(onGithub, branch);
    expect(saved.record.pullRequestUrl).toBe('https://github.test/acme/docs/pull/1');
    expect(github.pulls).toHaveLength(1);
    expect(github.pulls[0]).toMatchObject({ head: branch, base: 'main', state: 'open', draft: true, title: 'Update introduction' });
    expect(git(tmp, '--git-dir', onGithub.repoUrl, 'show', `${branch}:index.mdx`)).toBe(EDITED);
    expect(git(tmp, '--git-dir', onGithub.repoUrl, 'log', '-1', '--format=%ae', branch).trim()).toBe('author@example.test');

    // Not mergeable while a draft; nobody reviews a draft.
    expect((await call(author, onGithub, 'branch.json', { json: { branch, action: 'merge' } })).body.error.code).toBe('EDITOR_REVIEW_REQUIRED');
    expect((await call(reviewer, onGithub, 'branch.json', { json: { branch, action: 'approve' } })).body.error.code).toBe('EDITOR_REVIEW_REQUIRED');

    const ready = await call(author, onGithub, 'branch.json', { json: { branch, action: 'ready' } });
    expect(ready.body.record.state).toBe('ready');
    expect(github.pulls[0]!.draft).toBe(false);
    expect(github.requests).toContain('POST /graphql');

    // Review requests go to members with edit rights, never the author; viewers cannot review.
    expect((await call(author, onGithub, 'branch.json', { json: { branch, action: 'request-review', reviewer: 'viewer@example.test' } })).body.error.code).toBe('EDITOR_REVIEWER_INVALID');
    expect((await call(owner, onGithub, 'branch.json', { json: { branch, action: 'request-review', reviewer: 'author@example.test' } })).body.error.code).toBe('EDITOR_REVIEWER_INVALID');
    const asked = await call(author, onGithub, 'branch.json', { json: { branch, action: 'request-review', reviewer: 'Reviewer@example.test' } });
    expect(asked.body.record.reviews).toMatchObject([{ reviewerEmail: 'reviewer@example.test', requestedByEmail: 'author@example.test', state: 'requested' }]);
    expect((await call(author, onGithub, 'branch.json', { json: { branch, action: 'approve' } })).body.error.code).toBe('EDITOR_REVIEWER_INVALID');
    expect((await call(viewer, onGithub, 'branch.json', { json: { branch, action: 'approve' } })).status).toBe(403);

    // Changes asked: no merge until the same reviewer approves.
    expect((await call(reviewer, onGithub, 'branch.json', { json: { branch, action: 'request-changes' } })).body.record).toMatchObject({ approved: false, reviews: [{ state: 'changes' }] });
    expect((await call(author, onGithub, 'branch.json', { json: { branch, action: 'merge' } })).body.error.code).toBe('EDITOR_REVIEW_REQUIRED');
    expect((await call(reviewer, onGithub, 'branch.json', { json: { branch, action: 'approve' } })).body.record.approved).toBe(true);
    const merged = await call(author, onGithub, 'branch.json', { json: { branch, action: 'merge' } });
    expect(merged.status).toBe(200);
    expect(merged.body.record).toMatchObject({ state: 'merged', mergedByEmail: 'author@example.test' });
    expect(merged.body.updateId).toEqual(expect.any(String));
    expect(github.pulls[0]).toMatchObject({ state: 'closed', merged: true });
    expect(github.requests).toContain('PUT /repos/acme/docs/pulls/1/merge');
    // A merged branch takes no more saves.
    expect((await call(author, onGithub, 'branch.json', { json: { branch, action: 'save' } })).body.error.code).toBe('EDITOR_BRANCH_MERGED');
  }, 300_000);

  it('records the pull request of a plain git remote in Folio and merges it by fast-forwarding the deployment branch', async () => {
    const branch = 'shade';
    await call(author, plain, 'branches.json', { json: { branch } });
    await call(author, plain, 'save.json', { json: { branch, file: 'index.mdx', text: EDITED } });
    const saved = await autosaved(plain, branch);
    expect(saved.record.pullRequestUrl).toMatch(/^http:\/\/localhost\/pulls\/[a-z0-9]+$/);
    const [recorded] = await stack.db.query<{ status: string; head_branch: string; diff: string }>(`SELECT status, head_branch, diff FROM agent_pull_requests WHERE project_id = $1`, [plain.id]);
    expect(recorded).toMatchObject({ status: 'open', head_branch: branch });
    expect(recorded!.diff).toContain('+Varieties of mint grow in the shade.');
    // The deployment branch itself is not a branch of the review flow.
    expect((await call(author, plain, 'branch.json', { json: { action: 'save' } })).body.error.code).toBe('EDITOR_NOT_A_BRANCH');

    await call(author, plain, 'branch.json', { json: { branch, action: 'ready' } });
    await call(owner, plain, 'branch.json', { json: { branch, action: 'approve' } });
    const merged = await call(reviewer, plain, 'branch.json', { json: { branch, action: 'merge' } });
    expect(merged.body.record.state).toBe('merged');
    expect(git(tmp, '--git-dir', plain.repoUrl, 'rev-parse', 'main')).toBe(git(tmp, '--git-dir', plain.repoUrl, 'rev-parse', branch));
    const [after] = await stack.db.query<{ status: string }>(`SELECT status FROM agent_pull_requests WHERE project_id = $1`, [plain.id]);
    expect(after!.status).toBe('merged');
  }, 300_000);

  it('shares a branch preview by an unguessable link anyone can open, refused once revoked or expired', async () => {
    const branch = 'share-me';
    await call(author, plain, 'branches.json', { json: { branch } });
    await call(author, plain, 'save.json', { json: { branch, file: 'index.mdx', text: '---\ntitle: Home\n---\n\nPeppermint tea for reviewers.\n' } });
    const made = await call(author, plain, 'share.json', { json: { branch, action: 'create' } });
    expect(made.status).toBe(200);
    const url = new URL(made.body.url);
    expect(url.pathname).toMatch(/^\/dashboard\/share\/[A-Za-z0-9_-]{32}\/$/);
    // The token is not stored: only its hash.
    const token = url.pathname.split('/')[3]!;
    expect(JSON.stringify(await stack.db.query('SELECT * FROM editor_preview_links'))).not.toContain(token);

    // No cookie: the page as readers see it, with the site's stylesheet under the same link.
    const page = await stack.app.request(url.pathname);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Peppermint tea for reviewers.');
    expect(html).not.toContain('/editor/site/');
    const css = /href="(\/dashboard\/share\/[^"]+\.css)"/.exec(html)?.[1];
    expect(css).toBeDefined();
    expect((await stack.app.request(css!)).headers.get('content-type')).toContain('text/css');
    expect((await stack.app.request(`${url.pathname}index`)).status).toBe(200);

    // Listed for the branch; a viewer cannot make or revoke links.
    const listed = await call(author, plain, 'branch.json', { query: { branch } });
    expect(listed.body.links).toMatchObject([{ id: made.body.link.id, createdByEmail: 'author@example.test', revokedAt: null }]);
    expect((await call(viewer, plain, 'share.json', { json: { branch, action: 'create' } })).status).toBe(403);

    await call(author, plain, 'share.json', { json: { branch, action: 'revoke', id: made.body.link.id } });
    const revoked = await stack.app.request(url.pathname);
    expect(revoked.status).toBe(410);
    expect(await revoked.text()).toContain('EDITOR_PREVIEW_LINK_REVOKED');

    const guessed = await stack.app.request(`/dashboard/share/${'A'.repeat(32)}/`);
    expect(guessed.status).toBe(404);
    expect(await guessed.text()).toContain('EDITOR_PREVIEW_LINK_INVALID');

    // A link made to last a tenth of a second.
    const brief = await call(author, plain, 'share.json', { json: { branch, action: 'create', days: 0.1 / 86_400 } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const expired = await stack.app.request(new URL(brief.body.url).pathname);
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain('EDITOR_PREVIEW_LINK_EXPIRED');
    // The deployment branch has no share links (its site is public).
    expect((await call(author, plain, 'share.json', { json: { action: 'create' } })).body.error.code).toBe('EDITOR_NOT_A_BRANCH');
  }, 300_000);
});
