import { OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { registerAgentRoutes } from './agent-routes.js';
import { registerAnalyticsRoutes } from './analytics-routes.js';
import { registerAutomationRoutes } from './automation-routes.js';
import { bearerAuth, type AuthEnv, type KeyCache } from './auth.js';
import { refuseControlCharacters } from './control-characters.js';
import type { ApiContext } from './context.js';
import { ApiError, errorResponse } from './errors.js';
import { registerSuggestionRoutes } from './suggestion-routes.js';
import { registerUpdateRoutes } from './update-routes.js';
import { registerV1Routes } from './v1-routes.js';

/** Default largest accepted request body: 1 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

const OPENAPI_INFO = {
  openapi: '3.1.0',
  info: {
    title: 'Folio Admin API',
    version: '2.0.0',
    description: 'Administrative operations on documentation projects: documentation updates, agent jobs and automations. Authenticate with an admin API key.',
  },
};

export interface ApiAppOptions {
  /** Largest accepted request body in bytes (named in the 413 message). */
  maxBodyBytes?: number;
  /** One line per unexpected error. */
  log?: (line: string) => void;
}

/**
 * An empty app that answers in the API's error format: failed validation,
 * thrown `ApiError`s, refused bodies, unknown routes and crashes all become
 * `{ error, code }`. Routes and other apps are added to it afterwards.
 */
export function createApiApp({ maxBodyBytes = DEFAULT_MAX_BODY_BYTES, log = () => {} }: ApiAppOptions = {}): OpenAPIHono<AuthEnv> {
  const app = new OpenAPIHono<AuthEnv>({
    defaultHook: (result, c) => {
      if (result.success) return;
      const issue = result.error.issues[0];
      const field = issue && issue.path.length > 0 ? issue.path.join('.') : result.target === 'json' ? 'body' : result.target;
      const message = issue ? `${field}: ${issue.message}` : `${result.target}: invalid`;
      return errorResponse(c, new ApiError(400, 'INVALID_REQUEST', `Invalid request: ${message}.`));
    },
  });

  app.onError((err, c) => {
    if (err instanceof ApiError) return errorResponse(c, err);
    if (err instanceof HTTPException) {
      const status = err.status;
      if (status === 413) return errorResponse(c, new ApiError(413, 'BODY_TOO_LARGE', `Request body too large: the limit is ${maxBodyBytes} bytes.`));
      if (status === 400) return errorResponse(c, new ApiError(400, 'INVALID_REQUEST', `Invalid request: body: ${err.message || 'malformed'}; send a JSON object.`));
      if (status === 415) {
        return errorResponse(c, new ApiError(415, 'INVALID_REQUEST', 'Invalid request: body: send it as JSON with the header `Content-Type: application/json`.'));
      }
      return errorResponse(c, new ApiError(status as 400, 'INVALID_REQUEST', err.message || 'Request refused.'));
    }
    log(`error: ${c.req.method} ${c.req.path}: ${(err as Error).stack ?? String(err)}`);
    return errorResponse(c, new ApiError(500, 'INTERNAL', 'Internal server error; the server log has the details.'));
  });

  app.notFound((c) => errorResponse(c, new ApiError(404, 'NOT_FOUND', `No route for ${c.req.method} ${c.req.path}. The API is described at /openapi.json.`)));
  return app;
}

/** What the admin API's routes and middleware use. */
export interface AdminApiContext extends ApiContext {
  keyCache: KeyCache;
  /** Largest accepted request body in bytes; default 1 MiB. */
  maxBodyBytes?: number;
  /** Behind a trusted reverse proxy: failed authentications are counted per `X-Forwarded-For` client. */
  trustProxy?: boolean;
}

/**
 * Add the admin API to `app`: a body size limit and bearer-key auth on `/v1`
 * and `/v2`, the agent job and update routes, and `GET /openapi.json`.
 */
export function registerAdminApi(app: OpenAPIHono<AuthEnv>, ctx: AdminApiContext): void {
  const maxBodyBytes = ctx.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const limit = bodyLimit({
    maxSize: maxBodyBytes,
    onError: (c) => errorResponse(c, new ApiError(413, 'BODY_TOO_LARGE', `Request body too large: the limit is ${maxBodyBytes} bytes.`)),
  });
  const auth = bearerAuth(ctx.keyCache, { trustProxy: ctx.trustProxy });
  // Only requests with bodies pay for the size check (the job GET is the hot path).
  const limitBodies: MiddlewareHandler = (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limit(c, next));
  // A control character in a path parameter or query value is refused first, for every route (issue 48).
  const refuseControls = refuseControlCharacters(() => app.routes.map((r) => r.path));
  for (const prefix of ['/v1/*', '/v2/*']) app.use(prefix, refuseControls, limitBodies, auth);

  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'An admin API key (`folio_...`): `folio keys create --project <id>` or the API keys page of the dashboard. A server-side secret.',
  });
  registerAgentRoutes(app, ctx);
  registerUpdateRoutes(app, ctx);
  registerV1Routes(app, ctx);
  registerAutomationRoutes(app, ctx);
  registerAnalyticsRoutes(app, ctx);
  registerSuggestionRoutes(app, ctx);
  // Generated once, on first request (after every route is registered): it never changes while running.
  let openapi: string | null = null;
  app.get('/openapi.json', (c) => {
    openapi ??= JSON.stringify(app.getOpenAPI31Document(OPENAPI_INFO));
    return c.body(openapi, 200, { 'Content-Type': 'application/json; charset=utf-8' });
  });
}

/**
 * The admin API's OpenAPI 3.1 document, as `GET /openapi.json` serves it, without a database
 * (routes only touch their context when they handle a request). For docs sites and client generators.
 */
export function adminOpenApiDocument(): ReturnType<OpenAPIHono['getOpenAPI31Document']> {
  const app = createApiApp();
  registerAdminApi(app, {} as AdminApiContext);
  return app.getOpenAPI31Document(OPENAPI_INFO);
}
