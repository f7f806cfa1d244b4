/** Stable error codes of the discovery and assistant API (bodies carry them as `code`); documented in docs/reference/errors/assistant.md. */
export const ASSISTANT_CODES = {
  ASSISTANT_KEY_MISSING: 'No `Authorization: Bearer <assistant key>` header was sent.',
  ASSISTANT_KEY_MALFORMED: 'The bearer token is not a well-formed assistant key (`folio_pub_...`).',
  ASSISTANT_KEY_ADMIN: 'An admin key was sent where an assistant key is expected.',
  ASSISTANT_KEY_UNKNOWN: 'No assistant key matches the token.',
  ASSISTANT_KEY_REVOKED: 'The assistant key was revoked.',
  ASSISTANT_KEY_OTHER_SITE: "The key belongs to another project than the site named in the path.",
  ASSISTANT_ORIGIN_REFUSED: "The request's Origin is not among the key's allowed origins.",
  ASSISTANT_RATE_LIMITED: 'Too many requests from this address or with this key; retry after `Retry-After` seconds.',
  ASSISTANT_INVALID_REQUEST: 'The body or path failed validation; the message names the field.',
  ASSISTANT_BODY_TOO_LARGE: 'The request body is larger than these routes accept.',
  ASSISTANT_SITE_NOT_FOUND: 'No published site answers to the domain in the path.',
  ASSISTANT_INDEX_MISSING: 'The published build has no retrieval file (published by an older Folio).',
  ASSISTANT_PAGE_NOT_FOUND: 'The site has no searchable page at that path.',
} as const;

export type AssistantCode = keyof typeof ASSISTANT_CODES;

/** A refusal with a status and a stable code, answered as `{ error, code }`. */
export class AssistantError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 413 | 429,
    readonly code: AssistantCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AssistantError';
  }
}
