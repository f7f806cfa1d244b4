import type { Database } from './connection.js';

// Timers shared by the workers of one database (migration 0770): a pass that should run once per
// interval whatever the number of workers.

/**
 * Claim the pass of timer `name` due at `now`: true for exactly one caller per interval. The row is
 * created on first use; after a claim it is due again at `now + intervalMs`. Several workers calling
 * at once: one statement each, and PostgreSQL's row lock makes all but one see the moved `next_at`.
 */
export async function claimTimer(db: Database, name: string, now: Date, intervalMs: number, claimedBy: string): Promise<boolean> {
  const next = new Date(now.getTime() + intervalMs);
  const rows = await db.query<{ name: string }>(
    `INSERT INTO agent_timers (name, next_at, claimed_by, claimed_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (name) DO UPDATE SET next_at = EXCLUDED.next_at, claimed_by = EXCLUDED.claimed_by, claimed_at = EXCLUDED.claimed_at
       WHERE agent_timers.next_at <= $4
     RETURNING name`,
    [name, next, claimedBy, now],
  );
  return rows.length === 1;
}

/** When timer `name` last ran and who ran it; null before its first pass. */
export async function timerState(db: Database, name: string): Promise<{ nextAt: Date; claimedBy: string | null; claimedAt: Date | null } | null> {
  const [row] = await db.query<{ next_at: Date | string; claimed_by: string | null; claimed_at: Date | string | null }>('SELECT next_at, claimed_by, claimed_at FROM agent_timers WHERE name = $1', [name]);
  if (!row) return null;
  return { nextAt: new Date(row.next_at), claimedBy: row.claimed_by, claimedAt: row.claimed_at === null ? null : new Date(row.claimed_at) };
}
