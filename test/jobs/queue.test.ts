import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  claimAgentJob,
  createAgentJob,
  createProject,
  openDatabase,
  reapExpiredAgentJobLeases,
  releaseAgentJob,
  releaseAgentJobLeasesExcept,
  renewAgentJobLease,
  type Database,
} from '../../src/db/index.js';
import { AGENT_QUEUE, createJobQueue, startLeaseRunner, type JobQueue, type LeaseRunner } from '../../src/jobs/index.js';
import { backends, createFreshPostgresDatabase } from '../db/helpers.js';
import { tempDir } from '../git/git-fixtures.js';

/** Messages the agent queue ever held for `jobId` (waiting, active, done or archived). */
async function messagesFor(db: Database, jobId?: string): Promise<number> {
  const where = jobId ? `name = $1 AND singleton_key = $2` : `name = $1`;
  const params = jobId ? [AGENT_QUEUE, jobId] : [AGENT_QUEUE];
  const [row] = await db.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM pgboss.job WHERE ${where})::int + (SELECT count(*) FROM pgboss.archive WHERE ${where})::int AS n`,
    params,
  );
  return row!.n;
}


let db: Database | undefined;
let queue: JobQueue | undefined;
afterEach(async () => {
  await queue?.stop();
  await db?.close();
  queue = undefined;
  db = undefined;
});

describe('job queue on PGlite', () => {
  it('delivers an enqueued job id to a worker', async () => {
    db = await openDatabase({ memory: true });
    queue = await createJobQueue({ db, pollIntervalSeconds: 0.5 });
    const seen: string[] = [];
    const got = new Promise<void>((resolve) => {
      void queue!.work(async ({ jobId }) => {
        seen.push(jobId);
        resolve();
      });
    });
    await queue.enqueue('job-1');
    await got;
    expect(seen).toEqual(['job-1']);
  });

  it('reaps jobs whose lease ran out and jobs nobody claimed, once per lease period', async () => {
    db = await openDatabase({ memory: true });
    const project = await createProject(db, { name: 'p', repoUrl: '/tmp/x.git' });
    const job = await createAgentJob(db, { projectId: project.id, repository: '/tmp/x.git', ref: null, model: 'folio-maintainer', prompt: 'p' });
    expect(await reapExpiredAgentJobLeases(db, 60_000)).toEqual([]);
    await db.query(`UPDATE agent_jobs SET lease_owner = 'w1', lease_expires_at = now() - interval '1 second' WHERE id = $1`, [job.id]);
    expect(await reapExpiredAgentJobLeases(db, 60_000)).toEqual([job.id]);
    expect(await reapExpiredAgentJobLeases(db, 60_000)).toEqual([]);
    await db.query(`UPDATE agent_jobs SET requeued_at = now() - interval '2 minutes', updated_at = now() - interval '2 minutes' WHERE id = $1`, [job.id]);
    expect(await reapExpiredAgentJobLeases(db, 60_000)).toEqual([job.id]);
  });
});

// One database for both (opening one costs seconds).
describe('the reaper on the agent queue', () => {
  let db: Database;
  let runner: LeaseRunner | undefined;
  beforeAll(async () => {
    db = await openDatabase({ memory: true });
  }, 60_000);
  afterAll(async () => {
    await runner?.stop();
    await db?.close();
  });

  it('re-sends no job that still has a pending message: waiting, or fetched within the last lease', async () => {
    const project = await createProject(db, { name: 'p', repoUrl: '/tmp/x.git' });
    const job = await createAgentJob(db, { projectId: project.id, repository: '/tmp/x.git', ref: null, model: 'folio-maintainer', prompt: 'p' });
    const queue = await createJobQueue({ db });
    try {
      const reap = () => reapExpiredAgentJobLeases(db, 60_000, { pendingQueue: AGENT_QUEUE });
      const age = () => db.query(`UPDATE agent_jobs SET requeued_at = now() - interval '2 minutes', updated_at = now() - interval '2 minutes' WHERE id = $1`, [job.id]);
      const message = (state: string, startedAgo: string) =>
        db.query(`UPDATE pgboss.job SET state = $1::pgboss.job_state, started_on = now() - $2::interval WHERE name = $3 AND singleton_key = $4`, [state, startedAgo, AGENT_QUEUE, job.id]);

      expect(await queue.enqueue(job.id)).toBe(true);
      expect(await queue.enqueue(job.id)).toBe(false); // one waiting already
      await age();
      expect(await reap()).toEqual([]); // its message is waiting
      await message('active', '1 second'); // a worker fetched it and is about to claim the row
      expect(await reap()).toEqual([]);
      await message('retry', '1 second');
      expect(await reap()).toEqual([]);
      await message('active', '2 minutes'); // fetched a lease ago and never claimed: that worker died
      expect(await reap()).toEqual([job.id]);
      expect(await reap()).toEqual([]); // once per lease period
      expect(await queue.enqueue(job.id, { recovered: true })).toBe(true);

      // Claimed, then its runner died: the lease runs out while the message it ran from stays active.
      await message('active', '3 minutes');
      await db.query(`UPDATE agent_jobs SET lease_owner = 'w1', lease_expires_at = now() - interval '1 second' WHERE id = $1`, [job.id]);
      // Unless this process is running it: a late renewal on a busy machine, not a dead runner.
      expect(await reapExpiredAgentJobLeases(db, 60_000, { pendingQueue: AGENT_QUEUE, running: [job.id] })).toEqual([]);
      expect(await reap()).toEqual([job.id]);
      expect(await messagesFor(db, job.id)).toBe(2);
    } finally {
      await db.query(`UPDATE agent_jobs SET status = 'failed' WHERE id = $1`, [job.id]);
      await queue.stop();
    }
  });

  // Jobs wait several lease periods behind each other, and every fetched message takes one and a half
  // leases to be claimed (a loaded machine): the reaper runs every 50 ms through both windows, and a
  // message this process holds counts as running here even before its claim. One message per job.
  it('adds no message for a job that is waiting or being claimed (as many messages as jobs)', async () => {
    const project = await createProject(db, { name: 'q', repoUrl: '/tmp/y.git' });
    const leaseMs = 600;
    const lines: string[] = [];
    const done: string[] = [];
    runner = await startLeaseRunner({
      db,
      workerId: 'w1',
      leaseMs,
      reapIntervalMs: 50,
      pollIntervalSeconds: 0.5,
      log: (line) => lines.push(line),
      store: {
        claim: async (id, owner, ms) => {
          await new Promise((r) => setTimeout(r, leaseMs * 1.5));
          return claimAgentJob(db, { workerId: owner, leaseMs: ms, jobId: id });
        },
        renew: (id, owner, ms) => renewAgentJobLease(db, id, owner, ms),
        release: (id, owner) => releaseAgentJob(db, id, owner),
        reapExpired: (ms, queueName, running) => reapExpiredAgentJobLeases(db, ms, { pendingQueue: queueName, running }),
        releaseAllExcept: (live) => releaseAgentJobLeasesExcept(db, live),
      },
      run: async (item) => {
        await new Promise((r) => setTimeout(r, 200));
        await db.query(`UPDATE agent_jobs SET status = 'completed', lease_owner = NULL, lease_expires_at = NULL WHERE id = $1`, [item.id]);
        done.push(item.id);
        return 'done';
      },
    });
    // Created as the API does once the runner is up: stored, then sent.
    const jobs = [];
    for (let i = 0; i < 4; i++) {
      const job = await createAgentJob(db, { projectId: project.id, repository: '/tmp/x.git', ref: null, model: 'folio-maintainer', prompt: `p${i}` });
      await runner.enqueue(job.id);
      jobs.push(job);
    }
    const deadline = Date.now() + 20_000;
    while (done.length < jobs.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    // A few more reaper rounds after the last job.
    await new Promise((r) => setTimeout(r, 300));
    expect(done.sort()).toEqual(jobs.map((j) => j.id).sort());
    expect((await Promise.all(jobs.map((j) => messagesFor(db, j.id)))).reduce((a, b) => a + b)).toBe(jobs.length);
    expect(lines.filter((l) => l.startsWith('reaper'))).toEqual([]);
  }, 30_000);
});

// pg-boss creates its schema on first start; two servers starting together on a new database both
// saw no schema: on PostgreSQL one failed (duplicate key on "pgboss"), on PGlite both did and the
// shared connection was left in an aborted transaction.
describe.each(backends)('two queues starting at once on a new %s database', (kind) => {
  it('both start, share one queue, and deliver', async () => {
    const tmp = kind === 'pglite' ? await tempDir('folio-queue-race-') : null;
    const fresh = kind === 'postgres' ? await createFreshPostgresDatabase() : null;
    // PostgreSQL: two pools, as two processes would have; PGlite belongs to one process.
    const first = await openDatabase(fresh ? { databaseUrl: fresh.url } : { dataDir: tmp!.dir });
    const second = fresh ? await openDatabase({ databaseUrl: fresh.url }) : first;
    const started: JobQueue[] = [];
    try {
      const results = await Promise.allSettled([createJobQueue({ db: first, pollIntervalSeconds: 0.5 }), createJobQueue({ db: second, pollIntervalSeconds: 0.5 })]);
      for (const r of results) if (r.status === 'fulfilled') started.push(r.value);
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'started'))).toEqual(['started', 'started']);
      const [row] = await first.query<{ n: number }>(`SELECT count(*)::int AS n FROM pgboss.queue WHERE name = $1`, [AGENT_QUEUE]);
      expect(row!.n).toBe(1);
      // Each connection still works: a message sent through one reaches a worker of the other.
      const got = new Promise<string>((resolve) => void started[1]!.work(async ({ jobId }) => resolve(jobId)));
      expect(await started[0]!.enqueue('race-job')).toBe(true);
      expect(await got).toBe('race-job');
    } finally {
      for (const q of started) await q.stop();
      await first.close();
      if (second !== first) await second.close();
      await fresh?.drop();
      await tmp?.cleanup();
    }
  }, 60_000);
});
