/** Stable error codes of the server layer (HTTP bodies carry them as `code`); documented in docs/errors/server.md. */
export const serverCodes = {
  AUTH_MISSING: 'No `Authorization: Bearer <key>` header was sent.',
  AUTH_MALFORMED: 'The bearer token is not a well-formed Folio admin key.',
  AUTH_UNKNOWN_KEY: 'No admin key matches the token.',
  AUTH_REVOKED_KEY: 'The admin key was revoked.',
  AUTH_EXPIRED_KEY: 'The admin key has expired.',
  NOT_FOUND: 'The job, project or update does not exist, or the key does not grant access to it.',
  INVALID_REQUEST: 'The request body, path or query failed validation; the message names the field.',
  BODY_TOO_LARGE: 'The request body is larger than the server accepts.',
  RATE_LIMITED: "The project used up its agent requests for the hour; retry after `Retry-After` seconds.",
  JOB_ARCHIVED: 'The job is archived and takes no more messages.',
  INTERNAL: 'An unexpected server error; the server log has the details.',
  UPDATE_FETCH_FAILED: "The project's repository could not be fetched at its branch.",
  UPDATE_BUILD_FAILED: 'The site build reported errors; the last published site stays live.',
  UPDATE_PUBLISH_FAILED: 'The built site could not be published; the last published site stays live.',
  UPDATE_BAD_SOURCE: "The project's repository URL, branch or docs folder is refused.",
  UPDATE_INTERRUPTED: 'The server stopped while the update ran; trigger it again.',
  SITE_NOT_PUBLISHED: 'The project has no published site yet; trigger an update.',
  SERVER_PORT_IN_USE: 'Another process listens on the port `folio serve` was given.',
} as const;

export type ServerCode = keyof typeof serverCodes;
