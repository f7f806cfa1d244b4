import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** Why a delivery is not authentic; null when it is. */
export type VerifyProblem = string | null;

/** What each check says of a well-formed signature or token that does not match. */
export const SIGNATURE_MISMATCH = {
  github: 'X-Hub-Signature-256 does not match the body signed with the project secret',
  gitlab: 'X-Gitlab-Token is not the project secret',
  generic: 'X-Folio-Signature does not match the delivery signed with the project secret',
} as const;

/** Constant-time equality of two strings of any length (compared through their SHA-256). */
function sameSecret(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

/** `sha256=<hex>` of HMAC-SHA256 over `body` with `secret`. */
export function hmacSha256(secret: string, body: string | Uint8Array): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** GitHub: `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body>`. */
export function verifyGithub(secret: string, body: Uint8Array, header: string | undefined): VerifyProblem {
  if (!header) return 'no X-Hub-Signature-256 header (set the secret in the webhook settings)';
  if (!/^sha256=[0-9a-f]{64}$/i.test(header)) return 'X-Hub-Signature-256 is not sha256=<64 hex digits>';
  return sameSecret(header.toLowerCase(), hmacSha256(secret, body)) ? null : SIGNATURE_MISMATCH.github;
}

/** GitLab: the secret token itself in `X-Gitlab-Token`. */
export function verifyGitlab(secret: string, header: string | undefined): VerifyProblem {
  if (!header) return 'no X-Gitlab-Token header (set the secret token in the webhook settings)';
  return sameSecret(header, secret) ? null : SIGNATURE_MISMATCH.gitlab;
}

/** How far a generic delivery's timestamp may be from the server clock. */
export const GENERIC_TOLERANCE_SECONDS = 300;

/** The string a generic delivery signs: `<timestamp>.<delivery id>.<raw body>`. */
export function genericSignedPayload(timestamp: string, deliveryId: string, body: Uint8Array | string): Buffer {
  return Buffer.concat([Buffer.from(`${timestamp}.${deliveryId}.`), typeof body === 'string' ? Buffer.from(body) : Buffer.from(body)]);
}

/**
 * Generic: `X-Folio-Signature: sha256=<hex HMAC-SHA256 of "<X-Folio-Timestamp>.<X-Folio-Delivery>.<body>">`,
 * with the timestamp (Unix seconds) within five minutes of the server clock, so a captured
 * delivery cannot be sent again later (and within the window, its delivery id was seen).
 */
export function verifyGeneric(
  secret: string,
  body: Uint8Array,
  headers: { signature?: string; timestamp?: string; deliveryId?: string },
  nowSeconds = Math.floor(Date.now() / 1000),
): VerifyProblem {
  const { signature, timestamp, deliveryId } = headers;
  if (!signature || !timestamp || !deliveryId) return 'send X-Folio-Signature, X-Folio-Timestamp and X-Folio-Delivery';
  if (!/^\d{1,12}$/.test(timestamp)) return 'X-Folio-Timestamp is not Unix seconds';
  if (Math.abs(nowSeconds - Number(timestamp)) > GENERIC_TOLERANCE_SECONDS) return `X-Folio-Timestamp is more than ${GENERIC_TOLERANCE_SECONDS} s from the server clock`;
  if (!/^sha256=[0-9a-f]{64}$/i.test(signature)) return 'X-Folio-Signature is not sha256=<64 hex digits>';
  const expected = hmacSha256(secret, genericSignedPayload(timestamp, deliveryId, body));
  return sameSecret(signature.toLowerCase(), expected) ? null : SIGNATURE_MISMATCH.generic;
}

/**
 * A delivery checked with its provider's scheme against `secret`: the one check every delivery gets,
 * whether its project exists or not. `signature` is the provider's header (X-Hub-Signature-256,
 * X-Gitlab-Token or X-Folio-Signature).
 */
export function verifyDelivery(
  provider: 'github' | 'gitlab' | 'generic',
  secret: string,
  body: Uint8Array,
  headers: { signature?: string; timestamp?: string; deliveryId?: string },
): VerifyProblem {
  if (provider === 'github') return verifyGithub(secret, body, headers.signature);
  if (provider === 'gitlab') return verifyGitlab(secret, headers.signature);
  return verifyGeneric(secret, body, headers);
}
