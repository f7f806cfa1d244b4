/** What the events endpoint accepts: one JSON object per beacon, each field typed and bounded. */
import { z } from 'zod';
import { isReasonFor } from '../shared/index.js';
import type { AnalyticsCode } from './codes.js';
import type { BeaconEvent } from './types.js';

/** Largest accepted event body: a code snippet's feedback carries the snippet (up to 5,000 characters). */
export const MAX_EVENT_BYTES = 8192;

const pagePath = z.string().min(1).max(512).regex(/^\/[^\s]*$/, 'a site path starting with /');
const query = z.string().trim().min(1).max(200);
const optionalText = (max: number) => z.string().max(max).optional();

const EventSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('search'), path: pagePath, query, results: z.number().int().min(0).max(100_000) }),
  z.strictObject({ type: z.literal('search_open'), path: pagePath, query, opened: pagePath }),
  z.strictObject({
    type: z.literal('feedback'),
    path: pagePath,
    source: z.enum(['contextual', 'thumbs_only', 'code_snippet']).optional(),
    helpful: z.boolean().nullable().optional(),
    comment: optionalText(2000),
    contact: z.email().max(200).optional(),
    code: optionalText(5000),
    filename: optionalText(200),
    lang: optionalText(40),
    reason: z.string().max(40).optional(),
  }),
]);

/** Any C0 control character (NUL included: PostgreSQL cannot store it in text, and it failed the whole write batch). */
const CONTROL = /[\u0000-\u001f]/;
/** The same, less tab, line feed and carriage return: what a comment or a code block may hold. */
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
const MULTILINE_FIELDS = new Set(['comment', 'code']);

/** The first field of a flat event object whose text holds a control character it may not. */
function fieldWithControl(value: object): string | null {
  for (const [key, v] of Object.entries(value)) {
    if (typeof v === 'string' && (MULTILINE_FIELDS.has(key) ? CONTROL_IN_TEXT : CONTROL).test(v)) return key;
  }
  return null;
}

export type BeaconProblem = { problem: string; code: Extract<AnalyticsCode, 'ANALYTICS_INVALID' | 'ANALYTICS_CONTROL_CHARACTER' | 'ANALYTICS_UNKNOWN_REASON'> };

/** A validated event, or the first problem as `field: message` with its code. */
export function parseBeacon(value: unknown): { event: BeaconEvent } | BeaconProblem {
  const invalid = (problem: string): BeaconProblem => ({ problem, code: 'ANALYTICS_INVALID' });
  const control = typeof value === 'object' && value !== null ? fieldWithControl(value) : null;
  if (control) return { problem: `${control}: holds a control character (only a comment or code may hold tabs and line breaks)`, code: 'ANALYTICS_CONTROL_CHARACTER' };
  const result = EventSchema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    return invalid(issue ? `${issue.path.join('.') || 'event'}: ${issue.message}` : 'invalid event');
  }
  const e = result.data;
  if (e.type !== 'feedback') return { event: e };
  const comment = e.comment?.trim() || null;
  // A reason or a comment says more than the thumb: the platform's "detailed feedback".
  const source = e.source ?? (comment || e.reason ? 'contextual' : 'thumbs_only');
  if (source === 'code_snippet' && !e.code?.trim()) return invalid('code: code-snippet feedback names its snippet');
  if (source === 'code_snippet' && !comment && typeof e.helpful !== 'boolean') return invalid('comment: code-snippet feedback is a comment (or a thumb)');
  if (source !== 'code_snippet' && typeof e.helpful !== 'boolean') return invalid('helpful: page feedback is a thumbs up (true) or down (false)');
  if (e.reason !== undefined && (source === 'code_snippet' || typeof e.helpful !== 'boolean' || !isReasonFor(e.helpful, e.reason))) {
    return { problem: `reason: ${JSON.stringify(e.reason)} is not a reason offered with ${source === 'code_snippet' ? 'code-snippet feedback' : e.helpful ? 'a thumbs up' : 'a thumbs down'}`, code: 'ANALYTICS_UNKNOWN_REASON' };
  }
  return {
    event: {
      type: 'feedback',
      path: e.path,
      source,
      helpful: e.helpful ?? null,
      comment,
      contact: e.contact ?? null,
      code: source === 'code_snippet' ? (e.code ?? null) : null,
      filename: source === 'code_snippet' ? (e.filename ?? null) : null,
      lang: source === 'code_snippet' ? (e.lang ?? null) : null,
      reason: e.reason !== undefined && isReasonFor(e.helpful === true, e.reason) ? e.reason : null,
    },
  };
}
