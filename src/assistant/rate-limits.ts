/**
 * Requests per minute of the public routes, per client address and per key, in this process's
 * memory (a sliding window each; bounded, oldest clients forgotten first). Several servers behind
 * one balancer each count their own share.
 */
import { FailureWindow } from '../api/index.js';

export interface RateLimits {
  /** Search and page requests a minute from one address (default 60). */
  perAddress?: number;
  /** Search and page requests a minute with one key, all addresses together (default 600). */
  perKey?: number;
}

export class RequestLimiter {
  private readonly addresses: FailureWindow;
  private readonly keys: FailureWindow;

  constructor({ perAddress = 60, perKey = 600 }: RateLimits = {}, now: () => number = Date.now) {
    this.addresses = new FailureWindow(perAddress, 60_000, 50_000, now);
    this.keys = new FailureWindow(perKey, 60_000, 50_000, now);
  }

  /** Count a request; null when admitted, else the seconds to wait and which limit refused it. */
  take(address: string, keyId: string): { retryAfter: number; by: 'address' | 'key' } | null {
    if (this.addresses.blocked(address)) return { retryAfter: this.addresses.retryAfterSeconds(address), by: 'address' };
    if (this.keys.blocked(keyId)) return { retryAfter: this.keys.retryAfterSeconds(keyId), by: 'key' };
    this.addresses.add(address);
    this.keys.add(keyId);
    return null;
  }
}
