import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentJob, createProject, openDatabase, type Database } from '../../src/db/index.js';
import { createJobQueue, type JobQueue } from '../../src/jobs/index.js';
import { createBareRepo, gitOut, tempDir } from '../git/git-fixtures.js';
import { createFreshPostgresDatabase } from '../db/helpers.js';

// Workers are separate processes sharing one PostgreSQL, as `folio worker`
// runs them; PGlite belongs to one process, so this suite needs PostgreSQL.
const here = path.dirname(fileURLToPath(import.meta.url));
const JOBS = 10;
const MAX_KILLS = 6;
const LEASE_MS = 1500;

describe.skipIf(!process.env.TEST_DATABASE_URL)('workers SIGKILLed mid-job (PostgreSQL)', () => {
  let fresh: { url: string; drop(): Promise<void> };
  let db: Database;
  let queue: JobQueue;
  let tmp: { dir: string; cleanup: () => Promise<void> };
  const children = new Set<ChildProcess>();

  beforeAll(async () => {
    fresh = await createFreshPostgresDatabase();
    db = await openDatabase({ databaseUrl: fresh.url, poolSize: 4 });
    queue = await createJobQueue({ db, supervise: false });
    tmp = await tempDir('folio-crash-');
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await queue?.stop();
    await db?.close();
    await fresh?.drop();
    await tmp?.cleanup();
  });

  function spawnWorker(): ChildProcess {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'worker-child.ts')], {
      env: { ...process.env, CRASH_DATABASE_URL: fresh.url, CRASH_WORK_DIR: path.join(tmp.dir, 'work'), CRASH_LEASE_MS: String(LEASE_MS), CRASH_SLOW_MS: '2000' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.add(child);
    child.on('exit', () => children.delete(child));
    return child;
  }

  it('loses no job and finishes none twice', async () => {
    const bare = await createBareRepo(tmp.dir);
    const project = await createProject(db, { name: 'crash', repoUrl: bare });
    const ids: string[] = [];
    for (let i = 0; i < JOBS; i++) {
      const job = await createAgentJob(db, { projectId: project.id, repository: bare, ref: null, model: 'slow-maintainer', prompt: 'add unlisted pages' });
      ids.push(job.id);
      await queue.enqueue(job.id);
    }
    spawnWorker();
    spawnWorker();
    let kills = 0;
    const deadline = Date.now() + 90_000;
    const active = async () => Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM agent_jobs WHERE status = 'active'`))[0]!.n);
    // Every 1.5-2.5 s (up to MAX_KILLS times), SIGKILL a worker that holds a job's lease (so the kill lands
    // mid-job) and start a fresh worker in its place.
    while ((await active()) > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 1500 + Math.random() * 1000));
      if (kills >= MAX_KILLS) continue;
      const holders = await db.query<{ owner: string }>(`SELECT DISTINCT lease_owner AS owner FROM agent_jobs WHERE status = 'active' AND lease_expires_at > now()`);
      const victim = [...children].find((c) => holders.some((h) => h.owner === `child-${c.pid}`));
      if (victim) {
        victim.kill('SIGKILL');
        kills++;
        spawnWorker();
      }
    }
    expect(await active()).toBe(0);
    // Kills only land while a worker holds a lease; on a fast run the jobs can all finish before the
    // sixth. At least half must have happened, or this run proved nothing about recovery.
    expect(kills).toBeGreaterThanOrEqual(MAX_KILLS / 2);

    const rows = await db.query<{ id: string; status: string; pr_link: string | null }>('SELECT id, status, pr_link FROM agent_jobs ORDER BY id');
    expect(rows.map((r) => r.status)).toEqual(ids.map(() => 'completed'));
    const events = await db.query<{ job_id: string; kind: string }>('SELECT job_id, kind FROM agent_job_events ORDER BY id');
    for (const id of ids) {
      // Exactly one terminal transition per job, however often it was claimed.
      expect(events.filter((e) => e.job_id === id && e.kind !== 'claimed').map((e) => e.kind)).toEqual(['completed']);
      expect(gitOut(bare, ['rev-list', '--count', `main..folio/agent-${id}`])).toBe('1');
    }
    const prs = await db.query<{ job_id: string; n: number }>('SELECT job_id, count(*)::int AS n FROM agent_pull_requests GROUP BY job_id');
    expect(prs.map((p) => p.n)).toEqual(ids.map(() => 1));
    const reclaimed = ids.filter((id) => events.filter((e) => e.job_id === id && e.kind === 'claimed').length > 1);
    // Kills did land mid-job: some jobs had to be taken up again by another worker.
    expect(reclaimed.length).toBeGreaterThan(0);
    console.log(`crash test: ${kills} kills, ${reclaimed.length}/${JOBS} jobs re-claimed after a kill`);
  }, 150_000);
});
