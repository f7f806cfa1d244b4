import { timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { apiKeyUnusableReason, findApiKeyByHash, hashAdminKey, isWellFormedAdminKey, touchApiKey, type ApiKeyRow, type Database } from '../db/index.js';
import { ApiError, errorResponse } from './errors.js';

/** Hono variables set by the bearer middleware. */
export interface AuthEnv {
  Variables: { apiKey: ApiKeyRow };
}

/**
 * Hash → key row, kept in memory for `ttlMs` so the hot path does not query
 * for the key on every request. A revoke in this process invalidates at once;
 * one in another process (CLI against PostgreSQL) takes effect within the TTL.
 */
export class KeyCache {
  private readonly rows = new Map<string, { row: ApiKeyRow; digest: Buffer; until: number }>();
  private readonly touched = new Map<string, number>();

  constructor(
    private readonly db: Database,
    private readonly ttlMs = 5_000,
    private readonly touchEveryMs = 60_000,
  ) {}

  /**
   * The stored key with this hex hash and its stored digest, or null. Unknown hashes are not
   * cached, so a key created by another process works at once.
   */
  async lookup(hash: string, now = Date.now()): Promise<{ row: ApiKeyRow; digest: Buffer } | null> {
    const hit = this.rows.get(hash);
    if (hit && hit.until > now) return hit;
    const row = await findApiKeyByHash(this.db, hash);
    if (!row) {
      this.rows.delete(hash);
      return null;
    }
    if (this.rows.size > 10_000) this.rows.clear();
    const entry = { row, digest: Buffer.from(row.hash, 'hex'), until: now + this.ttlMs };
    this.rows.set(hash, entry);
    return entry;
  }

  /** Forget a key (after a revoke) so the next request reads it fresh. */
  invalidate(keyId: string): void {
    for (const [hash, entry] of this.rows) if (entry.row.id === keyId) this.rows.delete(hash);
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

/** Require `Authorization: Bearer <admin key>`; every failure is a 401 with `WWW-Authenticate: Bearer`. */
export function bearerAuth(cache: KeyCache): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization');
    if (!header) {
      return errorResponse(c, unauthorized('AUTH_MISSING', 'Missing credentials: send `Authorization: Bearer <admin key>`.'));
    }
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!isWellFormedAdminKey(token)) {
      return errorResponse(
        c,
        unauthorized('AUTH_MALFORMED', 'Malformed credentials: expected `Authorization: Bearer folio_...` with a complete admin key.'),
      );
    }
    const hash = hashAdminKey(token);
    const digest = Buffer.from(hash, 'hex');
    const found = await cache.lookup(hash);
    // The lookup is by hash; the constant-time compare guards against a cache or index returning a near match.
    if (!found || !timingSafeEqual(found.digest, digest)) {
      return errorResponse(c, unauthorized('AUTH_UNKNOWN_KEY', 'Invalid credentials: no admin key matches this token.'));
    }
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
