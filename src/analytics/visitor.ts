/**
 * Visitors without identifiers, as privacy-first analytics count them: a visitor is
 * sha256(day's salt, project, address, user agent), cut to 64 bits. The salt is random per UTC day,
 * shared by every server through the database (the first to need it inserts it) and deleted once
 * the day is over by more than a day, so a hash can be neither linked across days nor recomputed
 * from an address afterwards. Nothing else of the address or user agent is kept.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../db/index.js';

const DAY_MS = 86_400_000;
/** The last day asked for: a batch's events are nearly all of one day, and `toISOString` is most of this function's cost. */
let lastDay = { index: NaN, text: '' };

/** `2026-03-05` for a time in milliseconds (UTC). */
export function utcDay(at: number): string {
  const index = Math.floor(at / DAY_MS);
  if (index !== lastDay.index) lastDay = { index, text: new Date(index * DAY_MS).toISOString().slice(0, 10) };
  return lastDay.text;
}

export function visitorHash(salt: string, projectId: string, address: string, userAgent: string): string {
  return createHash('sha256').update(`${salt}\0${projectId}\0${address}\0${userAgent}`).digest('hex').slice(0, 16);
}

/** Each day's salt, read from (or first written to) `analytics_salts`, cached in memory for the day. */
export class SaltBook {
  private readonly salts = new Map<string, Promise<string>>();

  constructor(private readonly db: Database) {}

  /**
   * The salt of `day`. Days older than yesterday get a throwaway salt (their stored one is gone by
   * design); a failed read is not remembered, so the next batch asks again.
   */
  saltFor(day: string, now = Date.now()): Promise<string> {
    if (day < utcDay(now - 86_400_000)) return Promise.resolve(randomBytes(16).toString('hex'));
    let salt = this.salts.get(day);
    if (!salt) {
      salt = this.load(day, now);
      salt.catch(() => this.salts.delete(day));
      this.salts.set(day, salt);
    }
    return salt;
  }

  private async load(day: string, now: number): Promise<string> {
    const [row] = await this.db.query<{ salt: string }>(
      `WITH ins AS (INSERT INTO analytics_salts (day, salt) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING RETURNING salt)
       SELECT salt FROM ins UNION ALL SELECT salt FROM analytics_salts WHERE day = $1 LIMIT 1`,
      [day, randomBytes(16).toString('hex')],
    );
    // Rotation: salts of days before yesterday are deleted, here and in memory.
    const cutoff = utcDay(now - 86_400_000);
    await this.db.query('DELETE FROM analytics_salts WHERE day < $1', [cutoff]);
    for (const key of this.salts.keys()) if (key < cutoff) this.salts.delete(key);
    if (row) return row.salt;
    // Another server inserted the day's salt while this statement ran (its snapshot predates that
    // commit): a new statement sees it.
    const [again] = await this.db.query<{ salt: string }>('SELECT salt FROM analytics_salts WHERE day = $1', [day]);
    if (!again) throw new Error(`no analytics salt for ${day}`);
    return again.salt;
  }
}
