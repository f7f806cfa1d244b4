/**
 * Bot protection: a reader may ask only with a page token, which the site hands out
 * (`GET <site>/__folio/assistant/session`) to the address that asks, for one site, for
 * `TOKEN_TTL_S`. A script that never loaded the site, or replays a token from elsewhere or later,
 * is refused. The HMAC secret is in the database, so every server of it accepts every server's tokens.
 * It stops drive-by use of the endpoint, not a determined scraper (who is then held by the rate
 * limits and the daily budget).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { assistantTokenSecret, type Database } from '../db/index.js';
import { AssistantError } from './codes.js';

export const TOKEN_TTL_S = 30 * 60;
export const PAGE_TOKEN_HEADER = 'x-folio-page-token';

export class PageTokens {
  private secret: Promise<Buffer> | null = null;

  constructor(private readonly db: Database) {}

  private key(): Promise<Buffer> {
    this.secret ??= assistantTokenSecret(this.db).catch((error: unknown) => {
      this.secret = null;
      throw error;
    });
    return this.secret;
  }

  /** A token for `site` (`<project>` or `<project>/<preview>`) and the reader's address. */
  async issue(site: string, address: string, now = Date.now()): Promise<{ token: string; expiresAt: number }> {
    const expiresAt = Math.floor(now / 1000) + TOKEN_TTL_S;
    return { token: `${expiresAt}.${mac(await this.key(), site, address, expiresAt)}`, expiresAt };
  }

  /** Refuse (403) a missing, expired or foreign token. */
  async check(token: string | undefined, site: string, address: string, now = Date.now()): Promise<void> {
    if (!token) throw new AssistantError(403, 'ASSISTANT_PAGE_TOKEN_MISSING', 'Send the page token in `X-Folio-Page-Token`: the site hands one out at `<site>/__folio/assistant/session`.');
    const [expires, signature] = token.split('.');
    const expiresAt = Number(expires);
    const expected = Number.isInteger(expiresAt) ? mac(await this.key(), site, address, expiresAt) : '';
    const fresh = expiresAt * 1000 > now;
    const same = !!signature && signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
    if (!fresh || !same) throw new AssistantError(403, 'ASSISTANT_PAGE_TOKEN_INVALID', 'The page token is expired or not this site\'s for this address; fetch a fresh one from `<site>/__folio/assistant/session`.');
  }

  /**
   * Who holds a token, for binding the threads it starts (`assistant_threads.reader`): a keyed hash
   * of the site and the address the token was issued to. Every token this reader is handed on this
   * site names the same reader, so a thread stays theirs after their token expires and is renewed;
   * the address is never stored, and without the secret the hash cannot be recomputed from one.
   */
  async readerOf(site: string, address: string): Promise<string> {
    return createHmac('sha256', await this.key()).update(`reader\n${site}\n${address}`).digest('base64url').slice(0, 32);
  }
}

function mac(secret: Buffer, site: string, address: string, expiresAt: number): string {
  return createHmac('sha256', secret).update(`${site}\n${address}\n${expiresAt}`).digest('base64url');
}
