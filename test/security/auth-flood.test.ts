/**
 * Authentication under attack (issue 13): a flood of minted well-formed keys over real sockets does
 * not reach the database past the per-client limit, throttled refusals are held (a tarpit), replayed
 * unknown keys cost one query, and a valid key keeps answering from the cache meanwhile.
 */
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerAuth, KeyCache, type AuthEnv } from '../../src/api/index.js';
import { createApiKey, generateAdminKey, type Database } from '../../src/db/index.js';
import { listen, type ListeningServer } from '../../src/server/index.js';
import { openTestDatabase } from '../db/helpers.js';

/** `db` with every key lookup (an ORM select) counted. */
function counting(db: Database): { db: Database; selects: () => number } {
  let selects = 0;
  const orm = new Proxy(db.orm, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (prop === 'select' && typeof value === 'function') {
        return (...args: unknown[]) => {
          selects++;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      return value;
    },
  });
  return { db: Object.create(db, { orm: { value: orm } }) as Database, selects: () => selects };
}

describe('admin API authentication under a flood', () => {
  let t: Awaited<ReturnType<typeof openTestDatabase>>;
  let key: string;
  let server: ListeningServer;
  let count: ReturnType<typeof counting>;

  beforeAll(async () => {
    t = await openTestDatabase('pglite');
    key = (await createApiKey(t.db, { projectIds: [] })).key;
    count = counting(t.db);
    const app = new Hono<AuthEnv>();
    app.use('*', bearerAuth(new KeyCache(count.db), { throttleDelayMs: 200 }));
    app.get('/ok', (c) => c.text('ok'));
    server = await listen(app.fetch, { port: 0 });
  });
  afterAll(async () => {
    await server.close();
    await t.cleanup();
  });

  const get = (token: string) => fetch(`${server.url}/ok`, { headers: { Authorization: `Bearer ${token}` } });

  it('looks a replayed unknown key up once at most (never, once the server holds the set of issued keys)', async () => {
    const minted = generateAdminKey();
    const before = count.selects();
    const codes = await Promise.all(Array.from({ length: 20 }, async () => (await (await get(minted)).json()).code));
    expect(new Set(codes)).toEqual(new Set(['AUTH_UNKNOWN_KEY']));
    expect(count.selects() - before).toBeLessThanOrEqual(1);
  });

  it('stops minted keys at the per-client limit, counted before the lookup, while the valid key answers', async () => {
    expect((await get(key)).status).toBe(200);
    const before = count.selects();
    // 300 minted keys on 100 connections (folio serve closes a client's connections beyond 256).
    const statuses: number[] = [];
    const flood = Promise.all(
      Array.from({ length: 100 }, async () => {
        for (let i = 0; i < 3; i++) statuses.push((await get(generateAdminKey())).status);
      }),
    );
    const valid = await Promise.all(Array.from({ length: 20 }, async () => (await get(key)).status));
    await flood;
    expect(valid.every((s) => s === 200)).toBe(true);
    // 30 failures a client in 10 s (one already spent by the replay test): the rest never query.
    expect(count.selects() - before).toBeLessThanOrEqual(30);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(270);
    // A throttled refusal is held (a tarpit), so each flooding connection sends little.
    const started = performance.now();
    const throttled = await get(generateAdminKey());
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await throttled.json()).code).toBe('AUTH_THROTTLED');
    // Requests without credentials, or with a bad checksum, are held the same way once the client is throttled;
    // the valid key still answers at once.
    expect((await fetch(`${server.url}/ok`)).status).toBe(429);
    expect((await get(`${generateAdminKey().slice(0, -1)}0`)).status).toBe(429);
    const validStarted = performance.now();
    expect((await get(key)).status).toBe(200);
    expect(performance.now() - validStarted).toBeLessThan(190);
  });
});
