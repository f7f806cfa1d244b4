import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentJob, createApiKey, generateAdminKey, openDatabase, revokeApiKey, type Database } from '../../src/db/index.js';
import { createAppBundle, type AppBundle } from '../../src/server/index.js';
import { backends } from '../db/helpers.js';
import { startTestServer, type TestServer } from './helpers.js';

/** Poll `check` until it holds (notifications from another connection arrive after the commit). */
async function eventually(check: () => Promise<boolean>, timeoutMs = 3_000): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}

// Issue 35, item 1: a flood of minted keys from many addresses must not reach the database, and keys
// issued or revoked elsewhere (another server on the same PostgreSQL) must take effect.
describe.each(backends)('stored key hashes in memory on %s', (kind) => {
  let s: TestServer;
  let jobId: string;
  // A second server on its own connection to the same database (PostgreSQL); the same database on PGlite.
  let other: { db: Database; bundle: AppBundle; close(): Promise<void> };
  beforeAll(async () => {
    s = await startTestServer(kind, { trustProxy: true });
    jobId = (await createAgentJob(s.db, { projectId: s.project.id, repository: 'r', ref: null, model: 'm', prompt: 'p' })).id;
    const otherDb = kind === 'postgres' ? await openDatabase({ databaseUrl: s.databaseUrl }) : s.db;
    other = { db: otherDb, bundle: createAppBundle({ db: otherDb, dataDir: s.dataDir, trustProxy: true }), close: async () => (kind === 'postgres' ? otherDb.close() : undefined) };
  });
  afterAll(async () => {
    await s.keyCache.close();
    await other?.bundle.keyCache.close();
    await other?.close();
    await s.cleanup();
  });

  const get = (app: AppBundle['app'], key: string, from = '10.0.0.1') =>
    app.request(`/v2/agent/${s.project.id}/job/${jobId}`, { headers: { Authorization: `Bearer ${key}`, 'X-Forwarded-For': from } });

  it('refuses minted keys from 200 addresses without one key lookup', async () => {
    expect((await get(s.app, s.key)).status).toBe(200);
    const before = s.keyCache.lookups;
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => get(s.app, generateAdminKey(), `10.1.${i >> 8}.${i & 255}`)));
    expect(answers.map((r) => r.status)).toEqual(Array(200).fill(401));
    expect((await answers[0]!.json()).code).toBe('AUTH_UNKNOWN_KEY');
    expect(s.keyCache.lookups).toBe(before);
    expect(s.keyCache.ready).toBe(true);
  });

  it('accepts a key created in this process at once', async () => {
    const { key } = await createApiKey(s.db, { projectIds: [s.project.id] });
    expect((await get(s.app, key)).status).toBe(200);
  });

  it('accepts a key issued by another server, and refuses it once that server revokes it', async () => {
    const { key, row } = await createApiKey(other.db, { projectIds: [s.project.id] });
    expect(await eventually(async () => (await get(s.app, key)).status === 200)).toBe(true);
    // Cached now; a revoke elsewhere drops the cached row when its notification arrives (not after the cache's 35 s).
    expect((await get(s.app, key)).status).toBe(200);
    await revokeApiKey(other.db, row.id);
    expect(await eventually(async () => (await get(s.app, key)).status === 401, 2_000)).toBe(true);
    expect((await (await get(s.app, key)).json()).code).toBe('AUTH_REVOKED_KEY');
  });

  it('the other server knows keys issued by the first', async () => {
    const { key } = await createApiKey(s.db, { projectIds: [s.project.id] });
    expect(await eventually(async () => (await get(other.bundle.app, key)).status === 200)).toBe(true);
    const before = other.bundle.keyCache.lookups;
    expect((await get(other.bundle.app, generateAdminKey(), '10.9.9.9')).status).toBe(401);
    expect(other.bundle.keyCache.lookups).toBe(before);
  });
});
