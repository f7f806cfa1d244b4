import type { Database } from './connection.js';
import type { RateDecision } from './rate-limit.js';

/** A limit every server on the database shares: at most `limit` hits per `windowMs` for one subject. */
export interface SharedRateLimit {
  /** What is limited, e.g. `assistant-address`; one namespace of subjects. */
  scope: string;
  limit: number;
  windowMs: number;
}

/** Buckets per window: the window slides a sixth of itself at a time. */
const BUCKETS = 6;

/**
 * Take one hit of `subject`'s allowance if the window has room, in one statement: sum the buckets of
 * the window and, when below the limit, count this hit in the current bucket. As with the agent's
 * hourly budget, two hits racing for the last slot can both be admitted (read committed): a limit
 * against floods, not a lock.
 */
export async function takeSharedRateSlot(db: Database, rate: SharedRateLimit, subject: string, now = Date.now()): Promise<RateDecision> {
  const size = Math.max(1, Math.floor(rate.windowMs / BUCKETS));
  const bucket = new Date(Math.floor(now / size) * size);
  const since = new Date(bucket.getTime() - rate.windowMs + size);
  const [row] = await db.query<{ used: number; oldest: Date | string | null; admitted: number }>(
    `WITH usage AS (
       SELECT coalesce(sum(hits), 0)::int AS used, min(bucket) AS oldest
       FROM rate_buckets WHERE scope = $1 AND subject = $2 AND bucket >= $3
     ), bump AS (
       INSERT INTO rate_buckets (scope, subject, bucket, hits)
       SELECT $1, $2, $4, 1 FROM usage WHERE used < $5
       ON CONFLICT (scope, subject, bucket) DO UPDATE SET hits = rate_buckets.hits + 1
       RETURNING 1
     )
     SELECT used, oldest, (SELECT count(*) FROM bump)::int AS admitted FROM usage`,
    [rate.scope, subject, since, bucket, rate.limit],
  );
  const used = Number(row?.used ?? 0);
  if (Number(row?.admitted ?? 0) > 0) return { admitted: true, used, retryAfterSeconds: 0 };
  // The oldest bucket in the window leaves it one window after it began.
  const retryAfterSeconds = row?.oldest
    ? Math.max(1, Math.ceil((new Date(row.oldest).getTime() + rate.windowMs - now) / 1000))
    : Math.ceil(rate.windowMs / 1000);
  return { admitted: false, used, retryAfterSeconds };
}

/** Drop buckets older than `keepMs` (housekeeping: a window never reads them). */
export async function pruneSharedRateBuckets(db: Database, keepMs: number, now = Date.now()): Promise<void> {
  await db.query('DELETE FROM rate_buckets WHERE bucket < $1', [new Date(now - keepMs)]);
}

/** A subject's hits in its window, all servers together, and when its oldest counted bucket began. */
export interface SharedWindowSum {
  hits: number;
  oldest: Date;
}

/**
 * Add hits counted by one server since its last call to the shared window of `scope` (one
 * statement for all subjects), then read back each named subject's window sum over every server.
 * For limits checked on every request (the search API at hundreds a second): a server decides on
 * its own counts and the sums of its last call, and calls this about once a second.
 */
export async function syncSharedRateHits(db: Database, rate: Omit<SharedRateLimit, 'limit'>, hits: Map<string, number>, read: Iterable<string>, now = Date.now()): Promise<Map<string, SharedWindowSum>> {
  const size = Math.max(1, Math.floor(rate.windowMs / BUCKETS));
  const bucket = new Date(Math.floor(now / size) * size);
  const since = new Date(bucket.getTime() - rate.windowMs + size);
  if (hits.size) {
    await db.query(
      `INSERT INTO rate_buckets (scope, subject, bucket, hits)
       SELECT $1, subject, $2, n FROM unnest($3::text[], $4::int[]) AS h(subject, n)
       ON CONFLICT (scope, subject, bucket) DO UPDATE SET hits = rate_buckets.hits + excluded.hits`,
      [rate.scope, bucket, [...hits.keys()], [...hits.values()]],
    );
  }
  const subjects = [...new Set([...hits.keys(), ...read])];
  const sums = new Map<string, SharedWindowSum>();
  if (!subjects.length) return sums;
  const rows = await db.query<{ subject: string; hits: number; oldest: Date | string }>(
    `SELECT subject, sum(hits)::int AS hits, min(bucket) AS oldest FROM rate_buckets
     WHERE scope = $1 AND subject = ANY($2::text[]) AND bucket >= $3 GROUP BY subject`,
    [rate.scope, subjects, since],
  );
  for (const row of rows) sums.set(row.subject, { hits: Number(row.hits), oldest: new Date(row.oldest) });
  return sums;
}
