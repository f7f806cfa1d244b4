/**
 * What the analytics API and dashboard read: views and visitors from the daily rollups, searches
 * from their rollups, feedback and assistant threads from their rows. Every query is bounded by a
 * project, a site (production or one preview) and a date range, and served by a primary key or an
 * index that starts with those.
 */
import type { Database } from '../db/index.js';
import { addUp, byCodeUnits, rowsOverDays } from './closed-days.js';
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

/** Per-page rows read over a range (closed days kept, `closed-days.ts`) and added up: humans and agents apart, most first, then by path. */
async function perPage(db: Database, site: SiteKey, range: DateRange, page: Page, name: string, table: string, column: string): Promise<{ totals: Split; rows: (Split & { path: string })[]; hasMore: boolean }> {
  const rows = await rowsOverDays(
    db,
    site,
    range,
    name,
    `SELECT path, coalesce(sum(${column}) FILTER (WHERE audience = 'human'), 0) AS human, coalesce(sum(${column}) FILTER (WHERE audience = 'agent'), 0) AS ai
     FROM ${table} WHERE project_id = $1 AND preview = $2 AND day >= $3 AND day < $4 GROUP BY path`,
  );
  const split = (human: number, ai: number): Split => ({ human, ai, total: human + ai });
  const all = [...addUp(rows, 'path', ['human', 'ai'] as const)].map(([path, s]) => ({ path, ...split(s.human, s.ai) }));
  all.sort((a, b) => b.total - a.total || byCodeUnits(a.path, b.path));
  const offset = page.offset ?? 0;
  const totals = all.reduce((t, r) => split(t.human + r.human, t.ai + r.ai), split(0, 0));
  return { totals, rows: all.slice(offset, offset + page.limit), hasMore: all.length > offset + page.limit };
}

/**
 * Views per page and site-wide, humans and agents apart, most viewed first (ties by path). One read
 * of the range's rollup rows, whose closed days are read once (`closed-days.ts`): the traffic page
 * of a site with 2,000 pages reads today's rows, not 120,000 (src/analytics/README.md).
 */
export async function viewsByPage(db: Database, site: SiteKey, range: DateRange, page: Page): Promise<{ totals: Split; views: (Split & { path: string })[]; hasMore: boolean }> {
  const { totals, rows, hasMore } = await perPage(db, site, range, page, 'views-by-page', 'analytics_daily_views', 'views');
  return { totals, views: rows, hasMore };
}

/**
 * Unique visitors per page and site-wide, from the daily counts: a visitor is one per day (the
 * hash's salt changes daily), so a range's figure is the sum of its days. `total` is humans plus
 * agents: a visitor's hash covers its user agent, so a client is one or the other, except one that
 * asks for the same page as HTML and as Markdown (counted in both; the API calls it approximate).
 * The site-wide totals are the site's own daily counts (a visitor of two pages is one visitor).
 */
export async function visitorsByPage(db: Database, site: SiteKey, range: DateRange, page: Page): Promise<{ totals: Split; visitors: (Split & { path: string })[]; hasMore: boolean }> {
  const sums = `coalesce(sum(visitors) FILTER (WHERE audience = 'human'), 0) AS human, coalesce(sum(visitors) FILTER (WHERE audience = 'agent'), 0) AS ai`;
  const [siteRows, pages] = await Promise.all([
    rowsOverDays<{ human: string; ai: string }>(db, site, range, 'site-visitors', `SELECT ${sums} FROM analytics_daily_site_uniques WHERE project_id = $1 AND preview = $2 AND day >= $3 AND day < $4`),
    perPage(db, site, range, page, 'visitors-by-page', 'analytics_daily_page_uniques', 'visitors'),
  ]);
  const human = siteRows.reduce((t, r) => t + n(r.human), 0);
  const ai = siteRows.reduce((t, r) => t + n(r.ai), 0);
  return { totals: { human, ai, total: human + ai }, visitors: pages.rows, hasMore: pages.hasMore };
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

/** Views per day, humans and agents apart (the dashboard's traffic chart): days with views, ascending. */
export async function dailyTraffic(db: Database, site: SiteKey, range: DateRange): Promise<{ day: string; human: number; ai: number }[]> {
  const rows = await rowsOverDays<{ day: string; human: string; ai: string }>(
    db,
    site,
    range,
    'daily-traffic',
    `SELECT day::text AS day, coalesce(sum(views) FILTER (WHERE audience = 'human'), 0) AS human, coalesce(sum(views) FILTER (WHERE audience = 'agent'), 0) AS ai
     FROM analytics_daily_views WHERE project_id = $1 AND preview = $2 AND day >= $3 AND day < $4 GROUP BY day`,
  );
  return rows.map((r) => ({ day: String(r.day), human: n(r.human), ai: n(r.ai) })).sort((a, b) => byCodeUnits(a.day, b.day));
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

/** Readers' searches per query over a range, added up: searches, opened results, searches that found nothing, the last search. */
export async function searchesByQuery(db: Database, site: SiteKey, range: DateRange): Promise<Map<string, { hits: number; clicks: number; noResults: number; lastAt: number }>> {
  const rows = await rowsOverDays<{ query: string; hits: string; clicks: string; no_results: string; last_at: Date | string }>(
    db,
    site,
    range,
    'search-queries',
    `SELECT query, sum(searches) AS hits, sum(clicks) AS clicks, sum(no_results) AS no_results, max(last_at) AS last_at
     FROM analytics_daily_searches WHERE project_id = $1 AND preview = $2 AND day >= $3 AND day < $4 GROUP BY query`,
  );
  const out = new Map<string, { hits: number; clicks: number; noResults: number; lastAt: number }>();
  for (const r of rows) {
    const q = out.get(r.query) ?? { hits: 0, clicks: 0, noResults: 0, lastAt: 0 };
    out.set(r.query, { hits: q.hits + n(r.hits), clicks: q.clicks + n(r.clicks), noResults: q.noResults + n(r.no_results), lastAt: Math.max(q.lastAt, new Date(r.last_at).getTime()) });
  }
  return out;
}

/** The page each query's readers opened most (ties by path), over a range. */
async function topClickedPages(db: Database, site: SiteKey, range: DateRange): Promise<Map<string, string>> {
  const rows = await rowsOverDays<{ query: string; path: string; clicks: string }>(
    db,
    site,
    range,
    'search-clicks',
    `SELECT query, path, sum(clicks) AS clicks FROM analytics_daily_search_clicks WHERE project_id = $1 AND preview = $2 AND day >= $3 AND day < $4 GROUP BY query, path`,
  );
  const sums = addUp(rows.map((r) => ({ ...r, key: `${r.query}\0${r.path}` })), 'key', ['clicks'] as const);
  const top = new Map<string, { path: string; clicks: number }>();
  for (const [key, { clicks }] of sums) {
    const [query, path] = key.split('\0') as [string, string];
    const best = top.get(query);
    if (!best || clicks > best.clicks || (clicks === best.clicks && byCodeUnits(path, best.path) < 0)) top.set(query, { path, clicks });
  }
  return new Map([...top].map(([query, best]) => [query, best.path]));
}

/**
 * Search queries by hits (ties by query); `withoutResults`: only queries some search of which found
 * nothing. Per query and per opened page, the range's rollup rows are added up, closed days read
 * once (`closed-days.ts`).
 */
export async function searches(db: Database, site: SiteKey, range: DateRange, page: Page & { withoutResults?: boolean }): Promise<{ searches: SearchRow[]; totalSearches: number; nextCursor: string | null }> {
  const offset = decodeCursor(page.cursor, isOffset)?.o ?? 0;
  const [byQuery, top] = await Promise.all([searchesByQuery(db, site, range), topClickedPages(db, site, range)]);
  let totalSearches = 0;
  const shown: (SearchRow & { lastAt: number })[] = [];
  for (const [query, q] of byQuery) {
    totalSearches += q.hits;
    if (q.hits === 0 || (page.withoutResults && q.noResults === 0)) continue;
    shown.push({ searchQuery: query, hits: q.hits, ctr: Math.min(1, q.clicks / q.hits), topClickedPage: top.get(query) ?? null, lastSearchedAt: '', lastAt: q.lastAt, noResults: q.noResults });
  }
  shown.sort((a, b) => b.hits - a.hits || byCodeUnits(a.searchQuery, b.searchQuery));
  const list = shown.slice(offset, offset + page.limit).map(({ lastAt, ...row }) => ({ ...row, lastSearchedAt: new Date(lastAt).toISOString() }));
  return { searches: list, totalSearches, nextCursor: shown.length > offset + page.limit ? encodeCursor({ o: offset + page.limit }) : null };
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
