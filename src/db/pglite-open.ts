/**
 * Opening the embedded database: PGlite in the data dir (or in memory), unpacked from the saved
 * template when new, migrated to the latest schema. Used in-process (`openDatabase`) and by the
 * database thread (`pglite-worker.ts`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { DbError } from './errors.js';
import type { SqlSession } from './connection.js';
import { runMigrations } from './migrate.js';
import { PGLITE_INITDB_ARGS, readPgliteTemplate, savePgliteTemplate } from './pglite-template.js';
import { processAlive } from '../shared/index.js';

export interface OpenedPglite {
  client: PGlite;
  /** Apply pending migrations (and save the template when this was the first fresh database). */
  migrate(): Promise<void>;
}

/** Open PGlite in `<dataDir>/pgdata`, or in memory when `dataDir` is null. */
export async function openPgliteClient(dataDir: string | null): Promise<OpenedPglite> {
  let client: PGlite;
  // A fresh database is unpacked from the saved template instead of running initdb, and the
  // first fresh one migrated without a template becomes it (pglite-template.ts).
  let fresh = true;
  let template: Blob | null = null;
  if (dataDir === null) {
    template = readPgliteTemplate({ forMemory: true });
    // An in-memory database (tests) holds test rows: 16 MB of shared buffers instead of 128 MB, whose
    // setting-up was about a quarter of each one's start. Given on the command line, not as PGlite's
    // `postgresqlconf`, which replaces the files' postgresql.conf with that one line: the template is
    // saved from such a database (scripts/db-template.js), and every `folio start` data folder unpacked
    // from it ran with 16 MB and without initdb's other settings.
    const memory = { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'], initDbStartParams: PGLITE_INITDB_ARGS };
    client = new PGlite(template ? { ...memory, loadDataDir: template } : memory);
  } else {
    const dir = path.resolve(dataDir, 'pgdata');
    fs.mkdirSync(dir, { recursive: true });
    const release = lockDataDir(path.resolve(dataDir));
    fresh = !fs.existsSync(path.join(dir, 'PG_VERSION'));
    if (fresh) template = readPgliteTemplate();
    client = new PGlite(dir, template ? { loadDataDir: template } : { initDbStartParams: PGLITE_INITDB_ARGS });
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
  return {
    client,
    // One process owns a PGlite directory, so the transaction alone keeps migrations atomic.
    migrate: async () => {
      await runMigrations(session, (fn) =>
        client.transaction((tx) =>
          fn({
            exec: async (sql) => {
              await tx.exec(sql);
            },
            query: async <T>(text: string, params?: unknown[]) => (await tx.query<T>(text, params)).rows,
          }),
        ),
      );
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
