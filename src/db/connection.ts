import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { runMigrations } from './migrate.js';
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
  /** Parameterised SQL for hot paths; rows come back with column names as written in SQL. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
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
  if (dataDir === null) {
    client = new PGlite();
  } else {
    const dir = path.resolve(dataDir, 'pgdata');
    fs.mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  }
  await client.waitReady;
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
    },
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Opened> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client dropped by the server must not crash the process.
  pool.on('error', () => {});
  const database: Database = {
    kind: 'postgres',
    orm: drizzlePg(pool, { schema }) as unknown as Orm,
    query: async <T>(text: string, params?: unknown[]) => (await pool.query(text, params as unknown[])).rows as T[],
    close: () => pool.end(),
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
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        client.release();
      }
    },
  };
}

/** Arbitrary constant naming Folio's migration lock (pg advisory locks are keyed by bigint). */
const MIGRATION_LOCK = 7_104_905_001;
