import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/index.js';
import { randomBase36 } from '../../src/db/ids.js';

/** The databases a suite runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const backends: Array<'pglite' | 'postgres'> = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase {
  db: Database;
  /** Connection string of the fresh PostgreSQL database (postgres backend only). */
  url?: string;
  cleanup(): Promise<void>;
}

/** A fresh PostgreSQL database on the TEST_DATABASE_URL server; dropped by the returned function. */
export async function createFreshPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `folio_test_${randomBase36(10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * Open an isolated, migrated database of the given kind: in-memory PGlite (`pglite-thread`: on
 * its own thread, as a server runs it), or a new PostgreSQL database.
 */
export async function openTestDatabase(kind: 'pglite' | 'pglite-thread' | 'postgres'): Promise<TestDatabase> {
  if (kind !== 'postgres') {
    const db = await openDatabase({ memory: true, thread: kind === 'pglite-thread' });
    return { db, cleanup: () => db.close() };
  }
  const fresh = await createFreshPostgresDatabase();
  const db = await openDatabase({ databaseUrl: fresh.url });
  return {
    db,
    url: fresh.url,
    cleanup: async () => {
      await db.close();
      await fresh.drop();
    },
  };
}
