import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertLocalPullRequest } from '../../src/db/index.js';
import { createPullRequestRoutes } from '../../src/hosting/index.js';
import { createBareRepo, gitOut, SITE_FILES, tempDir } from '../git/git-fixtures.js';
import { postJob, projectWithKey, startHarness, waitForJob, type Harness } from './harness.js';

let h: Harness;
let repos: { dir: string; cleanup: () => Promise<void> };
beforeAll(async () => {
  h = await startHarness();
  repos = await tempDir('folio-pulls-');
});
afterAll(async () => {
  await h?.close();
  await repos?.cleanup();
});

async function openPullRequest(name: string) {
  const bare = await createBareRepo(repos.dir, SITE_FILES, name);
  const p = await projectWithKey(h, bare);
  const job = await waitForJob(h, p, (await postJob(h, p, { prompt: 'add unlisted pages' })).id);
  const id = job.prLink!.split('/').pop()!;
  return { bare, p, id, jobId: job.id };
}

describe('Folio-recorded pull requests page', () => {
  it('shows the description and diff to key holders and merges with a real merge commit', async () => {
    const { bare, p, id, jobId } = await openPullRequest('merge-me');
    const pulls = createPullRequestRoutes({ db: h.db });
    expect((await pulls.request(`/pulls/${id}`)).status).toBe(404);
    const page = await pulls.request(`/pulls/${id}`, { headers: p.auth });
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain('List pages missing from the navigation');
    expect(text).toContain(`<code>folio/agent-${jobId}</code> into <code>main</code>`);
    expect(text).toMatch(/<span class="add">\+\s+&quot;guides\/deploy&quot;<\/span>/);
    expect(text).toContain('Merge into main');
    expect(await (await pulls.request(`/pulls/${id}/diff`, { headers: p.auth })).text()).toContain('diff --git a/docs.json b/docs.json');

    const cross = await pulls.request(`/pulls/${id}/merge`, { method: 'POST', headers: { ...p.auth, origin: 'https://evil.example', host: 'folio.test' } });
    expect(cross.status).toBe(403);
    const merged = await pulls.request(`/pulls/${id}/merge`, { method: 'POST', headers: p.auth });
    expect(merged.status).toBe(303);
    expect(gitOut(bare, ['show', 'main:docs.json'])).toContain('"guides/deploy"');
    expect(gitOut(bare, ['log', '-1', '--format=%P', 'main']).split(' ')).toHaveLength(2);
    const after = await (await pulls.request(`/pulls/${id}`, { headers: p.auth })).text();
    expect(after).toContain('<span class="badge merged">merged</span>');
    expect(after).not.toContain('Merge into main');
    expect((await pulls.request(`/pulls/${id}/merge`, { method: 'POST', headers: p.auth })).status).toBe(409);
  });

  it('closes without touching the repository, and refuses keys of other projects', async () => {
    const { bare, p, id } = await openPullRequest('close-me');
    const other = await projectWithKey(h, bare);
    const pulls = createPullRequestRoutes({ db: h.db });
    expect((await pulls.request(`/pulls/${id}/close`, { method: 'POST', headers: other.auth })).status).toBe(404);
    const mainBefore = gitOut(bare, ['rev-parse', 'main']);
    expect((await pulls.request(`/pulls/${id}/close`, { method: 'POST', headers: p.auth })).status).toBe(303);
    expect(gitOut(bare, ['rev-parse', 'main'])).toBe(mainBefore);
    expect(await (await pulls.request(`/pulls/${id}`, { headers: p.auth })).text()).toContain('This pull request is closed');
  });

  it('escapes titles, descriptions and diffs', async () => {
    const { p, jobId } = await openPullRequest('escape-me');
    const pr = await upsertLocalPullRequest(h.db, {
      jobId,
      projectId: p.projectId,
      repository: '/x/evil.git',
      baseBranch: 'main',
      headBranch: 'folio/agent-evil',
      title: '<script>alert(1)</script>',
      body: '<img src=x onerror=alert(2)>',
      diff: '+<iframe src="javascript:alert(3)">',
    });
    const html = await (await createPullRequestRoutes({ db: h.db }).request(`/pulls/${pr.id}`, { headers: p.auth })).text();
    expect(html).not.toMatch(/<script>alert|<img src=x|<iframe/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});
