import type { Database } from './connection.js';

/** Outcome of asking for one agent request slot. */
export interface RateDecision {
  admitted: boolean;
  /** Requests counted in the window before this one. */
  used: number;
  /** Seconds until a slot frees up (when refused). */
  retryAfterSeconds: number;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/**
 * Take a slot of a project's hourly agent budget if one is free, in one
 * statement: sum the per-minute buckets of the last hour and, when below
 * `limit`, count this request in the current minute. Minute granularity: the
 * window slides a minute at a time. Two requests racing for the last slot can
 * both get it (read committed); the limit is a budget, not a lock.
 */
export async function takeAgentRequestSlot(db: Database, projectId: string, limit: number, now = Date.now()): Promise<RateDecision> {
  const minute = new Date(Math.floor(now / MINUTE_MS) * MINUTE_MS);
  const since = new Date(minute.getTime() - HOUR_MS);
  const [row] = await db.query<{ used: number; oldest: Date | string | null; admitted: number }>(
    `WITH usage AS (
       SELECT coalesce(sum(requests), 0)::int AS used, min(minute) AS oldest
       FROM agent_rate_buckets WHERE project_id = $1 AND minute > $2
     ), bump AS (
       INSERT INTO agent_rate_buckets (project_id, minute, requests)
       SELECT $1, $3, 1 FROM usage WHERE used < $4
       ON CONFLICT (project_id, minute) DO UPDATE SET requests = agent_rate_buckets.requests + 1
       RETURNING 1
     )
     SELECT used, oldest, (SELECT count(*) FROM bump)::int AS admitted FROM usage`,
    [projectId, since, minute, limit],
  );
  const used = Number(row?.used ?? 0);
  if (Number(row?.admitted ?? 0) > 0) return { admitted: true, used, retryAfterSeconds: 0 };
  // The window is the 60 minutes ending with the current one, so the oldest bucket leaves it one hour
  // after its own minute began; with nothing used (a zero limit) wait an hour.
  const retryAfterSeconds = row?.oldest
    ? Math.max(1, Math.ceil((new Date(row.oldest).getTime() + HOUR_MS - now) / 1000))
    : HOUR_MS / 1000;
  return { admitted: false, used, retryAfterSeconds };
}

/** Drop buckets older than the window (housekeeping; the limit ignores them anyway). */
export async function pruneAgentRateBuckets(db: Database, now = Date.now()): Promise<void> {
  await db.query('DELETE FROM agent_rate_buckets WHERE minute < $1', [new Date(now - 2 * HOUR_MS)]);
}
