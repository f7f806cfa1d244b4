import { execFileSync } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, getUpdate, listDeliveries, listPreviews, type ProjectRow } from '../../src/db/index.js';
import type { BuildSite } from '../../src/hosting/index.js';
import { startGithubStandIn } from '../agent/github-stand-in.js';
import { backends } from '../db/helpers.js';
import { startTestServer, type TestServer } from '../server/helpers.js';

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.test', '-c', 'init.defaultBranch=main', ...args], { cwd, stdio: 'pipe' }).toString();

/** Commit `index.mdx` on `branch` (from main when new), push it, and return the commit sha. */
function pushPage(work: string, branch: string, text: string): string {
  if (branch === 'main') git(work, 'checkout', '-q', '-B', 'main');
  else git(work, 'checkout', '-q', '-B', branch, 'origin/main');
  fs.writeFileSync(path.join(work, 'index.mdx'), `---\ntitle: Home\n---\n\n${text}\n`);
  git(work, 'add', '-A');
  git(work, 'commit', '-q', '-m', text);
  git(work, 'push', '-q', '-f', 'origin', branch);
  return git(work, 'rev-parse', 'HEAD').trim();
}

/** The fetched checkout's index.mdx as the site's index.html (the real build is covered by updates.test.ts). */
const buildSite: BuildSite = async ({ root, outDir }) => {
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'index.html'), `<main>${fs.readFileSync(path.join(root, 'index.mdx'), 'utf8')}</main>`);
  return { ok: true, pages: 1, diagnostics: [], durationMs: 1 };
};

const ORIGIN = 'https://folio.example.test';
const TOKEN = 'ghs_standin_token';

describe.each(backends)('push to deploy on %s', (kind) => {
  let s: TestServer;
  let github: Awaited<ReturnType<typeof startGithubStandIn>>;
  let tmp: string;
  let work: string;
  let project: ProjectRow;
  let secret: string;

  beforeAll(async () => {
    github = await startGithubStandIn(TOKEN);
    s = await startTestServer(kind, { buildSite, github: { token: TOKEN, apiUrl: github.apiUrl } });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-webhooks-'));
    const bare = path.join(tmp, 'origin.git');
    work = path.join(tmp, 'work');
    git(tmp, 'init', '-q', '--bare', bare);
    git(tmp, 'clone', '-q', bare, work);
    fs.writeFileSync(path.join(work, 'docs.json'), JSON.stringify({ theme: 'mint', name: 'Hooks', colors: { primary: '#123456' }, navigation: { pages: ['index'] } }));
    pushPage(work, 'main', 'Main one.');
    project = await createProject(s.db, { name: 'Hooks', repoUrl: `file://${bare}`, branch: 'main' });
    secret = project.webhookSecret!;
  });
  afterAll(async () => {
    await s.cleanup();
    await github.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const deliver = (provider: string, headers: Record<string, string>, body: string, projectId = project.id) =>
    s.app.request(`${ORIGIN}/webhooks/${provider}/${projectId}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });
  const githubHeaders = (event: string, body: string, id = randomUUID(), key = secret) => ({
    'X-GitHub-Event': event,
    'X-GitHub-Delivery': id,
    'X-Hub-Signature-256': `sha256=${createHmac('sha256', key).update(body).digest('hex')}`,
  });
  const repository = { full_name: 'acme/docs' };
  const site = (label: string) => s.app.request('/', { headers: { Host: `${label}.localhost` } });
  /** The stand-in's statuses for `sha` once there are `count` of them (the last one is posted after the build ends). */
  async function statusesOf(sha: string, count: number) {
    const until = Date.now() + 10_000;
    while (github.statuses.filter((st) => st.sha === sha).length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    return github.statuses.filter((st) => st.sha === sha);
  }
  async function settle(statusId: string) {
    await s.updates.idle();
    return getUpdate(s.db, statusId);
  }

  it('GitHub push to the production branch updates the site and reports pending then success on the commit', async () => {
    const sha = pushPage(work, 'main', 'Main two.');
    const body = JSON.stringify({ ref: 'refs/heads/main', after: sha, deleted: false, repository });
    const headers = githubHeaders('push', body);
    const res = await deliver('github', headers, body);
    expect(res.status).toBe(202);
    const answer = await res.json();
    expect(answer.siteUrl).toBe(`https://${project.id}.localhost/`);
    const update = await settle(answer.statusId);
    expect(update).toMatchObject({ status: 'success', source: 'github', commitSha: sha, previewSlug: null });
    expect(await (await site(project.id)).text()).toContain('Main two.');
    // Octokit reached the stand-in: pending first, success after the build, on the pushed commit.
    const mine = await statusesOf(sha, 2);
    expect(mine.map((st) => [st.owner, st.repo, st.state, st.context, st.target_url])).toEqual([
      ['acme', 'docs', 'pending', 'folio/update', `https://${project.id}.localhost/`],
      ['acme', 'docs', 'success', 'folio/update', `https://${project.id}.localhost/`],
    ]);

    // The same delivery again is a replay: refused, logged, and nothing is queued.
    const replay = await deliver('github', headers, body);
    expect(replay.status).toBe(401);
    expect((await replay.json()).code).toBe('DELIVERY_REPLAYED');
    // Refusals are written after the answer, gathered for a second (RefusalLog).
    await expect.poll(async () => (await listDeliveries(s.db, project.id, 1))[0]?.outcome, { timeout: 10_000 }).toBe('refused');
    const log = await listDeliveries(s.db, project.id);
    expect(log.slice(0, 2).map((d) => [d.provider, d.outcome, d.httpStatus, d.deliveryId])).toEqual([
      ['github', 'refused', 401, headers['X-GitHub-Delivery']],
      ['github', 'triggered', 202, headers['X-GitHub-Delivery']],
    ]);
    expect(log[1]!.updateId).toBe(answer.statusId);
  });

  it('refuses unsigned, wrongly signed and tampered GitHub deliveries (401, logged), and unknown providers (404)', async () => {
    const body = JSON.stringify({ ref: 'refs/heads/main', after: 'a'.repeat(40), repository });
    const before = (await listDeliveries(s.db, project.id, 100)).length;
    const unsigned = await deliver('github', { 'X-GitHub-Event': 'push', 'X-GitHub-Delivery': randomUUID() }, body);
    expect(unsigned.status).toBe(401);
    expect((await unsigned.json()).code).toBe('DELIVERY_SIGNATURE_INVALID');
    expect((await deliver('github', githubHeaders('push', body, randomUUID(), 'not-the-secret'), body)).status).toBe(401);
    const tampered = githubHeaders('push', body);
    expect((await deliver('github', tampered, body.replace('main', 'evil'))).status).toBe(401);
    // Refusals are written after the answer, gathered for a second (RefusalLog).
    await expect.poll(async () => (await listDeliveries(s.db, project.id, 100)).length - before, { timeout: 10_000 }).toBe(3);
    const log = await listDeliveries(s.db, project.id, 100);
    expect(log.slice(0, 3).every((d) => d.outcome === 'refused' && d.detail.startsWith('DELIVERY_SIGNATURE_INVALID'))).toBe(true);
    expect((await deliver('bitbucket', githubHeaders('push', body), body)).status).toBe(404);
    await s.updates.idle();
    expect(await (await site(project.id)).text()).toContain('Main two.');
  });

  it('answers a project that does not exist exactly as one that does, whatever the delivery carries', async () => {
    const body = JSON.stringify({ ref: 'refs/heads/main', after: 'a'.repeat(40), repository });
    const answer = async (provider: string, headers: Record<string, string>, projectId: string) => {
      const res = await deliver(provider, headers, body, projectId);
      return { status: res.status, body: await res.json() };
    };
    const now = String(Math.floor(Date.now() / 1000));
    const kinds: [string, Record<string, string>][] = [
      ['github', { 'X-GitHub-Event': 'push', 'X-GitHub-Delivery': randomUUID() }],
      ['github', githubHeaders('push', body, randomUUID(), 'a-guess')],
      ['github', { 'X-GitHub-Event': 'push', 'X-GitHub-Delivery': randomUUID(), 'X-Hub-Signature-256': 'sha256=nothex' }],
      ['gitlab', { 'X-Gitlab-Event': 'Push Hook', 'X-Gitlab-Token': 'a-guess' }],
      ['gitlab', { 'X-Gitlab-Event': 'Push Hook' }],
      ['generic', { 'X-Folio-Delivery': randomUUID(), 'X-Folio-Timestamp': now, 'X-Folio-Signature': `sha256=${'0'.repeat(64)}` }],
      ['generic', { 'X-Folio-Delivery': randomUUID() }],
    ];
    for (const [provider, headers] of kinds) {
      const existing = await answer(provider, headers, project.id);
      expect(existing.status).toBe(401);
      expect(existing.body.code).toBe('DELIVERY_SIGNATURE_INVALID');
      expect(await answer(provider, headers, 'no-such-project')).toEqual(existing);
      expect(await answer(provider, headers, 'a%00b')).toEqual(existing);
    }
  });

  it('logs a signed delivery whose ref holds a NUL character (a 500 before)', async () => {
    const body = JSON.stringify({ ref: 'refs/tags/v1\u0000x', after: 'a'.repeat(40), repository });
    const res = await deliver('github', githubHeaders('push', body), body);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ outcome: 'ignored', reason: 'push to refs/tags/v1\u0000x is not a branch' });
    const [last] = await listDeliveries(s.db, project.id, 1);
    expect(last!.detail).toBe('push to refs/tags/v1\ufffdx is not a branch');
  });

  it('a GitHub pull request into main builds its preview with a commit status; closing it deletes the preview', async () => {
    const sha = pushPage(work, 'fix/typo', 'Typo fixed.');
    const pr = (action: string) =>
      JSON.stringify({ action, repository, pull_request: { head: { ref: 'fix/typo', sha, repo: repository }, base: { ref: 'main', repo: repository } } });
    const opened = await deliver('github', githubHeaders('pull_request', pr('opened')), pr('opened'));
    expect(opened.status).toBe(202);
    const answer = await opened.json();
    expect(answer.previewUrl).toBe(`https://fix-typo--${project.id}.localhost/`);
    expect(await settle(answer.statusId)).toMatchObject({ status: 'success', previewSlug: 'fix-typo', commitSha: sha });
    expect(await (await site(`fix-typo--${project.id}`)).text()).toContain('Typo fixed.');
    expect((await statusesOf(sha, 2)).map((st) => [st.state, st.context, st.target_url])).toEqual([
      ['pending', 'folio/preview', answer.previewUrl],
      ['success', 'folio/preview', answer.previewUrl],
    ]);
    // From a fork, or into another branch: ignored (200).
    const fork = JSON.stringify({ action: 'opened', repository, pull_request: { head: { ref: 'x', sha, repo: { full_name: 'mallory/docs' } }, base: { ref: 'main', repo: repository } } });
    const ignored = await deliver('github', githubHeaders('pull_request', fork), fork);
    expect(ignored.status).toBe(200);
    expect((await ignored.json()).reason).toContain('fork');

    const closed = await deliver('github', githubHeaders('pull_request', pr('closed')), pr('closed'));
    expect(closed.status).toBe(202);
    expect(await listPreviews(s.db, project.id)).toEqual([]);
    expect((await site(`fix-typo--${project.id}`)).status).toBe(404);
  });

  it('GitLab: a push with the token previews its branch, updates main; wrong token and replays are refused', async () => {
    const sha = pushPage(work, 'gl-branch', 'From GitLab.');
    const body = JSON.stringify({ object_kind: 'push', ref: 'refs/heads/gl-branch', after: sha, project: { path_with_namespace: 'acme/docs' } });
    const uuid = randomUUID();
    const headers = { 'X-Gitlab-Event': 'Push Hook', 'X-Gitlab-Token': secret, 'X-Gitlab-Event-UUID': uuid };
    const wrong = await deliver('gitlab', { ...headers, 'X-Gitlab-Token': 'guess' }, body);
    expect(wrong.status).toBe(401);
    const res = await deliver('gitlab', headers, body);
    expect(res.status).toBe(202);
    const answer = await res.json();
    expect(await settle(answer.statusId)).toMatchObject({ status: 'success', source: 'gitlab', previewSlug: 'gl-branch' });
    expect(await (await site(`gl-branch--${project.id}`)).text()).toContain('From GitLab.');
    expect((await deliver('gitlab', headers, body)).status).toBe(401);

    const mainSha = pushPage(work, 'main', 'Main three.');
    const mainBody = JSON.stringify({ object_kind: 'push', ref: 'refs/heads/main', after: mainSha });
    const update = await (await deliver('gitlab', { ...headers, 'X-Gitlab-Event-UUID': randomUUID() }, mainBody)).json();
    expect(await settle(update.statusId)).toMatchObject({ status: 'success', previewSlug: null, commitSha: mainSha });
    expect(await (await site(project.id)).text()).toContain('Main three.');
    // Deleting the branch (after = zeros) deletes its preview.
    const gone = JSON.stringify({ object_kind: 'push', ref: 'refs/heads/gl-branch', after: '0'.repeat(40) });
    expect((await deliver('gitlab', { ...headers, 'X-Gitlab-Event-UUID': randomUUID() }, gone)).status).toBe(202);
    expect((await site(`gl-branch--${project.id}`)).status).toBe(404);
  });

  it('generic: an HMAC over timestamp, delivery id and body; a stale timestamp or a replay is refused', async () => {
    const sha = pushPage(work, 'main', 'Main four.');
    const body = JSON.stringify({ branch: 'main', sha });
    const sign = (t: number, id: string) => ({
      'X-Folio-Timestamp': String(t),
      'X-Folio-Delivery': id,
      'X-Folio-Signature': `sha256=${createHmac('sha256', secret).update(`${t}.${id}.${body}`).digest('hex')}`,
    });
    const now = Math.floor(Date.now() / 1000);
    expect((await deliver('generic', sign(now - 3600, randomUUID()), body)).status).toBe(401);
    const headers = sign(now, randomUUID());
    const res = await deliver('generic', headers, body);
    expect(res.status).toBe(202);
    expect(await settle((await res.json()).statusId)).toMatchObject({ status: 'success', source: 'api', commitSha: sha });
    expect(await (await site(project.id)).text()).toContain('Main four.');
    const replay = await deliver('generic', headers, body);
    expect(replay.status).toBe(401);
    expect((await replay.json()).code).toBe('DELIVERY_REPLAYED');
  });
});
