import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Database, ProjectRow } from '../db/index.js';
import type { AdminServices } from './services.js';
import type { AuthEnv } from './auth.js';
import type { JobCache } from './job-cache.js';
import type { ProjectCache } from './project-cache.js';

/** What the API route modules need. */
export interface ApiContext {
  db: Database;
  services: AdminServices;
  jobs: JobCache;
  projects: ProjectCache;
  /** Sites answer on `<projectId>.<siteDomain>`, previews on `<slug>--<projectId>.<siteDomain>`; default `localhost`. */
  siteDomain?: string;
}

export type ApiApp = OpenAPIHono<AuthEnv>;

export type { ProjectRow };
