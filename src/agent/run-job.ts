import path from 'node:path';
import {
  completeAgentJob,
  failAgentJob,
  listAgentJobMessages,
  pendingAgentJobMessages,
  type AgentJobRow,
  type Database,
} from '../db/index.js';
import { branchForJob, WorkBranch } from '../git/index.js';
import { resolveInside } from '../shared/index.js';
import { AgentError, reasonFromError } from './codes.js';
import type { LlmOptions } from './llm/options.js';
import type { AgentModel, AgentRun } from './model.js';
import { modelFor } from './models.js';
import { pullRequestProviderFor, type PullRequestSettings } from './pull-requests/select.js';
import { describeErrors, newErrors, siteErrors, type VerifyLevel } from './verify.js';

/** Everything a run needs besides the job. */
export interface AgentRuntime extends PullRequestSettings {
  db: Database;
  workerId: string;
  /** Parent folder of the per-job workspaces. */
  workDir: string;
  llm: LlmOptions | null;
  /** Extra models by name (embedding programs, tests). */
  models?: Readonly<Record<string, AgentModel>>;
  /** Checks on the result before pushing; `none` only for benchmarks of the queue itself. */
  verify: VerifyLevel | 'none';
  /** Longest a run may take before it fails with AGENT_TIMEOUT (default 30 min). */
  timeoutMs?: number;
  log: (line: string) => void;
}

export type RunOutcome = 'completed' | 'failed' | 'more-messages' | 'not-active';

/** Largest diff stored with a Folio-recorded pull request, in characters. */
const MAX_DIFF = 1_000_000;

/**
 * Carry out the pending messages of a job this worker holds the lease on:
 * workspace → model → verify → commit → push → pull request → terminal state.
 * Every step is safe to repeat after a crash: the branch and the pull request
 * are found again by the job id.
 */
export async function runClaimedJob(rt: AgentRuntime, job: AgentJobRow, signal: AbortSignal): Promise<RunOutcome> {
  const dir = path.join(rt.workDir, job.id);
  const pending = await pendingAgentJobMessages(rt.db, job.id);
  const throughMessageId = pending.at(-1)?.id ?? 0;
  const minutes = (rt.timeoutMs ?? 30 * 60_000) / 60_000;
  const timeout = AbortSignal.timeout(rt.timeoutMs ?? 30 * 60_000);
  let prLink: string | null;
  try {
    prLink = await carryOut(rt, job, pending.length ? pending.map((m) => m.prompt) : [job.prompt], dir, AbortSignal.any([signal, timeout]));
    if (timeout.aborted) throw new Error('timeout');
  } catch (err) {
    if (signal.aborted) return 'not-active';
    const reason = timeout.aborted
      ? `AGENT_TIMEOUT: the run took longer than ${Number(minutes.toFixed(2))} minutes and was stopped; nothing was pushed after that point. Split the request into smaller prompts.`
      : reasonFromError(err);
    const failed = await failAgentJob(rt.db, { jobId: job.id, workerId: rt.workerId, reason });
    rt.log(`job ${job.id}: failed: ${reason}`);
    await WorkBranch.remove(dir);
    return failed ? 'failed' : 'not-active';
  }
  if (signal.aborted) return 'not-active';
  // Outside the try: a database error here is the infrastructure's, not the job's. It
  // propagates, pg-boss retries the message, and the lease decides who finishes.
  const outcome = await completeAgentJob(rt.db, { jobId: job.id, workerId: rt.workerId, prLink, throughMessageId });
  rt.log(`job ${job.id}: ${outcome}${prLink ? ` (${prLink})` : ''}`);
  if (outcome !== 'more-messages') await WorkBranch.remove(dir);
  return outcome;
}

async function carryOut(rt: AgentRuntime, job: AgentJobRow, prompts: string[], dir: string, signal: AbortSignal): Promise<string | null> {
  const project = await projectSettings(rt.db, job.projectId);
  // No source.ref: work from the project's configured branch (its published docs).
  const work = await WorkBranch.checkout({ repository: job.repository, base: job.ref ?? project.branch, branch: branchForJob(job.id), dir });
  const docsDir = project.docsDir;
  const root = resolveInside(work.dir, docsDir);
  if (root === null) throw new AgentError('AGENT_NO_CONFIG', `The project's docs folder "${docsDir}" is outside the repository.`);
  const model = modelFor(job.model, rt.llm, rt.models);
  const runs: AgentRun[] = [];
  for (const prompt of prompts) {
    if (signal.aborted) return null;
    const run = await model({ root, prompt, signal, log: (line) => rt.log(`job ${job.id}: ${line}`) });
    runs.push(run);
    await work.commitAll(`${run.title}\n\nFolio agent job ${job.id}`);
  }
  const changed = await work.changedFiles();
  if (changed.length === 0) return null;
  if (rt.verify !== 'none') await verifyEdits(work, docsDir, root, rt.verify);
  if (signal.aborted) return null;
  await work.push();
  const history = await listAgentJobMessages(rt.db, job.id);
  const provider = pullRequestProviderFor(rt, job.repository);
  return provider.ensure({
    jobId: job.id,
    projectId: job.projectId,
    repository: job.repository,
    baseBranch: work.baseBranch,
    headBranch: work.workBranch,
    title: runs.map((r) => r.title).join('; ').slice(0, 200),
    body: pullRequestBody(job, history.map((m) => m.prompt), runs, changed),
    diff: provider.kind === 'folio' ? await work.diff(MAX_DIFF) : '',
  });
}

/** Fail when the edits introduced errors (problems the base already had do not count). */
async function verifyEdits(work: WorkBranch, docsDir: string, root: string, level: VerifyLevel): Promise<void> {
  const after = await siteErrors(root, level);
  if (after.length === 0) return;
  const introduced = await work.withBaseCheckout(async (baseDir) => newErrors(await siteErrors(resolveInside(baseDir, docsDir) ?? baseDir, level), after));
  if (introduced.length > 0) {
    throw new AgentError('AGENT_SITE_BROKEN', `The edits break the site (${level}): ${describeErrors(introduced)}. Nothing was pushed.`);
  }
}

async function projectSettings(db: Database, projectId: string): Promise<{ docsDir: string; branch: string | null }> {
  const [row] = await db.query<{ docs_dir: string; branch: string | null }>('SELECT docs_dir, branch FROM projects WHERE id = $1', [projectId]);
  return { docsDir: row?.docs_dir ?? '.', branch: row?.branch || null };
}

/** The pull request description: every prompt of the job, what this run did, the files changed. */
export function pullRequestBody(job: AgentJobRow, prompts: string[], runs: AgentRun[], files: string[]): string {
  return [
    `Opened by the Folio agent (job \`${job.id}\`, model \`${job.model}\`).`,
    `## Requests\n\n${prompts.map((p, i) => `${i + 1}. ${p.replace(/\s+/g, ' ').trim()}`).join('\n')}`,
    // The title is shown above the description already: one run's summary goes under a plain heading.
    runs.length === 1 ? `## What changed\n\n${runs[0]!.summary}` : `## What changed\n\n${runs.map((r) => `### ${r.title}\n\n${r.summary}`).join('\n\n')}`,
    `## Files changed\n\n${files.map((f) => `- \`${f}\``).join('\n')}`,
  ].join('\n\n');
}
