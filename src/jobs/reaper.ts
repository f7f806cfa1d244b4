import type { Database } from '../db/index.js';

/**
 * Find active jobs whose worker stopped renewing its lease (killed, frozen,
 * partitioned) and jobs no worker ever claimed (the process that created them
 * died before queueing, or the worker that took the message died before
 * claiming), clear their lease and return their ids for re-sending.
 *
 * Recovery bound: a job is re-sent at most `leaseMs + reapEveryMs` after its
 * worker died, and runs once an idle worker polls (`pollIntervalSeconds`).
 * With the defaults (30 s lease, 5 s reap, 1 s poll) that is ≤ 36 s.
 * `requeued_at` keeps a job waiting behind a long queue from being re-sent
 * more than once per lease period.
 */
export async function reapExpiredLeases(db: Database, leaseMs: number, limit = 100): Promise<string[]> {
  const interval = `${Math.max(1, Math.round(leaseMs))} milliseconds`;
  const rows = await db.query<{ id: string }>(
    `UPDATE agent_jobs SET lease_owner = NULL, lease_expires_at = NULL, requeued_at = now()
      WHERE id IN (
        SELECT id FROM agent_jobs
         WHERE status = 'active'
           AND (lease_expires_at <= now()
                OR (lease_expires_at IS NULL AND greatest(updated_at, coalesce(requeued_at, updated_at)) <= now() - $1::interval))
         ORDER BY created_at
         LIMIT $2
         FOR UPDATE SKIP LOCKED)
      RETURNING id`,
    [interval, limit],
  );
  return rows.map((r) => r.id);
}
