import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, date, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Drizzle mirrors of the tables created by migrations/*.sql (the SQL files are
// the source of truth; keep these in step when a migration changes a table).

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A documentation project: where its docs live and how its site is served. */
export const projects = pgTable('projects', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  repoUrl: text('repo_url').notNull(),
  branch: text('branch').notNull(),
  docsDir: text('docs_dir').notNull(),
  hostNames: text('host_names').array().notNull(),
  agentRatePerHour: integer('agent_rate_per_hour').notNull(),
  /** Signs or authenticates webhook deliveries (migration 0211); null until one is generated. */
  webhookSecret: text('webhook_secret'),
  /** The site's base path (`/docs`), '' at the root of its host (migration 0230). */
  basePath: text('base_path').notNull().default(''),
  /** Who may read the site: public, password or oidc (migration 0230). */
  siteAccess: text('site_access').notNull().default('public'),
  /** What sign-in protects: the whole site, or only hidden pages and `public: false` groups. */
  siteAccessScope: text('site_access_scope').notNull().default('site'),
  /** scrypt hash of the site password (siteAccess = password). */
  sitePasswordHash: text('site_password_hash'),
  /** OpenID Connect client settings (siteAccess = oidc). */
  siteOidc: jsonb('site_oidc').$type<SiteOidcSettings>(),
  /** JWT handshake settings (siteAccess = jwt; migration 0720). */
  siteJwt: jsonb('site_jwt').$type<SiteJwtSettings>(),
  /** Origins allowed to frame the hosted site (migration 0240); empty: none. */
  frameAncestors: text('frame_ancestors').array().notNull().default(sql`'{}'::text[]`),
  createdAt: ts('created_at').notNull(),
});

/** How a protected site signs readers in through an OpenID Connect provider. */
export interface SiteOidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The ID token claim naming the reader's groups (default `groups`): an array of strings, or one string. */
  groupsClaim?: string;
}

/** How a protected site signs readers in through the team's own app: a signed JWT handed back (migration 0720). */
export interface SiteJwtSettings {
  /** The team's login page: readers without a session are sent there with `redirect` and `state`. */
  loginUrl: string;
  /** The one algorithm tokens must be signed with. */
  algorithm: 'EdDSA' | 'RS256' | 'HS256';
  /** The verification key: a public key (PEM or JWK JSON) for EdDSA and RS256, the shared secret for HS256. */
  key: string;
  /** When set, tokens must carry this `aud`. */
  audience?: string;
  /** When set, tokens must carry this `iss`. */
  issuer?: string;
}

/** Signed-in readers of protected sites (migration 0230); only the cookie's hash is stored. */
export const siteSessions = pgTable('site_sessions', {
  idHash: text('id_hash').primaryKey(),
  projectId: text('project_id').notNull(),
  subject: text('subject').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  /** The reader's groups (migration 0720): pages restricted to groups open for one of them. */
  groups: text('groups').array().notNull().default(sql`'{}'::text[]`),
  /** What the JWT said of the reader (`user`, `content`). */
  userData: jsonb('user_data').$type<Record<string, unknown>>(),
});

/** Finished JWT handshakes' states (migration 0720): a second callback with one is a replay. */
export const siteUsedStates = pgTable('site_used_states', {
  stateHash: text('state_hash').primaryKey(),
  projectId: text('project_id').notNull(),
  expiresAt: ts('expires_at').notNull(),
});

/** Admin API keys, stored only as a SHA-256 hash plus the last four characters. */
export const apiKeys = pgTable('api_keys', {
  id: text('id').primaryKey(),
  hash: text('hash').notNull(),
  last4: text('last4').notNull(),
  name: text('name').notNull(),
  projectIds: text('project_ids').array().notNull(),
  createdAt: ts('created_at').notNull(),
  lastUsedAt: ts('last_used_at'),
  expiresAt: ts('expires_at'),
  revokedAt: ts('revoked_at'),
});

/** Agent jobs; `status` moves active → completed | failed, and any → archived. */
export const agentJobs = pgTable('agent_jobs', {
  id: text('id').primaryKey(),
  projectId: text('project_id').notNull(),
  status: text('status').$type<AgentJobStatus>().notNull(),
  repository: text('repository').notNull(),
  ref: text('ref'),
  model: text('model').notNull(),
  prompt: text('prompt').notNull(),
  prLink: text('pr_link'),
  failureReason: text('failure_reason'),
  /** What the job did, for a person; written when it ends (migration 0101). */
  summary: text('summary'),
  leaseOwner: text('lease_owner'),
  leaseExpiresAt: ts('lease_expires_at'),
  attempts: integer('attempts').notNull(),
  createdAt: ts('created_at').notNull(),
  archivedAt: ts('archived_at'),
  updatedAt: ts('updated_at').notNull(),
});

/** Every prompt given to a job, the first one included, in order. */
export const agentJobMessages = pgTable('agent_job_messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  jobId: text('job_id').notNull(),
  projectId: text('project_id').notNull(),
  prompt: text('prompt').notNull(),
  createdAt: ts('created_at').notNull(),
  handledAt: ts('handled_at'),
});

/** The steps of a job's runs, in order (migration 0101). */
export const agentJobSteps = pgTable('agent_job_steps', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  jobId: text('job_id').notNull(),
  kind: text('kind').$type<AgentStepKind>().notNull(),
  text: text('text').notNull(),
  ok: boolean('ok'),
  createdAt: ts('created_at').notNull(),
});

/** Documentation updates: fetch, build and publish of a project's site (table renamed by migration 0004). */
export const updates = pgTable('updates', {
  id: text('id').primaryKey(),
  projectId: text('project_id').notNull(),
  status: text('status').$type<UpdateStatus>().notNull(),
  source: text('source').notNull(),
  summary: text('summary').notNull(),
  logs: text('logs').array().notNull(),
  commitSha: text('commit_sha'),
  commitRef: text('commit_ref'),
  commitMessage: text('commit_message'),
  /** Set when the update builds a preview (migration 0210): the preview's slug; null for the production site. */
  previewSlug: text('preview_slug'),
  createdAt: ts('created_at').notNull(),
  startedAt: ts('started_at'),
  endedAt: ts('ended_at'),
});

/** Preview deployments of a project's branches (migration 0210). */
export const previews = pgTable('previews', {
  projectId: text('project_id').notNull(),
  slug: text('slug').notNull(),
  branch: text('branch').notNull(),
  updateId: text('update_id'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/** Every webhook delivery with its outcome (migration 0211). */
export const webhookDeliveries = pgTable('webhook_deliveries', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  projectId: text('project_id').notNull(),
  provider: text('provider').$type<WebhookProvider>().notNull(),
  deliveryId: text('delivery_id'),
  event: text('event').notNull(),
  outcome: text('outcome').$type<WebhookOutcome>().notNull(),
  httpStatus: integer('http_status').notNull(),
  detail: text('detail').notNull(),
  updateId: text('update_id'),
  createdAt: ts('created_at').notNull(),
});

/** Agent runs a project starts on a schedule or on a push (migration 0102). */
export const agentAutomations = pgTable('agent_automations', {
  id: text('id').primaryKey(),
  projectId: text('project_id').notNull(),
  name: text('name').notNull(),
  trigger: text('trigger').$type<AutomationTrigger>().notNull(),
  /** 5-field cron in UTC, for `schedule`. */
  schedule: text('schedule'),
  /** For `push`: the branch watched; the project's branch when null. */
  branch: text('branch'),
  prompt: text('prompt').notNull(),
  model: text('model'),
  active: boolean('active').notNull(),
  /** The predefined kind of work (src/agent/automations/kinds.ts); null: a free prompt (migration 0740). */
  kind: text('kind'),
  /** Merge the run's pull request when the job's checks pass. */
  automerge: boolean('automerge').notNull().default(false),
  /** Add each run to the automation's open pull request instead of opening another. */
  appendToOpen: boolean('append_to_open').notNull().default(false),
  /** Signs the third-party events of a `webhook` automation; null for the other triggers. */
  webhookSecret: text('webhook_secret'),
  /** `slack` automations: the channel id whose messages start a run (migration 0770); null for the others. */
  slackChannel: text('slack_channel'),
  /** `slack` automations: words a message must contain (case-insensitive); null: any message. */
  slackPattern: text('slack_pattern'),
  nextRunAt: ts('next_run_at'),
  lastRunAt: ts('last_run_at'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/** Each run an automation started, with its job (migration 0102). */
export const agentAutomationRuns = pgTable('agent_automation_runs', {
  id: text('id').primaryKey(),
  automationId: text('automation_id').notNull(),
  jobId: text('job_id').notNull(),
  reason: text('reason').$type<AutomationRunReason>().notNull(),
  createdAt: ts('created_at').notNull(),
});

export type AutomationTrigger = 'schedule' | 'push' | 'webhook' | 'slack';
export type AutomationRunReason = 'schedule' | 'push' | 'api' | 'dashboard' | 'webhook' | 'slack';

export type WebhookProvider = 'github' | 'gitlab' | 'generic';
export type WebhookOutcome = 'triggered' | 'ignored' | 'refused';

export type AgentJobStatus = 'active' | 'completed' | 'archived' | 'failed';
/** `read`/`changed`: a file; `check`: a check and its outcome (`ok`); `note`: anything else; `summary`: the last word. */
export type AgentStepKind = 'read' | 'changed' | 'check' | 'note' | 'summary';
export type UpdateStatus = 'queued' | 'in_progress' | 'success' | 'failure';

export type ProjectRow = typeof projects.$inferSelect;
export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type AgentJobRow = typeof agentJobs.$inferSelect;
export type AgentJobMessageRow = typeof agentJobMessages.$inferSelect;
export type UpdateRow = typeof updates.$inferSelect;
export type PreviewRow = typeof previews.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AgentJobStepRow = typeof agentJobSteps.$inferSelect;
export type AgentAutomationRow = typeof agentAutomations.$inferSelect;
export type AgentAutomationRunRow = typeof agentAutomationRuns.$inferSelect;

export const schema = { projects, apiKeys, agentJobs, agentJobMessages, agentJobSteps, updates, previews, webhookDeliveries, agentAutomations, agentAutomationRuns };

/** Public, read-only assistant keys for browsers (migration 0300): search and ask only, one project. */
export const assistantKeys = pgTable('assistant_keys', {
  id: text('id').primaryKey(),
  projectId: text('project_id').notNull(),
  hash: text('hash').notNull(),
  last4: text('last4').notNull(),
  name: text('name').notNull(),
  allowedOrigins: text('allowed_origins').array().notNull(),
  createdAt: ts('created_at').notNull(),
  lastUsedAt: ts('last_used_at'),
  revokedAt: ts('revoked_at'),
});

/** A reader's conversation with the assistant (migration 0300); the analytics pages read these. */
export const assistantThreads = pgTable('assistant_threads', {
  id: text('id').primaryKey(),
  projectId: text('project_id').notNull(),
  fp: text('fp').notNull(),
  pagePath: text('page_path').notNull(),
  outcome: text('outcome').notNull().$type<'answered' | 'not_found' | 'deflected' | 'limit' | 'error'>(),
  tokensIn: integer('tokens_in').notNull(),
  tokensOut: integer('tokens_out').notNull(),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
  /** Who asked: the site's widget or the discovery API with an assistant key (migration 0330). */
  caller: text('caller').notNull().$type<'web' | 'api' | 'other'>(),
  /** Who started it, as its page token attests (migration 0600): a keyed hash of site and address; null before 0600. */
  reader: text('reader'),
});

/** One message of an assistant thread, with the pages an answer cited (migration 0300). */
export const assistantMessages = pgTable('assistant_messages', {
  id: text('id').primaryKey(),
  threadId: text('thread_id').notNull(),
  role: text('role').notNull().$type<'user' | 'assistant'>(),
  content: text('content').notNull(),
  citations: jsonb('citations').notNull().$type<{ path: string; anchor?: string; title?: string }[]>(),
  createdAt: ts('created_at').notNull(),
  /** How an answer ended, and its tokens (migration 0310); null outcome for questions. */
  outcome: text('outcome').$type<'answered' | 'not_found' | 'deflected' | 'limit' | 'error'>(),
  tokensIn: integer('tokens_in').notNull(),
  tokensOut: integer('tokens_out').notNull(),
  /** The reader's thumb on an answer (migration 0600); null when not rated. */
  rating: text('rating').$type<'up' | 'down'>(),
});

/** Raw analytics events (migration 0400): page views and searches, kept for the server's retention. */
export const analyticsEvents = pgTable('analytics_events', {
  projectId: text('project_id').notNull(),
  preview: text('preview').notNull(),
  kind: text('kind').notNull().$type<'view' | 'search' | 'search_open'>(),
  at: ts('at').notNull(),
  path: text('path').notNull(),
  audience: text('audience').notNull().$type<'human' | 'agent'>(),
  channel: text('channel').notNull(),
  visitor: text('visitor').notNull(),
  referrerHost: text('referrer_host').notNull(),
  query: text('query'),
  results: integer('results'),
  opened: text('opened'),
});

/** Daily views per page and audience (migration 0400). */
export const analyticsDailyViews = pgTable('analytics_daily_views', {
  projectId: text('project_id').notNull(),
  preview: text('preview').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  path: text('path').notNull(),
  audience: text('audience').notNull(),
  views: bigint('views', { mode: 'number' }).notNull(),
});

/** Today's and yesterday's visitors per page and audience, to count each once (migration 0400). */
export const analyticsDailyPageVisitors = pgTable('analytics_daily_page_visitors', {
  projectId: text('project_id').notNull(),
  preview: text('preview').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  path: text('path').notNull(),
  audience: text('audience').notNull(),
  visitor: text('visitor').notNull(),
});

/** One row per visitor and day over the whole site (migration 0400). */
export const analyticsDailySiteVisitors = pgTable('analytics_daily_site_visitors', {
  projectId: text('project_id').notNull(),
  preview: text('preview').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  audience: text('audience').notNull(),
  visitor: text('visitor').notNull(),
});

/** Unique visitors per page, audience and day (migration 0400). */
export const analyticsDailyPageUniques = pgTable('analytics_daily_page_uniques', {
  projectId: text('project_id').notNull(),
  preview: text('preview').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  path: text('path').notNull(),
  audience: text('audience').notNull(),
  visitors: bigint('visitors', { mode: 'number' }).notNull(),
});

/** Unique visitors over the site per audience and day (migration 0400). */
export const analyticsDailySiteUniques = pgTable('analytics_daily_site_uniques', {
  projectId: text('project_id').notNull(),
  preview: text('preview').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  audience: text('audience').notNull(),
  visitors: bigint('visitors', { mode: 'number' }).notNull(),
});

/** Daily views per referring host (migration 0400). */
export const analyticsDailyReferrers = pgTable('analytics_daily_referrers', {
  projectId: text('project_id').notNull(),
  preview: text('preview').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  referrerHost: text('referrer_host').notNull(),
  views: bigint('views', { mode: 'number' }).notNull(),
});

/** Daily searches per normalised query (migration 0400). */
export const analyticsDailySearches = pgTable('analytics_daily_searches', {
  projectId: text('project_id').notNull(),
  preview: text('preview').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  query: text('query').notNull(),
  searches: bigint('searches', { mode: 'number' }).notNull(),
  noResults: bigint('no_results', { mode: 'number' }).notNull(),
  clicks: bigint('clicks', { mode: 'number' }).notNull(),
  lastAt: ts('last_at').notNull(),
});

/** Daily MCP `search` tool calls per normalised query (migration 0601): agents' searches. */
export const analyticsDailyAgentSearches = pgTable('analytics_daily_agent_searches', {
  projectId: text('project_id').notNull(),
  preview: text('preview').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  query: text('query').notNull(),
  searches: bigint('searches', { mode: 'number' }).notNull(),
  lastAt: ts('last_at').notNull(),
});

/** Daily opened results per query and page (migration 0400). */
export const analyticsDailySearchClicks = pgTable('analytics_daily_search_clicks', {
  projectId: text('project_id').notNull(),
  preview: text('preview').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  query: text('query').notNull(),
  path: text('path').notNull(),
  clicks: bigint('clicks', { mode: 'number' }).notNull(),
});

/** Refused events counted by code and day (migration 0400); the events are not stored. */
export const analyticsDailyRefusals = pgTable('analytics_daily_refusals', {
  projectId: text('project_id').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  code: text('code').notNull(),
  refused: bigint('refused', { mode: 'number' }).notNull(),
});

/** The day's visitor salt (migration 0400); deleted the day after. */
export const analyticsSalts = pgTable('analytics_salts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  salt: text('salt').notNull(),
});

export type FeedbackSource = 'contextual' | 'thumbs_only' | 'code_snippet' | 'agent';
export type FeedbackStatus = 'pending' | 'in_progress' | 'resolved' | 'dismissed';

/** Readers' and agents' feedback on pages and code snippets (migration 0400). */
export const analyticsFeedback = pgTable('analytics_feedback', {
  id: text('id').primaryKey(),
  projectId: text('project_id').notNull(),
  preview: text('preview').notNull(),
  path: text('path').notNull(),
  source: text('source').notNull().$type<FeedbackSource>(),
  helpful: boolean('helpful'),
  comment: text('comment'),
  contact: text('contact'),
  code: text('code'),
  filename: text('filename'),
  lang: text('lang'),
  /** The preset reason picked with the thumb (migration 0610): `FEEDBACK_REASONS` of shared; null when none was. */
  reason: text('reason'),
  status: text('status').notNull().$type<FeedbackStatus>(),
  createdAt: ts('created_at').notNull(),
});
