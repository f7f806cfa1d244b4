import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import {
  agentJobLeaseOwners,
  claimAgentJob,
  createAgentJob,
  createProject,
  openDatabase,
  reapExpiredAgentJobLeases,
  releaseAgentJob,
  releaseAgentJobLeasesExcept,
  releaseAgentJobLeasesOf,
  renewAgentJobLease,
  type Database,
} from '../../src/db/index.js';
import { deadLocalRunners, localRunnerId, startLeaseRunner, type LeaseRunner } from '../../src/jobs/index.js';
import { createFreshPostgresDatabase } from '../db/helpers.js';

/** The id a runner of a process of this machine that has exited had. */
function exitedRunnerId(): string {
  const child = spawnSync(process.execPath, ['-e', '0']);
  return localRunnerId().replace(/:\d+:([0-9a-f]+)$/, `:${child.pid}:$1`);
}

describe('runner ids', () => {
  it('call dead only runners of this machine whose process is gone', () => {
    const mine = localRunnerId();
    expect(mine).toMatch(new RegExp(`:${process.pid}:[0-9a-f]{6}$`));
    const exited = exitedRunnerId();
    const parent = mine.replace(/:\d+:([0-9a-f]+)$/, `:${process.ppid}:$1`);
    const earlierSamePid = mine.replace(/[0-9a-f]+$/, 'abcdef');
    const elsewhere = `other-host/x/1:${process.pid + 100000}:abcdef`;
    expect(deadLocalRunners([mine, exited, parent, earlierSamePid, elsewhere, 'w1'], new Set([mine]))).toEqual([exited, earlierSamePid]);
  });
});

// A server restarted on PostgreSQL finds the items its earlier process held at once, not when their
// leases run out (here an hour); a lease of another machine's runner is left to run out.
describe.runIf(process.env.TEST_DATABASE_URL)('a runner starting on PostgreSQL', () => {
  let db: Database | undefined;
  let runner: LeaseRunner | undefined;
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await runner?.stop();
    await db?.close();
    await drop?.();
  });

  it('takes back at once the items of a dead runner of this machine, and only those', async () => {
    const fresh = await createFreshPostgresDatabase();
    drop = fresh.drop;
    db = await openDatabase({ databaseUrl: fresh.url });
    const project = await createProject(db, { name: 'p', repoUrl: '/tmp/x.git' });
    const create = () => createAgentJob(db!, { projectId: project.id, repository: '/tmp/x.git', ref: null, model: 'folio-maintainer', prompt: 'p' });
    const [ours, theirs] = [await create(), await create()];
    const lease = (id: string, owner: string) => db!.query(`UPDATE agent_jobs SET lease_owner = $2, lease_expires_at = now() + interval '1 hour' WHERE id = $1`, [id, owner]);
    await lease(ours.id, exitedRunnerId());
    await lease(theirs.id, 'other-host/x/1:4242:abcdef');
    const ran: string[] = [];
    const lines: string[] = [];
    const started = Date.now();
    const d = db;
    runner = await startLeaseRunner({
      db: d,
      workerId: localRunnerId(),
      leaseMs: 60_000,
      pollIntervalSeconds: 0.5,
      log: (line) => lines.push(line),
      store: {
        claim: (id, owner, ms) => claimAgentJob(d, { workerId: owner, leaseMs: ms, jobId: id }),
        renew: (id, owner, ms) => renewAgentJobLease(d, id, owner, ms),
        release: (id, owner) => releaseAgentJob(d, id, owner),
        reapExpired: (ms, queueName, running) => reapExpiredAgentJobLeases(d, ms, { pendingQueue: queueName, running }),
        releaseAllExcept: (live) => releaseAgentJobLeasesExcept(d, live),
        leaseOwners: () => agentJobLeaseOwners(d),
        releaseOwners: (owners) => releaseAgentJobLeasesOf(d, owners),
      },
      // Listed once the item is finished and its lease let go: the lease owners read below are then settled.
      run: async (item) => {
        await d.query(`UPDATE agent_jobs SET status = 'completed', lease_owner = NULL, lease_expires_at = NULL WHERE id = $1`, [item.id]);
        ran.push(item.id);
        return 'done';
      },
    });
    while (ran.length === 0 && Date.now() - started < 15_000) await new Promise((r) => setTimeout(r, 50));
    expect(ran).toEqual([ours.id]);
    expect(lines.some((l) => l.includes(`recovered job ${ours.id}`))).toBe(true);
    expect(await agentJobLeaseOwners(d)).toEqual(['other-host/x/1:4242:abcdef']);
  }, 60_000);
});
