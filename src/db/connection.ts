import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { DbError } from './errors.js';
import { runMigrations } from './migrate.js';
import { readPgliteTemplate, savePgliteTemplate } from './pglite-template.js';
import { schema } from './schema.js';
import { processAlive } from '../shared/index.js';

/** Drizzle handle over either driver; both speak the same PostgreSQL dialect. */
export type Orm = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The lowest common denominator of PGlite and a pg client, used by migrations. */
export interface SqlSession {
  /** Run one or more statements without parameters (a migration file). */
  exec(sql: string): Promise<void>;
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
}

/** An open database, PGlite (embedded) or PostgreSQL, migrated to the latest schema. */
export interface Database {
  readonly kind: 'pglite' | 'postgres';
  readonly orm: Orm;
  /**
   * Parameterised SQL for hot paths; rows come back with column names as written in SQL.
   * `name` makes it a prepared statement on PostgreSQL (parsed and planned once per connection).
   */
  query<T = Record<string, unknown>>(text: string, params?: unknown[], name?: string): Promise<T[]>;
  /**
   * Receive `pg_notify` payloads on `channel`. On PGlite they arrive before the
   * notifying write's promise resolves; on PostgreSQL shortly after its commit.
   * `onLost` is called once if the subscription ends by itself (PostgreSQL: the listening
   * connection failed or was closed by the server), after which nothing more is delivered;
   * a caller that trusts notifications to keep a cache fresh drops the cache then.
   * Returns a function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void, onLost?: () => void): Promise<() => Promise<void>>;
  /**
   * Null when every notification of a write this process has finished has reached its listeners;
   * otherwise a promise that resolves once they have. PGlite delivers them with the write, so
   * always null there. On PostgreSQL any use of the pool since the last check may have been a
   * write: each listening connection then makes one round trip (PostgreSQL sends a session its
   * pending notifications before answering), shared by every caller waiting at that moment.
   * A cache kept fresh by notifications calls it before answering from memory, so a process
   * never reads its own write stale.
   */
  notificationsSettled(): Promise<void> | null;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** Folio's data directory; PGlite keeps its files in `<dataDir>/pgdata`. */
  dataDir?: string;
  /** PostgreSQL connection string; when set, PGlite is not used. */
  databaseUrl?: string;
  /** In-memory PGlite (tests); ignored when `databaseUrl` is set. */
  memory?: boolean;
  /** Largest number of pooled PostgreSQL connections. */
  poolSize?: number;
}

/** Open PGlite in the data dir (or PostgreSQL when a URL is given) and apply pending migrations. */
export async function openDatabase({
  dataDir = '.folio',
  databaseUrl,
  memory = false,
  poolSize = 10,
}: OpenDatabaseOptions = {}): Promise<Database> {
  const db = databaseUrl ? await openPostgres(databaseUrl, poolSize) : await openPglite(memory ? null : dataDir);
  try {
    await db.migrate();
  } catch (error) {
    await db.database.close();
    throw error;
  }
  return db.database;
}

interface Opened {
  database: Database;
  migrate(): Promise<void>;
}

async function openPglite(dataDir: string | null): Promise<Opened> {
  let client: PGlite;
  // A fresh database is unpacked from the saved template instead of running initdb, and the
  // first fresh one migrated without a template becomes it (pglite-template.ts).
  let fresh = true;
  let template: Blob | null = null;
  if (dataDir === null) {
    template = readPgliteTemplate();
    client = new PGlite(template ? { loadDataDir: template } : {});
  } else {
    const dir = path.resolve(dataDir, 'pgdata');
    fs.mkdirSync(dir, { recursive: true });
    const release = lockDataDir(path.resolve(dataDir));
    fresh = !fs.existsSync(path.join(dir, 'PG_VERSION'));
    if (fresh) template = readPgliteTemplate();
    client = new PGlite(dir, template ? { loadDataDir: template } : {});
    const close = client.close.bind(client);
    client.close = async () => {
      try {
        await close();
      } finally {
        release();
      }
    };
  }
  try {
    await client.waitReady;
  } catch (error) {
    // The open error below is what to report; closing a client that never opened may fail too.
    await client.close().catch(() => undefined);
    throw new DbError('DB_CONNECT_FAILED', `Cannot open the embedded database${dataDir ? ` in ${dataDir}` : ''}: ${(error as Error).message}.`);
  }
  const session: SqlSession = {
    exec: async (sql) => {
      await client.exec(sql);
    },
    query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
  };
  const database: Database = {
    kind: 'pglite',
    orm: drizzlePglite(client, { schema }) as unknown as Orm,
    query: session.query,
    listen: async (channel, onPayload) => {
      const stop = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    notificationsSettled: () => null,
    close: () => client.close(),
  };
  // One process owns a PGlite directory, so the transaction alone keeps migrations atomic.
  return {
    database,
    migrate: async () => {
      await runMigrations(session, (fn) => client.transaction((tx) => fn({
        exec: async (sql) => {
          await tx.exec(sql);
        },
        query: async <T>(text: string, params?: unknown[]) => (await tx.query<T>(text, params)).rows,
      })));
      if (fresh && template === null) await savePgliteTemplate(client);
    },
  };
}

/**
 * PGlite is single-process: a second process opening the same directory would
 * corrupt it. A pid file refuses that with a clear message; a stale one (its
 * process is gone) is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'pglite.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(fs.readFileSync(file, 'utf8').trim());
      if (pid > 0 && pid !== process.pid && processAlive(pid)) {
        throw new DbError(
          'DB_CONNECT_FAILED',
          `The data directory ${dataDir} is in use by process ${pid} (a running \`folio serve\` or \`folio start\`). Stop it first, use the dashboard, or share a PostgreSQL database through DATABASE_URL.`,
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new DbError('DB_CONNECT_FAILED', `Could not lock the data directory ${dataDir}; remove ${file} if no Folio process is running.`);
}

async function openPostgres(url: string, poolSize: number): Promise<Opened> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  const listeners = new Set<pg.Client>();
  let closing = false;
  // An idle client dropped by the server must not crash the process.
  pool.on('error', () => {});
  // Uses of the pool finished (a client goes back before its caller's promise resolves), and how
  // many of them the listeners have caught up with.
  let poolUses = 0;
  let settledUses = 0;
  pool.on('release', () => void poolUses++);
  let settling: { target: number; done: Promise<void> } | null = null;
  let queued: Promise<void> | null = null;
  const settle = (): Promise<void> => {
    const target = poolUses;
    const done = Promise.all([...listeners].map((c) => c.query('SELECT 1').catch(() => undefined))).then(() => {
      settledUses = Math.max(settledUses, target);
    });
    settling = { target, done };
    void done.finally(() => {
      if (settling?.done === done) settling = null;
    });
    return done;
  };
  try {
    (await pool.connect()).release();
  } catch (error) {
    await pool.end();
    const where = new URL(url).host;
    throw new DbError('DB_CONNECT_FAILED', `Cannot connect to PostgreSQL at ${where}: ${(error as Error).message}. Check DATABASE_URL and that the server is running.`);
  }
  const database: Database = {
    kind: 'postgres',
    orm: drizzlePg(pool, { schema }) as unknown as Orm,
    query: async <T>(text: string, params?: unknown[], name?: string) =>
      (await pool.query(name ? { name, text, values: params as unknown[] } : { text, values: params as unknown[] })).rows as T[],
    notificationsSettled: () => {
      if (settledUses >= poolUses || listeners.size === 0) return null;
      // A round trip under way covers this caller only if it started after the uses to cover.
      if (settling && settling.target >= poolUses) return settling.done;
      if (!settling) return settle();
      queued ??= settling.done.then(() => {
        queued = null;
        return settledUses >= poolUses ? undefined : settle();
      });
      return queued;
    },
    listen: async (channel, onPayload, onLost) => {
      // LISTEN needs its own session; a pooled connection would lose it on release.
      const client = new pg.Client({ connectionString: url });
      let subscribed = false;
      let stopped = false;
      const lost = () => {
        if (stopped || !subscribed || closing) return;
        stopped = true;
        listeners.delete(client);
        onLost?.();
      };
      // As for the pool: a dropped listener connection must not crash the process; it stops
      // notifying, and the caller hears so through `onLost`.
      client.on('error', lost);
      client.on('end', lost);
      client.on('notification', (n) => {
        if (n.channel === channel) onPayload(n.payload ?? '');
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      } catch (error) {
        // Never subscribed: the rejection says so, not `onLost`.
        stopped = true;
        await client.end().catch(() => undefined);
        throw error;
      }
      subscribed = true;
      listeners.add(client);
      return async () => {
        stopped = true;
        listeners.delete(client);
        // Stopping a listener whose connection already died has nothing left to stop.
        await client.end().catch(() => undefined);
      };
    },
    close: async () => {
      closing = true;
      // Closing: a listener whose connection already died has nothing left to close.
      await Promise.all([...listeners].map((c) => c.end().catch(() => undefined)));
      listeners.clear();
      await pool.end();
    },
  };
  return {
    database,
    migrate: async () => {
      const client = await pool.connect();
      const session: SqlSession = {
        exec: async (sql) => {
          await client.query(sql);
        },
        query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params as unknown[])).rows as T[],
      };
      // Two processes starting together: the advisory lock makes the second wait, then find nothing to do.
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      try {
        await runMigrations(session, async (fn) => {
          await client.query('BEGIN');
          try {
            await fn(session);
            await client.query('COMMIT');
          } catch (error) {
            await client.query('ROLLBACK');
            throw error;
          }
        });
      } finally {
        const unlocked = await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).then(
          () => true,
          () => false,
        );
        // A connection that could not unlock is closed rather than pooled: PostgreSQL drops its session's lock with it.
        client.release(!unlocked);
      }
    },
  };
}

/** Arbitrary constant naming Folio's migration lock (pg advisory locks are keyed by bigint). */
const MIGRATION_LOCK = 7_104_905_001;
