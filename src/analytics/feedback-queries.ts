/**
 * The feedback page's summaries (issue 43): pages by readers' thumbs ("Liked by viewers" / "Needs
 * improvement") and entries counted per status and per source. Read from `analytics_feedback` by
 * its (project, preview, time) index, as `feedbackList` reads it.
 */
import type { Database } from '../db/index.js';
import type { FeedbackSourceName, FeedbackStatusName } from './queries.js';
import type { DateRange } from './range.js';
import type { SiteKey } from './types.js';

/** A page's thumbs in the range. */
export interface PageRating {
  path: string;
  up: number;
  down: number;
}

/** Every status and source, in the order the dashboard lists them. */
export const FEEDBACK_STATUSES: readonly FeedbackStatusName[] = ['pending', 'in_progress', 'resolved', 'dismissed'];
export const FEEDBACK_SOURCES: readonly FeedbackSourceName[] = ['contextual', 'thumbs_only', 'code_snippet', 'agent'];

const n = (v: unknown) => Number(v ?? 0);

/**
 * Pages readers liked (more thumbs up than down; most up first) and pages that need improvement
 * (at least as many down as up, and one down at least; most down first), `limit` of each. Thumbs of
 * page feedback only (every source but code snippets, whose thumbs rate a block, not the page; an
 * agent's report counts as a thumb down, as it is stored); entries without a thumb are left out.
 */
export async function feedbackRatings(db: Database, site: SiteKey, range: DateRange, limit: number): Promise<{ liked: PageRating[]; needsImprovement: PageRating[] }> {
  const rows = await db.query<{ list: 'liked' | 'needs'; path: string; up: string; down: string }>(
    `WITH r AS (
       SELECT path, count(*) FILTER (WHERE helpful) AS up, count(*) FILTER (WHERE NOT helpful) AS down
       FROM analytics_feedback
       WHERE project_id = $1 AND preview = $2 AND created_at >= $3 AND created_at < $4 AND source <> 'code_snippet' AND helpful IS NOT NULL
       GROUP BY path
     )
     (SELECT 'liked' AS list, path, up, down FROM r WHERE up > down ORDER BY up DESC, down, path LIMIT $5)
     UNION ALL
     (SELECT 'needs' AS list, path, up, down FROM r WHERE down >= up AND down > 0 ORDER BY down DESC, up, path LIMIT $5)`,
    [site.projectId, site.preview ?? '', range.from, range.to, limit],
  );
  const of = (list: 'liked' | 'needs') => rows.filter((r) => r.list === list).map((r) => ({ path: r.path, up: n(r.up), down: n(r.down) }));
  return { liked: of('liked'), needsImprovement: of('needs') };
}

/** How many feedback entries of the range per status and per source (every key present, 0 when none), and all of them. */
export async function feedbackCounts(db: Database, site: SiteKey, range: DateRange): Promise<{ total: number; byStatus: Record<FeedbackStatusName, number>; bySource: Record<FeedbackSourceName, number> }> {
  const rows = await db.query<{ status: FeedbackStatusName; source: FeedbackSourceName; count: string }>(
    `SELECT status, source, count(*) AS count FROM analytics_feedback
     WHERE project_id = $1 AND preview = $2 AND created_at >= $3 AND created_at < $4 GROUP BY status, source`,
    [site.projectId, site.preview ?? '', range.from, range.to],
  );
  const byStatus = Object.fromEntries(FEEDBACK_STATUSES.map((s) => [s, 0])) as Record<FeedbackStatusName, number>;
  const bySource = Object.fromEntries(FEEDBACK_SOURCES.map((s) => [s, 0])) as Record<FeedbackSourceName, number>;
  let total = 0;
  for (const r of rows) {
    byStatus[r.status] += n(r.count);
    bySource[r.source] += n(r.count);
    total += n(r.count);
  }
  return { total, byStatus, bySource };
}
