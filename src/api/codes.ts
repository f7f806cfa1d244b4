/** Stable error codes of the admin API (HTTP bodies carry them as `code`); documented in docs/reference/errors/api.md. */
export const apiCodes = {
  AUTH_MISSING: 'No `Authorization: Bearer <key>` header was sent.',
  AUTH_MALFORMED: 'The bearer token is not a well-formed Folio admin key.',
  AUTH_UNKNOWN_KEY: 'No admin key matches the token.',
  AUTH_THROTTLED: 'Too many failed authentications: from this client address in the last 10 seconds, or server-wide while it already holds 10,000 refused requests; retry after `Retry-After` seconds.',
  AUTH_REVOKED_KEY: 'The admin key was revoked.',
  AUTH_EXPIRED_KEY: 'The admin key has expired.',
  NOT_FOUND: 'The job, project or update does not exist, or the key does not grant access to it.',
  INVALID_REQUEST: 'The request body, path or query failed validation; the message names the field.',
  BODY_TOO_LARGE: 'The request body is larger than the server accepts.',
  RATE_LIMITED: "The project used up its agent requests for the hour; retry after `Retry-After` seconds.",
  AUTOMATION_INACTIVE: 'The automation is paused, so it cannot be triggered.',
  AUTOMATION_NOT_SCHEDULED: 'The automation runs on pushes; only scheduled automations can be triggered through the API.',
  JOB_ARCHIVED: 'The job is archived and takes no more messages.',
  INTERNAL: 'An unexpected server error; the server log has the details.',
} as const;

export type ApiCode = keyof typeof apiCodes;
