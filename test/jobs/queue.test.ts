import { afterEach, describe, expect, it } from 'vitest';
import { createAgentJob, createProject, openDatabase, reapExpiredAgentJobLeases, type Database } from '../../src/db/index.js';
import { createJobQueue, type JobQueue } from '../../src/jobs/index.js';

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
