import { and, eq, isNull, lte, notExists, sql } from 'drizzle-orm';
import type { Database } from './connection.js';
import { agentJobMessages, agentJobs, type AgentJobRow } from './schema.js';

// Every lease on agent jobs, in one place. A worker claims an active job by
// taking a time-limited lease and renews it while it runs; a crashed worker's
// lease runs out, the reaper clears it and another worker claims the job again.
// Terminal transitions are conditional on `status = 'active'` (and on holding
// the lease) so each job reaches exactly one terminal state. The generic
// runner driving these is src/jobs/lease-runner.ts; src/agent/worker.ts plugs
// agent jobs into it.

const leaseInterval = (leaseMs: number) => `${Math.max(1, Math.round(leaseMs))} milliseconds`;

export interface ClaimOptions {
  workerId: string;
  /** How long the lease lasts unless renewed. */
  leaseMs: number;
  /** Claim this job only (e.g. the id a queue message carried). */
  jobId?: string;
}

/** Lease the oldest claimable active job (or `jobId`), skipping rows other workers hold; null when none. */
export async function claimAgentJob(db: Database, { workerId, leaseMs, jobId }: ClaimOptions): Promise<AgentJobRow | null> {
  const target = sql`(SELECT id FROM agent_jobs
    WHERE status = 'active' AND (lease_expires_at IS NULL OR lease_expires_at <= now())
    ${jobId ? sql`AND id = ${jobId}` : sql``}
    ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)`;
  const [row] = await db.orm
    .update(agentJobs)
    .set({
      leaseOwner: workerId,
      leaseExpiresAt: sql`now() + ${leaseInterval(leaseMs)}::interval`,
      attempts: sql`${agentJobs.attempts} + 1`,
    })
    .where(eq(agentJobs.id, target))
    .returning();
  return row ?? null;
}

/** Extend a held lease; false when the lease was lost (expired and taken, or the job left `active`). */
export async function renewAgentJobLease(db: Database, jobId: string, workerId: string, leaseMs: number): Promise<boolean> {
  const rows = await db.orm
    .update(agentJobs)
    .set({ leaseExpiresAt: sql`now() + ${leaseInterval(leaseMs)}::interval` })
    .where(and(eq(agentJobs.id, jobId), eq(agentJobs.status, 'active'), eq(agentJobs.leaseOwner, workerId)))
    .returning({ id: agentJobs.id });
  return rows.length === 1;
}

/** Give a lease back without finishing (e.g. on shutdown) so another worker can claim the job at once. */
export async function releaseAgentJob(db: Database, jobId: string, workerId: string): Promise<void> {
  await db.orm
    .update(agentJobs)
    .set({ leaseOwner: null, leaseExpiresAt: null })
    .where(and(eq(agentJobs.id, jobId), eq(agentJobs.leaseOwner, workerId)));
}

export interface ReapOptions {
  /** Rows handled per call (default 100). */
  limit?: number;
  /**
   * The pg-boss queue (schema `pgboss`) that carries the jobs' messages, keyed by job id. With it,
   * a job that still has a pending message there is left alone: one waiting (`created`, `retry`),
   * or one a worker fetched within the last lease period and is about to claim (`active`). So a
   * re-send happens only when no message could still run the job, and one job never has two.
   */
  pendingQueue?: string;
  /**
   * Jobs the calling process is running right now: left alone even when their lease reads as
   * expired (on a busy machine a renewal can come late; the run is alive, so re-sending it would
   * only add a message and abort the run).
   */
  running?: readonly string[];
}

/**
 * Find active jobs whose worker stopped renewing its lease (killed, frozen,
 * partitioned) and jobs no worker ever claimed (the process that created them
 * died before queueing, or the worker that took the message died before
 * claiming), clear their lease and return their ids for re-sending. One
 * statement decides and marks, so two reapers never pick the same job.
 *
 * `requeued_at` keeps a job from being re-sent more than once per lease period.
 */
export async function reapExpiredAgentJobLeases(db: Database, leaseMs: number, { limit = 100, pendingQueue, running = [] }: ReapOptions = {}): Promise<string[]> {
  const pending = pendingQueue
    ? `AND NOT EXISTS (
             SELECT 1 FROM pgboss.job m
              WHERE m.name = $4 AND m.singleton_key = j.id
                AND (m.state IN ('created', 'retry') OR (m.state = 'active' AND m.started_on > now() - $1::interval)))`
    : '';
  const rows = await db.query<{ id: string }>(
    `UPDATE agent_jobs SET lease_owner = NULL, lease_expires_at = NULL, requeued_at = now()
      WHERE id IN (
        SELECT j.id FROM agent_jobs j
         WHERE j.status = 'active' AND NOT (j.id = ANY($3::text[]))
           AND (j.lease_expires_at <= now()
                OR (j.lease_expires_at IS NULL AND greatest(j.updated_at, coalesce(j.requeued_at, j.updated_at)) <= now() - $1::interval))
           ${pending}
         ORDER BY j.created_at
         LIMIT $2
         FOR UPDATE OF j SKIP LOCKED)
      RETURNING id`,
    pendingQueue ? [leaseInterval(leaseMs), limit, [...running], pendingQueue] : [leaseInterval(leaseMs), limit, [...running]],
  );
  return rows.map((r) => r.id);
}

/**
 * Clear every lease on an active job held by a worker not in `liveWorkers`, at
 * once, and return those jobs' ids. Sound only where one process owns the
 * database (PGlite): there, any other holder belongs to a process that died.
 */
export async function releaseAgentJobLeasesExcept(db: Database, liveWorkers: readonly string[]): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `UPDATE agent_jobs SET lease_owner = NULL, lease_expires_at = NULL, requeued_at = now()
      WHERE status = 'active' AND lease_owner IS NOT NULL AND NOT (lease_owner = ANY($1::text[]))
      RETURNING id`,
    [[...liveWorkers]],
  );
  return rows.map((r) => r.id);
}

/** Who holds leases on active jobs now (distinct owners). */
export async function agentJobLeaseOwners(db: Database): Promise<string[]> {
  const rows = await db.query<{ owner: string }>(`SELECT DISTINCT lease_owner AS owner FROM agent_jobs WHERE status = 'active' AND lease_owner IS NOT NULL`);
  return rows.map((r) => r.owner);
}

/**
 * Clear every lease on an active job held by one of `owners` (runners known to be dead) and return
 * those jobs' ids, at once instead of when the leases run out.
 */
export async function releaseAgentJobLeasesOf(db: Database, owners: readonly string[]): Promise<string[]> {
  if (owners.length === 0) return [];
  const rows = await db.query<{ id: string }>(
    `UPDATE agent_jobs SET lease_owner = NULL, lease_expires_at = NULL, requeued_at = now()
      WHERE status = 'active' AND lease_owner = ANY($1::text[])
      RETURNING id`,
    [[...owners]],
  );
  return rows.map((r) => r.id);
}

export interface CompleteOptions {
  jobId: string;
  workerId: string;
  /** Pull request URL, or null when no file changed. */
  prLink: string | null;
  /** Id of the last message this run acted on; later messages keep the job active. */
  throughMessageId: number;
  /** What the run did, for a person (kept only when the job completes). */
  summary?: string | null;
}

/**
 * Mark messages up to `throughMessageId` handled and complete the job, once.
 * 'more-messages': a follow-up arrived meanwhile, the job stays active and its
 * lease is released for the next run. 'not-active': someone else finished,
 * archived or re-leased it; nothing changed.
 */
export async function completeAgentJob(
  db: Database,
  { jobId, workerId, prLink, throughMessageId, summary = null }: CompleteOptions,
): Promise<'completed' | 'more-messages' | 'not-active'> {
  return db.orm.transaction(async (tx) => {
    const [held] = await tx
      .select({ id: agentJobs.id })
      .from(agentJobs)
      .where(and(eq(agentJobs.id, jobId), eq(agentJobs.status, 'active'), eq(agentJobs.leaseOwner, workerId)))
      .for('update');
    if (!held) return 'not-active' as const;
    const now = new Date();
    await tx
      .update(agentJobMessages)
      .set({ handledAt: now })
      .where(and(eq(agentJobMessages.jobId, jobId), lte(agentJobMessages.id, throughMessageId), isNull(agentJobMessages.handledAt)));
    if (prLink !== null) await tx.update(agentJobs).set({ prLink }).where(eq(agentJobs.id, jobId));
    const done = await tx
      .update(agentJobs)
      .set({ status: 'completed', updatedAt: now, leaseOwner: null, leaseExpiresAt: null, failureReason: null, summary })
      .where(
        and(
          eq(agentJobs.id, jobId),
          eq(agentJobs.status, 'active'),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(agentJobMessages)
              .where(and(eq(agentJobMessages.jobId, jobId), isNull(agentJobMessages.handledAt))),
          ),
        ),
      )
      .returning({ id: agentJobs.id });
    if (done.length === 1) return 'completed' as const;
    await tx.update(agentJobs).set({ leaseOwner: null, leaseExpiresAt: null }).where(eq(agentJobs.id, jobId));
    return 'more-messages' as const;
  });
}

/**
 * Fail an active job with a reason the API reports, once. With `workerId` the
 * caller must hold the lease; without it (an operator, a reaper) any active job fails.
 */
export async function failAgentJob(
  db: Database,
  { jobId, reason, workerId, summary = null }: { jobId: string; reason: string; workerId?: string; summary?: string | null },
): Promise<boolean> {
  return db.orm.transaction(async (tx) => {
    const now = new Date();
    const rows = await tx
      .update(agentJobs)
      .set({ status: 'failed', failureReason: reason, summary, updatedAt: now, leaseOwner: null, leaseExpiresAt: null })
      .where(
        and(
          eq(agentJobs.id, jobId),
          eq(agentJobs.status, 'active'),
          workerId === undefined ? undefined : eq(agentJobs.leaseOwner, workerId),
        ),
      )
      .returning({ id: agentJobs.id });
    if (rows.length !== 1) return false;
    await tx
      .update(agentJobMessages)
      .set({ handledAt: now })
      .where(and(eq(agentJobMessages.jobId, jobId), isNull(agentJobMessages.handledAt)));
    return true;
  });
}
