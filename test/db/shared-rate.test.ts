/**
 * The rate windows every server on one database shares (`rate_buckets`): hits from two connections
 * count into one window per scope and subject, the window slides, other subjects and scopes are
 * apart, and pruning drops only buckets the window no longer reads.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, pruneSharedRateBuckets, takeSharedRateSlot, type Database, type SharedRateLimit } from '../../src/db/index.js';
import { backends, openTestDatabase, type TestDatabase } from './helpers.js';

const rate: SharedRateLimit = { scope: 'test-questions', limit: 3, windowMs: 60_000 };

describe.each(backends)('shared rate windows (%s)', (kind) => {
  let t: TestDatabase;
  let second: Database | undefined;

  afterEach(async () => {
    await second?.close();
    second = undefined;
    await t.cleanup();
  });

  it('counts hits from two connections into one window, which slides a bucket at a time', async () => {
    t = await openTestDatabase(kind);
    // A second server: its own connection on PostgreSQL; PGlite has one process, one handle.
    second = t.url ? await openDatabase({ databaseUrl: t.url }) : undefined;
    const servers = [t.db, second ?? t.db];
    const start = Date.UTC(2026, 10, 28, 12, 0, 0);
    const admitted: boolean[] = [];
    for (let i = 0; i < 4; i++) admitted.push((await takeSharedRateSlot(servers[i % 2]!, rate, 'reader-a', start + i * 1000)).admitted);
    expect(admitted).toEqual([true, true, true, false]);
    const refused = await takeSharedRateSlot(servers[1]!, rate, 'reader-a', start + 5000);
    expect(refused).toMatchObject({ admitted: false, used: 3 });
    // The oldest hit's bucket began at `start`: it leaves the window 60 s later.
    expect(refused.retryAfterSeconds).toBe(55);
    // Another subject and another scope are counted apart.
    expect((await takeSharedRateSlot(servers[0]!, rate, 'reader-b', start + 5000)).admitted).toBe(true);
    expect((await takeSharedRateSlot(servers[0]!, { ...rate, scope: 'other' }, 'reader-a', start + 5000)).admitted).toBe(true);
    // Once the first bucket (10 s wide) has left the window, its three hits no longer count.
    expect((await takeSharedRateSlot(servers[1]!, rate, 'reader-a', start + 59_000)).admitted).toBe(false);
    expect((await takeSharedRateSlot(servers[1]!, rate, 'reader-a', start + 60_000)).admitted).toBe(true);
  });

  it('prunes buckets older than it is told to keep, and only those', async () => {
    t = await openTestDatabase(kind);
    const start = Date.UTC(2026, 10, 28, 12, 0, 0);
    await takeSharedRateSlot(t.db, rate, 'old', start);
    await takeSharedRateSlot(t.db, rate, 'new', start + 10 * 60_000);
    await pruneSharedRateBuckets(t.db, 5 * 60_000, start + 10 * 60_000);
    const rows = await t.db.query<{ subject: string }>('SELECT subject FROM rate_buckets ORDER BY subject');
    expect(rows.map((r) => r.subject)).toEqual(['new']);
  });
});
