/**
 * Slack's request signature: `X-Slack-Signature: v0=<hex HMAC-SHA256 of "v0:<timestamp>:<raw body>">`
 * with the app's signing secret, and `X-Slack-Request-Timestamp` (Unix seconds) within five minutes
 * of the server clock, so a captured request cannot be sent again later.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { SlackCode } from './codes.js';

/** How far a request's timestamp may be from the server clock, as Slack advises. */
export const SLACK_TOLERANCE_SECONDS = 300;

/** `v0=<hex>`: the signature Slack sends for `body` at `timestamp`. */
export function slackSignature(secret: string, timestamp: string, body: Uint8Array | string): string {
  const mac = createHmac('sha256', secret).update(`v0:${timestamp}:`).update(typeof body === 'string' ? Buffer.from(body) : body);
  return `v0=${mac.digest('hex')}`;
}

/** Constant-time equality of two strings of any length (compared through their SHA-256). */
function same(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

export interface SlackProblem {
  code: SlackCode;
  message: string;
}

/** Null when the request is Slack's, signed with `secret` within the window; else what is wrong. */
export function verifySlackRequest(
  secret: string,
  body: Uint8Array,
  headers: { signature?: string; timestamp?: string },
  nowSeconds = Math.floor(Date.now() / 1000),
): SlackProblem | null {
  const { signature, timestamp } = headers;
  if (!timestamp || !/^\d{1,12}$/.test(timestamp)) return { code: 'SLACK_TIMESTAMP_STALE', message: 'X-Slack-Request-Timestamp is missing or not Unix seconds' };
  if (Math.abs(nowSeconds - Number(timestamp)) > SLACK_TOLERANCE_SECONDS) {
    return { code: 'SLACK_TIMESTAMP_STALE', message: `X-Slack-Request-Timestamp is more than ${SLACK_TOLERANCE_SECONDS} s from the server clock (a replayed or delayed request)` };
  }
  if (!signature || !/^v0=[0-9a-f]{64}$/i.test(signature)) return { code: 'SLACK_SIGNATURE_INVALID', message: 'X-Slack-Signature is missing or not v0=<64 hex digits>' };
  return same(signature.toLowerCase(), slackSignature(secret, timestamp, body)) ? null : { code: 'SLACK_SIGNATURE_INVALID', message: 'X-Slack-Signature does not match the body signed with the signing secret' };
}
