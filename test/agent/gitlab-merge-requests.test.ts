import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitlabOptionsFromEnv, gitlabProjectOf } from '../../src/agent/index.js';
import { getAgentJobById } from '../../src/db/index.js';
import { createBareRepo, gitOut, tempDir } from '../git/git-fixtures.js';
import { startHttpGitServer, type HttpGitServer } from '../git/http-git-server.js';
import { startGitlabStandIn } from './gitlab-stand-in.js';
import { postJob, projectWithKey, startHarness, waitForJob, type Harness } from './harness.js';

// A job on a repository hosted on GitLab opens a merge request through REST v4 (the stand-in speaks
// GitLab's protocol), after pushing its branch over smart HTTP with the token (user oauth2).
const TOKEN = 'glpat-agentToken_ABCDEFGHIJ0123';

let tmp: Awaited<ReturnType<typeof tempDir>>;
let server: HttpGitServer;
let gitlab: Awaited<ReturnType<typeof startGitlabStandIn>>;
let h: Harness;
let repository: string;

beforeAll(async () => {
  tmp = await tempDir('folio-agent-gitlab-');
  await createBareRepo(path.join(tmp.dir, 'acme'), undefined, 'docs');
  await createBareRepo(path.join(tmp.dir, 'acme'), undefined, 'gone');
  server = await startHttpGitServer(tmp.dir, TOKEN);
  gitlab = await startGitlabStandIn(TOKEN, ['acme/docs']);
  repository = `${server.origin}/acme/docs.git`;
  // The git server's host is this GitLab's, as gitlab.com is by default.
  h = await startHarness({ gitlab: { apiUrl: gitlab.apiUrl, token: TOKEN, hosts: ['127.0.0.1'] } });
});
afterAll(async () => {
  await h?.close();
  await server?.close();
  await gitlab?.close();
  await tmp?.cleanup();
});

describe('GitLab merge requests', () => {
  it('reads the project path (subgroups kept) of GitLab URLs, and its settings from the environment', () => {
    for (const url of ['https://gitlab.com/acme/docs', 'https://gitlab.com/acme/docs.git', 'git@gitlab.com:acme/docs.git', 'ssh://git@gitlab.com/acme/docs.git']) {
      expect(gitlabProjectOf(url, {}), url).toBe('acme/docs');
    }
    expect(gitlabProjectOf('https://gitlab.com/acme/platform/docs.git', {})).toBe('acme/platform/docs');
    expect(gitlabProjectOf('https://github.com/acme/docs.git', {})).toBeNull();
    expect(gitlabProjectOf('https://git.corp:8443/team/docs.git', { hosts: ['git.corp'] })).toBe('team/docs');
    expect(gitlabOptionsFromEnv({})).toBeUndefined();
    expect(gitlabOptionsFromEnv({ GITLAB_TOKEN: 't', FOLIO_GITLAB_API_URL: 'https://git.corp/api/v4' })).toEqual({ token: 't', apiUrl: 'https://git.corp/api/v4', hosts: ['gitlab.com', 'git.corp'] });
  });

  it('a job opens a merge request with the summary as description; a follow-up updates it, not a second one', async () => {
    const p = await projectWithKey(h, repository);
    const job = await waitForJob(h, p, (await postJob(h, p, { prompt: 'add pages that are not in the navigation' })).id);
    expect(job.status, (await getAgentJobById(h.db, job.id))?.failureReason ?? '').toBe('completed');
    expect(job.prLink).toBe('https://gitlab.test/acme/docs/-/merge_requests/1');
    const branch = `folio/agent-${job.id}`;
    expect(gitOut(path.join(tmp.dir, 'acme', 'docs.git'), ['show', `${branch}:docs.json`])).toContain('guides/deploy');
    // git pushed with the token as oauth2's password, through the credential helper.
    expect(server.authorizations.some((a) => a !== null && Buffer.from(a.split(' ')[1]!, 'base64').toString('utf8') === `oauth2:${TOKEN}`)).toBe(true);
    expect(gitlab.mergeRequests).toHaveLength(1);
    const [mr] = gitlab.mergeRequests;
    expect(mr).toMatchObject({ project: 'acme/docs', source_branch: branch, target_branch: 'main', state: 'opened' });
    expect(mr!.description).toContain('add pages that are not in the navigation');
    expect(mr!.description).toContain('`docs.json`');
    // The project id went as one URL-encoded segment.
    expect(gitlab.requests).toContain('POST /api/v4/projects/acme%2Fdocs/merge_requests');

    const again = await postJob(h, p, { prompt: 'fix broken internal links' }, job.id);
    const second = await waitForJob(h, p, again.id);
    expect(second).toMatchObject({ status: 'completed', prLink: job.prLink });
    expect(gitlab.mergeRequests).toHaveLength(1);
    expect(gitlab.mergeRequests[0]!.description).toContain('2. fix broken internal links');
    expect(gitlab.requests.filter((r) => r.startsWith('PUT /api/v4/projects/acme%2Fdocs/merge_requests/1'))).toHaveLength(1);
  }, 180_000);

  it('refusals end the job with a stable code: a project GitLab does not have, a token it does not take', async () => {
    const p = await projectWithKey(h, `${server.origin}/acme/gone.git`);
    const missing = await waitForJob(h, p, (await postJob(h, p, { prompt: 'add pages that are not in the navigation' })).id);
    expect(missing.status).toBe('failed');
    expect((await getAgentJobById(h.db, missing.id))!.failureReason).toMatch(/^AGENT_GITLAB_PROJECT_NOT_FOUND: GitLab refused the merge request for acme\/gone \(HTTP 404\): 404 Project Not Found/);

    // A plain path the push needs no token for, mapped to the GitLab project; the API gets a token GitLab refuses.
    const bare = path.join(tmp.dir, 'acme', 'docs.git');
    const other = await startHarness({ gitlab: { apiUrl: gitlab.apiUrl, token: 'glpat-wrong', repositories: { [bare]: 'acme/docs' } } });
    try {
      const q = await projectWithKey(other, bare);
      const denied = await waitForJob(other, q, (await postJob(other, q, { prompt: 'add pages that are not in the navigation' })).id);
      expect(denied.status).toBe('failed');
      expect((await getAgentJobById(other.db, denied.id))!.failureReason).toMatch(/^AGENT_GITLAB_UNAUTHORIZED: GitLab refused the merge request for acme\/docs \(HTTP 401\): 401 Unauthorized/);
      expect(gitlab.mergeRequests).toHaveLength(1);
    } finally {
      await other.close();
    }
  }, 180_000);
});
