import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAgentJobById } from '../../src/db/index.js';
import { backends } from '../db/helpers.js';
import { createBareRepo, gitOut, SITE_FILES, tempDir } from '../git/git-fixtures.js';
import { jobEvents, postJob, projectWithKey, PUBLIC_URL, startHarness, waitForJob, type Harness } from './harness.js';

let n = 0;

describe.each(backends)('agent jobs end to end on %s (API → queue → worker → git → pull request)', (backend) => {
  let h: Harness;
  let repos: { dir: string; cleanup: () => Promise<void> };
  beforeAll(async () => {
    h = await startHarness({}, backend);
    repos = await tempDir('folio-agent-repos-');
  });
  afterAll(async () => {
    await h?.close();
    await repos?.cleanup();
  });
  const newRepo = (files = SITE_FILES) => createBareRepo(repos.dir, files, `docs${++n}`);

  it('folio-maintainer lists the unlisted page on a job branch and opens a pull request', async () => {
    const bare = await newRepo();
    const p = await projectWithKey(h, bare);
    const created = await postJob(h, p, { prompt: 'Add the pages that are missing from the navigation' });
    expect(created).toMatchObject({ status: 'active', prLink: null, source: { repository: bare, ref: null } });
    const done = await waitForJob(h, p, created.id);
    expect(done.status).toBe('completed');
    expect(done.prLink).toMatch(new RegExp(`^${PUBLIC_URL}/pulls/[0-9a-z]{10}$`));
    const branch = `folio/agent-${created.id}`;
    const nav = JSON.parse(gitOut(bare, ['show', `${branch}:docs.json`])) as { navigation: { groups: { pages: string[] }[] } };
    expect(nav.navigation.groups[1]!.pages).toEqual(['guides/setup', 'guides/deploy']);
    expect(gitOut(bare, ['log', '-1', '--format=%an', branch])).toBe('Folio Agent');
    expect(gitOut(bare, ['rev-parse', 'main'])).toBe(gitOut(bare, ['rev-parse', `${branch}~1`]));
    const [pr] = await h.db.query<{ head_branch: string; base_branch: string; status: string; diff: string }>(
      'SELECT head_branch, base_branch, status, diff FROM agent_pull_requests WHERE job_id = $1',
      [created.id],
    );
    expect(pr).toMatchObject({ head_branch: branch, base_branch: 'main', status: 'open' });
    expect(pr!.diff).toMatch(/^\+\s+"guides\/deploy"$/m);
    expect(await jobEvents(h.db, created.id)).toEqual(['claimed', 'completed']);
  });

  it('problems the repository already had do not fail the job; only new ones would', async () => {
    const docs = JSON.parse(SITE_FILES['docs.json']!) as { navigation: { groups: { pages: string[] }[] } };
    docs.navigation.groups[0]!.pages.push('ghost');
    const bare = await newRepo({ ...SITE_FILES, 'docs.json': JSON.stringify(docs, null, 2) + '\n' });
    const p = await projectWithKey(h, bare);
    const done = await waitForJob(h, p, (await postJob(h, p, { prompt: 'add unlisted pages' })).id);
    expect(done.status, (await getAgentJobById(h.db, done.id))?.failureReason ?? '').toBe('completed');
    expect(done.prLink).not.toBeNull();
  });

  it('a prompt that changes nothing completes with prLink null and pushes no branch', async () => {
    const bare = await newRepo();
    const p = await projectWithKey(h, bare);
    const created = await postJob(h, p, { prompt: 'fix broken internal links' });
    const done = await waitForJob(h, p, created.id);
    expect(done).toMatchObject({ status: 'completed', prLink: null, failureReason: null });
    expect(gitOut(bare, ['branch', '--list', 'folio/*'])).toBe('');
  });

  it('a broken repository URL fails the job with a coded reason', async () => {
    const p = await projectWithKey(h, `${repos.dir}/does-not-exist.git`);
    const created = await postJob(h, p, { prompt: 'add unlisted pages' });
    const done = await waitForJob(h, p, created.id);
    expect(done).toMatchObject({ status: 'failed', prLink: null });
    // The API returns the reason, not only the database.
    expect(done.failureReason).toMatch(/^AGENT_CLONE_FAILED: Cloning .*does-not-exist\.git failed/);
    expect((await getAgentJobById(h.db, created.id))!.failureReason).toBe(done.failureReason);
  });

  it('a repository URL that git could read as a transport or option fails without running git', async () => {
    const p = await projectWithKey(h, 'ext::sh -c touch% /tmp/folio-pwned');
    const done = await waitForJob(h, p, (await postJob(h, p, { prompt: 'add unlisted pages' })).id);
    expect(done.status).toBe('failed');
    const job = await h.db.query<{ failure_reason: string }>('SELECT failure_reason FROM agent_jobs WHERE project_id = $1', [p.projectId]);
    expect(job[0]!.failure_reason).toMatch(/^AGENT_BAD_REPOSITORY: /);
  });

  it('a prompt folio-maintainer does not understand fails with a reason saying what it can do', async () => {
    const p = await projectWithKey(h, await newRepo());
    const created = await postJob(h, p, { prompt: 'write a blog post about our launch' });
    expect((await waitForJob(h, p, created.id)).status).toBe('failed');
    expect((await getAgentJobById(h.db, created.id))!.failureReason).toMatch(/^AGENT_PROMPT_NOT_UNDERSTOOD: .*add pages that are not in the navigation/);
  });

  it('a follow-up message works on the same branch and updates the same pull request', async () => {
    const bare = await newRepo({ ...SITE_FILES, 'quickstart.mdx': '---\ntitle: Quickstart\n---\n\nRead [setup](/setup) next.\n' });
    const p = await projectWithKey(h, bare);
    const first = await waitForJob(h, p, (await postJob(h, p, { prompt: 'add unlisted pages to the navigation' })).id);
    expect(first.status).toBe('completed');
    const again = await postJob(h, p, { prompt: 'now fix broken links' }, first.id);
    expect(again).toMatchObject({ id: first.id, status: 'active', prLink: null });
    const second = await waitForJob(h, p, first.id);
    expect(second).toMatchObject({ status: 'completed', prLink: first.prLink });
    const branch = `folio/agent-${first.id}`;
    expect(gitOut(bare, ['rev-list', '--count', `main..${branch}`])).toBe('2');
    expect(gitOut(bare, ['show', `${branch}:quickstart.mdx`])).toContain('[setup](/guides/setup)');
    const prs = await h.db.query<{ body: string; diff: string }>('SELECT body, diff FROM agent_pull_requests WHERE job_id = $1', [first.id]);
    expect(prs).toHaveLength(1);
    expect(prs[0]!.body).toContain('1. add unlisted pages to the navigation\n2. now fix broken links');
    expect(prs[0]!.diff).toContain('+Read [setup](/guides/setup) next.');
    expect(await jobEvents(h.db, first.id)).toEqual(['claimed', 'completed', 'claimed', 'completed']);
  });
});
