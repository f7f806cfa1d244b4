/**
 * Analytics and feedback storage is bounded (issue 48, item 3): events and feedback accepted at the
 * server's budget from many addresses grew the database 0.94 MB/s, and feedback was kept until the
 * project was deleted. Now a project stores at most `eventsPerProjectDay` raw events a UTC day (past
 * it a page view still adds to the day's view totals, without a raw row; searches are dropped) and at
 * most `feedbackPerProject` feedback entries, each drop counted as `ANALYTICS_PROJECT_FULL`, and the
 * beacon endpoint answers 429 with that code; raw events go after `retentionDays`, feedback after
 * `feedbackRetentionDays`, the daily totals stay. Both database backends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteAnalytics } from '../../src/analytics/index.js';
import { writeEvents, writeFeedback } from '../../src/analytics/store.js';
import { createProject, type Database } from '../../src/db/index.js';
import { backends, openTestDatabase, type TestDatabase } from '../db/helpers.js';

const EVENTS_CAP = 60;
const FEEDBACK_CAP = 25;
const DAY = 86_400_000;

describe.each(backends)('analytics storage caps and retention on %s', (kind) => {
  let t: TestDatabase;
  let db: Database;
  let projectId: string;
  let analytics: SiteAnalytics;
  const logs: string[] = [];

  beforeAll(async () => {
    t = await openTestDatabase(kind);
    db = t.db;
    projectId = (await createProject(db, { name: 'Capped', repoUrl: 'https://example.test/docs.git' })).id;
    analytics = new SiteAnalytics({
      db,
      flushEveryMs: 60_000,
      batchSize: 40,
      eventsPerSecond: 100_000,
      eventsPerMinute: 100_000,
      throttleDelayMs: 0,
      eventsPerProjectDay: EVENTS_CAP,
      feedbackPerProject: FEEDBACK_CAP,
      retentionDays: 30,
      feedbackRetentionDays: 365,
      pruneEveryMs: 3_600_000,
      log: (line) => logs.push(line),
    });
  });
  afterAll(async () => {
    await analytics?.close();
    await t?.cleanup();
  });

  const site = () => ({ projectId, preview: null });
  const post = (event: object, address: string) =>
    analytics.handleEvent(
      site(),
      new Request('http://docs.example/__folio/analytics', { method: 'POST', headers: { Host: 'docs.example', Origin: 'http://docs.example' }, body: JSON.stringify(event) }),
      address,
      async () => true,
    );
  const count = async (sql: string) => Number((await db.query<{ n: number }>(sql, [projectId]))[0]?.n ?? 0);
  const rawEvents = () => count(`SELECT count(*)::int AS n FROM analytics_events WHERE project_id = $1`);
  const feedbackRows = () => count(`SELECT count(*)::int AS n FROM analytics_feedback WHERE project_id = $1`);
  const views = () => count(`SELECT coalesce(sum(views), 0)::int AS n FROM analytics_daily_views WHERE project_id = $1`);
  const refusedFull = () => count(`SELECT coalesce(sum(refused), 0)::int AS n FROM analytics_daily_refusals WHERE project_id = $1 AND code = 'ANALYTICS_PROJECT_FULL'`);

  it('stops storing a project\'s raw events and feedback at its caps, counts the rest and tells the reader', async () => {
    // Three rounds of floods, each flushed: the rows stop growing at the caps.
    const sizes: number[][] = [];
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 40; i++) {
        const address = `10.${round}.${i >> 8}.${i & 255}`;
        await post({ type: 'search', path: '/', query: `flood ${round} ${i}`, results: 1 }, address);
        await post({ type: 'feedback', path: '/', source: 'contextual', helpful: false, comment: `comment ${round} ${i} ${'x'.repeat(500)}` }, address);
        analytics.collector.offer({ kind: 'view', projectId, preview: null, at: Date.now(), path: '/', audience: 'human', channel: 'html', referrerHost: `r${round}-${i}.example`, address, userAgent: 'Mozilla/5.0' });
      }
      await analytics.collector.flush();
      sizes.push([await rawEvents(), await feedbackRows()]);
    }
    expect(sizes.at(-1)).toEqual([EVENTS_CAP, FEEDBACK_CAP]);
    expect(sizes[1]).toEqual(sizes[2]);
    // Page views past the cap still add to the day's view totals (one row per page): the figures stay right.
    expect(await views()).toBe(120);
    expect(await refusedFull()).toBeGreaterThan(0);
    // The beacon's reader is told, with a documented code.
    const res = await post({ type: 'feedback', path: '/', source: 'thumbs_only', helpful: true }, '10.9.0.1');
    expect(res.status).toBe(429);
    expect(((await res.json()) as { code: string }).code).toBe('ANALYTICS_PROJECT_FULL');
    const search = await post({ type: 'search', path: '/', query: 'one more', results: 0 }, '10.9.0.2');
    expect(search.status).toBe(429);
    expect(Number(search.headers.get('retry-after'))).toBeGreaterThan(0);
    await analytics.collector.flush();
    expect([await rawEvents(), await feedbackRows()]).toEqual([EVENTS_CAP, FEEDBACK_CAP]);
    // Logged once per project and cap, not per event.
    expect(logs.filter((l) => l.includes('ANALYTICS_PROJECT_FULL')).length).toBe(2);
  });

  it('deletes raw events past their retention and feedback past its own, keeping the daily totals', async () => {
    const other = (await createProject(db, { name: 'Old', repoUrl: 'https://example.test/old.git' })).id;
    const at = (days: number) => new Date(Date.now() - days * DAY);
    const event = (days: number) => ({ projectId: other, preview: '', kind: 'view' as const, at: at(days), day: at(days).toISOString().slice(0, 10), path: '/', audience: 'human' as const, channel: 'html', visitor: `v${days}`, referrerHost: '', query: null, results: null, opened: null });
    await writeEvents(db, [event(60), event(5)]);
    const feedback = (id: string, days: number) => ({ id, projectId: other, preview: '', path: '/', source: 'contextual', helpful: true, comment: 'old', contact: null, code: null, filename: null, lang: null, at: at(days) });
    await writeFeedback(db, [feedback(`fb-old-${kind}`, 400), feedback(`fb-month-${kind}`, 60), feedback(`fb-new-${kind}`, 5)]);
    const pruning = new SiteAnalytics({ db, flushEveryMs: 60_000, retentionDays: 30, feedbackRetentionDays: 365, pruneEveryMs: 0 });
    try {
      await pruning.collector.flush();
    } finally {
      await pruning.close();
    }
    const of = async (sql: string) => Number((await db.query<{ n: number }>(sql, [other]))[0]?.n ?? 0);
    expect(await of(`SELECT count(*)::int AS n FROM analytics_events WHERE project_id = $1`)).toBe(1);
    expect((await db.query<{ id: string }>(`SELECT id FROM analytics_feedback WHERE project_id = $1 ORDER BY id`, [other])).map((r) => r.id)).toEqual([`fb-month-${kind}`, `fb-new-${kind}`]);
    // The daily totals of the pruned day stay.
    expect(await of(`SELECT coalesce(sum(views), 0)::int AS n FROM analytics_daily_views WHERE project_id = $1`)).toBe(2);
  });
});
