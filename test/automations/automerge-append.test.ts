import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branchForAutomation, createAutomations, type Automations } from '../../src/agent/index.js';
import { createAutomation, createProject, getAgentJobById, type AgentJobRow, type Database } from '../../src/db/index.js';
import { startGithubStandIn } from '../agent/github-stand-in.js';
import { startHarness, type Harness } from '../agent/harness.js';
import { createBareRepo, gitOut, tempDir } from '../git/git-fixtures.js';

// Automerge (GitHub's merge endpoint on the stand-in; a fast-forward push on a plain remote) and
// appending to the automation's open pull request (the second run pushes to the same branch and the
// pull request is updated, not duplicated).
const TOKEN = 'ghs_automationToken_0123456789';

let tmp: Awaited<ReturnType<typeof tempDir>>;
let github: Awaited<ReturnType<typeof startGithubStandIn>>;
let h: Harness;
let automations: Automations;
const mapped: Record<string, string> = {};

beforeAll(async () => {
  tmp = await tempDir('folio-automerge-');
  github = await startGithubStandIn(TOKEN);
  for (const name of ['append', 'merge-gh']) mapped[path.join(tmp.dir, `${name}.git`)] = `acme/${name}`;
  h = await startHarness({ github: { apiUrl: github.apiUrl, token: TOKEN, repositories: mapped } });
  automations = createAutomations({ db: h.db, defaultModel: 'folio-maintainer', enqueue: (id) => h.worker.enqueue(id) });
});
afterAll(async () => {
  await h?.close();
  await github?.close();
  await tmp?.cleanup();
});

async function settled(db: Database, id: string, timeoutMs = 120_000): Promise<AgentJobRow> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const job = await getAgentJobById(db, id);
    if (job && job.status !== 'active') return job;
    if (Date.now() > until) throw new Error(`job ${id} still active`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function automationOn(repository: string, options: { automerge?: boolean; appendToOpen?: boolean }) {
  const project = await createProject(h.db, { name: 'docs', repoUrl: repository, agentRatePerHour: 1000 });
  return createAutomation(h.db, {
    projectId: project.id,
    name: 'Navigation',
    trigger: 'schedule',
    schedule: '0 9 * * 1',
    branch: null,
    prompt: 'add pages that are not in the navigation',
    model: null,
    nextRunAt: new Date('2030-01-01T09:00:00Z'),
    ...options,
  });
}

async function run(automation: Awaited<ReturnType<typeof automationOn>>): Promise<AgentJobRow> {
  const started = await automations.fire(automation, 'api');
  const job = await settled(h.db, started!.job.id);
  expect(job.status, job.failureReason ?? '').toBe('completed');
  return job;
}

/** A commit on `branch` of a bare repository adding `file` (as a reviewer pushing to the pull request would). */
async function pushFile(bare: string, branch: string, file: string, text: string): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'folio-push-'));
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=Reviewer', '-c', 'user.email=r@example.invalid', ...args], { cwd: dir, encoding: 'utf8' });
  try {
    git('clone', '-q', '--branch', branch, '--', bare, '.');
    await writeFile(path.join(dir, file), text);
    git('add', '-A');
    git('commit', '-q', '-m', `Add ${file}`);
    git('push', '-q', 'origin', `HEAD:refs/heads/${branch}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('automation pull requests', () => {
  it('appends the second run to the open pull request: same branch, the pull request updated, not a second one', async () => {
    const bare = await createBareRepo(tmp.dir, undefined, 'append');
    const automation = await automationOn(bare, { appendToOpen: true });
    const branch = branchForAutomation(automation.id);
    const first = await run(automation);
    expect(first.prLink).toMatch(/^https:\/\/github\.test\/acme\/append\/pull\/\d+$/);
    expect(gitOut(bare, ['show', `${branch}:docs.json`])).toContain('guides/deploy');
    // Someone adds a page to the pull request's branch; the next run continues that branch and lists it.
    await pushFile(bare, branch, 'guides/extra.mdx', '---\ntitle: Extra\n---\n\nMore.\n');
    const second = await run(automation);
    expect(second.prLink).toBe(first.prLink);
    expect(second.id).not.toBe(first.id);
    expect(gitOut(bare, ['show', `${branch}:docs.json`])).toContain('guides/extra');
    expect(gitOut(bare, ['rev-list', '--count', `main..${branch}`])).toBe('3');
    const pulls = github.pulls.filter((p) => p.repo === 'append');
    expect(pulls).toHaveLength(1);
    const n = pulls[0]!.number;
    expect(pulls[0]).toMatchObject({ head: branch, base: 'main', state: 'open' });
    expect(pulls[0]!.body).toContain(`job \`${second.id}\``);
    expect(github.requests.filter((r) => r === 'POST /repos/acme/append/pulls')).toHaveLength(1);
    expect(github.requests.filter((r) => r === `PATCH /repos/acme/append/pulls/${n}`)).toHaveLength(1);
    // No job branch was made for either run.
    expect(gitOut(bare, ['branch', '--list', 'folio/agent-*'])).toBe('');
  }, 240_000);

  it('merges the pull request on GitHub through its merge endpoint once the checks pass', async () => {
    const bare = await createBareRepo(tmp.dir, undefined, 'merge-gh');
    const job = await run(await automationOn(bare, { automerge: true }));
    const [pull] = github.pulls.filter((p) => p.repo === 'merge-gh');
    expect(pull).toMatchObject({ state: 'closed', merged: true, head: `folio/agent-${job.id}` });
    expect(github.requests).toContain(`PUT /repos/acme/merge-gh/pulls/${pull!.number}/merge`);
    expect(job.summary).toContain('The checks passed, so it was merged into main');
  }, 120_000);

  it('on a plain remote, merges by fast-forwarding the base and marks the recorded pull request merged', async () => {
    const bare = await createBareRepo(tmp.dir, undefined, 'merge-plain');
    const automation = await automationOn(bare, { automerge: true, appendToOpen: true });
    const branch = branchForAutomation(automation.id);
    const job = await run(automation);
    expect(gitOut(bare, ['rev-parse', 'main'])).toBe(gitOut(bare, ['rev-parse', branch]));
    expect(gitOut(bare, ['show', 'main:docs.json'])).toContain('guides/deploy');
    const [pr] = await h.db.query<{ status: string; merge_commit: string }>('SELECT status, merge_commit FROM agent_pull_requests WHERE repository = $1', [bare]);
    expect(pr).toMatchObject({ status: 'merged', merge_commit: gitOut(bare, ['rev-parse', 'main']) });
    expect(job.summary).toContain('merged into main');
  }, 120_000);
});
