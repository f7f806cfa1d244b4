import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApiKey, createProject, type Database, type ProjectRow } from '../../src/db/index.js';
import { createAppBundle, type AppBundle, type AppDeps } from '../../src/server/index.js';
import { openTestDatabase } from '../db/helpers.js';

export interface TestServer extends AppBundle {
  db: Database;
  dataDir: string;
  /** Connection string of the test's PostgreSQL database (postgres backend only). */
  databaseUrl?: string;
  project: ProjectRow;
  /** An admin key scoped to `project`. */
  key: string;
  /** Headers with the key as a bearer token (and JSON content type). */
  auth: Record<string, string>;
  cleanup(): Promise<void>;
}

/** A fresh database, data dir, project, key and app for one test file. */
export async function startTestServer(kind: 'pglite' | 'postgres', deps: Partial<AppDeps> = {}): Promise<TestServer> {
  const t = await openTestDatabase(kind);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-server-'));
  const project = await createProject(t.db, { name: 'Docs', repoUrl: 'https://example.test/docs.git', agentRatePerHour: 1000 });
  const { key } = await createApiKey(t.db, { projectIds: [project.id], name: 'test' });
  const bundle = createAppBundle({ db: t.db, dataDir, ...deps });
  return {
    ...bundle,
    db: t.db,
    dataDir,
    databaseUrl: t.url,
    project,
    key,
    auth: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    cleanup: async () => {
      await bundle.updates.idle();
      await t.cleanup();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
