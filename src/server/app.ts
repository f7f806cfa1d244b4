import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Hono } from 'hono';
import {
  createAdminServices,
  createApiApp,
  DEFAULT_MAX_BODY_BYTES,
  JobCache,
  KeyCache,
  ProjectCache,
  registerAdminApi,
  type AdminServices,
  type AuthEnv,
} from '../api/index.js';
import { createAutomations, forgeGitCredentials, type Automations, type GitlabOptions } from '../agent/index.js';
import { AssistantService, assistantSiteRoute, createDiscoveryRoutes, siteResolver, type AssistantOptions, type RateLimits } from '../assistant/index.js';
import type { Database } from '../db/index.js';
import { SiteAnalytics, type SiteAnalyticsOptions } from '../analytics/index.js';
import { serverSecretBox, type SecretBox } from '../shared/index.js';
import { createSlackApp, type SlackApp } from '../slack/index.js';
import { createAutomationWebhookRoutes, createWebhookRoutes, HostMap, publishedSites, SiteAccess, siteStoreOf, UpdateRunner, type BuildSite, type GithubStatusOptions, type SiteStore } from '../hosting/index.js';

/** Everything `createApp` needs; only `db` and `dataDir` are required. */
export interface AppDeps {
  db: Database;
  /** Folio data directory; published sites live in `<dataDir>/sites/<projectId>`. */
  dataDir: string;
  /** Where published sites live: the local store of `dataDir` (default) or shared object storage (`S3SiteStore`). */
  siteStore?: SiteStore;
  /** Hand a created or messaged job to the queue (jobs layer). Without it jobs wait in the database for a worker. */
  enqueueAgentJob?: (jobId: string) => void | Promise<void>;
  /** Site builder for updates; defaults to `buildSite` from src/site-build. */
  buildSite?: BuildSite;
  /** Project sites answer on `<projectId>.<siteDomain>`; default `localhost`. */
  siteDomain?: string;
  /** Report commit statuses of webhook-triggered builds to GitHub (`FOLIO_GITHUB_TOKEN`); none when omitted. */
  github?: GithubStatusOptions;
  /** GitLab's token and hosts (`FOLIO_GITLAB_TOKEN`...): updates clone private GitLab repositories with it, as GitHub ones with GitHub's. */
  gitlab?: GitlabOptions;
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
  /** Keep read jobs in memory, dropped on change notifications; default on. */
  jobCache?: boolean;
  /** Extra routes mounted on the API host (the dashboard, pull request pages); receives the shared services. */
  mount?: (app: Hono, shared: SharedServices) => void;
  /** One line per notable server event (update outcomes, unexpected errors). */
  log?: (line: string) => void;
  /** Requests a minute of the discovery API per reader address and per assistant key; defaults 60 and 600. */
  assistantLimits?: RateLimits;
  /** The docs assistant's model and limits (`assistantOptionsFromEnv`); none: sites' widgets and the discovery API search only. */
  assistant?: AssistantOptions | null;
  /** A reverse proxy in front sets `X-Forwarded-Proto`/`-Host`/`-For` (`--trust-proxy`): Secure cookies and client addresses of protected sites. */
  trustProxy?: boolean;
  /** Count hosted sites' views and accept their beacons' events (default on); `false` counts nothing. */
  analytics?: false | Omit<SiteAnalyticsOptions, 'db' | 'log'>;
  /** Time limit of each page in update and preview builds (`folio serve --page-timeout`); the build's default (10 s) when omitted. */
  pageTimeoutMs?: number;
  /** Seals secrets kept in the database (Slack tokens); default `FOLIO_SECRET_KEY`, else `<dataDir>/secret.key`. */
  secretBox?: SecretBox;
  /** The Slack app (`/slack/events/{projectId}`): its Web API base (default `FOLIO_SLACK_API_URL`, else Slack's) and how often finished jobs are reported; `false` mounts none. */
  slack?: false | { apiUrl?: string; reportIntervalMs?: number };
}

/** Parts of the app other layers reuse (dashboard, `folio start`). */
export interface SharedServices {
  services: AdminServices;
  /** Call `invalidate(projectId)` after changing a project's settings so the API sees them at once. */
  projects: ProjectCache;
  updates: UpdateRunner;
  keyCache: KeyCache;
  hosts: HostMap;
  /** Protected sites' access settings; `invalidate(projectId)` after a project's settings change. */
  siteAccess: SiteAccess;
  /** Starts automation runs: the scheduler (`startAutomationScheduler`), the trigger endpoint and pushes use it. */
  automations: Automations;
  /** Hosted sites' analytics (null when turned off); `close()` writes what is queued. */
  analytics: SiteAnalytics | null;
  /** The Slack app (null when turned off): its settings service for the dashboard; `stop()` on shutdown. */
  slack: SlackApp | null;
}

/** The app plus its shared parts, for callers that need more than the Hono value. */
export interface AppBundle extends SharedServices {
  app: OpenAPIHono<AuthEnv>;
}

/** Build the app (admin API, OpenAPI document, hosted sites) as a value; `app.request()` needs no port. */
export function createApp(deps: AppDeps): OpenAPIHono<AuthEnv> {
  return createAppBundle(deps).app;
}

/**
 * One Hono app from the rooms: requests whose Host names a project go to its
 * published site (hosting); everything else is the admin API, then whatever
 * `mount` adds (dashboard, pull request pages). Also returns the services,
 * update runner and caches it wired up.
 */
export function createAppBundle(deps: AppDeps): AppBundle {
  const { db, dataDir, maxBodyBytes = DEFAULT_MAX_BODY_BYTES, log = () => {} } = deps;
  const keyCache = new KeyCache(db, deps.keyCacheTtlMs);
  const siteStore = deps.siteStore ?? siteStoreOf(dataDir);
  // A private GitHub or GitLab repository is cloned with FOLIO_GITHUB_TOKEN or FOLIO_GITLAB_TOKEN, as agent jobs do: through git's credential helper, never a token in the URL.
  const credentialsFor = (repoUrl: string) => forgeGitCredentials(repoUrl, { github: deps.github, gitlab: deps.gitlab });
  const updates = new UpdateRunner({ db, dataDir, store: siteStore, buildSite: deps.buildSite, log, credentialsFor, pageTimeoutMs: deps.pageTimeoutMs });
  const hosts = new HostMap(db, deps.siteDomain);
  const projects = new ProjectCache(db, deps.projectCacheTtlMs);
  const defaultModel = deps.defaultModel ?? 'folio-maintainer';
  const automations = createAutomations({ db, defaultModel, enqueue: deps.enqueueAgentJob, log });
  const jobs = new JobCache(db, deps.jobCache ?? true);
  const services = createAdminServices({
    db,
    automations,
    keyCache,
    updates,
    defaultModel,
    models: deps.models,
    enqueueAgentJob: deps.enqueueAgentJob,
  });

  const app = createApiApp({ maxBodyBytes, log });
  // Registered first, so a Host naming a project (`<id>.localhost`, a custom domain) never reaches the API.
  const siteAccess = new SiteAccess({ db, trustProxy: deps.trustProxy });
  const analytics = deps.analytics === false ? null : new SiteAnalytics({ db, log, ...deps.analytics });
  const assistant = new AssistantService(db, deps.assistant ?? null, log);
  app.use('*', publishedSites(hosts, siteStore, { access: siteAccess, trustProxy: deps.trustProxy, log, analytics: analytics ?? undefined, assistantRoute: assistantSiteRoute(assistant) }));
  // Third-party events that start a webhook automation's run (before the push-to-deploy routes, whose path pattern also matches).
  app.route('/', createAutomationWebhookRoutes({ db, automations, log }));
  // Push to deploy: signed deliveries from GitHub, GitLab or anything that signs like the generic form.
  app.route('/', createWebhookRoutes({ db, updates, dataDir, siteDomain: deps.siteDomain, github: deps.github, automations, log }));
  // The agent in Slack: signed Events API deliveries per project, answered in their threads.
  const slack =
    deps.slack === false
      ? null
      : createSlackApp({ db, box: deps.secretBox ?? serverSecretBox(dataDir), services, store: siteStore, assistant: deps.assistant ?? null, automations, apiUrl: deps.slack?.apiUrl, reportIntervalMs: deps.slack?.reportIntervalMs, siteDomain: deps.siteDomain, log });
  if (slack) app.route('/', slack.routes);
  // The discovery API (assistant keys) before the admin API, whose bearer auth guards every other `/v1/*`.
  app.route('/', createDiscoveryRoutes({ db, store: siteStore, resolveSite: siteResolver(hosts), trustProxy: deps.trustProxy, limits: deps.assistantLimits, assistant }));
  registerAdminApi(app, { db, services, keyCache, projects, siteDomain: deps.siteDomain, jobs, maxBodyBytes, trustProxy: deps.trustProxy });

  const shared = { services, updates, keyCache, hosts, projects, siteAccess, automations, analytics, slack };
  if (deps.mount) deps.mount(app as unknown as Hono, shared);
  else app.get('/', (c) => c.json({ name: 'Folio', openapi: '/openapi.json' }));
  return { app, ...shared };
}
