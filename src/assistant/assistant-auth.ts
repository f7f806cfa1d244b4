/**
 * Assistant keys on the public routes: `Authorization: Bearer folio_pub_...`, looked up by hash
 * (rows kept a few seconds, so a busy widget costs no query per request), refused when revoked,
 * and checked against the key's allowed origins when a browser sends an Origin. An admin key is
 * named as such: it is a server secret and has no business in a browser.
 */
import { findAssistantKeyByHash, hashAdminKey, isAdminKeyShaped, isWellFormedAssistantKey, touchAssistantKey, type AssistantKeyRow, type Database } from '../db/index.js';
import { AssistantError } from './codes.js';

const TTL_MS = 5_000;
const TOUCH_EVERY_MS = 60_000;

export class AssistantKeys {
  private readonly rows = new Map<string, { row: AssistantKeyRow | null; until: number }>();
  private readonly touched = new Map<string, number>();

  constructor(private readonly db: Database) {}

  /** The usable key of an `Authorization` header, or an `AssistantError` (401). */
  async authenticate(header: string | undefined, now = Date.now()): Promise<AssistantKeyRow> {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
    if (!header) throw new AssistantError(401, 'ASSISTANT_KEY_MISSING', 'Send an assistant key: `Authorization: Bearer folio_pub_...` (the dashboard\'s Assistant keys, or `folio keys assistant create --project <id>`).');
    if (token && isAdminKeyShaped(token)) throw new AssistantError(401, 'ASSISTANT_KEY_ADMIN', 'This is an admin key, a server secret: it is not accepted here. Create an assistant key (`folio_pub_...`) for browsers, and revoke the admin key if it was published.');
    if (!token || !isWellFormedAssistantKey(token)) throw new AssistantError(401, 'ASSISTANT_KEY_MALFORMED', 'The bearer token is not an assistant key: `folio_pub_` and 28 letters or digits.');
    const hash = hashAdminKey(token);
    let hit = this.rows.get(hash);
    if (!hit || hit.until <= now) {
      hit = { row: await findAssistantKeyByHash(this.db, hash), until: now + TTL_MS };
      if (this.rows.size > 10_000) this.rows.clear();
      this.rows.set(hash, hit);
    }
    if (!hit.row) throw new AssistantError(401, 'ASSISTANT_KEY_UNKNOWN', 'No assistant key matches this token; check it, or create one in the dashboard.');
    if (hit.row.revokedAt) throw new AssistantError(401, 'ASSISTANT_KEY_REVOKED', 'This assistant key was revoked; create a new one.');
    if ((this.touched.get(hit.row.id) ?? 0) + TOUCH_EVERY_MS <= now) {
      this.touched.set(hit.row.id, now);
      // Bookkeeping only: a failed update must not fail the reader's request.
      void touchAssistantKey(this.db, hit.row.id).catch(() => undefined);
    }
    return hit.row;
  }

  /** Forget cached rows (after a key is revoked in this process). */
  invalidate(): void {
    this.rows.clear();
  }
}

/** Refuse a browser's request from an origin the key does not allow (403); no Origin (a server) or no list passes. */
export function checkOrigin(key: AssistantKeyRow, origin: string | undefined): void {
  if (!origin || key.allowedOrigins.length === 0) return;
  if (key.allowedOrigins.some((allowed) => allowed.toLowerCase() === origin.toLowerCase())) return;
  throw new AssistantError(403, 'ASSISTANT_ORIGIN_REFUSED', `The origin ${origin} is not allowed for this key; add it to the key's allowed origins in the dashboard.`);
}
