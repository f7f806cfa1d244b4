import path from 'node:path';
import {
  completeAgentJob,
  failAgentJob,
  listAgentJobMessages,
  pendingAgentJobMessages,
  type AgentJobRow,
  type Database,
} from '../db/index.js';
import { WorkBranch } from '../git/index.js';
import { resolveInside, toPosixRelative } from '../shared/index.js';
import { AgentError, reasonFromError } from './codes.js';
import type { LlmOptions } from './llm/options.js';
import type { AgentModel, AgentRun } from './model.js';
import { modelFor } from './models.js';
import { jobAutomation } from './automations/job-hooks.js';
import { forgeGitCredentials, pullRequestProviderFor, type PullRequestSettings } from './pull-requests/select.js';
import { jobInstructions } from './suggestions/agents-md.js';
import { Transcript } from './transcript.js';
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
  const transcript = new Transcript(rt.db, job.id, rt.log);
  let result: { prLink: string | null; summary: string };
  try {
    result = await carryOut(rt, job, pending.length ? pending.map((m) => m.prompt) : [job.prompt], dir, transcript, AbortSignal.any([signal, timeout]));
    if (timeout.aborted) throw new Error('timeout');
  } catch (err) {
    if (signal.aborted) return 'not-active';
    const reason = timeout.aborted
      ? `AGENT_TIMEOUT: the run took longer than ${Number(minutes.toFixed(2))} minutes and was stopped; nothing was pushed after that point. Split the request into smaller prompts.`
      : reasonFromError(err);
    const summary = `The job failed and opened no pull request: ${reason.replace(/^[A-Z][A-Z0-9_]+: /, '')}`;
    transcript.add({ kind: 'summary', text: summary });
    await transcript.flush();
    const failed = await failAgentJob(rt.db, { jobId: job.id, workerId: rt.workerId, reason, summary });
    rt.log(`job ${job.id}: failed: ${reason}`);
    await WorkBranch.remove(dir);
    return failed ? 'failed' : 'not-active';
  }
  if (signal.aborted) return 'not-active';
  transcript.add({ kind: 'summary', text: result.summary });
  await transcript.flush();
  // Outside the try: a database error here is the infrastructure's, not the job's. It
  // propagates, pg-boss retries the message, and the lease decides who finishes.
  const outcome = await completeAgentJob(rt.db, { jobId: job.id, workerId: rt.workerId, prLink: result.prLink, throughMessageId, summary: result.summary });
  rt.log(`job ${job.id}: ${outcome}${result.prLink ? ` (${result.prLink})` : ''}`);
  if (outcome !== 'more-messages') await WorkBranch.remove(dir);
  return outcome;
}

async function carryOut(
  rt: AgentRuntime,
  job: AgentJobRow,
  prompts: string[],
  dir: string,
  transcript: Transcript,
  signal: AbortSignal,
): Promise<{ prLink: string | null; summary: string }> {
  const project = await projectSettings(rt.db, job.projectId);
  // No source.ref: work from the project's configured branch (its published docs).
  // The run's signal stops a hanging clone, fetch or push too; a GitHub or GitLab token reaches git through a credential helper.
  const credentials = forgeGitCredentials(job.repository, rt) ?? undefined;
  // A run of an automation: its kind's agent and checks, its own branch when it appends to its open pull request, automerge.
  const automation = await jobAutomation(rt.db, job);
  const provider = pullRequestProviderFor(rt, job.repository);
  const target = await automation.branch(provider, job.repository, job.ref ?? project.branch);
  const work = await WorkBranch.checkout({ repository: job.repository, base: job.ref ?? project.branch, branch: target.branch, restart: target.restart, dir, signal, credentials });
  transcript.add({ kind: 'note', text: `Checked out ${work.baseBranch} into work branch ${work.workBranch}${target.appending ? ', whose pull request is open: this run adds to it' : ''}.` });
  const docsDir = project.docsDir;
  const root = resolveInside(work.dir, docsDir);
  if (root === null) throw new AgentError('AGENT_NO_CONFIG', `The project's docs folder "${docsDir}" is outside the repository.`);
  const model = automation.model(rt.llm, job.model) ?? modelFor(job.model, rt.llm, rt.models);
  // The repository's AGENTS.md (bounded, inside the checkout), in the transcript and the model's instructions.
  const instructions = await jobInstructions(work.dir, (text) => transcript.add({ kind: 'note', text }));
  // Each changed file once, by its path in the repository: a model's write (docs-relative) and the
  // list of changed files after the run name the same file.
  const docsPrefix = toPosixRelative(work.dir, root);
  const reported = new Set<string>();
  const reportChanged = (file: string) => {
    if (reported.has(file)) return;
    reported.add(file);
    transcript.add({ kind: 'changed', text: file });
  };
  const step = (s: Parameters<Transcript['add']>[0]) =>
    s.kind === 'changed' ? reportChanged(docsPrefix && docsPrefix !== '.' ? `${docsPrefix}/${s.text}` : s.text) : transcript.add(s);
  const runs: AgentRun[] = [];
  for (const prompt of prompts) {
    if (signal.aborted) return { prLink: null, summary: 'Stopped before the run finished.' };
    const run = await model({ root, prompt, instructions, signal, step, log: (line) => rt.log(`job ${job.id}: ${line}`) });
    runs.push(run);
    await work.commitAll(`${run.title}\n\nFolio agent job ${job.id}`);
  }
  const changed = await work.changedFiles();
  const told = runs.map((r) => r.summary).join('\n\n');
  if (changed.length === 0) return { prLink: null, summary: `No file changed, so no pull request was opened.\n\n${told}`.trim() };
  for (const file of changed) reportChanged(file);
  if (rt.verify !== 'none') await verifyEdits(work, docsDir, root, rt.verify, transcript);
  await automation.check({ work, docsDir, root, changed, report: (ok, text) => transcript.add({ kind: 'check', ok, text }) });
  if (signal.aborted) return { prLink: null, summary: 'Stopped before pushing.' };
  await work.push();
  const history = await listAgentJobMessages(rt.db, job.id);
  const draft = {
    jobId: job.id,
    projectId: job.projectId,
    repository: job.repository,
    baseBranch: work.baseBranch,
    headBranch: work.workBranch,
    title: runs.map((r) => r.title).join('; ').slice(0, 200),
    body: pullRequestBody(job, history.map((m) => m.prompt), runs, changed),
    diff: provider.kind === 'folio' ? await work.diff(MAX_DIFF) : '',
  };
  const prLink = await provider.ensure(draft);
  const noun = provider.kind === 'gitlab' ? 'merge request' : 'pull request';
  transcript.add({ kind: 'note', text: `Pushed ${work.workBranch} and opened a ${noun}: ${prLink}` });
  const merged = await automation.afterPullRequest(provider, draft, work);
  if (merged) transcript.add({ kind: 'note', text: merged });
  const files = changed.map((f) => `\`${f}\``).join(', ');
  return { prLink, summary: `Changed ${changed.length === 1 ? '1 file' : `${changed.length} files`} (${files}) and opened a ${noun}: ${prLink}${merged ? ` ${merged}` : ''}\n\n${told}`.trim() };
}

/** Fail when the edits introduced errors (problems the base already had do not count). */
async function verifyEdits(work: WorkBranch, docsDir: string, root: string, level: VerifyLevel, transcript: Transcript): Promise<void> {
  const after = await siteErrors(root, level);
  const introduced =
    after.length === 0 ? [] : await work.withBaseCheckout(async (baseDir) => newErrors(await siteErrors(resolveInside(baseDir, docsDir) ?? baseDir, level), after));
  const ok = introduced.length === 0;
  const had = after.length - introduced.length;
  transcript.add({
    kind: 'check',
    ok,
    text: ok ? `${level}: the edits add no error${had > 0 ? ` (${had} error(s) were there before)` : ''}` : `${level}: the edits add ${introduced.length} error(s): ${describeErrors(introduced)}`,
  });
  if (!ok) throw new AgentError('AGENT_SITE_BROKEN', `The edits break the site (${level}): ${describeErrors(introduced)}. Nothing was pushed.`);
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
