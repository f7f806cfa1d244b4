import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runClaimedJob } from '../../src/agent/index.js';
import { claimAgentJob, createAgentJob, createProject, getAgentJobById, listAgentJobSteps } from '../../src/db/index.js';
import { createBareRepo, gitOut, tempDir } from '../git/git-fixtures.js';
import { startHttpGitServer, type HttpGitServer } from '../git/http-git-server.js';
import { startGithubStandIn } from './github-stand-in.js';
import { PUBLIC_URL, postJob, projectWithKey, startHarness, waitForJob, type Harness } from './harness.js';

// Agent jobs and git: the job's time limit stops a git command that hangs; a GitHub token reaches
// git through a credential helper and appears in no message, summary or log line.
const TOKEN = 'ghs_agentToken_ABCDEFGHIJKLMNOP0123';

let tmp: Awaited<ReturnType<typeof tempDir>>;
let server: HttpGitServer;
let github: Awaited<ReturnType<typeof startGithubStandIn>>;
let h: Harness;
let repository: string;
const logs: string[] = [];

beforeAll(async () => {
  tmp = await tempDir('folio-agent-git-');
  await createBareRepo(tmp.dir);
  server = await startHttpGitServer(tmp.dir, TOKEN);
  github = await startGithubStandIn(TOKEN);
  repository = `${server.origin}/docs.git`;
  h = await startHarness({ github: { apiUrl: github.apiUrl, token: TOKEN, repositories: { [repository]: 'acme/docs' } }, log: (line) => void logs.push(line) });
});
afterAll(async () => {
  await h?.close();
  await server?.close();
  await github?.close();
  await tmp?.cleanup();
});

describe('agent jobs and git', () => {
  it('pushes to GitHub with the token through the credential helper; the token is in no message', async () => {
    const p = await projectWithKey(h, repository);
    const job = await waitForJob(h, p, (await postJob(h, p, { prompt: 'add pages that are not in the navigation' })).id);
    expect(job).toMatchObject({ status: 'completed', prLink: 'https://github.test/acme/docs/pull/1' });
    expect(gitOut(path.join(tmp.dir, 'docs.git'), ['show', `folio/agent-${job.id}:docs.json`])).toContain('guides/deploy');
    expect(server.authorizations.some((a) => a !== null && Buffer.from(a.split(' ')[1]!, 'base64').toString('utf8') === `x-access-token:${TOKEN}`)).toBe(true);
    const transcript = await (await h.app.request(`/v2/agent/${p.projectId}/job/${job.id}/messages`, { headers: p.auth })).text();
    const row = await getAgentJobById(h.db, job.id);
    for (const text of [transcript, JSON.stringify(job), row!.summary ?? '', logs.join('\n')]) expect(text).not.toContain(TOKEN);
  });

  it("the job's time limit stops a clone that hangs and fails the job with AGENT_TIMEOUT", async () => {
    const project = await createProject(h.db, { name: 'hang', repoUrl: `${server.origin}/hang/docs.git` });
    const created = await createAgentJob(h.db, { projectId: project.id, repository: project.repoUrl, ref: null, model: 'folio-maintainer', prompt: 'fix broken links' });
    // Claimed here, so the harness's worker leaves it alone; run with a one-second limit.
    const job = (await claimAgentJob(h.db, { workerId: 'limit-test', leaseMs: 60_000, jobId: created.id }))!;
    const started = Date.now();
    const outcome = await runClaimedJob(
      { db: h.db, workerId: 'limit-test', workDir: path.join(tmp.dir, 'limit-work'), llm: null, verify: 'none', timeoutMs: 1_000, log: () => {}, publicUrl: PUBLIC_URL },
      job,
      new AbortController().signal,
    );
    expect(outcome).toBe('failed');
    expect(Date.now() - started).toBeLessThan(10_000);
    const row = await getAgentJobById(h.db, job.id);
    expect(row!.failureReason).toMatch(/^AGENT_TIMEOUT: the run took longer than 0.02 minutes/);
    expect((await listAgentJobSteps(h.db, job.id)).at(-1)).toMatchObject({ kind: 'summary' });
  });
});
