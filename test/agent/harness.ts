import path from 'node:path';
import { expect } from 'vitest';
import { startWorker, type AgentWorker, type WorkerOptions } from '../../src/agent/index.js';
import { createApiKey, createProject, openDatabase, type Database } from '../../src/db/index.js';
import { createApp } from '../../src/server/index.js';
import { createFreshPostgresDatabase } from '../db/helpers.js';
import { tempDir } from '../git/git-fixtures.js';

/** A database, an admin API app and an agent worker, as `folio serve` wires them. */
export interface Harness {
  db: Database;
  app: ReturnType<typeof createApp>;
  worker: AgentWorker;
  dir: string;
  close(): Promise<void>;
}

export const PUBLIC_URL = 'http://folio.test';

/** Start everything on an in-memory PGlite, or on a fresh database of the TEST_DATABASE_URL server. */
export async function startHarness(options: Partial<WorkerOptions> = {}, backend: 'pglite' | 'postgres' = 'pglite'): Promise<Harness> {
  const tmp = await tempDir('folio-agent-e2e-');
  const fresh = backend === 'postgres' ? await createFreshPostgresDatabase() : null;
  const db = await openDatabase(fresh ? { databaseUrl: fresh.url } : { memory: true });
  const worker = await startWorker({
    db,
    publicUrl: PUBLIC_URL,
    workDir: path.join(tmp.dir, 'work'),
    pollIntervalSeconds: 0.5,
    verify: 'validate',
    llm: null,
    ...options,
  });
  const app = createApp({ db, dataDir: path.join(tmp.dir, 'data'), enqueueAgentJob: (id) => worker.enqueue(id) });
  return {
    db,
    app,
    worker,
    dir: tmp.dir,
    async close() {
      await worker.stop();
      await db.close();
      await fresh?.drop();
      await tmp.cleanup();
    },
  };
}

/** A project over `repoUrl` and a key for it. */
export async function projectWithKey(h: Harness, repoUrl: string): Promise<{ projectId: string; auth: Record<string, string> }> {
  const project = await createProject(h.db, { name: 'docs', repoUrl });
  const { key } = await createApiKey(h.db, { projectIds: [project.id] });
  return { projectId: project.id, auth: { authorization: `Bearer ${key}`, 'content-type': 'application/json' } };
}

export interface JobBody {
  id: string;
  status: string;
  prLink: string | null;
  source: { repository: string; ref: string | null };
}

/** POST a job (or a follow-up message when `jobId` is given) through the API. */
export async function postJob(h: Harness, p: { projectId: string; auth: Record<string, string> }, body: object, jobId?: string): Promise<JobBody> {
  const url = jobId ? `/v2/agent/${p.projectId}/job/${jobId}/message` : `/v2/agent/${p.projectId}/job`;
  const res = await h.app.request(url, { method: 'POST', headers: p.auth, body: JSON.stringify(body) });
  expect(res.status, await res.clone().text()).toBe(jobId ? 200 : 201);
  return (await res.json()) as JobBody;
}

/** Poll GET until the job leaves `active`, as API clients do. */
export async function waitForJob(h: Harness, p: { projectId: string; auth: Record<string, string> }, id: string, timeoutMs = 60_000): Promise<JobBody> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await h.app.request(`/v2/agent/${p.projectId}/job/${id}`, { headers: p.auth });
    expect(res.status).toBe(200);
    const job = (await res.json()) as JobBody;
    if (job.status !== 'active') return job;
    if (Date.now() > until) throw new Error(`job ${id} still active after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Terminal transitions recorded by the trigger, oldest first. */
export async function jobEvents(db: Database, jobId: string): Promise<string[]> {
  const rows = await db.query<{ kind: string }>('SELECT kind FROM agent_job_events WHERE job_id = $1 ORDER BY id', [jobId]);
  return rows.map((r) => r.kind);
}
