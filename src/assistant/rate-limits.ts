/**
 * Requests per minute of the public search and page routes, per client address and per key. Each
 * server decides in its own memory (a sliding window each; bounded, oldest clients forgotten
 * first), so a request never waits for the database; with a database, every server adds what it
 * counted to shared windows (`rate_buckets`) about once a second and reads back the totals of all
 * servers, so servers behind one balancer share each limit, a second or so late.
 */
import { createHash } from 'node:crypto';
import { FailureWindow } from '../api/index.js';
import { syncSharedRateHits, type Database, type SharedWindowSum } from '../db/index.js';

export interface RateLimits {
  /** Search and page requests a minute from one address (default 60). */
  perAddress?: number;
  /** Search and page requests a minute with one key, all addresses together (default 600). */
  perKey?: number;
}

/** A reader's address as shared windows name it: a hash, so the database never holds addresses. */
export function addressSubject(address: string): string {
  return createHash('sha256').update(`folio-rate\0${address}`).digest('base64url').slice(0, 22);
}

const WINDOW_MS = 60_000;
/** At most this many subjects are remembered from the shared windows (a flood of addresses stays bounded). */
const MAX_REMEMBERED = 50_000;
/** At most this many recently seen subjects are read back at each sync, the most recent first. */
const MAX_READ = 5_000;

/** One limit: this server's exact window, and what all servers counted as of the last sync. */
class SharedLimit {
  readonly local: FailureWindow;
  /** Hits not yet added to the shared window, and those being added by the sync in flight. */
  private pending = new Map<string, number>();
  private inFlight = new Map<string, number>();
  /** Totals of every server (this one's synced hits included) at the last sync. */
  private readonly totals = new Map<string, SharedWindowSum>();
  /** When this server last saw each subject, least recent first (read back while in the window). */
  private readonly seen = new Map<string, number>();

  constructor(
    readonly scope: string,
    readonly limit: number,
    private readonly now: () => number,
  ) {
    this.local = new FailureWindow(limit, WINDOW_MS, MAX_REMEMBERED, now);
  }

  /** Seconds to wait when `subject` is over the limit, here or over all servers; null when under. */
  refusal(subject: string): number | null {
    if (this.local.blocked(subject)) return this.local.retryAfterSeconds(subject);
    const total = this.totals.get(subject);
    if (!total) return null;
    const count = total.hits + (this.pending.get(subject) ?? 0) + (this.inFlight.get(subject) ?? 0);
    if (count < this.limit) return null;
    return Math.max(1, Math.ceil((total.oldest.getTime() + WINDOW_MS - this.now()) / 1000));
  }

  add(subject: string): void {
    this.local.add(subject);
    this.pending.set(subject, (this.pending.get(subject) ?? 0) + 1);
    this.seen.delete(subject);
    this.seen.set(subject, this.now());
    if (this.seen.size > MAX_REMEMBERED) this.seen.delete(this.seen.keys().next().value!);
  }

  /**
   * Add this server's new hits to the shared window and read back the totals of every subject it
   * saw within the window (the most recent `MAX_READ`): what other servers added since is known
   * here after one sync.
   */
  async sync(db: Database): Promise<void> {
    const cutoff = this.now() - WINDOW_MS;
    for (const [subject, at] of this.seen) {
      if (at > cutoff) break;
      this.seen.delete(subject);
      this.totals.delete(subject);
    }
    if (!this.pending.size && !this.seen.size) return;
    this.inFlight = this.pending;
    this.pending = new Map();
    try {
      const recent = [...this.seen.keys()].slice(-MAX_READ);
      const sums = await syncSharedRateHits(db, { scope: this.scope, windowMs: WINDOW_MS }, this.inFlight, recent, this.now());
      this.totals.clear();
      for (const [subject, sum] of sums) this.totals.set(subject, sum);
    } catch {
      // The database is away (or closing): this server's own windows still hold; the hits are added next time.
      for (const [subject, n] of this.inFlight) this.pending.set(subject, (this.pending.get(subject) ?? 0) + n);
    } finally {
      this.inFlight = new Map();
    }
  }
}

export class RequestLimiter {
  private readonly addresses: SharedLimit;
  private readonly keys: SharedLimit;
  private readonly timer: NodeJS.Timeout | null = null;

  /** With `db`, the limits are shared with every server of that database, synced every `syncMs`. */
  constructor({ perAddress = 60, perKey = 600 }: RateLimits = {}, options: { now?: () => number; db?: Database; syncMs?: number } = {}) {
    const now = options.now ?? Date.now;
    this.addresses = new SharedLimit('search-address', perAddress, now);
    this.keys = new SharedLimit('search-key', perKey, now);
    const db = options.db;
    if (db) {
      let running = false;
      this.timer = setInterval(() => {
        if (running) return;
        running = true;
        void this.sync(db).finally(() => (running = false));
      }, options.syncMs ?? 1000);
      this.timer.unref();
    }
  }

  /** Count a request; null when admitted, else the seconds to wait and which limit refused it. */
  take(address: string, keyId: string): { retryAfter: number; by: 'address' | 'key' } | null {
    const subject = addressSubject(address);
    const byAddress = this.addresses.refusal(subject);
    if (byAddress !== null) return { retryAfter: byAddress, by: 'address' };
    const byKey = this.keys.refusal(keyId);
    if (byKey !== null) return { retryAfter: byKey, by: 'key' };
    this.addresses.add(subject);
    this.keys.add(keyId);
    return null;
  }

  /** Share what this server counted and learn what all counted (the timer calls it; tests may too). */
  async sync(db: Database): Promise<void> {
    await this.addresses.sync(db);
    await this.keys.sync(db);
  }

  /** Stop syncing (a server closing). */
  close(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
