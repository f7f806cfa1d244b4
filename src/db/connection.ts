import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { DbError } from './errors.js';
import { runMigrations } from './migrate.js';
import { openPgliteClient } from './pglite-open.js';
import { openPgliteThread } from './pglite-thread.js';
import { schema } from './schema.js';

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
  /**
   * Run PGlite on a worker thread of its own (`pglite-thread.ts`), so that its statements never
   * pause this thread; what a server does. Off by default: a command or a test that only talks
   * to the database saves the thread's start.
   */
  thread?: boolean;
}

/** Open PGlite in the data dir (or PostgreSQL when a URL is given) and apply pending migrations. */
export async function openDatabase({
  dataDir = '.folio',
  databaseUrl,
  memory = false,
  poolSize = 10,
  thread = false,
}: OpenDatabaseOptions = {}): Promise<Database> {
  if (!databaseUrl && thread) return openPgliteThread(memory ? null : dataDir);
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
  const { client, migrate } = await openPgliteClient(dataDir);
  const database: Database = {
    kind: 'pglite',
    orm: drizzlePglite(client, { schema }) as unknown as Orm,
    query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
    listen: async (channel, onPayload) => {
      const stop = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    notificationsSettled: () => null,
    close: () => client.close(),
  };
  return { database, migrate };
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
