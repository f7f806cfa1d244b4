/**
 * The dashboard's key figures (issue 43): each with the same figure over the range just before
 * (`previousRange`), for the change badges; and agents' searches (MCP `search` tool calls). The
 * rollups, feedback entries and questions are read per day over both ranges in one statement,
 * closed days once (`closed-days.ts`), so a request reads today's rows only.
 */
import type { Database } from '../db/index.js';
import { addUp, byCodeUnits, rowsOverDays, type DaySpan } from './closed-days.js';
import { decodeCursor, encodeCursor, previousRange, type DateRange } from './range.js';
import type { SiteKey } from './types.js';
import { searchesByQuery, type Page } from './queries.js';

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
 * A site's figures per UTC day: views by audience, visitors, readers' searches (with those that found
 * nothing and the results opened), agents' searches, feedback entries and questions to the assistant.
 */
interface SiteDay {
  day: string;
  humans: number | null;
  agents: number | null;
  visitors: number | null;
  searches: number | null;
  empty: number | null;
  clicks: number | null;
  agent_searches: number | null;
  feedback: number | null;
  questions: number | null;
}

const DAY_FIELDS = ['humans', 'agents', 'visitors', 'searches', 'empty', 'clicks', 'agent_searches', 'feedback', 'questions'] as const;
type DaySums = Record<(typeof DAY_FIELDS)[number], number>;

/** Midnight UTC of a `YYYY-MM-DD` parameter, as a time (whatever the session's time zone). */
const midnight = (param: string) => `((${param}::date)::timestamp AT TIME ZONE 'UTC')`;

/**
 * The site's figures per day over `span`, one row per day with any, in one statement. Closed days
 * are read once, as every rollup is: feedback is never deleted, so its days do not change either; a
 * thread deleted through the admin API still counts in the closed days kept until the next midnight
 * UTC moves the span (or `forgetClosedDays`), while the assistant's own pages read threads live.
 * The assistant's threads are kept per project, not per site: `questions` are the project's.
 */
function siteDays(db: Database, site: SiteKey, span: DaySpan): Promise<SiteDay[]> {
  const where = 'WHERE project_id = $1 AND preview = $2 AND day >= $3 AND day < $4 GROUP BY day';
  return rowsOverDays<SiteDay & Record<string, unknown>>(
    db,
    site,
    span,
    'site-days',
    `WITH v AS (SELECT day, sum(views) FILTER (WHERE audience = 'human') AS humans, sum(views) FILTER (WHERE audience = 'agent') AS agents FROM analytics_daily_views ${where}),
          u AS (SELECT day, sum(visitors) AS visitors FROM analytics_daily_site_uniques ${where}),
          s AS (SELECT day, sum(searches) AS searches, sum(no_results) AS empty, sum(clicks) AS clicks FROM analytics_daily_searches ${where}),
          a AS (SELECT day, sum(searches) AS agent_searches FROM analytics_daily_agent_searches ${where}),
          f AS (
            SELECT (created_at AT TIME ZONE 'UTC')::date AS day, count(*) AS feedback FROM analytics_feedback
            WHERE project_id = $1 AND preview = $2 AND created_at >= ${midnight('$3')} AND created_at < ${midnight('$4')} GROUP BY 1
          ),
          q AS (
            SELECT (m.created_at AT TIME ZONE 'UTC')::date AS day, count(*) AS questions FROM assistant_messages m JOIN assistant_threads t ON t.id = m.thread_id
            WHERE t.project_id = $1 AND m.role = 'user' AND m.created_at >= ${midnight('$3')} AND m.created_at < ${midnight('$4')} GROUP BY 1
          )
     SELECT day::text AS day, humans, agents, visitors, searches, empty, clicks, agent_searches, feedback, questions
     FROM v FULL JOIN u USING (day) FULL JOIN s USING (day) FULL JOIN a USING (day) FULL JOIN f USING (day) FULL JOIN q USING (day)`,
  );
}

/** The site's daily figures added up over `range` and over the range before it. */
async function sumsWithPrevious(db: Database, site: SiteKey, range: DateRange): Promise<{ now: DaySums; before: DaySums }> {
  const previous = previousRange(range);
  const days = await siteDays(db, site, { fromDay: previous.fromDay, toDay: range.toDay });
  const sums = addUp(days.map((d) => ({ ...d, part: d.day >= range.fromDay ? 'now' : 'before' })), 'part', DAY_FIELDS);
  const none = Object.fromEntries(DAY_FIELDS.map((f) => [f, 0])) as DaySums;
  return { now: sums.get('now') ?? none, before: sums.get('before') ?? none };
}

/**
 * The traffic page's five key figures with their previous values, and the range's views split
 * between humans and agents; every figure over the range's whole UTC days (the rollups' unit). The
 * assistant's threads are kept per project, not per site: its figure counts the project's questions
 * whichever site (production or a preview) is asked for.
 */
export async function trafficSummary(db: Database, site: SiteKey, range: DateRange): Promise<TrafficSummary> {
  const { now, before } = await sumsWithPrevious(db, site, range);
  return {
    visitors: figure(now.visitors, before.visitors),
    views: figure(now.humans + now.agents, before.humans + before.agents),
    assistant: figure(now.questions, before.questions),
    searches: figure(now.searches + now.agent_searches, before.searches + before.agent_searches),
    feedback: figure(now.feedback, before.feedback),
    humans: now.humans,
    agents: now.agents,
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

const ratio = (part: number, whole: number) => (whole > 0 ? Math.min(1, part / whole) : 0);

/** How many queries readers searched for over a range (some search of them on a day of it). */
async function searchedQueries(db: Database, site: SiteKey, range: DateRange): Promise<number> {
  let count = 0;
  for (const q of (await searchesByQuery(db, site, range)).values()) if (q.hits > 0) count++;
  return count;
}

/**
 * The search page's key figures. Humans' figures come from the dialog's rollup; an MCP call reports
 * no results and no clicks, so agents are only counted. A query counts as searched on a day with a
 * search of it (a result opened on a later day adds a click, not a query).
 */
export async function searchSummary(db: Database, site: SiteKey, range: DateRange): Promise<SearchSummary> {
  const previous = previousRange(range);
  const [{ now, before }, queries, queriesBefore] = await Promise.all([sumsWithPrevious(db, site, range), searchedQueries(db, site, range), searchedQueries(db, site, previous)]);
  return {
    humans: now.searches,
    agents: now.agent_searches,
    uniqueQueries: { value: queries, previous: queriesBefore },
    zeroResults: { value: now.empty, previous: before.empty },
    clickThrough: { value: ratio(now.clicks, now.searches), previous: ratio(before.clicks, before.searches) },
  };
}

const isOffset = (v: unknown): v is { o: number } => typeof v === 'object' && v !== null && Number.isInteger((v as { o: unknown }).o) && (v as { o: number }).o >= 0;

/**
 * Queries agents sent to the site's MCP server's `search` tool, most first (then by query).
 * `total`: every MCP search of the range; `queries`: how many distinct queries. Pages by `offset`
 * or by the `nextCursor` handed out.
 */
export async function mcpSearches(db: Database, site: SiteKey, range: DateRange, page: Page): Promise<{ searches: { query: string; hits: number }[]; total: number; queries: number; nextCursor: string | null; hasMore: boolean }> {
  const offset = decodeCursor(page.cursor, isOffset)?.o ?? page.offset ?? 0;
  const rows = await rowsOverDays<{ query: string; hits: string }>(db, site, range, 'agent-queries', 'SELECT query, sum(searches) AS hits FROM analytics_daily_agent_searches WHERE project_id = $1 AND preview = $2 AND day >= $3 AND day < $4 GROUP BY query');
  const all = [...addUp(rows, 'query', ['hits'] as const)].map(([query, s]) => ({ query, hits: s.hits }));
  all.sort((a, b) => b.hits - a.hits || byCodeUnits(a.query, b.query));
  const hasMore = all.length > offset + page.limit;
  return {
    searches: all.slice(offset, offset + page.limit),
    total: all.reduce((t, q) => t + q.hits, 0),
    queries: all.length,
    nextCursor: hasMore ? encodeCursor({ o: offset + page.limit }) : null,
    hasMore,
  };
}
