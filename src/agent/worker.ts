import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  claimAgentJob,
  reapExpiredAgentJobLeases,
  releaseAgentJob,
  agentJobLeaseOwners,
  releaseAgentJobLeasesExcept,
  releaseAgentJobLeasesOf,
  renewAgentJobLease,
  type AgentJobRow,
  type Database,
} from '../db/index.js';
import { createJobQueue, localRunnerId, startLeaseRunner, type JobQueue, type LeaseStore } from '../jobs/index.js';
import type { AgentModel } from './model.js';
import { githubOptionsFromEnv, type GithubOptions } from './pull-requests/github.js';
import { gitlabOptionsFromEnv, type GitlabOptions } from './pull-requests/gitlab.js';
import { llmOptionsFromEnv, type LlmOptions } from './llm/options.js';
import { runClaimedJob, type AgentRuntime } from './run-job.js';
import { startSuggestionPoll, suggestionMaxProjectsFromEnv, suggestionPollFromEnv } from './suggestions/check.js';
import type { VerifyLevel } from './verify.js';

export interface WorkerOptions {
  db: Database;
  /** Folio's public URL, the base of recorded pull request links (`<publicUrl>/pulls/<id>`). */
  publicUrl: string;
  /** Jobs run at once by this worker (default 1). */
  concurrency?: number;
  /**
   * Lease on a running job (default 30 s), renewed every third of it. A worker
   * that dies stops renewing; its job is re-sent within `leaseMs + reapIntervalMs`.
   */
  leaseMs?: number;
  /** How often this worker looks for expired leases (default 5 s). */
  reapIntervalMs?: number;
  /** Queue polling interval when idle (default 1 s, pg-boss minimum 0.5 s). */
  pollIntervalSeconds?: number;
  /** Parent folder of per-job workspaces (default `<tmp>/folio-agent`). */
  workDir?: string;
  /** GitHub REST settings; default from the environment (`githubOptionsFromEnv`). */
  github?: GithubOptions;
  /** GitLab REST v4 settings (merge requests); default from the environment (`gitlabOptionsFromEnv`). */
  gitlab?: GitlabOptions;
  /** Language-model endpoint; default from the environment (`llmOptionsFromEnv`). */
  llm?: LlmOptions | null;
  /** Extra models by job `model` name, beside folio-maintainer and the LLM provider. */
  models?: Readonly<Record<string, AgentModel>>;
  /** Longest a job run may take before it fails with AGENT_TIMEOUT, a running git command included (default `FOLIO_JOB_TIMEOUT` seconds, else 30 min). */
  jobTimeoutMs?: number;
  /** Checks before pushing (default `build`). */
  verify?: VerifyLevel | 'none';
  workerId?: string;
  /** Time between two passes of the suggestion checks over the projects (default `FOLIO_SUGGESTIONS_POLL` seconds, else 10 min; 0: none). */
  suggestionPollMs?: number;
  /** Projects one pass of the suggestion checks covers at most (default `FOLIO_SUGGESTIONS_MAX_PROJECTS`, else 50). */
  suggestionMaxProjects?: number;
  /** Readers' suggestions of a project, gathered in each pass when given (the server wires the dashboard's). */
  gatherReaderSuggestions?: (projectId: string) => Promise<unknown>;
  log?: (line: string) => void;
}

/** A running worker. */
export interface AgentWorker {
  readonly workerId: string;
  /** Queue a run of a job (what `createApp`'s `enqueueAgentJob` should call). */
  enqueue(jobId: string): Promise<void>;
  /** Stop taking jobs, wait for running ones briefly, and hand unfinished ones back. */
  stop(): Promise<void>;
}

/** Agent jobs as leased rows: the lease SQL of src/db/agent-job-leases.ts behind the runner's interface. */
function agentJobLeases(db: Database): LeaseStore<AgentJobRow> {
  return {
    claim: (jobId, workerId, leaseMs) => claimAgentJob(db, { workerId, leaseMs, jobId }),
    renew: (jobId, workerId, leaseMs) => renewAgentJobLease(db, jobId, workerId, leaseMs),
    release: (jobId, workerId) => releaseAgentJob(db, jobId, workerId),
    reapExpired: (leaseMs, queueName, running) => reapExpiredAgentJobLeases(db, leaseMs, { pendingQueue: queueName, running }),
    releaseAllExcept: (live) => releaseAgentJobLeasesExcept(db, live),
    leaseOwners: () => agentJobLeaseOwners(db),
    releaseOwners: (owners) => releaseAgentJobLeasesOf(db, owners),
  };
}

/** `FOLIO_JOB_TIMEOUT` (seconds, > 0) in milliseconds, else 30 minutes. */
export function jobTimeoutFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const seconds = Number(env.FOLIO_JOB_TIMEOUT);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 30 * 60_000;
}

/** Queue-only handle for processes that create jobs but run no worker (e.g. `folio serve --no-worker` on PostgreSQL). */
export async function createAgentJobQueue(db: Database): Promise<JobQueue> {
  return createJobQueue({ db, supervise: true });
}

/**
 * Durability, in numbers (defaults): a job's lease lasts 30 s and is renewed
 * every 10 s; every worker reaps expired leases every 5 s and re-sends those
 * jobs through pg-boss, which idle workers poll every 1 s. A SIGKILLed worker's
 * job is therefore running again on another worker within 30 + 5 + 1 = 36 s
 * (at once on PGlite when `folio serve` restarts: no other process can hold a
 * lease there). A worker that stalls past its lease loses it: its renewal
 * fails, it aborts, and its conditional terminal update (`status = 'active'
 * AND lease_owner = me`) changes nothing, so each job finishes once.
 * pg-boss messages expire only after 4 h on purpose: a short pg-boss expiry
 * would hand a long, healthy LLM run to a second worker.
 *
 * Start an agent worker on the database: it takes job messages from pg-boss,
 * leases each job, runs it and records the outcome once; a reaper re-sends
 * jobs whose worker died (lease expired). Returns `stop()`.
 */
export async function startWorker({
  db,
  publicUrl,
  concurrency = 1,
  leaseMs = 30_000,
  reapIntervalMs = 5_000,
  pollIntervalSeconds = 1,
  workDir = path.join(tmpdir(), 'folio-agent'),
  github = githubOptionsFromEnv(),
  gitlab = gitlabOptionsFromEnv(),
  llm = llmOptionsFromEnv(),
  verify = 'build',
  jobTimeoutMs = jobTimeoutFromEnv(),
  models,
  workerId = localRunnerId(),
  suggestionPollMs = suggestionPollFromEnv(),
  suggestionMaxProjects = suggestionMaxProjectsFromEnv(),
  gatherReaderSuggestions,
  log = () => {},
}: WorkerOptions): Promise<AgentWorker> {
  const rt: AgentRuntime = { db, workerId, workDir, llm, models, verify, timeoutMs: jobTimeoutMs, log, publicUrl, github, gitlab };
  const runner = await startLeaseRunner({
    db,
    store: agentJobLeases(db),
    // A follow-up that arrived during the run released the lease: take it again at once.
    run: async (job, signal) => ((await runClaimedJob(rt, job, signal)) === 'more-messages' ? 'again' : 'done'),
    workerId,
    concurrency,
    leaseMs,
    reapIntervalMs,
    pollIntervalSeconds,
    log,
  });
  preloadJobModules(verify, github);
  // One pass per interval across every worker of the database (the shared timer in agent_timers).
  const suggestions = startSuggestionPoll({ db, workDir, github, gitlab, intervalMs: suggestionPollMs, workerId: runner.workerId, maxProjects: suggestionMaxProjects, gatherReaders: gatherReaderSuggestions, log });
  return {
    workerId: runner.workerId,
    enqueue: (jobId) => runner.enqueue(jobId),
    async stop() {
      await suggestions.stop();
      await runner.stop();
    },
  };
}

/**
 * Load, in the background, the small modules a job imports on first use (the config loader its
 * check needs, the GitHub client), so the first job after a start, often one recovered from a crash,
 * does not wait for them. (The site build, for `build` checks, stays on demand: it is large.) A
 * failure surfaces in the job that needs the module.
 */
function preloadJobModules(verify: VerifyLevel | 'none', github: GithubOptions | undefined): void {
  const modules: Array<Promise<unknown>> = [];
  if (verify !== 'none') modules.push(import('../config/index.js'));
  if (github) modules.push(import('@octokit/rest'));
  void Promise.all(modules).catch(() => undefined);
}
