import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/index.js';
import { startLeaseRunner, type LeasedRunResult, type LeaseRunner, type LeaseStore } from '../../src/jobs/index.js';

/** An in-memory store: what the runner asked for, and leases that can be taken away. */
function memoryStore() {
  const calls: string[] = [];
  const owners = new Map<string, string>();
  const store: LeaseStore<{ id: string }> & { calls: string[]; lose(id: string): void; failRenewals: boolean } = {
    calls,
    failRenewals: false,
    lose: (id) => owners.set(id, 'someone else'),
    async claim(id, owner) {
      calls.push(`claim ${id}`);
      if (owners.has(id)) return null;
      owners.set(id, owner);
      return { id };
    },
    async renew(id, owner) {
      if (store.failRenewals) throw new Error('database unreachable');
      return owners.get(id) === owner;
    },
    async release(id, owner) {
      calls.push(`release ${id}`);
      if (owners.get(id) === owner) owners.delete(id);
    },
    reapExpired: async () => [],
    releaseAllExcept: async () => [],
  };
  return store;
}

const until = async (check: () => boolean) => {
  const deadline = Date.now() + 15_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('the lease runner', () => {
  let db: Database;
  let runner: LeaseRunner;
  const store = memoryStore();
  const lines: string[] = [];
  const outcomes = new Map<string, string[]>();
  const runs: Record<string, (signal: AbortSignal, n: number) => Promise<LeasedRunResult>> = {
    // A follow-up arrived: the run gave its lease back (as completing an agent job does) and asks for another.
    twice: async (_signal, n) => {
      if (n > 1) return 'done';
      await store.release('twice', 'w1');
      return 'again';
    },
    // Runs until its lease is taken away.
    lost: (signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
    // An infrastructure failure mid-run, once; pg-boss retries the message.
    broken: async (_signal, n) => {
      if (n === 1) throw new Error('database went away');
      return 'done';
    },
    // Outlives several renewals.
    slow: () => new Promise((resolve) => setTimeout(() => resolve('done'), 1_000)),
  };

  beforeAll(async () => {
    db = await openDatabase({ memory: true });
    runner = await startLeaseRunner({
      db,
      store,
      workerId: 'w1',
      leaseMs: 600,
      pollIntervalSeconds: 0.5,
      concurrency: 3,
      log: (line) => lines.push(line),
      run: async (item, signal) => {
        const seen = outcomes.get(item.id) ?? [];
        outcomes.set(item.id, seen);
        seen.push('run');
        try {
          const result = await runs[item.id]!(signal, seen.filter((s) => s === 'run').length);
          seen.push(result);
          return result;
        } catch (err) {
          seen.push(`stopped: ${(err as Error).message}`);
          throw err;
        }
      },
    });
  }, 120_000);
  afterAll(async () => {
    await runner?.stop();
    await db?.close();
  });

  it('claims again at once when a run asks for it', async () => {
    await runner.enqueue('twice');
    await until(() => outcomes.get('twice')?.at(-1) === 'done');
    expect(outcomes.get('twice')).toEqual(['run', 'again', 'run', 'done']);
    expect(store.calls.filter((c) => c === 'claim twice')).toHaveLength(2);
  });

  it('aborts a run whose lease another runner took, and gives back the lease of a run that throws', async () => {
    await runner.enqueue('lost');
    await until(() => outcomes.get('lost')?.length === 1);
    store.lose('lost');
    await until(() => outcomes.get('lost')?.length === 2);
    expect(outcomes.get('lost')).toEqual(['run', 'stopped: JOBS_LEASE_LOST']);

    await runner.enqueue('broken');
    await until(() => outcomes.get('broken')?.at(-1) === 'done');
    expect(outcomes.get('broken')).toEqual(['run', 'stopped: database went away', 'run', 'done']);
    expect(store.calls.filter((c) => c.endsWith(' broken'))).toEqual(['claim broken', 'release broken', 'claim broken']);
  });

  it('logs failed renewals with their code and keeps the run going', async () => {
    store.failRenewals = true;
    await runner.enqueue('slow');
    await until(() => outcomes.get('slow')?.at(-1) === 'done');
    store.failRenewals = false;
    expect(outcomes.get('slow')).toEqual(['run', 'done']);
    expect(lines).toContain('JOBS_LEASE_RENEW_FAILED: job slow: database unreachable');
  });
});
