/**
 * The dashboard's key figures (issue 43): each with the same figure over the range just before
 * (`previousRange`), for the change badges; and agents' searches (MCP `search` tool calls). Every
 * figure of a range and of the one before is read in one statement over both (`day >= previous
 * first day`), split with `FILTER`, so a page pays one round trip and one index range per table.
 */
import type { Database } from '../db/index.js';
import { decodeCursor, encodeCursor, previousRange, type DateRange } from './range.js';
import type { SiteKey } from './types.js';
import type { Page } from './queries.js';

/** A figure over the range and over the range just before it, of the same length. */
export interface Figure {
  value: number;
  /** The same figure over `previousRange(range)`. */
  previous: number;
}

export interface TrafficSummary {
  /** Unique visitors, humans and agents, summed per day (as `visitorsByPage`'s totals). */
  visitors: Figure;
  /** Page views, humans and agents. */
  views: Figure;
  /** Readers' questions to the assistant (user messages, whoever asked: the widget or the API). */
  assistant: Figure;
  /** Searches: humans' in the site's search dialog plus agents' MCP `search` tool calls. */
  searches: Figure;
  /** Feedback entries of every source. */
  feedback: Figure;
  /** Views by humans in the range. */
  humans: number;
  /** Views by agents in the range. */
  agents: number;
}

const n = (v: unknown) => Number(v ?? 0);
const figure = (value: unknown, previous: unknown): Figure => ({ value: n(value), previous: n(previous) });

/**
 * The arguments of a statement over a range and the one before: $1 project, $2 preview, $3 first
 * day, $4 end day (exclusive), $5 the previous range's first day; $6 start, $7 end, $8 the previous
 * start (times, for rows kept with their time: feedback, assistant messages).
 */
function bothRanges(site: SiteKey, range: DateRange): unknown[] {
  const before = previousRange(range);
  return [site.projectId, site.preview ?? '', range.fromDay, range.toDay, before.fromDay, range.from, range.to, before.from];
}

/** Rows of a daily rollup of the site over both ranges. */
const rollup = (table: string) => `FROM ${table} WHERE project_id = $1 AND preview = $2 AND day >= $5 AND day < $4`;
const now = 'day >= $3';
const before = 'day < $3';

/**
 * The traffic page's five key figures with their previous values, and the range's views split
 * between humans and agents. The assistant's threads are kept per project, not per site: its
 * figure counts the project's questions whichever site (production or a preview) is asked for.
 */
export async function trafficSummary(db: Database, site: SiteKey, range: DateRange): Promise<TrafficSummary> {
  const [row] = await db.query<Record<string, string | number | null>>(
    `WITH v AS (
       SELECT sum(views) FILTER (WHERE ${now} AND audience = 'human') AS humans, sum(views) FILTER (WHERE ${now} AND audience = 'agent') AS agents,
              sum(views) FILTER (WHERE ${before}) AS views_before
       ${rollup('analytics_daily_views')}
     ), u AS (
       SELECT sum(visitors) FILTER (WHERE ${now}) AS visitors, sum(visitors) FILTER (WHERE ${before}) AS visitors_before ${rollup('analytics_daily_site_uniques')}
     ), s AS (
       SELECT sum(searches) FILTER (WHERE ${now}) AS searches, sum(searches) FILTER (WHERE ${before}) AS searches_before ${rollup('analytics_daily_searches')}
     ), a AS (
       SELECT sum(searches) FILTER (WHERE ${now}) AS agent_searches, sum(searches) FILTER (WHERE ${before}) AS agent_searches_before ${rollup('analytics_daily_agent_searches')}
     ), f AS (
       SELECT count(*) FILTER (WHERE created_at >= $6) AS feedback, count(*) FILTER (WHERE created_at < $6) AS feedback_before
       FROM analytics_feedback WHERE project_id = $1 AND preview = $2 AND created_at >= $8 AND created_at < $7
     ), q AS (
       SELECT count(*) FILTER (WHERE m.created_at >= $6) AS questions, count(*) FILTER (WHERE m.created_at < $6) AS questions_before
       FROM assistant_messages m JOIN assistant_threads t ON t.id = m.thread_id
       WHERE t.project_id = $1 AND m.role = 'user' AND m.created_at >= $8 AND m.created_at < $7
     )
     SELECT * FROM v, u, s, a, f, q`,
    bothRanges(site, range),
  );
  const r = row ?? {};
  return {
    visitors: figure(r.visitors, r.visitors_before),
    views: figure(n(r.humans) + n(r.agents), r.views_before),
    assistant: figure(r.questions, r.questions_before),
    searches: figure(n(r.searches) + n(r.agent_searches), n(r.searches_before) + n(r.agent_searches_before)),
    feedback: figure(r.feedback, r.feedback_before),
    humans: n(r.humans),
    agents: n(r.agents),
  };
}

export interface SearchSummary {
  /** Searches by humans (the site's search dialog) in the range. */
  humans: number;
  /** Agents' searches (MCP `search` tool calls) in the range. */
  agents: number;
  /** Distinct normalised queries humans searched for. */
  uniqueQueries: Figure;
  /** Humans' searches that found nothing. */
  zeroResults: Figure;
  /** Results humans opened per search, 0..1 (0 without searches). */
  clickThrough: Figure;
}

const ratio = (part: unknown, whole: unknown) => (n(whole) > 0 ? Math.min(1, n(part) / n(whole)) : 0);

/**
 * The search page's key figures. Humans' figures come from the dialog's rollup; an MCP call reports
 * no results and no clicks, so agents are only counted. A query counts as searched on a day with a
 * search of it (a result opened on a later day adds a click, not a query).
 */
export async function searchSummary(db: Database, site: SiteKey, range: DateRange): Promise<SearchSummary> {
  const [row] = await db.query<Record<string, string | number | null>>(
    `WITH s AS (
       SELECT sum(searches) FILTER (WHERE ${now}) AS searches, sum(searches) FILTER (WHERE ${before}) AS searches_before,
              count(DISTINCT query) FILTER (WHERE ${now} AND searches > 0) AS queries, count(DISTINCT query) FILTER (WHERE ${before} AND searches > 0) AS queries_before,
              sum(no_results) FILTER (WHERE ${now}) AS empty, sum(no_results) FILTER (WHERE ${before}) AS empty_before,
              sum(clicks) FILTER (WHERE ${now}) AS clicks, sum(clicks) FILTER (WHERE ${before}) AS clicks_before
       ${rollup('analytics_daily_searches')}
     ), a AS (
       SELECT sum(searches) AS agents FROM analytics_daily_agent_searches WHERE project_id = $1 AND preview = $2 AND day >= $3 AND day < $4
     )
     SELECT * FROM s, a`,
    bothRanges(site, range).slice(0, 5),
  );
  const r = row ?? {};
  return {
    humans: n(r.searches),
    agents: n(r.agents),
    uniqueQueries: figure(r.queries, r.queries_before),
    zeroResults: figure(r.empty, r.empty_before),
    clickThrough: { value: ratio(r.clicks, r.searches), previous: ratio(r.clicks_before, r.searches_before) },
  };
}

const isOffset = (v: unknown): v is { o: number } => typeof v === 'object' && v !== null && Number.isInteger((v as { o: unknown }).o) && (v as { o: number }).o >= 0;

/**
 * Queries agents sent to the site's MCP server's `search` tool, most first (then alphabetically).
 * `total`: every MCP search of the range; `queries`: how many distinct queries. Pages by `offset`
 * or by the `nextCursor` handed out.
 */
export async function mcpSearches(db: Database, site: SiteKey, range: DateRange, page: Page): Promise<{ searches: { query: string; hits: number }[]; total: number; queries: number; nextCursor: string | null; hasMore: boolean }> {
  const args = [site.projectId, site.preview ?? '', range.fromDay, range.toDay];
  const offset = decodeCursor(page.cursor, isOffset)?.o ?? page.offset ?? 0;
  const where = 'FROM analytics_daily_agent_searches WHERE project_id = $1 AND preview = $2 AND day >= $3 AND day < $4';
  const [totals] = await db.query<{ total: string | null; queries: string }>(`SELECT sum(searches) AS total, count(DISTINCT query) AS queries ${where}`, args);
  const rows = await db.query<{ query: string; hits: string }>(`SELECT query, sum(searches) AS hits ${where} GROUP BY query ORDER BY sum(searches) DESC, query LIMIT $5 OFFSET $6`, [...args, page.limit + 1, offset]);
  const hasMore = rows.length > page.limit;
  return {
    searches: rows.slice(0, page.limit).map((r) => ({ query: r.query, hits: n(r.hits) })),
    total: n(totals?.total),
    queries: n(totals?.queries),
    nextCursor: hasMore ? encodeCursor({ o: offset + page.limit }) : null,
    hasMore,
  };
}
