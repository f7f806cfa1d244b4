import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random URL-safe secret with 256 bits of entropy (session ids, CSRF tokens, setup tokens). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of a secret; the database keeps only this, so a leaked table does not leak live sessions. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** Compare two secrets without leaking where they differ. */
export function tokensEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
