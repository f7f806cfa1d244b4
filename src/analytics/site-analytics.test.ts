import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, openDatabase, type Database } from '../db/index.js';
import { SiteAnalytics } from './site-analytics.js';

describe('the events endpoint under a flood from many addresses', () => {
  let db: Database;
  let analytics: SiteAnalytics;
  beforeAll(async () => {
    db = await openDatabase({ memory: true });
    analytics = new SiteAnalytics({ db, flushEveryMs: 60_000, eventsPerSecond: 50, throttleDelayMs: 0 });
  });
  afterAll(async () => {
    await analytics.close();
    await db.close();
  });

  const post = (address: string) =>
    analytics.handleEvent(
      { projectId: 'p1', preview: null },
      new Request('http://docs.example/__folio/analytics', { method: 'POST', headers: { Host: 'docs.example', Origin: 'http://docs.example' }, body: JSON.stringify({ type: 'search', path: '/', query: 'q', results: 1 }) }),
      address,
      async () => true,
    );

  it('accepts at most the server-wide budget a second, whatever the number of addresses, then again after a second', async () => {
    const started = Date.now();
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => post(`10.1.${i >> 8}.${i & 255}`)));
    const seconds = (Date.now() - started) / 1000;
    const accepted = answers.filter((r) => r.status === 204).length;
    // A full bucket of 50, refilled at 50 a second while the requests were handled.
    expect(accepted).toBeGreaterThanOrEqual(50);
    expect(accepted).toBeLessThanOrEqual(50 + Math.ceil(seconds * 50) + 1);
    expect(accepted).toBeLessThan(200);
    const refused = answers.find((r) => r.status === 503)!;
    expect(((await refused.json()) as { code: string }).code).toBe('ANALYTICS_OVER_CAPACITY');
    expect(refused.headers.get('retry-after')).toBe('1');
    await new Promise((r) => setTimeout(r, 1100));
    expect((await post('10.2.0.1')).status).toBe(204);
  });
});

describe('writing a backlog of page views', () => {
  it('serves requests between batches: the event loop turns while a backlog is written (PGlite answers within one turn)', async () => {
    const db = await openDatabase({ memory: true });
    const analytics = new SiteAnalytics({ db, flushEveryMs: 60_000, batchSize: 100 });
    try {
      const projectId = (await createProject(db, { name: 'Backlog', repoUrl: 'https://example.test/docs.git' })).id;
      for (let n = 0; n < 1_000; n++) {
        analytics.collector.offer({ kind: 'view', projectId, preview: null, at: Date.now(), path: `/page-${n % 50}`, audience: 'human', channel: 'html', referrerHost: '', address: `10.0.${n >> 8}.${n & 255}`, userAgent: 'Mozilla/5.0' });
      }
      // A timer stands for a request waiting to be served: it fires between batches, not only after the last.
      let turns = 0;
      let writtenAtFirstTurn = -1;
      const tick = setInterval(() => {
        if (turns++ === 0) writtenAtFirstTurn = analytics.collector.stats().written;
      }, 0);
      await analytics.collector.flush();
      clearInterval(tick);
      expect(analytics.collector.stats().written).toBe(1_000);
      expect(writtenAtFirstTurn).toBeGreaterThanOrEqual(0);
      expect(writtenAtFirstTurn).toBeLessThan(1_000);
    } finally {
      await analytics.close();
      await db.close();
    }
  });
});
