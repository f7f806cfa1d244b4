import { randomBytes, timingSafeEqual } from 'node:crypto';
import { hashSecret } from '../../shared/index.js';

/** A random URL-safe secret with 256 bits of entropy (session ids, CSRF tokens, setup tokens). */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of a session id or setup token, base64url as the dashboard's tables store it; the database keeps only this. */
export function hashToken(token: string): string {
  return hashSecret(token, 'base64url');
}

/** Compare two secrets without leaking where they differ. */
export function tokensEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
