import type { Database } from '../db/index.js';
import { AGENT_QUEUE, createJobQueue } from './queue.js';
import { deadLocalRunners } from './runner-id.js';

/**
 * The lease operations on one kind of leased row (SQL in src/db). Every
 * method is conditional on the owner, so a runner that lost a lease changes
 * nothing by renewing or releasing it.
 */
export interface LeaseStore<T> {
  /** Lease `id` for `leaseMs` when it is claimable (active, lease free or expired); null otherwise. */
  claim(id: string, owner: string, leaseMs: number): Promise<T | null>;
  /** Extend a held lease; false when it was lost. */
  renew(id: string, owner: string, leaseMs: number): Promise<boolean>;
  /** Give a held lease back without finishing, so another runner can claim at once. */
  release(id: string, owner: string): Promise<void>;
  /**
   * Clear expired leases (and rows nobody claimed within a lease) and return their ids for
   * re-sending, leaving out rows that still have a pending message in the pg-boss queue
   * `queueName` (waiting, or fetched within the last lease period), so no item gets a second one,
   * and the items in `running` (this process runs them; a late renewal does not make them dead).
   */
  reapExpired(leaseMs: number, queueName: string, running: readonly string[]): Promise<string[]>;
  /** Clear leases held by owners not in `live` and return those ids; called only where one process owns the database. */
  releaseAllExcept(live: readonly string[]): Promise<string[]>;
  /** Owners of the leases held now (on a shared database, to find runners of this machine that died). */
  leaseOwners?(): Promise<string[]>;
  /** Clear the leases of `owners` (known dead) and return those ids. */
  releaseOwners?(owners: readonly string[]): Promise<string[]>;
}

/** What a run asks of the runner when it ends: `again` claims the same id once more at once (a follow-up arrived). */
export type LeasedRunResult = 'done' | 'again';

export interface LeaseRunnerOptions<T> {
  db: Database;
  store: LeaseStore<T>;
  /**
   * Carry out one leased item. `signal` aborts when the lease is lost or the
   * runner stops; the run must then record nothing. A thrown error gives the
   * lease back and fails the queue message (pg-boss retries it).
   */
  run(item: T, signal: AbortSignal): Promise<LeasedRunResult>;
  /** Runner id, stored as the lease owner. */
  workerId: string;
  /** Items run at once (default 1). */
  concurrency?: number;
  /** Lease length (default 30 s), renewed every third of it. */
  leaseMs?: number;
  /** How often expired leases are looked for (default 5 s). */
  reapIntervalMs?: number;
  /** Queue polling interval when idle (default 1 s, pg-boss minimum 0.5 s). */
  pollIntervalSeconds?: number;
  /** Names the item in log lines (default `job`). */
  noun?: string;
  log?: (line: string) => void;
}

/** A started runner. */
export interface LeaseRunner {
  readonly workerId: string;
  /** Queue a run of an item; duplicates are harmless (the lease claim decides). */
  enqueue(id: string): Promise<void>;
  /** Stop taking items, wait briefly for running ones, and hand unfinished ones back. */
  stop(): Promise<void>;
}

// Runners alive in this process. PGlite belongs to one process, so on PGlite
// any other lease holder is a runner of a previous process that died.
const liveRunners = new Set<string>();
// Items some runner of this process is running now (or holds the message of, claim pending),
// whatever their lease says.
const runningHere = new Map<string, number>();
const countRun = (id: string, by: 1 | -1) => {
  const n = (runningHere.get(id) ?? 0) + by;
  if (n > 0) runningHere.set(id, n);
  else runningHere.delete(id);
};

/**
 * Run leased items from the queue: claim the item a message names, renew the
 * lease while `run` works, release it when the run throws or the runner stops,
 * and reap leases of runners that died so their items are sent again.
 *
 * Recovery bound: an item whose runner died is re-sent at most
 * `leaseMs + reapIntervalMs` later and runs once an idle runner polls
 * (`pollIntervalSeconds`); with the defaults (30 s, 5 s, 1 s) that is ≤ 36 s.
 * On PGlite a starting runner releases dead runners' leases at once instead; on PostgreSQL it
 * releases at once those of runners of this machine whose process is gone (`deadLocalRunners`,
 * for ids made by `localRunnerId`).
 */
export async function startLeaseRunner<T>({
  db,
  store,
  run,
  workerId,
  concurrency = 1,
  leaseMs = 30_000,
  reapIntervalMs = 5_000,
  pollIntervalSeconds = 1,
  noun = 'job',
  log = () => {},
}: LeaseRunnerOptions<T>): Promise<LeaseRunner> {
  const queue = await createJobQueue({ db, pollIntervalSeconds });
  const running = new Map<string, AbortController>();
  let stopping = false;

  const release = (id: string) =>
    store.release(id, workerId).catch((err: unknown) => {
      // The lease then runs out on its own and the reaper re-sends the item: late, not lost.
      log(`JOBS_LEASE_RELEASE_FAILED: ${noun} ${id}: ${(err as Error).message}; it is taken up again when its lease expires`);
    });

  const handle = async (id: string): Promise<void> => {
    // From the moment its message is in hand, the item counts as running here: the reaper must not
    // re-send it while the claim is on its way (on a loaded machine that can take longer than a lease).
    countRun(id, 1);
    try {
      await handleHeld(id);
    } finally {
      countRun(id, -1);
    }
  };
  const handleHeld = async (id: string): Promise<void> => {
    for (;;) {
      if (stopping) return;
      const item = await store.claim(id, workerId, leaseMs);
      if (!item) return;
      const abort = new AbortController();
      running.set(id, abort);
      const heartbeat = setInterval(() => {
        store.renew(id, workerId, leaseMs).then(
          (held) => {
            if (!held) abort.abort(new Error('JOBS_LEASE_LOST'));
          },
          (err: unknown) => {
            // The next beat tries again; only a lease that runs out is lost.
            log(`JOBS_LEASE_RENEW_FAILED: ${noun} ${id}: ${(err as Error).message}`);
          },
        );
      }, Math.max(200, Math.floor(leaseMs / 3)));
      try {
        if ((await run(item, abort.signal)) === 'done') return;
      } catch (err) {
        // An infrastructure error (the database went away mid-run): give the item
        // back so pg-boss's retry of this message, or the reaper, can take it.
        await release(id);
        throw err;
      } finally {
        clearInterval(heartbeat);
        running.delete(id);
      }
    }
  };

  liveRunners.add(workerId);
  // Recovered items are queued before this runner polls, so they run before the items already
  // waiting (a poll started first took a waiting item ahead of the one the crash cut off).
  if (db.kind === 'pglite') {
    for (const id of await store.releaseAllExcept([...liveRunners])) {
      log(`recovered ${noun} ${id} from a worker of an earlier process`);
      await queue.enqueue(id, { recovered: true });
    }
  } else if (store.leaseOwners && store.releaseOwners) {
    // A shared database: only runners of this machine whose process is gone are known dead (a
    // restarted `folio serve` finds its own earlier process's items); others' leases run out.
    const dead = deadLocalRunners(await store.leaseOwners(), liveRunners);
    for (const id of await store.releaseOwners(dead)) {
      log(`recovered ${noun} ${id} from a worker of an earlier process on this machine`);
      await queue.enqueue(id, { recovered: true });
    }
  }
  for (let i = 0; i < concurrency; i++) await queue.work(({ jobId }) => handle(jobId));

  const reap = async () => {
    try {
      for (const id of await store.reapExpired(leaseMs, AGENT_QUEUE, [...runningHere.keys()])) {
        // Logged only when a message was added (a send that met a waiting one is a no-op).
        if (await queue.enqueue(id, { recovered: true })) log(`reaper: re-sent ${noun} ${id} (lease expired, or no pending message and never claimed)`);
      }
    } catch (err) {
      log(`reaper: ${(err as Error).message}`);
    }
  };
  await reap();
  const reaper = setInterval(() => void reap(), reapIntervalMs);

  return {
    workerId,
    enqueue: async (id) => {
      await queue.enqueue(id);
    },
    async stop() {
      if (stopping) return;
      stopping = true;
      liveRunners.delete(workerId);
      clearInterval(reaper);
      await queue.stop();
      // Items still running after pg-boss's grace period go back to the pool now
      // instead of waiting for their lease to run out.
      for (const [id, abort] of running) {
        abort.abort(new Error('worker stopping'));
        await release(id);
      }
    },
  };
}
