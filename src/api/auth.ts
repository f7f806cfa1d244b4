import { timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { allApiKeyHashes, API_KEY_CHANNEL, apiKeyUnusableReason, findApiKeyByHash, hashAdminKey, isAdminKeyShaped, isWellFormedAdminKey, touchApiKey, type ApiKeyRow, type Database } from '../db/index.js';
import { ExpiringSet, FailureWindow, RefusalBudget } from './auth-limits.js';
import { clientAddress } from './client-address.js';
import { ApiError, errorResponse } from './errors.js';

/** Hono variables set by the bearer middleware. */
export interface AuthEnv {
  Variables: { apiKey: ApiKeyRow };
}

type Found = { row: ApiKeyRow; digest: Buffer };

/**
 * Hash → key row, kept in memory so the hot path does not query for the key on every request.
 * A row is fresh for `ttlMs`; after that it still answers for `staleMs` while one background
 * lookup refreshes it, so valid keys keep answering while the database is busy. A revoke in this
 * process invalidates at once; one in another process (CLI against PostgreSQL) takes effect
 * within `ttlMs + staleMs`. Unknown hashes are remembered for `unknownTtlMs` in a bounded set, so
 * replaying an unknown key costs no query; concurrent lookups of one hash share one query.
 *
 * The hashes of all stored keys are kept too (`start`: loaded once, then kept current through
 * `folio_api_keys` notifications, migration 0250), so a minted key whose hash is not among them is
 * refused without a query, however many addresses send them: a flood of 100 connections from 100
 * addresses took valid GET throughput down 81-93 % when each unknown key cost a lookup. A
 * notification also drops the key's cached row, so a revoke by another process takes effect as soon
 * as it arrives (milliseconds after its commit on PostgreSQL). A key this process just created is
 * waited for (`notificationsSettled`); one created by another process answers once its notification
 * arrives. Until the set stands (or after its listening connection is lost) lookups go to the
 * database as before, under the per-address limit.
 */
export class KeyCache {
  private readonly rows = new Map<string, Found & { until: number }>();
  private readonly touched = new Map<string, number>();
  private readonly unknown: ExpiringSet;
  private readonly pending = new Map<string, Promise<Found | null>>();

  constructor(
    private readonly db: Database,
    private readonly ttlMs = 5_000,
    private readonly touchEveryMs = 60_000,
    { staleMs = 30_000, unknownTtlMs = 60_000, unknownCapacity = 10_000 } = {},
  ) {
    this.staleMs = staleMs;
    this.unknown = new ExpiringSet(unknownTtlMs, unknownCapacity);
  }

  private readonly staleMs: number;
  /** Hashes of every stored key; null until loaded and subscribed. */
  private issued: Set<string> | null = null;
  private starting: Promise<void> | null = null;
  private stopListening: (() => Promise<void>) | null = null;

  /** Load every stored key's hash and subscribe to changes (once; the first request waits for it). */
  start(): Promise<void> {
    this.starting ??= this.subscribe().catch(() => {
      // Database busy or down: lookups go to it as before; a later request tries again.
      this.starting = null;
    });
    return this.starting;
  }

  private async subscribe(): Promise<void> {
    // Changes that arrive while the hashes load are applied after them, so none is lost.
    let early: string[] | null = [];
    const set = new Set<string>();
    const stop = await this.db.listen(
      API_KEY_CHANNEL,
      (payload) => (early ? early.push(payload) : this.changed(set, payload)),
      () => this.lost(set),
    );
    try {
      for (const hash of await allApiKeyHashes(this.db)) set.add(hash);
    } catch (error) {
      await stop().catch(() => undefined);
      throw error;
    }
    for (const payload of early) this.changed(set, payload);
    early = null;
    this.stopListening = stop;
    this.issued = set;
  }

  /** A key was issued, changed or deleted (payload: its hash, `-hash` when deleted). */
  private changed(set: Set<string>, payload: string): void {
    const gone = payload.startsWith('-');
    const hash = gone ? payload.slice(1) : payload;
    if (gone) set.delete(hash);
    else set.add(hash);
    this.rows.delete(hash);
    this.unknown.delete(hash);
  }

  /** The subscription ended by itself: the set may miss keys from now on, so it no longer decides. */
  private lost(set: Set<string>): void {
    if (this.issued !== set) return;
    this.issued = null;
    this.stopListening = null;
    this.starting = null;
  }

  /** True once the set of stored hashes stands (lookups of hashes outside it are refused). */
  get ready(): boolean {
    return this.issued !== null;
  }

  /**
   * True when no stored key has `hash`, decided without a query: the set of stored hashes stands
   * and, once this process's own writes have been announced, does not hold it.
   */
  async refuses(hash: string): Promise<boolean> {
    if (!this.issued) return false;
    if (this.issued.has(hash)) return false;
    // A key this process has just created (PostgreSQL announces it shortly after the commit).
    const settling = this.db.notificationsSettled();
    if (!settling) return true;
    await settling;
    return this.issued !== null && !this.issued.has(hash);
  }

  /** Stop listening for key changes. */
  async close(): Promise<void> {
    const stop = this.stopListening;
    this.issued = null;
    this.stopListening = null;
    this.starting = null;
    await stop?.();
  }

  /** The cached row of `hash` if it may still answer (fresh or stale), without a query. */
  cached(hash: string, now = Date.now()): Found | null {
    const hit = this.rows.get(hash);
    if (!hit || hit.until + this.staleMs <= now) return null;
    if (hit.until <= now) void this.load(hash, now).catch(() => undefined);
    return hit;
  }

  /** True when `hash` was looked up recently and no key had it. */
  knownUnknown(hash: string, now = Date.now()): boolean {
    return this.unknown.has(hash, now);
  }

  /** The stored key with this hex hash and its stored digest, or null. */
  async lookup(hash: string, now = Date.now()): Promise<Found | null> {
    const hit = this.cached(hash, now);
    if (hit) return hit;
    if (this.unknown.has(hash, now)) return null;
    return this.load(hash, now);
  }

  /** Key lookups sent to the database so far (tests and benches: unknown keys must not add to it). */
  lookups = 0;

  private load(hash: string, now: number): Promise<Found | null> {
    let query = this.pending.get(hash);
    if (!query) {
      this.lookups++;
      query = findApiKeyByHash(this.db, hash)
        .then((row) => {
          if (!row) {
            this.rows.delete(hash);
            this.unknown.add(hash, now);
            return null;
          }
          if (this.rows.size > 10_000) this.rows.clear();
          const entry = { row, digest: Buffer.from(row.hash, 'hex'), until: Date.now() + this.ttlMs };
          this.rows.set(hash, entry);
          return entry;
        })
        .finally(() => this.pending.delete(hash));
      this.pending.set(hash, query);
    }
    return query;
  }

  /** Forget a key (after a revoke) so the next request reads it fresh. */
  invalidate(keyId: string): void {
    for (const [hash, entry] of this.rows) if (entry.row.id === keyId) this.rows.delete(hash);
  }

  /** Forget that `hash` was unknown (a key created in this process with it). */
  forgetUnknown(hash: string): void {
    this.unknown.delete(hash);
  }

  /** Record use at most once per `touchEveryMs` per key: last-used is a hint, not an audit log. */
  touch(row: ApiKeyRow, now = Date.now()): void {
    const last = this.touched.get(row.id) ?? 0;
    if (now - last < this.touchEveryMs) return;
    this.touched.set(row.id, now);
    // A hint only: a failed write must not fail the request, and the next use a minute on writes it again.
    touchApiKey(this.db, row.id, new Date(now)).catch(() => undefined);
  }
}

// RFC 6750: no error attribute when credentials are missing, `invalid_token` when they are wrong.
const unauthorized = (code: ConstructorParameters<typeof ApiError>[1], message: string) =>
  new ApiError(401, code, message, {
    'WWW-Authenticate': code === 'AUTH_MISSING' ? 'Bearer realm="folio"' : 'Bearer realm="folio", error="invalid_token"',
  });

// The refusals a flood draws, made once: an Error built per refusal captured a stack trace each time.
const MISSING = unauthorized('AUTH_MISSING', 'Missing credentials: send `Authorization: Bearer <admin key>`.');
const MALFORMED = unauthorized('AUTH_MALFORMED', 'Malformed credentials: expected `Authorization: Bearer folio_...` with a complete admin key.');
const UNKNOWN = unauthorized('AUTH_UNKNOWN_KEY', 'Invalid credentials: no admin key matches this token.');
const throttledErrors = new Map<string, ApiError>();
const throttledError = (retry: string, close: boolean): ApiError => {
  const key = `${retry}${close ? ' close' : ''}`;
  let error = throttledErrors.get(key);
  if (!error) {
    error = new ApiError(429, 'AUTH_THROTTLED', `Too many failed authentications from this address; retry in ${retry} s.`, close ? { 'Retry-After': retry, Connection: 'close' } : { 'Retry-After': retry });
    if (throttledErrors.size < 64) throttledErrors.set(key, error);
  }
  return error;
};

/** Failed authentications a client may make in `FAILURE_WINDOW_MS` before it is refused without a lookup. */
const MAX_CLIENT_FAILURES = 30;
const FAILURE_WINDOW_MS = 10_000;
/**
 * How long a throttled client waits for its 429, at least: a flooding connection then sends at
 * most one request a second. Each hold is drawn between this and twice this, so the answers to a
 * flood's connections (which all start together) spread out instead of all coming due in the same
 * timer tick and holding up valid requests behind one burst of work.
 */
const THROTTLE_DELAY_MS = 1_000;
/**
 * Refusals the whole server answers at once in a second before it holds each further one as long as
 * a throttled one (its 401 unchanged, only later). The per-address limit alone let 249 addresses send
 * 747 refusals a second, all within their budgets, and each cost the server about as much as a valid
 * request; held, each of a flood's keep-alive connections sends about one request a second.
 */
const REFUSALS_PER_SECOND = 100;
/** Requests held at once (a flood's connections waiting for their answers); past it, 429 and the connection closed. */
const MAX_HELD = 10_000;

/** `Authorization: Bearer <token>`, the scheme in any case (RFC 7235), or null for another scheme. */
function bearerToken(header: string): string | null {
  const match = /^bearer(?:\s+(.*))?$/i.exec(header.trim());
  return match ? (match[1] ?? '').trim() : null;
}

export interface BearerAuthOptions {
  /** Failed authentications per client address; default 30 in 10 s. */
  clientFailures?: FailureWindow;
  /** Refusals a second, server-wide, answered at once; default 100. Past it each refusal is held (`throttleDelayMs`). */
  refusals?: RefusalBudget;
  /** How long a throttled request is held before its 429, at least (up to twice that, drawn at random); default 1 s. */
  throttleDelayMs?: number;
  /** Requests held at once; past it a refusal is a 429 at once that closes the connection. Default 10,000. */
  maxHeld?: number;
  /** Count clients by the last `X-Forwarded-For` entry (behind a trusted reverse proxy). */
  trustProxy?: boolean;
}

/**
 * Require `Authorization: Bearer <admin key>`; every failure is a 401 with `WWW-Authenticate: Bearer`.
 * A key in the cache answers without a query. A client with `MAX_CLIENT_FAILURES` failed
 * authentications (a missing, malformed or unknown key) in the last `FAILURE_WINDOW_MS` gets 429 for
 * any key the cache does not know, so a flood of minted keys does not reach the database; that 429
 * is held for `throttleDelayMs` to twice that (a tarpit), so each of the flood's connections costs the server at most one
 * cheap request a second instead of as many as it can send. Past `REFUSALS_PER_SECOND` refusals a
 * second server-wide (a flood from many addresses, each within its own limit), every further 401 is
 * held the same way. Keys the cache knows keep answering at once.
 */
export function bearerAuth(cache: KeyCache, { clientFailures, refusals: refusalBudget, throttleDelayMs = THROTTLE_DELAY_MS, maxHeld = MAX_HELD, trustProxy = false }: BearerAuthOptions = {}): MiddlewareHandler<AuthEnv> {
  const limited = clientFailures ?? new FailureWindow(MAX_CLIENT_FAILURES, FAILURE_WINDOW_MS);
  const refusals = refusalBudget ?? new RefusalBudget(REFUSALS_PER_SECOND);
  // In-process requests (no socket, so no address) are not limited.
  const unlimited = new FailureWindow(Number.POSITIVE_INFINITY, 1);
  let held = 0;
  // Held answers are released together on a few shared ticks, not each on a timer of its own: a
  // flood's connections then wake the server a few times a second, each wake-up answering many of
  // them (and reading their next requests together), instead of once for every request. Measured
  // before, a held refusal cost the server about 1 ms of CPU on a loaded 2-core machine, several
  // times a valid request's, its in-process work being ~0.12 ms: the rest was one wake-up each.
  const tickMs = Math.max(1, Math.min(250, Math.round(throttleDelayMs / 4)));
  const due = new Map<number, Array<() => void>>();
  /** Wait `throttleDelayMs` to twice that (rounded up to a tick), or false at once when `maxHeld` requests already wait. */
  const hold = async (): Promise<boolean> => {
    if (held >= maxHeld) return false;
    if (throttleDelayMs <= 0) return true;
    held++;
    try {
      const at = Math.ceil((Date.now() + throttleDelayMs * (1 + Math.random())) / tickMs) * tickMs;
      await new Promise<void>((resolve) => {
        let waiting = due.get(at);
        if (!waiting) {
          waiting = [];
          due.set(at, waiting);
          setTimeout(() => {
            due.delete(at);
            for (const release of waiting!) release();
          }, at - Date.now());
        }
        waiting.push(resolve);
      });
    } finally {
      held--;
    }
    return true;
  };
  return async (c, next) => {
    const client = clientAddress(c, trustProxy);
    const failures = client === 'unknown' ? unlimited : limited;
    const throttled = async () => {
      const retry = String(failures.retryAfterSeconds(client));
      return errorResponse(c, throttledError(retry, !(await hold())));
    };
    /** A 401, held first while the server refuses more than its budget a second. */
    const refuse = async (error: ApiError) => {
      if (client !== 'unknown' && !refusals.spend() && !(await hold())) return errorResponse(c, throttledError('1', true));
      return errorResponse(c, error);
    };
    const failed = (error: ApiError) => {
      failures.add(client);
      return refuse(error);
    };
    const header = c.req.header('authorization');
    if (!header) {
      if (failures.blocked(client)) return throttled();
      return failed(MISSING);
    }
    const token = bearerToken(header) ?? '';
    if (!isAdminKeyShaped(token)) {
      if (failures.blocked(client)) return throttled();
      return failed(MALFORMED);
    }
    // A mistyped or forged key fails its checksum: unknown, decided without a lookup.
    const wellFormed = isWellFormedAdminKey(token);
    // SHA-256 (microseconds): minted keys cost no slow hash.
    const hash = wellFormed ? hashAdminKey(token) : '';
    const digest = Buffer.from(hash, 'hex');
    let found = wellFormed ? cache.cached(hash) : null;
    if (!found) {
      if (failures.blocked(client)) return throttled();
      if (!wellFormed || cache.knownUnknown(hash)) return failed(UNKNOWN);
      if (!cache.ready) await cache.start();
      // Not among the stored keys: refused without a query, whichever address sends it.
      if (await cache.refuses(hash)) return failed(UNKNOWN);
      // Counted before the lookup, so concurrent requests cannot all pass the check; refunded if the key is good.
      failures.add(client);
      found = await cache.lookup(hash);
      if (found && timingSafeEqual(found.digest, digest)) failures.refund(client);
    }
    // The lookup is by hash; the constant-time compare guards against a cache or index returning a near match.
    if (!found || !timingSafeEqual(found.digest, digest)) return refuse(UNKNOWN);
    const row = found.row;
    const unusable = apiKeyUnusableReason(row);
    if (unusable === 'revoked') {
      return errorResponse(c, unauthorized('AUTH_REVOKED_KEY', 'This admin key was revoked; create a new one with `folio keys create`.'));
    }
    if (unusable === 'expired') {
      return errorResponse(c, unauthorized('AUTH_EXPIRED_KEY', 'This admin key has expired; create a new one with `folio keys create`.'));
    }
    cache.touch(row);
    c.set('apiKey', row);
    await next();
  };
}
