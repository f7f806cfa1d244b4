// Agent jobs per minute through the whole path: API create → pg-boss → lease →
// git clone → folio-maintainer → verify → commit → push → pull request →
// completed, with two workers. PGlite always; PostgreSQL too when
// TEST_DATABASE_URL (a server to create a scratch database on) is set.
//   npm run bench:jobs            BENCH_JOBS=24 BENCH_VERIFY=validate npm run bench:jobs
import path from 'node:path';
import { startWorker, type AgentWorker } from '../src/agent/index.js';
import { createApiKey, createProject, openDatabase, type Database } from '../src/db/index.js';
import { createApp } from '../src/server/index.js';
import { createBareRepo, tempDir } from '../test/git/git-fixtures.js';
import { createFreshPostgresDatabase } from '../test/db/helpers.js';

const JOBS = Number(process.env.BENCH_JOBS ?? 16);
const VERIFY = (process.env.BENCH_VERIFY ?? 'build') as 'build' | 'validate';

async function run(label: string, db: Database, workDir: string, bare: string): Promise<void> {
  const workers: AgentWorker[] = [];
  for (let i = 0; i < 2; i++) {
    workers.push(await startWorker({ db, publicUrl: 'http://folio.bench', workDir: path.join(workDir, `w${i}`), pollIntervalSeconds: 0.5, verify: VERIFY, llm: null, concurrency: 1 }));
  }
  let next = 0;
  const app = createApp({ db, dataDir: path.join(workDir, 'data'), enqueueAgentJob: (id) => workers[next++ % workers.length]!.enqueue(id) });
  const project = await createProject(db, { name: 'bench', repoUrl: bare, agentRatePerHour: 100_000 });
  const { key } = await createApiKey(db, { projectIds: [project.id] });
  const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const started = performance.now();
  const ids: string[] = [];
  for (let i = 0; i < JOBS; i++) {
    const res = await app.request(`/v2/agent/${project.id}/job`, { method: 'POST', headers, body: JSON.stringify({ prompt: 'add the pages missing from the navigation' }) });
    ids.push(((await res.json()) as { id: string }).id);
  }
  const pending = new Set(ids);
  const statuses: Record<string, number> = {};
  while (pending.size > 0) {
    await new Promise((r) => setTimeout(r, 200));
    for (const id of [...pending]) {
      const res = await app.request(`/v2/agent/${project.id}/job/${id}`, { headers });
      const job = (await res.json()) as { status: string };
      if (job.status !== 'active') {
        pending.delete(id);
        statuses[job.status] = (statuses[job.status] ?? 0) + 1;
      }
    }
  }
  const seconds = (performance.now() - started) / 1000;
  for (const w of workers) await w.stop();
  console.log(
    `${label.padEnd(10)} ${JOBS} jobs, 2 workers, verify=${VERIFY}: ${seconds.toFixed(1)} s → ${((JOBS / seconds) * 60).toFixed(1)} jobs/min (${Object.entries(statuses).map(([k, v]) => `${v} ${k}`).join(', ')})`,
  );
}

const tmp = await tempDir('folio-bench-jobs-');
try {
  const bare = await createBareRepo(tmp.dir);
  const pglite = await openDatabase({ dataDir: path.join(tmp.dir, 'pglite') });
  await run('PGlite', pglite, path.join(tmp.dir, 'pg-work'), bare);
  await pglite.close();
  if (process.env.TEST_DATABASE_URL) {
    const fresh = await createFreshPostgresDatabase();
    const pg = await openDatabase({ databaseUrl: fresh.url });
    await run('PostgreSQL', pg, path.join(tmp.dir, 'pg-work2'), bare);
    await pg.close();
    await fresh.drop();
  } else {
    console.log('PostgreSQL skipped (set TEST_DATABASE_URL to include it)');
  }
} finally {
  await tmp.cleanup();
}
