/**
 * Automerge of an automation's run where the base may have moved: on GitLab (the stand-in speaks its
 * REST v4) the merge names the commit the checks passed on (`sha`); a fast-forward-only project whose
 * target moved is rebased by GitLab and then merged, and one whose rebase conflicts stays open with
 * the reason in the job's summary. On a plain git remote whose base moved while the run worked, the
 * fast-forward is refused and the recorded pull request stays open with a clear reason.
 */
import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAutomations, type Automations } from '../../src/agent/index.js';
import { createAutomation, createProject, getAgentJobById, type AgentJobRow } from '../../src/db/index.js';
import { backends } from '../db/helpers.js';
import { createBareRepo, gitOut, tempDir } from '../git/git-fixtures.js';
import { startHttpGitServer, type HttpGitServer } from '../git/http-git-server.js';
import { startGitlabStandIn, type GitlabStandInOptions } from './gitlab-stand-in.js';
import { startHarness, type Harness } from './harness.js';

const TOKEN = 'glpat-automergeToken_ABCDEFG0123';

describe.each(backends)('automerge where the base moved, on %s', { timeout: 180_000 }, (backend) => {
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let server: HttpGitServer;
  let gitlab: Awaited<ReturnType<typeof startGitlabStandIn>>;
  const behaviour: GitlabStandInOptions = {};
  let h: Harness;
  let automations: Automations;

  beforeAll(async () => {
    tmp = await tempDir('folio-gitlab-automerge-');
    for (const name of ['merge', 'rebase', 'conflict']) await createBareRepo(path.join(tmp.dir, 'acme'), undefined, name);
    server = await startHttpGitServer(tmp.dir, TOKEN);
    // The stand-in reads branch heads from the real repositories, so `sha` is checked as GitLab checks it.
    behaviour.headOf = (project, branch) => gitOut(path.join(tmp.dir, `${project}.git`), ['rev-parse', `refs/heads/${branch}`]);
    gitlab = await startGitlabStandIn(TOKEN, ['acme/merge', 'acme/rebase', 'acme/conflict'], behaviour);
    h = await startHarness({ gitlab: { apiUrl: gitlab.apiUrl, token: TOKEN, hosts: ['127.0.0.1'] } }, backend);
    automations = createAutomations({ db: h.db, defaultModel: 'folio-maintainer', enqueue: (id) => h.worker.enqueue(id) });
  });
  afterAll(async () => {
    await h?.close();
    await server?.close();
    await gitlab?.close();
    await tmp?.cleanup();
  });

  async function runAutomerge(repository: string): Promise<AgentJobRow> {
    const project = await createProject(h.db, { name: 'docs', repoUrl: repository, agentRatePerHour: 1000 });
    const automation = await createAutomation(h.db, {
      projectId: project.id,
      name: 'Navigation',
      trigger: 'schedule',
      schedule: '0 9 * * 1',
      branch: null,
      prompt: 'add pages that are not in the navigation',
      model: null,
      nextRunAt: new Date('2030-01-01T09:00:00Z'),
      automerge: true,
    });
    const started = await automations.fire(automation, 'api');
    const until = Date.now() + 150_000;
    for (;;) {
      const job = await getAgentJobById(h.db, started!.job.id);
      if (job && job.status !== 'active') {
        expect(job.status, job.failureReason ?? '').toBe('completed');
        return job;
      }
      if (Date.now() > until) throw new Error(`job ${started!.job.id} still active`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  it('merges on GitLab exactly the commit the checks passed on', async () => {
    Object.assign(behaviour, { mergeMethod: 'merge', targetMoves: false, rebaseConflicts: false });
    const job = await runAutomerge(`${server.origin}/acme/merge.git`);
    const mr = gitlab.mergeRequests.find((m) => m.project === 'acme/merge')!;
    expect(mr).toMatchObject({ state: 'merged', source_branch: `folio/agent-${job.id}` });
    const merge = gitlab.bodies.find((b) => b.request === `PUT /api/v4/projects/acme%2Fmerge/merge_requests/${mr.iid}/merge`)!;
    expect(merge.body.sha).toBe(gitOut(path.join(tmp.dir, 'acme', 'merge.git'), ['rev-parse', `refs/heads/folio/agent-${job.id}`]));
    expect(job.summary).toContain('The checks passed, so it was merged into main');
  });

  it('a fast-forward-only GitLab project whose target moved: GitLab rebases the branch, then it is merged', async () => {
    Object.assign(behaviour, { mergeMethod: 'ff', targetMoves: true, rebaseConflicts: false });
    const job = await runAutomerge(`${server.origin}/acme/rebase.git`);
    const mr = gitlab.mergeRequests.find((m) => m.project === 'acme/rebase')!;
    expect(mr.state).toBe('merged');
    const calls = gitlab.bodies.map((b) => b.request).filter((r) => r.includes('acme%2Frebase') && r.startsWith('PUT') && /merge$|rebase$/.test(r));
    expect(calls).toEqual([`PUT /api/v4/projects/acme%2Frebase/merge_requests/${mr.iid}/merge`, `PUT /api/v4/projects/acme%2Frebase/merge_requests/${mr.iid}/rebase`, `PUT /api/v4/projects/acme%2Frebase/merge_requests/${mr.iid}/merge`]);
    // The second merge names the rebased head GitLab answered.
    expect(gitlab.bodies.filter((b) => b.request.endsWith(`${mr.iid}/merge`) && b.request.includes('acme%2Frebase')).at(-1)!.body.sha).toBe('e'.repeat(40));
    expect(job.summary).toContain('The checks passed, so it was merged into main');
  });

  it('a rebase GitLab cannot do leaves the merge request open, and the summary says why', async () => {
    Object.assign(behaviour, { mergeMethod: 'ff', targetMoves: true, rebaseConflicts: true });
    const job = await runAutomerge(`${server.origin}/acme/conflict.git`);
    expect(gitlab.mergeRequests.find((m) => m.project === 'acme/conflict')!.state).toBe('opened');
    expect(job.summary).toContain('The checks passed, but it was not merged: main moved since the run started, and GitLab could not rebase the branch onto it: Rebase failed: Rebase locally, resolve all conflicts, then push the branch.. It stays open.');
  });

  it('a plain remote whose base moved while the run worked: not fast-forwarded, the pull request left open with the reason', async () => {
    const bare = await createBareRepo(tmp.dir, undefined, 'plain');
    // Someone pushes to main right after the run pushed its branch: a commit on main made in the repository itself.
    const hook = path.join(bare, 'hooks', 'post-receive');
    writeFileSync(
      hook,
      [
        '#!/bin/sh',
        'while read old new ref; do',
        '  case "$ref" in refs/heads/folio/*)',
        '    c=$(git -c user.name=Other -c user.email=o@example.invalid commit-tree -p refs/heads/main -m "Someone else" "refs/heads/main^{tree}")',
        '    git update-ref refs/heads/main "$c";;',
        '  esac',
        'done',
        '',
      ].join('\n'),
    );
    chmodSync(hook, 0o755);
    const before = gitOut(bare, ['rev-parse', 'main']);
    const job = await runAutomerge(bare);
    const main = gitOut(bare, ['rev-parse', 'main']);
    expect(main).not.toBe(before);
    expect(gitOut(bare, ['log', '-1', '--format=%s', 'main'])).toBe('Someone else');
    const [pr] = await h.db.query<{ status: string }>('SELECT status FROM agent_pull_requests WHERE repository = $1', [bare]);
    expect(pr!.status).toBe('open');
    expect(job.summary).toContain(`The checks passed, but it was not merged: main moved since the run started from ${before.slice(0, 12)}, so folio/agent-${job.id} is no fast-forward of it any more and was not merged`);
  });
});
