import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { SqlSession } from './connection.js';
import { DbError } from './errors.js';

/** One numbered migration file, e.g. `0001_core.sql`. */
export interface Migration {
  id: number;
  name: string;
  sql: string;
}

// Ranges by owner: 0001-0099 core (db, api, hosting), 0100-0199 jobs/agent, 0200-0299 dashboard.
const FILE_PATTERN = /^(\d{4})_([a-z0-9_-]+)\.sql$/;

/** The migrations directory beside this module (`npm run build` copies the .sql files to dist). */
export function migrationsDir(): string {
  return fileURLToPath(new URL('./migrations/', import.meta.url));
}

/** Read and order every migration file; two files with one number are an error, not a silent pick. */
export function loadMigrations(dir = migrationsDir()): Migration[] {
  const seen = new Map<number, string>();
  const list: Migration[] = [];
  for (const file of fs.readdirSync(dir).sort()) {
    if (!file.endsWith('.sql')) continue;
    const match = FILE_PATTERN.exec(file);
    if (!match) {
      throw new DbError('DB_MIGRATION_NAME', `Migration file ${file} does not match NNNN_name.sql; rename it (e.g. 0101_jobs.sql).`);
    }
    const id = Number(match[1]);
    const other = seen.get(id);
    if (other) {
      throw new DbError('DB_MIGRATION_DUPLICATE', `Migrations ${other} and ${file} share number ${id}; give one of them a free number.`);
    }
    seen.set(id, file);
    list.push({ id, name: file, sql: fs.readFileSync(`${dir}/${file}`, 'utf8') });
  }
  return list.sort((a, b) => a.id - b.id);
}

/**
 * Apply pending migrations in order, each in its own transaction together with
 * its row in `folio_migrations`, so a failure leaves no half-applied file.
 */
export async function runMigrations(
  session: SqlSession,
  inTransaction: (fn: (tx: SqlSession) => Promise<void>) => Promise<unknown>,
  migrations: Migration[] = loadMigrations(),
): Promise<number[]> {
  await session.exec(`CREATE TABLE IF NOT EXISTS folio_migrations (
    id integer PRIMARY KEY,
    name text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const rows = await session.query<{ id: number }>('SELECT id FROM folio_migrations');
  const applied = new Set(rows.map((r) => Number(r.id)));
  const done: number[] = [];
  for (const migration of migrations) {
    if (applied.has(migration.id)) continue;
    try {
      await inTransaction(async (tx) => {
        await tx.exec(migration.sql);
        await tx.query('INSERT INTO folio_migrations (id, name) VALUES ($1, $2)', [migration.id, migration.name]);
      });
    } catch (error) {
      throw new DbError('DB_MIGRATION_FAILED', `Migration ${migration.name} failed: ${(error as Error).message}. Nothing of it was applied; fix the SQL and start again.`);
    }
    done.push(migration.id);
  }
  return done;
}
