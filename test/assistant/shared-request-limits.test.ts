/**
 * The search and page routes' limits shared by servers of one database: each server decides on its
 * own counts at once and learns the others' at its next sync, so two servers together allow an
 * address its limit, not twice it; a refused address is read again until the window lets it in.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { RequestLimiter } from '../../src/assistant/index.js';
import { openDatabase, type Database } from '../../src/db/index.js';
import { backends, openTestDatabase, type TestDatabase } from '../db/helpers.js';

describe.each(backends)('search limits shared by two servers (%s)', (kind) => {
  let t: TestDatabase;
  let second: Database | undefined;
  const limiters: RequestLimiter[] = [];

  afterEach(async () => {
    for (const l of limiters.splice(0)) l.close();
    await second?.close();
    second = undefined;
    await t.cleanup();
  });

  it('admits an address its limit over both servers, refuses it on either, and lets it in once the window moves', async () => {
    t = await openTestDatabase(kind);
    second = t.url ? await openDatabase({ databaseUrl: t.url }) : undefined;
    let now = Date.UTC(2026, 10, 28, 12, 0, 5);
    const clock = () => now;
    const dbs = [t.db, second ?? t.db];
    // syncMs high: the test calls sync itself.
    const [a, b] = dbs.map((db) => new RequestLimiter({ perAddress: 5, perKey: 1000 }, { db, now: clock, syncMs: 3_600_000 }));
    limiters.push(a!, b!);
    for (let i = 0; i < 3; i++) expect(a!.take('10.0.0.1', 'key-1')).toBeNull();
    for (let i = 0; i < 2; i++) expect(b!.take('10.0.0.1', 'key-1')).toBeNull();
    // Before a sync each server knows only its own count: b would admit 3 more on its own.
    await a!.sync(dbs[0]!);
    await b!.sync(dbs[1]!);
    // a added its three before b added its two: a learns of them at its next sync.
    expect(a!.take('10.0.0.3', 'key-1')).toBeNull();
    await a!.sync(dbs[0]!);
    // Now both know the five: the sixth is refused on either, with the wait until the first bucket leaves.
    expect(b!.take('10.0.0.1', 'key-1')).toMatchObject({ by: 'address' });
    expect(a!.take('10.0.0.1', 'key-1')).toMatchObject({ by: 'address', retryAfter: 55 });
    // Another address is not affected.
    expect(a!.take('10.0.0.2', 'key-1')).toBeNull();
    // A minute later the window has moved: a refused address is read again at the sync and let in.
    now += 61_000;
    await a!.sync(dbs[0]!);
    expect(a!.take('10.0.0.1', 'key-1')).toBeNull();
  });

  it('shares the per-key limit too, and stores no address in the database', async () => {
    t = await openTestDatabase(kind);
    const now = Date.UTC(2026, 10, 28, 12, 0, 5);
    const a = new RequestLimiter({ perAddress: 100, perKey: 4 }, { db: t.db, now: () => now, syncMs: 3_600_000 });
    const b = new RequestLimiter({ perAddress: 100, perKey: 4 }, { db: t.db, now: () => now, syncMs: 3_600_000 });
    limiters.push(a, b);
    expect(a.take('192.0.2.7', 'key-9')).toBeNull();
    expect(a.take('192.0.2.8', 'key-9')).toBeNull();
    expect(b.take('192.0.2.9', 'key-9')).toBeNull();
    expect(b.take('192.0.2.10', 'key-9')).toBeNull();
    await a.sync(t.db);
    await b.sync(t.db);
    await a.sync(t.db);
    expect(a.take('192.0.2.11', 'key-9')).toMatchObject({ by: 'key' });
    const subjects = (await t.db.query<{ subject: string }>('SELECT subject FROM rate_buckets')).map((r) => r.subject);
    expect(subjects).toContain('key-9');
    expect(subjects.join(' ')).not.toMatch(/192\.0\.2/);
  });
});
