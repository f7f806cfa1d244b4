import { randomBytes } from 'node:crypto';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { claimAgentJob, releaseAgentJob, renewAgentJobLease, type Database } from '../db/index.js';
import { createJobQueue, reapExpiredLeases, type JobQueue } from '../jobs/index.js';
import type { AgentModel } from './model.js';
import { githubOptionsFromEnv, type GithubOptions } from './pulls/github-pulls.js';
import { llmOptionsFromEnv, type LlmOptions } from './llm/options.js';
import { runClaimedJob, type AgentRuntime } from './run-job.js';
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
  /** Language-model endpoint; default from the environment (`llmOptionsFromEnv`). */
  llm?: LlmOptions | null;
  /** Extra models by job `model` name, beside folio-maintainer and the LLM provider. */
  models?: Readonly<Record<string, AgentModel>>;
  /** Longest a job run may take before it fails with AGENT_TIMEOUT (default 30 min). */
  jobTimeoutMs?: number;
  /** Checks before pushing (default `build`). */
  verify?: VerifyLevel | 'none';
  workerId?: string;
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

// Workers alive in this process. PGlite belongs to one process, so on PGlite any
// other lease holder is a worker of a previous process that died.
const liveWorkers = new Set<string>();

/** On PGlite, hand back leases held by workers of an earlier (killed) process at once instead of after the lease. */
async function releaseDeadLeases(db: Database): Promise<string[]> {
  if (db.kind !== 'pglite') return [];
  const rows = await db.query<{ id: string }>(
    `UPDATE agent_jobs SET lease_owner = NULL, lease_expires_at = NULL, requeued_at = now()
      WHERE status = 'active' AND lease_owner IS NOT NULL AND NOT (lease_owner = ANY($1::text[]))
      RETURNING id`,
    [[...liveWorkers]],
  );
  return rows.map((r) => r.id);
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
  llm = llmOptionsFromEnv(),
  verify = 'build',
  jobTimeoutMs = 30 * 60_000,
  models,
  workerId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`,
  log = () => {},
}: WorkerOptions): Promise<AgentWorker> {
  const queue = await createJobQueue({ db, pollIntervalSeconds });
  const rt: AgentRuntime = { db, workerId, workDir, llm, models, verify, timeoutMs: jobTimeoutMs, log, publicUrl, github };
  const running = new Map<string, AbortController>();
  let stopping = false;

  const handle = async (jobId: string): Promise<void> => {
    // A follow-up that arrived during the run releases the lease; take it again at once.
    for (;;) {
      if (stopping) return;
      const job = await claimAgentJob(db, { workerId, leaseMs, jobId });
      if (!job) return;
      const abort = new AbortController();
      running.set(job.id, abort);
      const heartbeat = setInterval(() => {
        renewAgentJobLease(db, job.id, workerId, leaseMs).then(
          (held) => {
            if (!held) abort.abort(new Error('JOBS_LEASE_LOST'));
          },
          () => undefined,
        );
      }, Math.max(200, Math.floor(leaseMs / 3)));
      try {
        const outcome = await runClaimedJob(rt, job, abort.signal);
        if (outcome !== 'more-messages') return;
      } catch (err) {
        // An infrastructure error (the database went away mid-run): give the job
        // back so pg-boss's retry of this message, or the reaper, can take it.
        await releaseAgentJob(db, job.id, workerId).catch(() => undefined);
        throw err;
      } finally {
        clearInterval(heartbeat);
        running.delete(job.id);
      }
    }
  };

  liveWorkers.add(workerId);
  for (let i = 0; i < concurrency; i++) await queue.work(({ jobId }) => handle(jobId));
  for (const id of await releaseDeadLeases(db)) {
    log(`recovered job ${id} from a worker of an earlier process`);
    await queue.enqueue(id);
  }

  const reap = async () => {
    try {
      for (const id of await reapExpiredLeases(db, leaseMs)) {
        log(`reaper: re-sending job ${id} (lease expired or never claimed)`);
        await queue.enqueue(id);
      }
    } catch (err) {
      log(`reaper: ${(err as Error).message}`);
    }
  };
  await reap();
  const reaper = setInterval(() => void reap(), reapIntervalMs);

  return {
    workerId,
    enqueue: (jobId) => queue.enqueue(jobId),
    async stop() {
      if (stopping) return;
      stopping = true;
      liveWorkers.delete(workerId);
      clearInterval(reaper);
      await queue.stop();
      // Jobs still running after pg-boss's grace period go back to the pool now
      // instead of waiting for their lease to run out.
      for (const [jobId, abort] of running) {
        abort.abort(new Error('worker stopping'));
        await releaseAgentJob(db, jobId, workerId).catch(() => undefined);
      }
    },
  };
}
