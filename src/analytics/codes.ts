/**
 * Stable codes of the analytics layer: refusals of the events endpoint (`POST /__folio/analytics` on
 * a hosted site; HTTP bodies carry them as `code`, and each refusal is counted by code) and the
 * analytics API's own refusals. Documented in docs/reference/errors/analytics.md.
 */
export const ANALYTICS_CODES = {
  ANALYTICS_METHOD: 'The events endpoint takes only POST.',
  ANALYTICS_CROSS_SITE: "The event's Origin is not the site it was sent to (or no Origin was sent).",
  ANALYTICS_RATE_LIMITED: 'This address sent more events than the per-address limit allows; retry after `Retry-After` seconds.',
  ANALYTICS_OVER_CAPACITY: 'The server took as many events this second as it accepts from all sites and addresses together; retry after `Retry-After` seconds.',
  ANALYTICS_QUEUE_FULL: 'The server is writing a backlog of events and refused this one; retry after `Retry-After` seconds.',
  ANALYTICS_TOO_LARGE: 'The event body is larger than the endpoint accepts.',
  ANALYTICS_MALFORMED: 'The event body is not a JSON object.',
  ANALYTICS_INVALID: 'The event has an unknown type, a missing field, a field of the wrong type or one that is too long.',
  ANALYTICS_UNKNOWN_PAGE: 'The event names a page the published site does not have.',
  ANALYTICS_CONTROL_CHARACTER: 'A text field of the event holds a control character (NUL and the other C0 characters; a comment or code may hold tabs and line breaks).',
  ANALYTICS_UNKNOWN_REASON: "The feedback's `reason` is not one of the preset reasons of its thumb.",
  ANALYTICS_PROJECT_FULL: "The site stores no more of this kind of event for now: today's events reached the project's daily cap (until midnight UTC), or its feedback entries reached the project's cap (until old ones are deleted); retry after `Retry-After` seconds.",
  ANALYTICS_UNWRITABLE: 'An accepted event could not be written (the database refused its values); only that event was dropped.',
  ANALYTICS_DISABLED: 'Analytics are turned off for this site (`integrations.telemetry.enabled: false`) or this server (`--no-analytics`).',
  ANALYTICS_BAD_DATE: 'The analytics API was given a `dateFrom`/`dateTo` that is not a date, or a range that ends before it starts.',
  ANALYTICS_BAD_CURSOR: 'The analytics API was given a `cursor` it did not hand out.',
} as const;

export type AnalyticsCode = keyof typeof ANALYTICS_CODES;

/** A refusal of the analytics layer with an HTTP status and a stable code. */
export class AnalyticsError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 405 | 413 | 422 | 429 | 503,
    readonly code: AnalyticsCode,
    message: string,
  ) {
    super(message);
    this.name = 'AnalyticsError';
  }
}
