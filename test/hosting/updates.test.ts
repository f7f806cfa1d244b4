import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, createProject, type ProjectRow } from '../../src/db/index.js';
import { backends } from '../db/helpers.js';
import { commitAndPush } from '../git/git-fixtures.js';
import { contractClient } from '../server/contract.js';
import { startTestServer, type TestServer } from '../server/helpers.js';

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.test', '-c', 'init.defaultBranch=main', ...args], { cwd, stdio: 'pipe' }).toString();


const docsJson = JSON.stringify({
  theme: 'mint',
  name: 'Updates',
  colors: { primary: '#123456' },
  navigation: { pages: ['index', 'guide'] },
  redirects: [{ source: '/old-guide', destination: '/guide' }],
});
const page = (title: string, text: string) => `---\ntitle: ${title}\n---\n\n${text}\n`;

describe.each(backends)('documentation updates on %s', (kind) => {
  let s: TestServer;
  let api: Awaited<ReturnType<typeof contractClient>>;
  let tmp: string;
  let work: string;
  let project: ProjectRow;
  let auth: Record<string, string>;

  beforeAll(async () => {
    s = await startTestServer(kind);
    api = await contractClient(s.app);
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-updates-'));
    const bare = path.join(tmp, 'origin.git');
    work = path.join(tmp, 'work');
    git(tmp, 'init', '-q', '--bare', bare);
    git(tmp, 'clone', '-q', bare, work);
    commitAndPush(work, { 'docs/docs.json': docsJson, 'docs/index.mdx': page('Home', 'Version one.'), 'docs/guide.mdx': page('Guide', 'Guide text.') }, 'v1');
    project = await createProject(s.db, { name: 'Updates', repoUrl: `file://${bare}`, branch: 'main', docsDir: 'docs', hostNames: ['docs.example.test'] });
    const { key } = await createApiKey(s.db, { projectIds: [project.id] });
    auth = { Authorization: `Bearer ${key}` };
  });
  afterAll(async () => {
    await s.cleanup();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  async function runUpdate(): Promise<{ status: string; summary: string; logs: string[]; commit: { sha: string | null } | null; endedAt: string | null }> {
    const res = await api.request(`/v1/project/update/${project.id}`, { method: 'POST', headers: auth });
    expect(res.status).toBe(202);
    const { statusId } = await res.json();
    for (;;) {
      const status = await (await api.request(`/v1/project/update-status/${statusId}`, { headers: auth })).json();
      if (status.status === 'success' || status.status === 'failure') return status;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const site = (url: string, host = `${project.id}.localhost:3000`) => s.app.request(url, { headers: { Host: host } });

  it('fetches, builds and publishes the branch, then serves it by Host', async () => {
    const before = await site('/');
    expect(before.status).toBe(404);
    expect(await before.text()).toContain('SITE_NOT_PUBLISHED');
    const result = await runUpdate();
    expect(result.status, result.logs.join('\n')).toBe('success');
    expect(result.summary).toMatch(/^Published 2 page\(s\)/);
    // The build's own output reaches the update-status logs, ending with the publish line.
    expect(result.logs.length).toBeGreaterThan(1);
    expect(result.logs.at(-1)).toMatch(/Published 2 page/);
    expect(result.commit?.sha).toBe(git(work, 'rev-parse', 'HEAD').trim());
    expect(result.endedAt).not.toBeNull();
    const home = await site('/');
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await home.text()).toContain('Version one.');
    expect(await (await site('/guide')).text()).toContain('Guide text.');
    expect(await (await site('/guide', 'docs.example.test')).text()).toContain('Guide text.');
    expect(home.headers.get('cache-control')).toBe('no-cache');
    const asset = /(\/assets\/[^"]+\.css)/.exec(await (await site('/')).text())?.[1];
    expect(asset).toBeTruthy();
    const css = await site(asset!);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(css.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const moved = await site('/old-guide');
    expect(moved.status).toBe(308);
    expect(moved.headers.get('location')).toBe('/guide');
  });

  // The build-heavy cases exercise the build and the publish switch, which do not depend on the database:
  // they run on the embedded database only (the status rows they write are covered on both by the others).
  it.skipIf(kind !== 'pglite')('keeps the last good site when a build fails, and publishes the next good one', async () => {
    commitAndPush(work, { 'docs/docs.json': '{ "name": broken', 'docs/index.mdx': page('Home', 'Version two.') }, 'broken');
    const failed = await runUpdate();
    expect(failed.status).toBe('failure');
    expect(failed.summary).toContain('UPDATE_BUILD_FAILED');
    expect(await (await site('/')).text()).toContain('Version one.');
    const builds = fs.readdirSync(path.join(s.dataDir, 'sites', project.id, 'builds'));
    expect(builds).toHaveLength(1);

    commitAndPush(work, { 'docs/docs.json': docsJson }, 'fixed');
    expect((await runUpdate()).status).toBe('success');
    expect(await (await site('/')).text()).toContain('Version two.');
  });

  it.skipIf(kind !== 'pglite')('readers never see a missing or half-published site while updates publish', async () => {
    commitAndPush(work, { 'docs/index.mdx': page('Home', 'Version three.') }, 'v3');
    const res = await api.request(`/v1/project/update/${project.id}`, { method: 'POST', headers: auth });
    const { statusId } = await res.json();
    const seen = new Set<string>();
    let finished = false;
    const done = (async () => {
      while (!finished) {
        const status = (await (await api.request(`/v1/project/update-status/${statusId}`, { headers: auth })).json()).status;
        if (status === 'success' || status === 'failure') finished = true;
        else await new Promise((r) => setTimeout(r, 20));
      }
    })();
    while (!finished) {
      const [home, guide] = await Promise.all([site('/'), site('/guide')]);
      expect(home.status).toBe(200);
      expect(guide.status).toBe(200);
      const text = await home.text();
      expect(await guide.text()).toContain('Guide text.');
      seen.add(text.includes('Version three.') ? 'new' : text.includes('Version two.') ? 'old' : 'other');
      // Readers' requests come over the network, a turn of the event loop apart: pages answered from the
      // store's memory resolve without one, and this loop would otherwise hold the update it waits for.
      await new Promise((resolve) => setImmediate(resolve));
    }
    await done;
    expect(seen.has('other')).toBe(false);
    expect(await (await site('/')).text()).toContain('Version three.');
  });

  it('reports an unreachable repository as a failed update', async () => {
    const broken = await createProject(s.db, { name: 'Gone', repoUrl: `file://${tmp}/missing.git` });
    const { key } = await createApiKey(s.db, { projectIds: [broken.id] });
    const res = await api.request(`/v1/project/update/${broken.id}`, { method: 'POST', headers: { Authorization: `Bearer ${key}` } });
    const { statusId } = await res.json();
    await s.updates.idle();
    const status = await (await api.request(`/v1/project/update-status/${statusId}`, { headers: { Authorization: `Bearer ${key}` } })).json();
    expect(status).toMatchObject({ status: 'failure', projectId: broken.id });
    expect(status.summary).toContain('UPDATE_FETCH_FAILED');
    // Another project's key cannot read it.
    expect((await api.request(`/v1/project/update-status/${statusId}`, { headers: auth })).status).toBe(404);
  });

  it('never serves a file outside the published build', async () => {
    fs.writeFileSync(path.join(s.dataDir, 'sites', project.id, 'secret.txt'), 'secret');
    for (const url of ['/../secret.txt', '/..%2fsecret.txt', '/%2e%2e/secret.txt', '/..%5csecret.txt', '/%00']) {
      const res = await site(url);
      expect(res.status, url).toBe(404);
      expect(await res.text()).not.toContain('secret');
    }
  });

  it('answers unknown site paths with the site 404 page', async () => {
    const res = await site('/no/such/page');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });
});
