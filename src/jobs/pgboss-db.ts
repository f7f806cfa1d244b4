import type { PGlite } from '@electric-sql/pglite';
import type { Pool, PoolClient } from 'pg';
import type { Database } from '../db/index.js';

/** The adapter shape pg-boss accepts in its `db` option. */
export interface PgBossDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** A pg-boss adapter that can also run its start-up alone. */
export interface FolioPgBossDb extends PgBossDb {
  /**
   * Run `work` (pg-boss's start and queue creation) while no other start on the same database runs:
   * on PostgreSQL under a session advisory lock held by one pooled connection, through which
   * every statement of `work` goes (so a pool of one connection cannot deadlock); on PGlite (one
   * process) behind an in-process lock. pg-boss's own creation is not safe when two processes
   * start on a new database: both see no schema, and the second's `CREATE SCHEMA IF NOT EXISTS`
   * fails with a duplicate key, or (on one PGlite connection) leaves the transaction aborted.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
}

// Key of the session advisory lock that serialises pg-boss start-ups on one PostgreSQL database.
const START_LOCK_SQL = `SELECT pg_advisory_lock(hashtext('folio.pgboss.start'))`;
const START_UNLOCK_SQL = `SELECT pg_advisory_unlock(hashtext('folio.pgboss.start'))`;

// Start-ups in progress per PGlite instance (or pool): the tail of a promise chain.
const localStarts = new WeakMap<object, Promise<unknown>>();
function oneAtATime<T>(key: object, work: () => Promise<T>): Promise<T> {
  const run = (localStarts.get(key) ?? Promise.resolve()).then(work);
  localStarts.set(
    key,
    run.catch(() => undefined),
  );
  return run;
}

/** pg-boss sends its schema creation and maintenance as parameterless BEGIN; ...; COMMIT; text. */
const opensTransaction = (text: string) => /^\s*BEGIN\b/i.test(text);

/**
 * Let pg-boss share Folio's connection. PGlite is one connection, so every
 * statement already runs one at a time through it; pg-boss sends its
 * maintenance work as parameterless multi-statement text (BEGIN; ...; COMMIT;),
 * which PGlite only accepts through `exec`. PostgreSQL gets the app's pool.
 * A multi-statement text that fails is rolled back, so a shared connection is
 * never left inside an aborted transaction.
 */
export function pgBossDbFor(db: Database): FolioPgBossDb {
  const client = (db.orm as unknown as { $client: unknown }).$client;
  if (db.kind === 'pglite') {
    const pglite = client as PGlite;
    return {
      async executeSql(text, values) {
        if (values && values.length > 0) return { rows: (await pglite.query(text, values)).rows };
        try {
          const results = await pglite.exec(text);
          return { rows: results.at(-1)?.rows ?? [] };
        } catch (err) {
          if (opensTransaction(text)) await pglite.exec('ROLLBACK').catch(() => undefined);
          throw err;
        }
      },
      exclusive: (work) => oneAtATime(pglite, work),
    };
  }
  const pool = client as Pool;
  // While a start-up holds the lock, its statements go through the locked connection.
  let pinned: PoolClient | null = null;
  return {
    async executeSql(text, values) {
      const on = pinned;
      if (!on) return { rows: (await pool.query(text, values as unknown[] | undefined)).rows };
      try {
        return { rows: (await on.query(text, values as unknown[] | undefined)).rows };
      } catch (err) {
        if (!values?.length && opensTransaction(text)) await on.query('ROLLBACK').catch(() => undefined);
        throw err;
      }
    },
    exclusive: (work) =>
      oneAtATime(pool, async () => {
        const locked = await pool.connect();
        let broken: Error | undefined;
        try {
          await locked.query(START_LOCK_SQL);
          pinned = locked;
          try {
            return await work();
          } finally {
            pinned = null;
            await locked.query(START_UNLOCK_SQL).catch((err: Error) => {
              broken = err;
            });
          }
        } finally {
          // A connection whose unlock failed is closed, which ends its lock too.
          locked.release(broken);
        }
      }),
  };
}
