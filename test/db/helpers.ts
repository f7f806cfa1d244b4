import { createHash } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/index.js';
import { randomBase36 } from '../../src/db/ids.js';
import { loadMigrations } from '../../src/db/migrate.js';

/** The databases a suite runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const backends: Array<'pglite' | 'postgres'> = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase {
  db: Database;
  /** Connection string of the fresh PostgreSQL database (postgres backend only). */
  url?: string;
  cleanup(): Promise<void>;
}

/** `adminUrl` with another database name. */
function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Any number: the advisory lock under which one test process at a time makes the migrated template. */
const TEMPLATE_LOCK = 7_304_117;
let template: Promise<string> | undefined;

/**
 * The name of a PostgreSQL database migrated to the current migrations, kept on the server as a
 * template (`folio_test_tpl_<hash of the migrations>`): copying it is about 1 s where running the 31
 * migrations into a new database was about 4 s, for each of the ~100 databases `npm test` makes.
 * The first test process to need it makes it under an advisory lock (built under a temporary name,
 * renamed when done, so a half-made one is never copied); nothing connects to it afterwards, which
 * `CREATE DATABASE ... TEMPLATE` requires.
 */
function migratedTemplate(adminUrl: string): Promise<string> {
  template ??= (async () => {
    const hash = createHash('sha256');
    for (const m of loadMigrations()) hash.update(`\0${m.id}\0${m.name}\0${m.sql}`);
    const name = `folio_test_tpl_${hash.digest('hex').slice(0, 20)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount === 0) {
        const building = `folio_test_making_${randomBase36(10)}`;
        await admin.query(`CREATE DATABASE ${building}`);
        const db = await openDatabase({ databaseUrl: databaseUrl(adminUrl, building), poolSize: 1 });
        await db.close();
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      }
    } finally {
      await admin.end();
    }
    return name;
  })();
  template.catch(() => (template = undefined));
  return template;
}

/**
 * A fresh PostgreSQL database on the TEST_DATABASE_URL server; dropped by the returned function.
 * Empty, or with `migrated` a copy of a database migrated to the current migrations (what
 * `openDatabase` then finds up to date, as it would after migrating an empty one).
 */
export async function createFreshPostgresDatabase({ migrated = false }: { migrated?: boolean } = {}): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const from = migrated ? await migratedTemplate(adminUrl) : null;
  const name = `folio_test_${randomBase36(10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(from ? `CREATE DATABASE ${name} TEMPLATE ${from}` : `CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(databaseUrl(adminUrl, name));
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
  const fresh = await createFreshPostgresDatabase({ migrated: true });
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
