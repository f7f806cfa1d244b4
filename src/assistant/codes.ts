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
  ASSISTANT_INDEX_TOO_LARGE: "The site's retrieval file is larger than the server's retrieval budget (FOLIO_RETRIEVAL_CACHE_MB), so it is not indexed.",
  ASSISTANT_PAGE_NOT_FOUND: 'The site has no searchable page at that path.',
  ASSISTANT_NOT_CONFIGURED: 'The server has no model for the assistant (FOLIO_LLM_* and FOLIO_ASSISTANT_MODEL unset); search still answers.',
  ASSISTANT_PAGE_TOKEN_MISSING: 'A message was sent without the page token (`X-Folio-Page-Token`) the site hands its readers.',
  ASSISTANT_PAGE_TOKEN_INVALID: 'The page token is forged, expired, or was issued to another site or address; fetch a fresh one.',
  ASSISTANT_BUDGET_EXHAUSTED: "The project's assistant used its daily token budget; it answers again after midnight UTC.",
  ASSISTANT_QUESTION_TOO_LONG: 'The question is longer than the assistant accepts.',
  ASSISTANT_THREAD_FULL: 'The thread has as many questions as a thread may hold; start a new one.',
  ASSISTANT_MODEL_FAILED: 'The model endpoint failed or timed out while answering (sent inside the stream).',
  ASSISTANT_ANSWER_NOT_FOUND: 'A rating names no answer of a conversation this reader started on this site.',
} as const;

export type AssistantCode = keyof typeof ASSISTANT_CODES;

/** A refusal with a status and a stable code, answered as `{ error, code }`. */
export class AssistantError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 429 | 503,
    readonly code: AssistantCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AssistantError';
  }
}
