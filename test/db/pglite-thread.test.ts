/** The embedded database on its own thread, as `folio serve` runs it. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DbError, openDatabase, projects, type Database } from '../../src/db/index.js';
import { pgBossDbFor } from '../../src/jobs/pgboss-db.js';

const open: Database[] = [];
const temps: string[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((db) => db.close()));
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function threaded(dataDir?: string): Promise<Database> {
  const db = await openDatabase(dataDir ? { dataDir, thread: true } : { memory: true, thread: true });
  open.push(db);
  return db;
}

// One in-memory database on its thread for the cases that only read and write rows of their own (distinct
// ids and names): a database thread's start costs about 2 s of CPU (the thread loads PGlite and unpacks its
// template), three times an in-process one.
let sharedDb: Promise<Database> | undefined;
const sharedThread = () => (sharedDb ??= openDatabase({ memory: true, thread: true }));
afterAll(async () => {
  if (sharedDb) await (await sharedDb).close();
});

describe('the embedded database on its own thread', () => {
  it('leaves this thread free while a statement runs', async () => {
    const db = await sharedThread();
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    try {
      await db.query('SELECT pg_sleep(0.4)');
    } finally {
      clearInterval(timer);
    }
    // In-process, PGlite holds the thread for the whole 400 ms and the timer fires at most once.
    expect(ticks).toBeGreaterThanOrEqual(8);
  });

  it('answers Drizzle with the types it reads in-process', async () => {
    const db = await sharedThread();
    const inProcess = await openDatabase({ memory: true });
    open.push(inProcess);
    for (const d of [db, inProcess]) await d.orm.insert(projects).values({ id: 'types', name: 'Docs', repoUrl: 'https://example.test/r.git' });
    const [there] = await db.orm.select().from(projects).where(eq(projects.id, 'types'));
    const [here] = await inProcess.orm.select().from(projects).where(eq(projects.id, 'types'));
    expect(there!.createdAt).toBeInstanceOf(Date);
    expect({ ...there, createdAt: null, updatedAt: null }).toEqual({ ...here, createdAt: null, updatedAt: null });
    expect(await db.query('SELECT $1::int[] AS list, $2::timestamptz AS at', [[1, 2], new Date('2026-01-02T03:04:05Z')])).toEqual([{ list: [1, 2], at: new Date('2026-01-02T03:04:05Z') }]);
  });

  it('commits a transaction that resolves, rolls back one that throws, and keeps other statements out until it ends', async () => {
    const db = await sharedThread();
    await db.orm.transaction(async (tx) => {
      await tx.insert(projects).values({ id: 'kept', name: 'K', repoUrl: 'x' });
    });
    await expect(
      db.orm.transaction(async (tx) => {
        await tx.insert(projects).values({ id: 'gone', name: 'G', repoUrl: 'x' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    let outside: string[] | null = null;
    let read: Promise<unknown> | undefined;
    await db.orm.transaction(async (tx) => {
      await tx.insert(projects).values({ id: 'late', name: 'L', repoUrl: 'x' });
      // A statement from outside waits for the transaction, as on PGlite in-process.
      read = db.query<{ id: string }>("SELECT id FROM projects WHERE id IN ('kept', 'gone', 'late', 'inner') ORDER BY id").then((rows) => (outside = rows.map((r) => r.id)));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(outside).toBeNull();
      // A nested transaction is a savepoint: its rollback keeps the outer work.
      await tx.transaction(async (inner) => {
        await inner.insert(projects).values({ id: 'inner', name: 'I', repoUrl: 'x' });
        inner.rollback();
      }).catch(() => undefined);
    });
    await read;
    expect(outside).toEqual(['kept', 'late']);
  });

  it('keeps PostgreSQL error fields across the thread', async () => {
    const db = await sharedThread();
    await db.query("INSERT INTO projects (id, name, repo_url) VALUES ('twice', 'P', 'x')");
    const error = await db.query("INSERT INTO projects (id, name, repo_url) VALUES ('twice', 'P', 'x')").catch((e: unknown) => e as Error & { code?: string; constraint?: string });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'projects_pkey' });
    expect(error.message).toMatch(/duplicate key/);
  });

  it('delivers a notification before the write that raised it resolves', async () => {
    const db = await sharedThread();
    const heard: string[] = [];
    const stop = await db.listen('folio_test', (payload) => heard.push(payload));
    await db.query("SELECT pg_notify('folio_test', 'one')");
    expect(heard).toEqual(['one']);
    expect(db.notificationsSettled()).toBeNull();
    await stop();
    await db.query("SELECT pg_notify('folio_test', 'two')");
    expect(heard).toEqual(['one']);
  });

  it("runs pg-boss's multi-statement text through the same connection", async () => {
    const db = await sharedThread();
    const boss = pgBossDbFor(db);
    await boss.executeSql("BEGIN; CREATE TABLE boss_probe (n int); INSERT INTO boss_probe VALUES (7); COMMIT;");
    expect((await boss.executeSql('SELECT n FROM boss_probe WHERE n = $1', [7])).rows).toEqual([{ n: 7 }]);
    // A failing text opened a transaction: it is rolled back, and the connection works on.
    await expect(boss.executeSql('BEGIN; INSERT INTO boss_probe VALUES (8); SELECT * FROM missing; COMMIT;')).rejects.toThrow(/missing/);
    expect((await boss.executeSql('SELECT count(*)::int AS n FROM boss_probe')).rows).toEqual([{ n: 1 }]);
  });

  it('keeps a data dir to itself, writes it to disk, and fails clearly once closed', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-thread-'));
    temps.push(dir);
    const db = await threaded(dir);
    await db.query("INSERT INTO projects (id, name, repo_url) VALUES ('p1', 'P', 'x')");
    await db.close();
    fs.writeFileSync(path.join(dir, 'pglite.pid'), '1');
    // pid 1 is alive and not this process: the directory is refused with the layer's code.
    const refused = await openDatabase({ dataDir: dir, thread: true }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DbError);
    expect(refused).toMatchObject({ code: 'DB_CONNECT_FAILED' });
    fs.rmSync(path.join(dir, 'pglite.pid'));
    const again = await threaded(dir);
    expect(await again.query('SELECT id FROM projects')).toEqual([{ id: 'p1' }]);
    await expect(db.query('SELECT 1')).rejects.toThrow('The embedded database is closed.');
  });
});
