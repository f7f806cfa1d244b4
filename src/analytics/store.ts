/**
 * Writing a batch: one statement for the raw events and every rollup they feed (so a batch is
 * counted whole or not at all, on PGlite and PostgreSQL alike), one for feedback, one for refusals.
 * Readers' searches (the dialog's) and agents' (MCP `search` calls) each have a rollup of their own.
 * Rows are passed as arrays and spread with `unnest`, so a batch of 1,000 is one round trip.
 * Rollups are additive upserts: two servers writing the same day and page add up, neither overwrites.
 * Events of a project deleted while they waited are dropped by the join on `projects`.
 */
import type { Database } from '../db/index.js';
import { firstOpenDay, forgetClosedDays } from './closed-days.js';
import { utcDay } from './visitor.js';

/** A view or search ready to store: the visitor is a hash now, and the day is fixed. */
export interface StoredEvent {
  projectId: string;
  preview: string;
  kind: 'view' | 'search' | 'search_open';
  at: Date;
  day: string;
  path: string;
  audience: 'human' | 'agent';
  channel: string;
  visitor: string;
  referrerHost: string;
  query: string | null;
  results: number | null;
  opened: string | null;
  /**
   * False for a page view past its project's daily cap of raw events (`collector.ts`): it adds to
   * the day's view total only, with no raw row, visitor or referrer. Absent: true.
   */
  keep?: boolean;
}

export interface StoredFeedback {
  id: string;
  projectId: string;
  preview: string;
  path: string;
  source: string;
  helpful: boolean | null;
  comment: string | null;
  contact: string | null;
  code: string | null;
  filename: string | null;
  lang: string | null;
  /** The preset reason picked with the thumb; null (or absent) when none was. */
  reason?: string | null;
  at: Date;
}

export interface StoredRefusal {
  projectId: string;
  day: string;
  code: string;
  refused: number;
}

const EVENTS_SQL = `
WITH ev AS (
  SELECT e.* FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::date[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::int[], $13::text[], $14::boolean[])
    AS e(project_id, preview, kind, at, day, path, audience, channel, visitor, referrer_host, query, results, opened, keep)
  WHERE EXISTS (SELECT 1 FROM projects p WHERE p.id = e.project_id)
), raw AS (
  INSERT INTO analytics_events (project_id, preview, kind, at, path, audience, channel, visitor, referrer_host, query, results, opened)
  SELECT project_id, preview, kind, at, path, audience, channel, visitor, referrer_host, query, results, opened FROM ev WHERE keep
), views AS (
  INSERT INTO analytics_daily_views AS t (project_id, preview, day, path, audience, views)
  SELECT project_id, preview, day, path, audience, count(*) FROM ev WHERE kind = 'view' GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (project_id, preview, day, path, audience) DO UPDATE SET views = t.views + excluded.views
), seen AS (
  SELECT DISTINCT project_id, preview, day, path, audience, visitor FROM ev WHERE kind = 'view' AND keep
), page_visitors AS (
  INSERT INTO analytics_daily_page_visitors (project_id, preview, day, path, audience, visitor)
  SELECT * FROM seen ON CONFLICT DO NOTHING
  RETURNING project_id, preview, day, path, audience
), page_uniques AS (
  INSERT INTO analytics_daily_page_uniques AS t (project_id, preview, day, path, audience, visitors)
  SELECT project_id, preview, day, path, audience, count(*) FROM page_visitors GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (project_id, preview, day, path, audience) DO UPDATE SET visitors = t.visitors + excluded.visitors
), site_visitors AS (
  INSERT INTO analytics_daily_site_visitors (project_id, preview, day, audience, visitor)
  SELECT DISTINCT project_id, preview, day, audience, visitor FROM seen ON CONFLICT DO NOTHING
  RETURNING project_id, preview, day, audience
), site_uniques AS (
  INSERT INTO analytics_daily_site_uniques AS t (project_id, preview, day, audience, visitors)
  SELECT project_id, preview, day, audience, count(*) FROM site_visitors GROUP BY 1, 2, 3, 4
  ON CONFLICT (project_id, preview, day, audience) DO UPDATE SET visitors = t.visitors + excluded.visitors
), referrers AS (
  INSERT INTO analytics_daily_referrers AS t (project_id, preview, day, referrer_host, views)
  SELECT project_id, preview, day, referrer_host, count(*) FROM ev WHERE kind = 'view' AND keep AND referrer_host <> '' GROUP BY 1, 2, 3, 4
  ON CONFLICT (project_id, preview, day, referrer_host) DO UPDATE SET views = t.views + excluded.views
), searches AS (
  INSERT INTO analytics_daily_searches AS t (project_id, preview, day, query, searches, no_results, clicks, last_at)
  SELECT project_id, preview, day, query,
         count(*) FILTER (WHERE kind = 'search'), count(*) FILTER (WHERE kind = 'search' AND results = 0),
         count(*) FILTER (WHERE kind = 'search_open'), max(at)
  FROM ev WHERE kind IN ('search', 'search_open') AND audience = 'human' GROUP BY 1, 2, 3, 4
  ON CONFLICT (project_id, preview, day, query) DO UPDATE SET
    searches = t.searches + excluded.searches, no_results = t.no_results + excluded.no_results,
    clicks = t.clicks + excluded.clicks, last_at = greatest(t.last_at, excluded.last_at)
), agent_searches AS (
  INSERT INTO analytics_daily_agent_searches AS t (project_id, preview, day, query, searches, last_at)
  SELECT project_id, preview, day, query, count(*), max(at) FROM ev WHERE kind = 'search' AND audience = 'agent' GROUP BY 1, 2, 3, 4
  ON CONFLICT (project_id, preview, day, query) DO UPDATE SET searches = t.searches + excluded.searches, last_at = greatest(t.last_at, excluded.last_at)
), clicks AS (
  INSERT INTO analytics_daily_search_clicks AS t (project_id, preview, day, query, path, clicks)
  SELECT project_id, preview, day, query, opened, count(*) FROM ev WHERE kind = 'search_open' GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (project_id, preview, day, query, path) DO UPDATE SET clicks = t.clicks + excluded.clicks
)
SELECT count(*)::int AS written FROM ev`;

/** Store views and searches with their rollups; returns how many were written. */
export async function writeEvents(db: Database, events: StoredEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const col = <K extends keyof StoredEvent>(key: K) => events.map((e) => e[key]);
  const [row] = await db.query<{ written: number }>(
    EVENTS_SQL,
    [col('projectId'), col('preview'), col('kind'), col('at'), col('day'), col('path'), col('audience'), col('channel'), col('visitor'), col('referrerHost'), col('query'), col('results'), col('opened'), events.map((e) => e.keep !== false)],
    'folio_analytics_events',
  );
  // A server writes today's events; events of a closed day (history a test or a bench writes) change
  // what the queries keep of closed days (`closed-days.ts`).
  const cut = firstOpenDay();
  if (events.some((e) => e.day < cut)) forgetClosedDays(db, events.filter((e) => e.day < cut).map((e) => e.projectId));
  return Number(row?.written ?? 0);
}

export async function writeFeedback(db: Database, rows: StoredFeedback[]): Promise<void> {
  if (rows.length === 0) return;
  // Entries of a closed day (a test's or a bench's history) change what was kept of closed days.
  const cut = firstOpenDay();
  const old = rows.filter((r) => utcDay(r.at.getTime()) < cut).map((r) => r.projectId);
  const col = <K extends keyof StoredFeedback>(key: K) => rows.map((r) => r[key]);
  await db.query(
    `INSERT INTO analytics_feedback (id, project_id, preview, path, source, helpful, comment, contact, code, filename, lang, reason, created_at)
     SELECT f.* FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::boolean[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::timestamptz[])
       AS f(id, project_id, preview, path, source, helpful, comment, contact, code, filename, lang, reason, created_at)
     WHERE EXISTS (SELECT 1 FROM projects p WHERE p.id = f.project_id)`,
    [col('id'), col('projectId'), col('preview'), col('path'), col('source'), col('helpful'), col('comment'), col('contact'), col('code'), col('filename'), col('lang'), rows.map((r) => r.reason ?? null), col('at')],
  );
  if (old.length) forgetClosedDays(db, old);
}

export async function writeRefusals(db: Database, rows: StoredRefusal[]): Promise<void> {
  if (rows.length === 0) return;
  await db.query(
    `INSERT INTO analytics_daily_refusals AS t (project_id, day, code, refused)
     SELECT r.* FROM unnest($1::text[], $2::date[], $3::text[], $4::bigint[]) AS r(project_id, day, code, refused)
     WHERE EXISTS (SELECT 1 FROM projects p WHERE p.id = r.project_id)
     ON CONFLICT (project_id, day, code) DO UPDATE SET refused = t.refused + excluded.refused`,
    [rows.map((r) => r.projectId), rows.map((r) => r.day), rows.map((r) => r.code), rows.map((r) => r.refused)],
  );
}

/**
 * The events a project's site (a preview apart) counted on a UTC day, from its daily totals: views,
 * readers' searches and result clicks, agents' searches. What the collector's daily cap starts from
 * when it first sees the day (each total is one primary-key range, so this reads a few rows per page
 * and query, never the raw events).
 */
export async function countedEventsOn(db: Database, projectId: string, preview: string, day: string): Promise<number> {
  const [row] = await db.query<{ n: string | number | null }>(
    `SELECT (SELECT coalesce(sum(views), 0) FROM analytics_daily_views WHERE project_id = $1 AND preview = $2 AND day = $3)
          + (SELECT coalesce(sum(searches + clicks), 0) FROM analytics_daily_searches WHERE project_id = $1 AND preview = $2 AND day = $3)
          + (SELECT coalesce(sum(searches), 0) FROM analytics_daily_agent_searches WHERE project_id = $1 AND preview = $2 AND day = $3) AS n`,
    [projectId, preview, day],
  );
  return Number(row?.n ?? 0);
}

/** Feedback entries stored for a project's site (a preview apart). */
export async function storedFeedbackOf(db: Database, projectId: string, preview: string): Promise<number> {
  const [row] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM analytics_feedback WHERE project_id = $1 AND preview = $2', [projectId, preview]);
  return Number(row?.n ?? 0);
}

/**
 * Delete raw events older than `retentionDays` (the rollups stay), 10,000 rows per statement so a
 * large backlog never holds one long transaction. Returns how many went.
 */
export async function pruneEvents(db: Database, retentionDays: number, now = Date.now()): Promise<number> {
  const before = new Date(now - retentionDays * 86_400_000);
  // Visitor sets of days before yesterday: their hashes never recur, their counts are in the `_uniques` tables.
  const yesterday = new Date(now - 86_400_000).toISOString().slice(0, 10);
  await db.query('DELETE FROM analytics_daily_page_visitors WHERE day < $1', [yesterday]);
  await db.query('DELETE FROM analytics_daily_site_visitors WHERE day < $1', [yesterday]);
  return deleteInSlices(db, 'analytics_events', 'at', before);
}

/**
 * Delete feedback entries older than `retentionDays`, whatever their status, 10,000 per statement.
 * The dashboard's feedback figures of those days go with them (they are counted from the entries).
 */
export async function pruneFeedback(db: Database, retentionDays: number, now = Date.now()): Promise<number> {
  return deleteInSlices(db, 'analytics_feedback', 'created_at', new Date(now - retentionDays * 86_400_000));
}

async function deleteInSlices(db: Database, table: 'analytics_events' | 'analytics_feedback', column: 'at' | 'created_at', before: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await db.query<{ n: number }>(
      `WITH gone AS (DELETE FROM ${table} WHERE ctid = ANY (ARRAY(SELECT ctid FROM ${table} WHERE ${column} < $1 LIMIT 10000)) RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [before],
    );
    const n = Number(rows[0]?.n ?? 0);
    total += n;
    if (n < 10_000) return total;
  }
}
