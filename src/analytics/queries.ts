/**
 * What the analytics API and dashboard read: views and visitors from the daily rollups, searches
 * from their rollups, feedback and assistant threads from their rows. Every query is bounded by a
 * project, a site (production or one preview) and a date range, and served by a primary key or an
 * index that starts with those.
 */
import type { Database } from '../db/index.js';
import { decodeCursor, encodeCursor, type DateRange } from './range.js';
import type { SiteKey } from './types.js';

export interface Page {
  limit: number;
  offset?: number;
  cursor?: string;
}

type Split = { human: number; ai: number; total: number };
const n = (v: unknown) => Number(v ?? 0);
const siteArgs = (site: SiteKey, range: DateRange) => [site.projectId, site.preview ?? '', range.fromDay, range.toDay];

/** Views per page and site-wide, humans and agents apart, most viewed first. */
export async function viewsByPage(db: Database, site: SiteKey, range: DateRange, page: Page): Promise<{ totals: Split; views: (Split & { path: string })[]; hasMore: boolean }> {
  const args = siteArgs(site, range);
  const [totals] = await db.query<{ human: string; ai: string }>(
    `SELECT coalesce(sum(views) FILTER (WHERE audience = 'human'), 0) AS human, coalesce(sum(views) FILTER (WHERE audience = 'agent'), 0) AS ai
     FROM analytics_daily_views WHERE project_id = $1 AND preview = $2 AND day >= $3 AND day < $4`,
    args,
  );
  const rows = await db.query<{ path: string; human: string; ai: string }>(
    `SELECT path, coalesce(sum(views) FILTER (WHERE audience = 'human'), 0) AS human, coalesce(sum(views) FILTER (WHERE audience = 'agent'), 0) AS ai
     FROM analytics_daily_views WHERE project_id = $1 AND preview = $2 AND day >= $3 AND day < $4
     GROUP BY path ORDER BY sum(views) DESC, path LIMIT $5 OFFSET $6`,
    [...args, page.limit + 1, page.offset ?? 0],
  );
  const views = rows.slice(0, page.limit).map((r) => ({ path: r.path, human: n(r.human), ai: n(r.ai), total: n(r.human) + n(r.ai) }));
  return { totals: { human: n(totals?.human), ai: n(totals?.ai), total: n(totals?.human) + n(totals?.ai) }, views, hasMore: rows.length > page.limit };
}

/**
 * Unique visitors per page and site-wide, from the daily counts: a visitor is one per day (the
 * hash's salt changes daily), so a range's figure is the sum of its days. `total` is humans plus
 * agents: a visitor's hash covers its user agent, so a client is one or the other, except one that
 * asks for the same page as HTML and as Markdown (counted in both; the API calls it approximate).
 */
export async function visitorsByPage(db: Database, site: SiteKey, range: DateRange, page: Page): Promise<{ totals: Split; visitors: (Split & { path: string })[]; hasMore: boolean }> {
  const args = siteArgs(site, range);
  const sums = `coalesce(sum(visitors) FILTER (WHERE audience = 'human'), 0) AS human, coalesce(sum(visitors) FILTER (WHERE audience = 'agent'), 0) AS ai`;
  const [totals] = await db.query<{ human: string; ai: string }>(
    `SELECT ${sums} FROM analytics_daily_site_uniques WHERE project_id = $1 AND preview = $2 AND day >= $3 AND day < $4`,
    args,
  );
  const rows = await db.query<{ path: string; human: string; ai: string }>(
    `SELECT path, ${sums} FROM analytics_daily_page_uniques WHERE project_id = $1 AND preview = $2 AND day >= $3 AND day < $4
     GROUP BY path ORDER BY sum(visitors) DESC, path LIMIT $5 OFFSET $6`,
    [...args, page.limit + 1, page.offset ?? 0],
  );
  const visitors = rows.slice(0, page.limit).map((r) => ({ path: r.path, human: n(r.human), ai: n(r.ai), total: n(r.human) + n(r.ai) }));
  return { totals: { human: n(totals?.human), ai: n(totals?.ai), total: n(totals?.human) + n(totals?.ai) }, visitors, hasMore: rows.length > page.limit };
}

/**
 * Views by the host of the site that linked to the page (`Referer`, the site's own host and
 * none left out), most first; `views` in the totals counts every referred view of the range.
 */
export async function referrersByHost(db: Database, site: SiteKey, range: DateRange, page: Page): Promise<{ totals: { views: number }; referrers: { host: string; views: number }[]; hasMore: boolean }> {
  const args = siteArgs(site, range);
  const [totals] = await db.query<{ views: string }>(
    `SELECT coalesce(sum(views), 0) AS views FROM analytics_daily_referrers WHERE project_id = $1 AND preview = $2 AND day >= $3 AND day < $4`,
    args,
  );
  const rows = await db.query<{ host: string; views: string }>(
    `SELECT referrer_host AS host, sum(views) AS views FROM analytics_daily_referrers WHERE project_id = $1 AND preview = $2 AND day >= $3 AND day < $4
     GROUP BY referrer_host ORDER BY sum(views) DESC, referrer_host LIMIT $5 OFFSET $6`,
    [...args, page.limit + 1, page.offset ?? 0],
  );
  return { totals: { views: n(totals?.views) }, referrers: rows.slice(0, page.limit).map((r) => ({ host: r.host, views: n(r.views) })), hasMore: rows.length > page.limit };
}

/** Views per day, humans and agents apart (the dashboard's traffic chart). */
export async function dailyTraffic(db: Database, site: SiteKey, range: DateRange): Promise<{ day: string; human: number; ai: number }[]> {
  const rows = await db.query<{ day: string | Date; human: string; ai: string }>(
    `SELECT day::text AS day, coalesce(sum(views) FILTER (WHERE audience = 'human'), 0) AS human, coalesce(sum(views) FILTER (WHERE audience = 'agent'), 0) AS ai
     FROM analytics_daily_views WHERE project_id = $1 AND preview = $2 AND day >= $3 AND day < $4 GROUP BY day ORDER BY day`,
    siteArgs(site, range),
  );
  return rows.map((r) => ({ day: String(r.day), human: n(r.human), ai: n(r.ai) }));
}

export interface SearchRow {
  searchQuery: string;
  hits: number;
  ctr: number;
  topClickedPage: string | null;
  lastSearchedAt: string;
  /** Searches of this query that found nothing. */
  noResults: number;
}

const isOffset = (v: unknown): v is { o: number } => typeof v === 'object' && v !== null && Number.isInteger((v as { o: unknown }).o) && (v as { o: number }).o >= 0;

/** Search queries by hits; `withoutResults`: only queries some search of which found nothing. */
export async function searches(db: Database, site: SiteKey, range: DateRange, page: Page & { withoutResults?: boolean }): Promise<{ searches: SearchRow[]; totalSearches: number; nextCursor: string | null }> {
  const args = siteArgs(site, range);
  const offset = decodeCursor(page.cursor, isOffset)?.o ?? 0;
  const [total] = await db.query<{ total: string }>(
    `SELECT coalesce(sum(searches), 0) AS total FROM analytics_daily_searches WHERE project_id = $1 AND preview = $2 AND day >= $3 AND day < $4`,
    args,
  );
  const rows = await db.query<{ query: string; hits: string; clicks: string; no_results: string; last_at: Date | string; top: string | null }>(
    `WITH q AS (
       SELECT query, sum(searches) AS hits, sum(clicks) AS clicks, sum(no_results) AS no_results, max(last_at) AS last_at
       FROM analytics_daily_searches WHERE project_id = $1 AND preview = $2 AND day >= $3 AND day < $4
       GROUP BY query HAVING sum(searches) > 0 ${page.withoutResults ? 'AND sum(no_results) > 0' : ''}
       ORDER BY sum(searches) DESC, query LIMIT $5 OFFSET $6
     )
     SELECT q.*, (SELECT c.path FROM analytics_daily_search_clicks c
                  WHERE c.project_id = $1 AND c.preview = $2 AND c.day >= $3 AND c.day < $4 AND c.query = q.query
                  GROUP BY c.path ORDER BY sum(c.clicks) DESC, c.path LIMIT 1) AS top
     FROM q ORDER BY q.hits DESC, q.query`,
    [...args, page.limit + 1, offset],
  );
  const list = rows.slice(0, page.limit).map((r) => ({
    searchQuery: r.query,
    hits: n(r.hits),
    ctr: n(r.hits) > 0 ? Math.min(1, n(r.clicks) / n(r.hits)) : 0,
    topClickedPage: r.top,
    lastSearchedAt: new Date(r.last_at).toISOString(),
    noResults: n(r.no_results),
  }));
  return { searches: list, totalSearches: n(total?.total), nextCursor: rows.length > page.limit ? encodeCursor({ o: offset + page.limit }) : null };
}

export type FeedbackSourceName = 'code_snippet' | 'contextual' | 'agent' | 'thumbs_only';
export type FeedbackStatusName = 'pending' | 'in_progress' | 'resolved' | 'dismissed';

export interface FeedbackFilter {
  source?: FeedbackSourceName;
  statuses?: FeedbackStatusName[];
  /** One page's entries only (its exact path, as stored: `/guide/intro`). */
  path?: string;
}

interface FeedbackDbRow {
  id: string;
  path: string;
  comment: string | null;
  created_at: Date | string;
  source: FeedbackSourceName;
  status: FeedbackStatusName;
  helpful: boolean | null;
  contact: string | null;
  code: string | null;
  filename: string | null;
  lang: string | null;
  reason: string | null;
}

/** One feedback entry in the shape its source has in the API. */
function presentFeedback(r: FeedbackDbRow): Record<string, unknown> {
  const base = { id: r.id, path: r.path, comment: r.comment, createdAt: new Date(r.created_at).toISOString(), source: r.source, status: r.status };
  if (r.source === 'code_snippet') return { ...base, code: r.code ?? '', filename: r.filename, lang: r.lang };
  if (r.source === 'contextual') return { ...base, helpful: r.helpful === true, contact: r.contact, reason: r.reason };
  return { ...base, ...(r.helpful === null ? {} : { helpful: r.helpful }) };
}

const isKeyset = (v: unknown): v is { t: string; id: string } => typeof v === 'object' && v !== null && typeof (v as { t: unknown }).t === 'string' && typeof (v as { id: unknown }).id === 'string';

function feedbackWhere(filter: FeedbackFilter, args: unknown[]): string {
  let where = 'project_id = $1 AND preview = $2 AND created_at >= $3 AND created_at < $4';
  if (filter.source) {
    args.push(filter.source);
    where += ` AND source = $${args.length}`;
  }
  if (filter.statuses?.length) {
    args.push(filter.statuses);
    where += ` AND status = ANY($${args.length}::text[])`;
  }
  if (filter.path !== undefined) {
    args.push(filter.path);
    where += ` AND path = $${args.length}`;
  }
  return where;
}

/** Feedback entries, newest first, with a keyset cursor. */
export async function feedbackList(db: Database, site: SiteKey, range: DateRange, filter: FeedbackFilter, page: Page): Promise<{ feedback: Record<string, unknown>[]; nextCursor: string | null; hasMore: boolean }> {
  const args: unknown[] = [site.projectId, site.preview ?? '', range.from, range.to];
  let where = feedbackWhere(filter, args);
  const after = decodeCursor(page.cursor, isKeyset);
  if (after) {
    args.push(new Date(after.t), after.id);
    where += ` AND (created_at, id) < ($${args.length - 1}, $${args.length})`;
  }
  args.push(page.limit + 1);
  const rows = await db.query<FeedbackDbRow>(`SELECT * FROM analytics_feedback WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $${args.length}`, args);
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  const hasMore = rows.length > page.limit;
  return { feedback: shown.map(presentFeedback), nextCursor: hasMore && last ? encodeCursor({ t: new Date(last.created_at).toISOString(), id: last.id }) : null, hasMore };
}

/** Feedback counted per page: thumbs up, thumbs down, code-snippet entries, all. */
export async function feedbackByPage(db: Database, site: SiteKey, range: DateRange, filter: FeedbackFilter, page: Page): Promise<{ feedback: { path: string; thumbsUp: number; thumbsDown: number; code: number; total: number }[]; hasMore: boolean }> {
  const args: unknown[] = [site.projectId, site.preview ?? '', range.from, range.to];
  const where = feedbackWhere(filter, args);
  args.push(page.limit + 1, page.offset ?? 0);
  const rows = await db.query<{ path: string; up: string; down: string; code: string; total: string }>(
    `SELECT path, count(*) FILTER (WHERE helpful AND source <> 'code_snippet') AS up, count(*) FILTER (WHERE NOT helpful AND source <> 'code_snippet') AS down,
            count(*) FILTER (WHERE source = 'code_snippet') AS code, count(*) AS total
     FROM analytics_feedback WHERE ${where} GROUP BY path ORDER BY count(*) DESC, path LIMIT $${args.length - 1} OFFSET $${args.length}`,
    args,
  );
  return { feedback: rows.slice(0, page.limit).map((r) => ({ path: r.path, thumbsUp: n(r.up), thumbsDown: n(r.down), code: n(r.code), total: n(r.total) })), hasMore: rows.length > page.limit };
}

/** Set a feedback entry's status (the dashboard's open/resolved); false when the project has no such entry. */
export async function setFeedbackStatus(db: Database, projectId: string, id: string, status: FeedbackStatusName): Promise<boolean> {
  const rows = await db.query('UPDATE analytics_feedback SET status = $3 WHERE project_id = $1 AND id = $2 RETURNING id', [projectId, id, status]);
  return rows.length > 0;
}
