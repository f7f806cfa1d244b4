import PgBoss from 'pg-boss';
import type { Database } from '../db/index.js';
import { pgBossDbFor } from './pgboss-db.js';

/**
 * The pg-boss queue carrying "run agent job <id>" messages. Its `short` policy keeps at most one
 * waiting message per singleton key, and the key is the job id: re-sending a job that is already
 * waiting is a no-op. The policy does not cover a message a worker has fetched but not yet acted
 * on, so the reaper also leaves out jobs that have one (src/db/agent-job-leases.ts). (The earlier
 * queue, `folio-agent-jobs`, had no such policy and pg-boss cannot change a queue's policy; rows its
 * messages named and nobody claimed are re-sent here by the reaper.)
 */
export const AGENT_QUEUE = 'folio-agent-jobs-once';

/** Priority of re-sent messages (a recovered job), above fresh ones (0): they run next. */
const RECOVERED_PRIORITY = 10;

/** What a queue message carries: only the job id; the row is the source of truth. */
export interface AgentJobMessage {
  jobId: string;
}

export interface JobQueueOptions {
  db: Database;
  /** pg-boss polling interval when idle (pg-boss minimum 0.5 s). */
  pollIntervalSeconds?: number;
  /** Run pg-boss maintenance (archiving, expiry) from this process. */
  supervise?: boolean;
}

/** A started queue: send messages, subscribe handlers, stop. */
export interface JobQueue {
  /**
   * Queue a run of the job unless one is already waiting (one pending message per job); `recovered`
   * puts it ahead of fresh jobs. Duplicates would be harmless anyway (the worker's lease claim decides).
   * True when a message was added, false when one was already waiting.
   */
  enqueue(jobId: string, options?: { recovered?: boolean }): Promise<boolean>;
  /** Handle messages one at a time; call once per unit of concurrency. */
  work(handler: (message: AgentJobMessage) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Start pg-boss on Folio's database (its tables live in the `pgboss` schema,
 * created on first start; starts on one database run one at a time, under an
 * advisory lock on PostgreSQL, so servers starting together on a new database
 * do not race). Message expiry is long on purpose: recovery from a crashed
 * worker is the job lease's business (see src/jobs/lease-runner.ts), and a short
 * pg-boss expiry would hand a still-running job to a second worker.
 */
export async function createJobQueue({ db, pollIntervalSeconds = 1, supervise = true }: JobQueueOptions): Promise<JobQueue> {
  const bossDb = pgBossDbFor(db);
  const boss = new PgBoss({
    db: bossDb as PgBoss.Db,
    supervise,
    schedule: false,
    maintenanceIntervalSeconds: 60,
    // pg-boss logs errors as events; an unhandled 'error' event would crash the process.
  });
  boss.on('error', (err: unknown) => {
    if (process.env.FOLIO_DEBUG_JOBS) console.error('pg-boss:', err);
  });
  try {
    // One start at a time per database: two servers starting on a new database would otherwise
    // both create pg-boss's schema (see pgBossDbFor's `exclusive`).
    await bossDb.exclusive(async () => {
      await boss.start();
      await boss.createQueue(AGENT_QUEUE, { name: AGENT_QUEUE, policy: 'short', retryLimit: 5, retryDelay: 1, expireInSeconds: 4 * 60 * 60 });
    });
  } catch (err) {
    // Best effort on a half-started pg-boss: the start error below is the one worth reporting.
    await boss.stop({ close: false, graceful: false }).catch(() => undefined);
    throw Object.assign(new Error(`pg-boss could not start: ${(err as Error).message}. Check that the database user may create the "pgboss" schema.`), {
      code: 'JOBS_QUEUE_START_FAILED',
    });
  }
  const workers: string[] = [];
  let stopped = false;
  return {
    async enqueue(jobId, { recovered = false } = {}) {
      // A conflict on the singleton key (a message for this job is waiting) makes send return null.
      const id = await boss.send(AGENT_QUEUE, { jobId } satisfies AgentJobMessage, { singletonKey: jobId, priority: recovered ? RECOVERED_PRIORITY : 0 });
      // Wake this process's idle workers now instead of at their next poll (up to a polling interval later).
      if (id !== null) for (const worker of workers) boss.notifyWorker(worker);
      return id !== null;
    },
    async work(handler) {
      const id = await boss.work<AgentJobMessage>(AGENT_QUEUE, { batchSize: 1, pollingIntervalSeconds: pollIntervalSeconds }, async ([job]) => {
        if (job) await handler(job.data);
      });
      workers.push(id);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      // The database belongs to the caller: stop pg-boss without closing it.
      await boss.stop({ close: false, graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
