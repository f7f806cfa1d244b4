import { OpenAPIHono } from '@hono/zod-openapi';
import type { Hono, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { Database } from '../db/index.js';
import { bearerAuth, KeyCache, type AuthEnv } from './api/auth.js';
import { registerAgentRoutes } from './api/agent-routes.js';
import { JobCache } from './api/job-cache.js';
import { ProjectCache } from './api/project-cache.js';
import { ApiError, errorResponse } from './api/errors.js';
import { registerUpdateRoutes } from './api/update-routes.js';
import { registerV1Routes } from './api/v1-routes.js';
import { createAdminServices, type AdminServices } from './services.js';
import { HostMap } from './sites/host-map.js';
import { serveSite } from './sites/serve-site.js';
import { UpdateRunner, type BuildSite } from './updates/runner.js';

/** Everything `createApp` needs; only `db` and `dataDir` are required. */
export interface AppDeps {
  db: Database;
  /** Folio data directory; published sites live in `<dataDir>/sites/<projectId>`. */
  dataDir: string;
  /** Hand a created or messaged job to the queue (jobs layer). Without it jobs wait in the database for a worker. */
  enqueueAgentJob?: (jobId: string) => void | Promise<void>;
  /** Site builder for updates; defaults to `buildSite` from src/site-build. */
  buildSite?: BuildSite;
  /** Project sites answer on `<projectId>.<siteDomain>`; default `localhost`. */
  siteDomain?: string;
  /** Model used when a job does not name one; default `folio-maintainer`. */
  defaultModel?: string;
  /** Accepted model names; any when omitted. */
  models?: string[];
  /** Largest accepted request body in bytes; default 1 MiB. */
  maxBodyBytes?: number;
  /** How long a key lookup is cached; default 5 s. */
  keyCacheTtlMs?: number;
  /** How long project settings are cached by the API; default 2 s. */
  projectCacheTtlMs?: number;
  /** Keep read jobs in memory, dropped on change notifications; default on for PGlite, off for PostgreSQL. */
  jobCache?: boolean;
  /** Extra routes mounted on the API host (the dashboard); receives the shared services. */
  mount?: (app: Hono, shared: SharedServices) => void;
  /** One line per notable server event (update outcomes, unexpected errors). */
  log?: (line: string) => void;
}

/** Parts of the app other layers reuse (dashboard, `folio start`). */
export interface SharedServices {
  services: AdminServices;
  /** Call `invalidate(projectId)` after changing a project's settings so the API sees them at once. */
  projects: ProjectCache;
  updates: UpdateRunner;
  keyCache: KeyCache;
  hosts: HostMap;
}

/** The app plus its shared parts, for callers that need more than the Hono value. */
export interface AppBundle extends SharedServices {
  app: OpenAPIHono<AuthEnv>;
}

const OPENAPI_INFO = {
  openapi: '3.1.0',
  info: {
    title: 'Folio Admin API',
    version: '2.0.0',
    description: 'Administrative operations on documentation projects: documentation updates and agent jobs. Authenticate with an admin API key.',
  },
};

/**
 * The admin API's OpenAPI 3.1 document, as `GET /openapi.json` serves it, without a database
 * (routes only touch the database when they handle a request). For docs sites and client generators.
 */
export function adminOpenApiDocument(): ReturnType<OpenAPIHono['getOpenAPI31Document']> {
  const app = createAppBundle({ db: { kind: 'pglite' } as Database, dataDir: '.' }).app;
  return app.getOpenAPI31Document(OPENAPI_INFO);
}

/** Build the app (admin API, OpenAPI document, hosted sites) as a value; `app.request()` needs no port. */
export function createApp(deps: AppDeps): OpenAPIHono<AuthEnv> {
  return createAppBundle(deps).app;
}

/** Like `createApp`, also returning the services, update runner and caches it wired up. */
export function createAppBundle(deps: AppDeps): AppBundle {
  const { db, dataDir, maxBodyBytes = 1024 * 1024, log = () => {} } = deps;
  const keyCache = new KeyCache(db, deps.keyCacheTtlMs);
  const updates = new UpdateRunner({ db, dataDir, buildSite: deps.buildSite, log });
  const hosts = new HostMap(db, deps.siteDomain);
  const projects = new ProjectCache(db, deps.projectCacheTtlMs);
  const services = createAdminServices({
    db,
    keyCache,
    updates,
    defaultModel: deps.defaultModel ?? 'folio-maintainer',
    models: deps.models,
    enqueueAgentJob: deps.enqueueAgentJob,
  });

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

  // A Host naming a project (`<id>.localhost`, a custom domain) is answered from its published site.
  app.use('*', async (c, next) => {
    const projectId = await hosts.projectFor(c.req.header('host'));
    if (projectId === null) return next();
    return serveSite(dataDir, projectId, c.req.raw);
  });

  const limit = bodyLimit({
    maxSize: maxBodyBytes,
    onError: (c) => errorResponse(c, new ApiError(413, 'BODY_TOO_LARGE', `Request body too large: the limit is ${maxBodyBytes} bytes.`)),
  });
  const auth = bearerAuth(keyCache);
  // Only requests with bodies pay for the size check (the job GET is the hot path).
  const limitBodies: MiddlewareHandler = (c, next) => (c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limit(c, next));
  for (const prefix of ['/v1/*', '/v2/*']) app.use(prefix, limitBodies, auth);

  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'An admin API key (`folio_...`): `folio keys create --project <id>` or the API keys page of the dashboard. A server-side secret.',
  });
  const ctx = { db, services, jobs: new JobCache(db, deps.jobCache ?? db.kind === 'pglite'), projects };
  registerAgentRoutes(app, ctx);
  registerUpdateRoutes(app, ctx);
  registerV1Routes(app, ctx);
  // Generated once, on first request (after every route is registered): it never changes while running.
  let openapi: string | null = null;
  app.get('/openapi.json', (c) => {
    openapi ??= JSON.stringify(app.getOpenAPI31Document(OPENAPI_INFO));
    return c.body(openapi, 200, { 'Content-Type': 'application/json; charset=utf-8' });
  });

  const shared = { services, updates, keyCache, hosts, projects };
  if (deps.mount) deps.mount(app as unknown as Hono, shared);
  else app.get('/', (c) => c.json({ name: 'Folio', openapi: '/openapi.json' }));
  return { app, ...shared };
}
