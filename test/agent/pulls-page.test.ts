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

  it('renders the description as Markdown, names the title once, and drops script URLs', async () => {
    const { p, id, jobId } = await openPullRequest('markdown-me');
    const page = await (await createPullRequestRoutes({ db: h.db }).request(`/pulls/${id}`, { headers: p.auth })).text();
    expect(page.match(/List pages missing from the navigation/g)).toHaveLength(2); // <title> and <h1>
    expect(page).toContain('<h2>Requests</h2>');
    expect(page).toContain('<h2>What changed</h2>');
    expect(page).toContain('<li>Listed <code>guides/deploy</code> in group &quot;Guides&quot;');
    expect(page).toContain(`<p>Opened by the Folio agent (job <code>${jobId}</code>`);
    const pr = await upsertLocalPullRequest(h.db, {
      jobId,
      projectId: p.projectId,
      repository: '/x/md.git',
      baseBranch: 'main',
      headBranch: 'folio/agent-md',
      title: 'Links',
      body: '[click](javascript:alert(1)) and [docs](https://example.com/docs)\n\n<b onclick="x()">bold</b>',
      diff: '',
    });
    const html = await (await createPullRequestRoutes({ db: h.db }).request(`/pulls/${pr.id}`, { headers: p.auth })).text();
    expect(html).toContain('<a href="">click</a> and <a href="https://example.com/docs">docs</a>');
    expect(html).toContain('&lt;b onclick=&quot;x()&quot;&gt;bold&lt;/b&gt;');
  });

  it('sends a browser without a key or session to sign in, and back to the pull request', async () => {
    const { p, id } = await openPullRequest('sign-in-first');
    let signedIn = false;
    const pulls = createPullRequestRoutes({ db: h.db, signIn: { url: (next) => `/dashboard/login?next=${encodeURIComponent(next)}`, signedIn: () => signedIn } });
    const anonymous = await pulls.request(`/pulls/${id}`);
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toBe(`/dashboard/login?next=%2Fpulls%2F${id}`);
    // A key that may not see it, or a signed-in user asking for a pull request that does not exist: 404, no loop.
    const other = await projectWithKey(h, '/x/other.git');
    expect((await pulls.request(`/pulls/${id}`, { headers: other.auth })).status).toBe(404);
    signedIn = true;
    expect((await pulls.request('/pulls/does-not-exist')).status).toBe(404);
    expect((await pulls.request(`/pulls/${id}`, { headers: p.auth })).status).toBe(200);
  });
});
