import { createHash } from 'node:crypto';

/**
 * SHA-256 of a secret (admin key, session id, setup token). The database keeps only this,
 * so a leaked table leaks no live credential. Hex by default; the dashboard's tables were
 * created with base64url and keep it.
 */
export function hashSecret(secret: string, encoding: 'hex' | 'base64url' = 'hex'): string {
  return createHash('sha256').update(secret).digest(encoding);
}
