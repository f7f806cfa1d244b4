/**
 * Bounded in-memory bookkeeping for authentication under attack: recent failures per client in a
 * sliding window. Bounded so a flood of distinct clients or keys cannot grow memory without end.
 */
export class FailureWindow {
  private readonly hits = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly capacity = 50_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Failures of `key` still in the window. */
  count(key: string): number {
    return this.recent(key).length;
  }

  /** True when `key` has used up its failures for now. */
  blocked(key: string): boolean {
    return this.count(key) >= this.limit;
  }

  /** Seconds until the oldest failure of `key` leaves the window (at least 1). */
  retryAfterSeconds(key: string): number {
    const oldest = this.recent(key)[0];
    return oldest === undefined ? 1 : Math.max(1, Math.ceil((oldest + this.windowMs - this.now()) / 1000));
  }

  /** Count one failure (or attempt) of `key`. */
  add(key: string): void {
    const list = this.recent(key);
    list.push(this.now());
    this.hits.delete(key);
    this.hits.set(key, list);
    // Oldest-touched keys go first when full.
    while (this.hits.size > this.capacity) this.hits.delete(this.hits.keys().next().value!);
  }

  /** Take back the latest entry of `key` (an attempt that turned out right). */
  refund(key: string): void {
    this.recent(key).pop();
  }

  /** Forget `key`. */
  clear(key: string): void {
    this.hits.delete(key);
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    const list = this.hits.get(key);
    if (!list) return [];
    while (list.length && list[0]! <= cutoff) list.shift();
    if (!list.length) this.hits.delete(key);
    return list;
  }
}

/** A bounded set of recently seen keys with an expiry each, oldest evicted first. */
export class ExpiringSet {
  private readonly until = new Map<string, number>();

  constructor(
    private readonly ttlMs: number,
    private readonly capacity: number,
  ) {}

  has(key: string, now = Date.now()): boolean {
    const t = this.until.get(key);
    if (t === undefined) return false;
    if (t > now) return true;
    this.until.delete(key);
    return false;
  }

  add(key: string, now = Date.now()): void {
    this.until.delete(key);
    this.until.set(key, now + this.ttlMs);
    while (this.until.size > this.capacity) this.until.delete(this.until.keys().next().value!);
  }

  delete(key: string): void {
    this.until.delete(key);
  }

  get size(): number {
    return this.until.size;
  }
}

/**
 * Server-wide count of refused authentications in a sliding second (the current and the previous
 * whole second, the previous weighted by how much of it is still inside the window). A per-address
 * limit does not bound a flood spread over many addresses: 249 addresses at 30 failures per 10 s
 * each are 747 refusals a second, all within their budgets. Past `perSecond` refusals a second the
 * server is under such a flood, and each further refusal is held before it is answered.
 */
export class RefusalBudget {
  private second = 0;
  private current = 0;
  private previous = 0;

  constructor(
    readonly perSecond: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Count one refusal; false when the server had already answered `perSecond` in the last second. */
  spend(): boolean {
    const now = this.now();
    const second = Math.floor(now / 1000);
    if (second !== this.second) {
      this.previous = second === this.second + 1 ? this.current : 0;
      this.current = 0;
      this.second = second;
    }
    const recent = this.current + this.previous * (1 - (now % 1000) / 1000);
    this.current++;
    return recent < this.perSecond;
  }
}
