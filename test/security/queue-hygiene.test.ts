/**
 * Queue hygiene after crashes (issue 13): re-sending a waiting job never adds a second message,
 * and a recovered job runs before jobs that were sent fresh.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/index.js';
import { AGENT_QUEUE, createJobQueue, type JobQueue } from '../../src/jobs/index.js';

let db: Database | undefined;
let queue: JobQueue | undefined;
afterEach(async () => {
  await queue?.stop();
  await db?.close();
  queue = undefined;
  db = undefined;
});

const waiting = async (d: Database) =>
  Number((await d.query<{ n: number }>(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state = 'created'`, [AGENT_QUEUE]))[0]!.n);

describe('agent job queue', () => {
  it('keeps one waiting message per job however often it is sent (the reaper re-sending every round)', async () => {
    db = await openDatabase({ memory: true });
    queue = await createJobQueue({ db, pollIntervalSeconds: 0.5 });
    for (let round = 0; round < 20; round++) {
      await queue.enqueue('job-a');
      await queue.enqueue('job-b', { recovered: true });
    }
    expect(await waiting(db)).toBe(2);
  });

  it('runs a recovered job before fresh ones', async () => {
    db = await openDatabase({ memory: true });
    queue = await createJobQueue({ db, pollIntervalSeconds: 0.5 });
    for (const id of ['fresh-1', 'fresh-2', 'fresh-3']) await queue.enqueue(id);
    await queue.enqueue('recovered', { recovered: true });
    const seen: string[] = [];
    await new Promise<void>((resolve) => {
      void queue!.work(async ({ jobId }) => {
        seen.push(jobId);
        if (seen.length === 4) resolve();
      });
    });
    expect(seen[0]).toBe('recovered');
    expect(seen.slice(1).sort()).toEqual(['fresh-1', 'fresh-2', 'fresh-3']);
  });
});
