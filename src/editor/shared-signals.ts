/**
 * Writers of a page wait here for its shared document to change (long polling): one LISTEN per
 * server on the database's notification channel wakes the waiters of the page a notification
 * names, whichever server wrote the change. Bounded: past `maxWaiting` a wait ends at once, and the
 * writer polls as before.
 */
import { SHARED_DOC_CHANNEL, sharedDocSignal, type Database, type SharedDocKey } from '../db/index.js';

export interface ArmedWait {
  /** Resolves when the page is signalled, the time is up, or `cancel` is called. */
  done: Promise<void>;
  cancel(): void;
}

export class SharedDocSignals {
  private readonly waiters = new Map<string, Set<() => void>>();
  private waiting = 0;
  private subscription: Promise<unknown> | null = null;

  constructor(
    private readonly db: Database,
    private readonly maxWaiting = 2_000,
  ) {}

  /**
   * Start waiting for `key` before reading its state, so that a change between the read and the
   * wait is not missed; `cancel` when the read already had something to answer.
   */
  async arm(key: SharedDocKey, ms: number): Promise<ArmedWait> {
    if (this.waiting >= this.maxWaiting || ms <= 0) return { done: Promise.resolve(), cancel: () => {} };
    await this.listen();
    const id = sharedDocSignal(key);
    let finish = () => {};
    const done = new Promise<void>((resolve) => {
      const timer = setTimeout(() => finish(), ms);
      finish = () => {
        clearTimeout(timer);
        const set = this.waiters.get(id);
        if (set?.delete(finish)) {
          this.waiting--;
          if (set.size === 0) this.waiters.delete(id);
        }
        resolve();
      };
    });
    let set = this.waiters.get(id);
    if (!set) this.waiters.set(id, (set = new Set()));
    set.add(finish);
    this.waiting++;
    return { done, cancel: () => finish() };
  }

  private listen(): Promise<unknown> {
    this.subscription ??= this.db
      .listen(
        SHARED_DOC_CHANNEL,
        (payload) => {
          for (const wake of [...(this.waiters.get(payload) ?? [])]) wake();
        },
        () => {
          // The listening connection is gone: wake everyone (they read and wait again) and listen anew next time.
          this.subscription = null;
          for (const set of [...this.waiters.values()]) for (const wake of [...set]) wake();
        },
      )
      .catch(() => {
        this.subscription = null;
      });
    return this.subscription;
  }
}
