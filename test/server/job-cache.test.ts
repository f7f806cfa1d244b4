import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobCache } from '../../src/api/index.js';
import { createAgentJob, createProject, openDatabase, type Database } from '../../src/db/index.js';
import { backends, openTestDatabase, type TestDatabase } from '../db/helpers.js';

/** Poll `check` every 10 ms until it holds or `ms` pass; returns whether it held. */
async function eventually(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.each(backends)('job cache on %s', (kind) => {
  let t: TestDatabase;
  let db: Database;
  let reads = 0;
  let projectId = '';
  // `model` is in every body (summary and prLink show only once a job ends).
  const modelOf = (json: string) => (JSON.parse(json) as { model: string }).model;
  const newJob = async () => (await createAgentJob(t.db, { projectId, repository: 'https://example.test/d.git', ref: null, model: 'm', prompt: 'p' })).id;
  const setModel = (on: Database, id: string, model: string) => on.query('UPDATE agent_jobs SET model = $1 WHERE id = $2', [model, id]);

  beforeAll(async () => {
    t = await openTestDatabase(kind);
    // Counts the cache's own job reads; everything else goes to the real database.
    db = { ...t.db, query: (text, params, name) => ((name === 'folio_job_by_id' && reads++), t.db.query(text, params, name)) } as Database;
    projectId = (await createProject(t.db, { name: 'C', repoUrl: 'https://example.test/d.git' })).id;
  });
  afterAll(async () => {
    await t.cleanup();
  });

  it('answers a repeated GET from memory and never returns a write of this process stale', async () => {
    const cache = new JobCache(db, true, 100, 60_000);
    const id = await newJob();
    await cache.get(projectId, id);
    const before = reads;
    for (let i = 0; i < 5; i++) expect(modelOf((await cache.get(projectId, id))!.json)).toBe('m');
    expect(reads).toBe(before);
    // A write through this process's database (as the in-process agent runner makes), then at
    // once a read: on PostgreSQL the notification is still on its way when the write returns.
    for (let i = 0; i < 20; i++) {
      await setModel(t.db, id, `s${i}`);
      expect(modelOf((await cache.get(projectId, id))!.json)).toBe(`s${i}`);
    }
    expect(await cache.get('another-project', id)).toBeNull();
    await cache.close();
  });

  it.runIf(kind === 'postgres')('shows another process\'s write once notified, and drops everything when its listener is lost', async () => {
    const other = await openDatabase({ databaseUrl: t.url! });
    try {
      const cache = new JobCache(db, true, 100, 60_000);
      const id = await newJob();
      await cache.get(projectId, id);
      await setModel(other, id, 'from another process');
      expect(await eventually(async () => modelOf((await cache.get(projectId, id))!.json) === 'from another process', 2_000)).toBe(true);
      const settled = reads;
      await cache.get(projectId, id);
      expect(reads).toBe(settled);

      // The listening connection dies (a restart of PostgreSQL, a proxy timeout): no notification
      // comes any more, so the cache must not keep answering from memory.
      const admin = new pg.Client({ connectionString: t.url });
      await admin.connect();
      const killed = await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND (query LIKE 'LISTEN%' OR query = 'SELECT 1')");
      await admin.end();
      expect(killed.rowCount).toBeGreaterThan(0);
      // Written while nobody listens: no notification ever reaches this cache for it.
      await setModel(other, id, 'while nobody listened');
      expect(await eventually(async () => modelOf((await cache.get(projectId, id))!.json) === 'while nobody listened', 2_000)).toBe(true);
      // A later GET subscribed again: notifications keep it fresh once more.
      await cache.get(projectId, id);
      await setModel(other, id, 'after the new subscription');
      expect(await eventually(async () => modelOf((await cache.get(projectId, id))!.json) === 'after the new subscription', 2_000)).toBe(true);
      await cache.close();
    } finally {
      await other.close();
    }
  });

  it.runIf(kind === 'postgres')('re-reads an entry after its maximum age even when no notification came', async () => {
    const cache = new JobCache(db, true, 100, 1_500);
    const id = await newJob();
    await cache.get(projectId, id);
    const admin = new pg.Client({ connectionString: t.url });
    await admin.connect();
    try {
      // A change that announces nothing (the trigger off for this one statement's transaction).
      await admin.query('BEGIN');
      await admin.query('ALTER TABLE agent_jobs DISABLE TRIGGER USER');
      await admin.query('UPDATE agent_jobs SET model = $1 WHERE id = $2', ['silent', id]);
      await admin.query('ALTER TABLE agent_jobs ENABLE TRIGGER USER');
      await admin.query('COMMIT');
    } finally {
      await admin.end();
    }
    expect(modelOf((await cache.get(projectId, id))!.json)).toBe('m');
    await new Promise((r) => setTimeout(r, 1_600));
    expect(modelOf((await cache.get(projectId, id))!.json)).toBe('silent');
    await cache.close();
  });
});
