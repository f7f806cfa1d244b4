/**
 * Events per client address in a sliding window of fixed slots, in memory and bounded: at most
 * `maxClients` addresses are tracked (the oldest forgotten first), so a flood of addresses costs a
 * fixed amount of memory. Per process: two servers each allow the limit (a budget, not a lock).
 */
export class RateWindow {
  private readonly hits = new Map<string, { start: number; count: number }>();

  constructor(
    readonly limit = 60,
    readonly windowMs = 60_000,
    private readonly maxClients = 50_000,
  ) {}

  /** Count one event of `client`; false when it is over the limit in the current window. */
  take(client: string, now = Date.now()): boolean {
    let entry = this.hits.get(client);
    if (!entry || now - entry.start >= this.windowMs) {
      if (entry) this.hits.delete(client);
      else if (this.hits.size >= this.maxClients) this.hits.delete(this.hits.keys().next().value!);
      entry = { start: now, count: 0 };
      this.hits.set(client, entry);
    }
    entry.count++;
    return entry.count <= this.limit;
  }

  /** Seconds until `client`'s window starts again. */
  retryAfterSeconds(client: string, now = Date.now()): number {
    const entry = this.hits.get(client);
    return entry ? Math.max(1, Math.ceil((entry.start + this.windowMs - now) / 1000)) : 1;
  }
}
