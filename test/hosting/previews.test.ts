import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, createProject, listPreviews, type ProjectRow } from '../../src/db/index.js';
import { startPreviewSweeper, sweepPreviews, type BuildSite } from '../../src/hosting/index.js';
import { backends } from '../db/helpers.js';
import { contractClient } from '../server/contract.js';
import { startTestServer, type TestServer } from '../server/helpers.js';

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.test', '-c', 'init.defaultBranch=main', ...args], { cwd, stdio: 'pipe' }).toString();

/** Commit `files` on `branch` of the working copy (created from main when new) and push it. */
function pushDocs(work: string, branch: string, files: Record<string, string>): void {
  if (branch === 'main') git(work, 'checkout', '-q', '-B', 'main');
  else git(work, 'checkout', '-q', '-B', branch, 'origin/main');
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(work, name), text);
  git(work, 'add', '-A');
  git(work, 'commit', '-q', '-m', `${branch} change`);
  git(work, 'push', '-q', '-f', 'origin', branch);
}

const docsJson = JSON.stringify({ theme: 'mint', name: 'Previews', colors: { primary: '#123456' }, navigation: { pages: ['index'] } });
const page = (text: string) => `---\ntitle: Home\n---\n\n${text}\n`;
const API = 'http://api.example.test:3000';

/**
 * A small site builder for these tests: the fetched checkout's `index.mdx` as `index.html`. The real
 * `buildSite` behind the same runner is covered by test/hosting/updates.test.ts; here what matters is
 * which branch was fetched and where its build was published, at a fraction of the time.
 */
const buildSite: BuildSite = async ({ root, outDir }) => {
  fs.mkdirSync(outDir, { recursive: true });
  const text = fs.readFileSync(path.join(root, 'index.mdx'), 'utf8');
  fs.writeFileSync(path.join(outDir, 'index.html'), `<!doctype html><title>Home</title><main>${text}</main>`);
  return { ok: true, pages: 1, diagnostics: [], durationMs: 1 };
};

describe.each(backends)('preview deployments on %s', (kind) => {
  let s: TestServer;
  let api: Awaited<ReturnType<typeof contractClient>>;
  let tmp: string;
  let work: string;
  let project: ProjectRow;
  let auth: Record<string, string>;

  beforeAll(async () => {
    s = await startTestServer(kind, { buildSite });
    api = await contractClient(s.app);
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-previews-'));
    const bare = path.join(tmp, 'origin.git');
    work = path.join(tmp, 'work');
    git(tmp, 'init', '-q', '--bare', bare);
    git(tmp, 'clone', '-q', bare, work);
    pushDocs(work, 'main', { 'docs.json': docsJson, 'index.mdx': page('Production text.') });
    pushDocs(work, 'feature/New-Guide', { 'index.mdx': page('Preview text one.') });
    project = await createProject(s.db, { name: 'Previews', repoUrl: `file://${bare}`, branch: 'main' });
    const { key } = await createApiKey(s.db, { projectIds: [project.id] });
    auth = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
  });
  afterAll(async () => {
    await s.cleanup();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  const preview = (branch: unknown, headers = auth, projectId = project.id) =>
    api.request(`${API}/v1/project/preview/${projectId}`, { method: 'POST', headers, body: JSON.stringify({ branch }) });
  async function waitFor(statusId: string): Promise<{ status: string; summary: string; subdomain: string; logs: string[] }> {
    await s.updates.idle();
    return (await api.request(`${API}/v1/project/update-status/${statusId}`, { headers: auth })).json();
  }
  const site = (host: string, url = '/') => s.app.request(url, { headers: { Host: `${host}.localhost:3000` } });

  it('refuses a missing branch (400), a missing key (401), another project and an unknown branch', async () => {
    const missing = await api.request(`${API}/v1/project/preview/${project.id}`, { method: 'POST', headers: auth, body: '{}' });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toContain('branch');
    expect((await preview('')).status).toBe(400);
    const noKey = await preview('feature/New-Guide', { 'Content-Type': 'application/json' });
    expect(noKey.status).toBe(401);
    // The test server's own project exists, but this key is not scoped to it; and an unknown id.
    expect((await preview('feature/New-Guide', auth, s.project.id)).status).toBe(404);
    expect((await preview('feature/New-Guide', auth, 'no-such-project')).status).toBe(404);
    const unknown = await preview('no/such-branch');
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error).toContain('no branch "no/such-branch"');
    expect(await listPreviews(s.db, project.id)).toEqual([]);
  });

  it('builds a branch at <slug>--<project>, leaves the site alone, and rebuilds on the next call', async () => {
    const res = await preview('feature/New-Guide');
    expect(res.status).toBe(202);
    const body = await res.json();
    expect(body.previewUrl).toBe(`http://feature-new-guide--${project.id}.localhost:3000/`);
    const status = await waitFor(body.statusId);
    expect(status.status, status.logs.join('\n')).toBe('success');
    expect(status.subdomain).toBe(`feature-new-guide--${project.id}`);
    expect(status.summary).toContain('as preview feature-new-guide of branch feature/New-Guide');
    const served = await site(`feature-new-guide--${project.id}`);
    expect(served.status).toBe(200);
    expect(await served.text()).toContain('Preview text one.');
    // The production site was never published by the preview.
    const production = await site(project.id);
    expect(production.status).toBe(404);
    expect(await production.text()).toContain('SITE_NOT_PUBLISHED');

    pushDocs(work, 'feature/New-Guide', { 'index.mdx': page('Preview text two.') });
    const again = await (await preview('feature/New-Guide')).json();
    expect(again.previewUrl).toBe(body.previewUrl);
    expect(again.statusId).not.toBe(body.statusId);
    expect((await waitFor(again.statusId)).status).toBe('success');
    expect(await (await site(`feature-new-guide--${project.id}`)).text()).toContain('Preview text two.');
    const rows = await listPreviews(s.db, project.id);
    expect(rows.map((r) => [r.branch, r.slug, r.update?.id])).toEqual([['feature/New-Guide', 'feature-new-guide', again.statusId]]);
  });

  it('gives a branch whose slug another branch holds its own hashed slug', async () => {
    pushDocs(work, 'feature-new-guide', { 'index.mdx': page('Other branch.') });
    const body = await (await preview('feature-new-guide')).json();
    expect(body.previewUrl).toMatch(new RegExp(`^http://feature-new-guide-[0-9a-f]{6}--${project.id}\\.localhost:3000/$`));
    expect((await waitFor(body.statusId)).status).toBe('success');
    const host = new URL(body.previewUrl).hostname.replace(/\.localhost$/, '');
    expect(await (await site(host)).text()).toContain('Other branch.');
    expect(await (await site(`feature-new-guide--${project.id}`)).text()).toContain('Preview text two.');
  });

  it('deletes a preview through the API: 200, address and files gone, then 404; 400 without a branch, 401 without a key', async () => {
    pushDocs(work, 'to-delete', { 'index.mdx': page('Short-lived.') });
    const body = await (await preview('to-delete')).json();
    expect((await waitFor(body.statusId)).status).toBe('success');
    const host = `to-delete--${project.id}`;
    expect((await site(host)).status).toBe(200);
    const remove = (query: string, headers = auth, projectId = project.id) => api.request(`${API}/v1/project/preview/${projectId}${query}`, { method: 'DELETE', headers });
    expect((await remove('')).status).toBe(400);
    expect((await remove('?branch=to-delete', { 'Content-Type': 'application/json' })).status).toBe(401);
    expect((await remove('?branch=to-delete', auth, s.project.id)).status).toBe(404);
    const deleted = await remove('?branch=to-delete');
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ deleted: true, branch: 'to-delete' });
    expect(fs.existsSync(path.join(s.dataDir, 'sites', project.id, 'previews', 'to-delete'))).toBe(false);
    expect((await site(host)).status).toBe(404);
    expect((await listPreviews(s.db, project.id)).map((p) => p.branch)).not.toContain('to-delete');
    const again = await remove('?branch=to-delete');
    expect(again.status).toBe(404);
    expect((await again.json()).error).toContain('no preview of the branch "to-delete"');
  });

  it('sweeps previews unused for the TTL: row, files and address', async () => {
    expect(await sweepPreviews(s.db, s.dataDir, 60_000)).toBe(0);
    const removed = await sweepPreviews(s.db, s.dataDir, 60_000, Date.now() + 120_000);
    expect(removed).toBe(2);
    expect(await listPreviews(s.db, project.id)).toEqual([]);
    expect(fs.readdirSync(path.join(s.dataDir, 'sites', project.id, 'previews'))).toEqual([]);
    const gone = await site(`feature-new-guide--${project.id}`);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain('POST /v1/project/preview/');
  });

  it('the background sweeper removes a preview once its TTL passes', async () => {
    const body = await (await preview('feature/New-Guide')).json();
    expect((await waitFor(body.statusId)).status).toBe('success');
    const lines: string[] = [];
    const stop = startPreviewSweeper({ db: s.db, dataDir: s.dataDir, ttlMs: 300, everyMs: 100, log: (l) => lines.push(l) });
    try {
      const until = Date.now() + 5_000;
      while (!lines.some((l) => l.startsWith('swept')) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    } finally {
      stop();
    }
    expect(await listPreviews(s.db, project.id)).toEqual([]);
    expect(lines.join('\n')).toContain('swept 1 preview(s)');
    expect((await site(`feature-new-guide--${project.id}`)).status).toBe(404);
  });
});
