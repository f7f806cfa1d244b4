import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ApiCode } from './codes.js';

/** A refusal with an HTTP status and a stable code; thrown by services, rendered as `{ error, code }`. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ApiCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The one 404 body for a job that does not exist or belongs to a project the key cannot see. */
export const JOB_NOT_FOUND = 'Job not found. Check the job id and that your key belongs to this project.';
/** The one 404 body for a project that does not exist or the key cannot see. */
export const PROJECT_NOT_FOUND = 'Project not found. Check the project id (`folio projects list`) and that your key belongs to it.';

/** Render an error body; every failure of the API goes through here. */
export function errorResponse(c: Context, err: ApiError): Response {
  for (const [name, value] of Object.entries(err.headers)) c.header(name, value);
  return c.json({ error: err.message, code: err.code }, err.status);
}
