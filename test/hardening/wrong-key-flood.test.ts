/**
 * A wrong-key flood spread over many addresses (issue 48, item 5). The per-address limit (30 failures
 * in 10 s) let 249 addresses send 747 refusals a second, each within its budget, and each cost the
 * server about what a valid request costs. Now past a server-wide number of refusals a second each
 * further refusal is held before it is answered (its 401 and code unchanged), so a flood's keep-alive
 * connections each send about one request a second, while a valid key answers at once; past a
 * number of held requests a refusal is a 429 at once that closes its connection. Over real sockets,
 * addresses told by X-Forwarded-For (behind --trust-proxy); both database backends (the valid key is
 * looked up in the database once, then cached).
 */
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerAuth, KeyCache, RefusalBudget, type AuthEnv } from '../../src/api/index.js';
import { createApiKey, generateAdminKey } from '../../src/db/index.js';
import { listen, type ListeningServer } from '../../src/server/index.js';
import { backends, openTestDatabase, type TestDatabase } from '../db/helpers.js';

// Long enough that an answer not held stays well under it on a loaded 2-core machine (one took 560 ms).
const HOLD_MS = 1_500;

describe.each(backends)('a wrong-key flood from many addresses on %s', (kind) => {
  let t: TestDatabase;
  let key: string;
  let cache: KeyCache;
  let servers: ListeningServer[] = [];

  beforeAll(async () => {
    t = await openTestDatabase(kind);
    key = (await createApiKey(t.db, { projectIds: [] })).key;
    cache = new KeyCache(t.db);
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    await cache.close();
    await t?.cleanup();
  });

  async function serve(options: Parameters<typeof bearerAuth>[1]): Promise<ListeningServer> {
    const app = new Hono<AuthEnv>();
    app.use('*', bearerAuth(cache, { trustProxy: true, throttleDelayMs: HOLD_MS, ...options }));
    app.get('/ok', (c) => c.text('ok'));
    const server = await listen(app.fetch, { port: 0 });
    servers.push(server);
    return server;
  }

  let n = 0;
  /** A GET with `token` from an address of its own; its status, code, headers and answer time. */
  async function get(server: ListeningServer, token: string) {
    const started = performance.now();
    const res = await fetch(`${server.url}/ok`, { headers: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': `10.48.${n >> 8}.${n++ & 255}` } });
    const text = await res.text();
    return { status: res.status, code: res.status === 200 ? null : (JSON.parse(text) as { code: string }).code, headers: res.headers, ms: performance.now() - started };
  }

  it('holds each refusal past the server-wide budget, still a 401 AUTH_UNKNOWN_KEY, while a valid key answers at once', async () => {
    // A clock that stands still: all twenty refusals fall in the same second however slowly they arrive.
    const server = await serve({ refusals: new RefusalBudget(10, () => 5_000) });
    expect((await get(server, key)).status).toBe(200); // looked up once, cached from here on
    // Ten addresses, one wrong key each: every one within its own limit and within the budget.
    const first = await Promise.all(Array.from({ length: 10 }, () => get(server, generateAdminKey())));
    expect(first.map((r) => r.status)).toEqual(Array(10).fill(401));
    expect(Math.max(...first.map((r) => r.ms))).toBeLessThan(HOLD_MS);
    // Ten more addresses in the same second: over the budget, each answer held, its contract unchanged.
    const flood = Promise.all(Array.from({ length: 10 }, () => get(server, generateAdminKey())));
    const valid = await get(server, key);
    const held = await flood;
    expect(held.map((r) => [r.status, r.code])).toEqual(Array(10).fill([401, 'AUTH_UNKNOWN_KEY']));
    expect(held.every((r) => r.headers.get('www-authenticate') === 'Bearer realm="folio", error="invalid_token"')).toBe(true);
    expect(Math.min(...held.map((r) => r.ms))).toBeGreaterThanOrEqual(HOLD_MS - 50);
    expect(valid.status).toBe(200);
    expect(valid.ms).toBeLessThan(HOLD_MS);
  });

  it('refuses past the held requests it keeps at once with a 429 that closes the connection, without holding it', async () => {
    const server = await serve({ refusals: new RefusalBudget(0), maxHeld: 3 });
    const waiting = Promise.all(Array.from({ length: 3 }, () => get(server, generateAdminKey())));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const refused = await get(server, generateAdminKey());
    expect(refused.status).toBe(429);
    expect(refused.code).toBe('AUTH_THROTTLED');
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.headers.get('connection')).toBe('close');
    expect(refused.ms).toBeLessThan(HOLD_MS);
    expect((await waiting).map((r) => r.status)).toEqual([401, 401, 401]);
    // A valid key is never held nor counted against the budget.
    const valid = await get(server, key);
    expect(valid.status).toBe(200);
    expect(valid.ms).toBeLessThan(HOLD_MS);
  });

  it('counts refusals in a sliding second', () => {
    let now = 10_500;
    const budget = new RefusalBudget(4, () => now);
    expect(Array.from({ length: 6 }, () => budget.spend())).toEqual([true, true, true, true, false, false]);
    now = 11_250; // six in the second before, three quarters of it still inside the window
    expect(budget.spend()).toBe(false);
    now = 11_900; // a tenth of it inside: 0.6 + 1
    expect(budget.spend()).toBe(true);
    now = 14_000; // seconds later: a fresh budget
    expect(Array.from({ length: 4 }, () => budget.spend())).toEqual([true, true, true, true]);
  });

  it('looks a repeated refused key up in the database once at most, then answers it from memory', async () => {
    const server = await serve({});
    const wrong = generateAdminKey();
    const before = cache.lookups;
    for (let i = 0; i < 5; i++) expect((await get(server, wrong)).code).toBe('AUTH_UNKNOWN_KEY');
    expect(cache.lookups - before).toBeLessThanOrEqual(1);
  });
});
