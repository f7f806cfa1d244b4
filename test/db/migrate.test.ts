import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { loadMigrations, openDatabase, runMigrations, type SqlSession } from '../../src/db/index.js';
import { backends, createFreshPostgresDatabase } from './helpers.js';

const temps: string[] = [];
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-db-'));
  temps.push(dir);
  return dir;
}

describe('migrations', () => {
  it('numbers every file uniquely and in order', () => {
    const list = loadMigrations();
    expect(list.length).toBeGreaterThan(0);
    expect(list[0]?.name).toBe('0001_core.sql');
    expect(new Set(list.map((m) => m.id)).size).toBe(list.length);
  });

  it('refuses two files with one number, naming both', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, '0005_a.sql'), 'SELECT 1;');
    fs.writeFileSync(path.join(dir, '0005_b.sql'), 'SELECT 1;');
    expect(() => loadMigrations(dir)).toThrow('Migrations 0005_a.sql and 0005_b.sql share number 5');
  });

  it('applies once and reopens a PGlite data dir without reapplying', async () => {
    const dir = tempDir();
    const first = await openDatabase({ dataDir: dir });
    await first.query("INSERT INTO projects (id, name, repo_url) VALUES ('p1', 'P', 'x')");
    await first.close();
    const second = await openDatabase({ dataDir: dir });
    const rows = await second.query<{ n: number }>('SELECT count(*)::int AS n FROM folio_migrations');
    expect(rows[0]?.n).toBe(loadMigrations().length);
    expect(await second.query('SELECT id FROM projects')).toEqual([{ id: 'p1' }]);
    await second.close();
  }, 180_000);

  it.runIf(process.env.TEST_DATABASE_URL)('is safe when two processes migrate one PostgreSQL database at once', async () => {
    const fresh = await createFreshPostgresDatabase();
    try {
      const [a, b, c] = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: fresh.url, poolSize: 2 })));
      const rows = await a!.query<{ id: number }>('SELECT id FROM folio_migrations ORDER BY id');
      expect(rows.map((r) => r.id)).toEqual(loadMigrations().map((m) => m.id));
      await Promise.all([a!.close(), b!.close(), c!.close()]);
    } finally {
      await fresh.drop();
    }
  });
});

describe('PGlite data directory lock', () => {
  it('refuses a second open of a directory in use, then allows it after close', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-lock-'));
    try {
      const first = await openDatabase({ dataDir: dir });
      // Pretend another live process (our parent) holds it.
      fs.writeFileSync(path.join(dir, 'pglite.pid'), String(process.ppid));
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(`is in use by process ${process.ppid}`);
      fs.writeFileSync(path.join(dir, 'pglite.pid'), String(process.pid));
      await first.close();
      expect(fs.existsSync(path.join(dir, 'pglite.pid'))).toBe(false);
      const again = await openDatabase({ dataDir: dir });
      await again.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});

/** A bare, unmigrated database of `kind` with what runMigrations needs, for driving migrations file by file. */
async function bareDatabase(kind: 'pglite' | 'postgres') {
  if (kind === 'pglite') {
    const client = new PGlite();
    const wrap = (c: Pick<PGlite, 'exec' | 'query'>): SqlSession => ({
      exec: async (sql) => void (await c.exec(sql)),
      query: async <T>(text: string, params?: unknown[]) => (await c.query<T>(text, params)).rows,
    });
    return {
      session: wrap(client),
      inTransaction: (fn: (tx: SqlSession) => Promise<void>) => client.transaction((tx) => fn(wrap(tx))),
      close: () => client.close(),
    };
  }
  const fresh = await createFreshPostgresDatabase();
  const client = new pg.Client({ connectionString: fresh.url });
  await client.connect();
  const session: SqlSession = {
    exec: async (sql) => void (await client.query(sql)),
    query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
  };
  return {
    session,
    inTransaction: async (fn: (tx: SqlSession) => Promise<void>) => {
      await client.query('BEGIN');
      try {
        await fn(session);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    },
    close: async () => {
      await client.end();
      await fresh.drop();
    },
  };
}

describe.each(backends)('the updates rename (migration 0004) on %s', (kind) => {
  it('upgrades a database migrated before it, keeping its rows and constraints', async () => {
    const bare = await bareDatabase(kind);
    const { session, inTransaction } = bare;
    try {
      // What a database migrated by an earlier Folio holds: every file but 0004, an update in `deployments`.
      // Files written after the rename (0210 on) alter `updates`, so that Folio did not have them either.
      const all = loadMigrations();
      const earlier = (m: { id: number }) => m.id !== 4 && m.id < 210;
      expect(await runMigrations(session, inTransaction, all.filter(earlier))).not.toContain(4);
      await session.exec(`INSERT INTO projects (id, name, repo_url) VALUES ('p1', 'P', 'x');
        INSERT INTO deployments (id, project_id, status, summary, logs) VALUES ('u1', 'p1', 'success', 'Published', '{one,two}')`);
      expect(await runMigrations(session, inTransaction, all)).toEqual(all.filter((m) => !earlier(m)).map((m) => m.id));
      expect(await session.query('SELECT id, project_id, status, summary, logs FROM updates')).toEqual([
        { id: 'u1', project_id: 'p1', status: 'success', summary: 'Published', logs: ['one', 'two'] },
      ]);
      expect(await session.query("SELECT to_regclass('deployments') AS t")).toEqual([{ t: null }]);
      await expect(session.query("INSERT INTO updates (id, project_id, status) VALUES ('u2', 'p1', 'deployed')")).rejects.toThrow('updates_status_check');
      await expect(session.query("INSERT INTO updates (id, project_id) VALUES ('u3', 'nope')")).rejects.toThrow('updates_project_id_fkey');
    } finally {
      await bare.close();
    }
  }, 120_000);
});

describe.each(backends)('dashboard roles (migration 0501) on %s', (kind) => {
  it('keeps the accounts of a database made before roles as owners, and checks roles from then on', async () => {
    const bare = await bareDatabase(kind);
    const { session, inTransaction } = bare;
    try {
      const all = loadMigrations();
      const earlier = (m: { id: number }) => m.id < 501;
      await runMigrations(session, inTransaction, all.filter(earlier));
      // The only account an earlier Folio made: the owner, its role left to the column's default.
      await session.exec(`INSERT INTO dashboard_users (id, email, password_hash) VALUES ('u1', 'first@example.test', 'x');
        INSERT INTO projects (id, name, repo_url) VALUES ('p1', 'P', 'x')`);
      expect(await runMigrations(session, inTransaction, all)).toContain(501);
      expect(await session.query('SELECT id, role FROM dashboard_users')).toEqual([{ id: 'u1', role: 'owner' }]);
      // New accounts get the least rights unless told; unknown roles are refused.
      await session.exec(`INSERT INTO dashboard_users (id, email, password_hash) VALUES ('u2', 'new@example.test', 'x')`);
      expect(await session.query(`SELECT role FROM dashboard_users WHERE id = 'u2'`)).toEqual([{ role: 'viewer' }]);
      await expect(session.query(`INSERT INTO dashboard_users (id, email, password_hash, role) VALUES ('u3', 'x@example.test', 'x', 'admin')`)).rejects.toThrow('dashboard_users_role');
      // Edit rights go with their member and their project.
      await session.exec(`INSERT INTO dashboard_project_editors (user_id, project_id) VALUES ('u2', 'p1'); DELETE FROM dashboard_users WHERE id = 'u2'`);
      expect(await session.query('SELECT * FROM dashboard_project_editors')).toEqual([]);
    } finally {
      await bare.close();
    }
  }, 120_000);
});
