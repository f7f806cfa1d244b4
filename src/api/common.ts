import type { Context } from 'hono';
import type { ProjectRow } from '../db/index.js';
import type { ApiContext } from './context.js';
import type { AuthEnv } from './auth.js';
import { ApiError, JOB_NOT_FOUND, PROJECT_NOT_FOUND } from './errors.js';
import { ErrorSchema } from './schemas.js';

/** True when the request's key is scoped to the project. */
export function keyAllows(c: Context<AuthEnv>, projectId: string): boolean {
  return c.get('apiKey').projectIds.includes(projectId);
}

/** 404 for a job out of the key's reach: the same body as a missing job. */
export const jobNotFound = () => new ApiError(404, 'NOT_FOUND', JOB_NOT_FOUND);

/** The project the key may act on, or a 404 that does not reveal whether it exists. */
export async function projectFor(ctx: ApiContext, c: Context<AuthEnv>, projectId: string): Promise<ProjectRow> {
  if (keyAllows(c, projectId)) {
    const project = await ctx.projects.get(projectId);
    if (project) return project;
  }
  throw new ApiError(404, 'NOT_FOUND', PROJECT_NOT_FOUND);
}

const json = (description: string) => ({ description, content: { 'application/json': { schema: ErrorSchema } } });

/** Error responses shared by the routes, for the OpenAPI document. */
export const errorResponses = {
  400: json('Invalid request; the message names the field.'),
  401: json('Missing, malformed, unknown, revoked or expired admin key (with `WWW-Authenticate: Bearer`).'),
  404: json('Not found, or not visible to this key.'),
  413: json('Request body too large.'),
  415: json('The body is not sent as `application/json`.'),
  429: json('Rate limit exceeded; see `Retry-After`.'),
} as const;

/** The shared error responses with these statuses, spread into a route's `responses`. */
export function errorsFor<S extends keyof typeof errorResponses>(...statuses: S[]): Pick<typeof errorResponses, S> {
  return Object.fromEntries(statuses.map((s) => [s, errorResponses[s]])) as Pick<typeof errorResponses, S>;
}

export const security = [{ bearerAuth: [] }];
