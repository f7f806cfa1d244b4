import type { PGlite } from '@electric-sql/pglite';
import type { Pool } from 'pg';
import type { Database } from '../db/index.js';

/** The adapter shape pg-boss accepts in its `db` option. */
export interface PgBossDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * Let pg-boss share Folio's connection. PGlite is one connection, so every
 * statement already runs one at a time through it; pg-boss sends its
 * maintenance work as parameterless multi-statement text (BEGIN; ...; COMMIT;),
 * which PGlite only accepts through `exec`. PostgreSQL gets the app's pool.
 */
export function pgBossDbFor(db: Database): PgBossDb {
  const client = (db.orm as unknown as { $client: unknown }).$client;
  if (db.kind === 'pglite') {
    const pglite = client as PGlite;
    return {
      async executeSql(text, values) {
        if (values && values.length > 0) return { rows: (await pglite.query(text, values)).rows };
        const results = await pglite.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      },
    };
  }
  const pool = client as Pool;
  return {
    async executeSql(text, values) {
      return { rows: (await pool.query(text, values as unknown[] | undefined)).rows };
    },
  };
}
