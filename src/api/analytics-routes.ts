/**
 * The analytics API (`/v1/analytics/{projectId}/...`), as the platform publishes it
 * (analytics.openapi.json): feedback, feedback by page, assistant conversations, one thread, caller
 * stats, searches, views and visitors; and referrers (a Folio addition). Admin keys, the API's bearer auth; a key sees only its
 * projects. `preview` (a Folio addition) reads a branch preview's figures instead of production's.
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  AnalyticsError,
  assistantCallerStats,
  assistantConversations,
  assistantThread,
  feedbackByPage,
  feedbackList,
  parseRange,
  referrersByHost,
  searches,
  viewsByPage,
  visitorsByPage,
  type FeedbackStatusName,
} from '../analytics/index.js';
import { deleteAssistantThreads } from '../db/index.js';
import type { AuthEnv } from './auth.js';
import { errorsFor, projectFor, security } from './common.js';
import type { ApiApp, ApiContext } from './context.js';
import { ProjectParams } from './schemas.js';

const date = (end: boolean) =>
  z.string().max(40).optional().openapi({ description: end ? 'Date in ISO 8601 or YYYY-MM-DD format; an exclusive upper limit.' : 'Date in ISO 8601 or YYYY-MM-DD format (inclusive).', example: '2026-01-01' });
const limit = (max: number, fallback: number) => z.coerce.number().int().min(1).max(max).default(fallback).openapi({ description: `Max results per page (1-${max}, default ${fallback}).` });
const Range = { dateFrom: date(false), dateTo: date(true), preview: z.string().max(80).optional().openapi({ description: "A branch preview's slug: its figures instead of the production site's." }) };
const SOURCES = ['code_snippet', 'contextual', 'agent', 'thumbs_only'] as const;
const STATUSES = ['pending', 'in_progress', 'resolved', 'dismissed'] as const;
const FeedbackQuery = z.object({
  ...Range,
  source: z.enum(SOURCES).optional().openapi({ description: 'Filter by feedback source.' }),
  status: z.string().max(100).optional().openapi({ description: 'Comma-separated statuses: pending, in_progress, resolved, dismissed.' }),
});
const Split = z.object({ human: z.number(), ai: z.number(), total: z.number() });
const PageSplit = Split.extend({ path: z.string() });
const Feedback = z.object({
  id: z.string(),
  path: z.string(),
  comment: z.string().nullable(),
  createdAt: z.string().nullable(),
  source: z.enum(SOURCES),
  status: z.enum(STATUSES),
  helpful: z.boolean().optional(),
  contact: z.string().nullable().optional(),
  code: z.string().optional(),
  filename: z.string().nullable().optional(),
  lang: z.string().nullable().optional(),
  reason: z.string().nullable().optional().openapi({
    description: 'Contextual feedback: the preset reason the reader picked with the thumb, or null. After a thumbs up `accurate`, `solved_problem`, `easy_to_understand` or `other`; after a thumbs down `inaccurate`, `not_found`, `out_of_date`, `hard_to_understand` or `other`. Folio addition.',
  }),
});
const Conversation = z.object({
  id: z.string(),
  threadId: z.string(),
  timestamp: z.string(),
  query: z.string(),
  response: z.string(),
  responseType: z.enum(['answer', 'clarifying_question']),
  sources: z.array(z.object({ title: z.string(), url: z.string() })),
  resolutionStatus: z.enum(['answered', 'unanswered']),
  queryCategory: z.string().nullable(),
  pageUrl: z.string().nullable(),
  caller: z.enum(['web', 'api', 'other']).openapi({ description: "Who asked: the site's own widget (`web`) or the discovery API with an assistant key (`api`). Folio addition." }),
});

const json = <T extends z.ZodType>(description: string, schema: T) => ({ 200: { description, content: { 'application/json': { schema } } }, ...errorsFor(400, 401, 404) });
const route = <Q extends z.ZodObject, T extends z.ZodType>(path: string, summary: string, query: Q, schema: T, params: z.ZodObject = ProjectParams) =>
  createRoute({ method: 'get', path: `/v1/analytics/{projectId}${path}`, summary, tags: ['Analytics'], security, request: { params, query }, responses: json(summary, schema) });

const feedbackRoute = route('/feedback', 'Get user feedback', FeedbackQuery.extend({ limit: limit(100, 50), cursor: z.string().max(400).optional() }), z.object({ feedback: z.array(Feedback), nextCursor: z.string().nullable(), hasMore: z.boolean() }));
const byPageRoute = route(
  '/feedback/by-page',
  'Get feedback by page',
  FeedbackQuery.extend({ limit: limit(100, 10), offset: z.coerce.number().int().min(0).default(0) }),
  z.object({ feedback: z.array(z.object({ path: z.string(), thumbsUp: z.number(), thumbsDown: z.number(), code: z.number(), total: z.number() })), hasMore: z.boolean() }),
);
const assistantRoute = route('/assistant', 'Get assistant conversations', z.object({ ...Range, limit: limit(1000, 100), cursor: z.string().max(400).optional() }), z.object({ conversations: z.array(Conversation), nextCursor: z.string().nullable(), hasMore: z.boolean() }));
const threadRoute = route(
  '/assistant/threads/{threadId}',
  'Get an assistant conversation thread',
  z.object({}),
  z.object({ threadId: z.string(), createdAt: z.string(), messages: z.array(z.object({ id: z.string(), role: z.enum(['user', 'assistant']), content: z.string(), createdAt: z.string() })) }),
  ProjectParams.extend({ threadId: z.string().min(1).max(100).openapi({ param: { name: 'threadId', in: 'path' }, description: 'Assistant conversation thread id.' }) }),
);
const threadIdParams = ProjectParams.extend({ threadId: z.string().min(1).max(100).openapi({ param: { name: 'threadId', in: 'path' }, description: 'Assistant conversation thread id.' }) });
const Deleted = z.object({ deleted: z.number().int().openapi({ description: 'Threads deleted (with their messages).' }) });
const deleteThreadRoute = createRoute({
  method: 'delete',
  path: '/v1/analytics/{projectId}/assistant/threads/{threadId}',
  summary: 'Delete an assistant conversation thread',
  description: 'Deletes the thread and its messages (Folio addition). The daily token budget keeps what the thread used.',
  tags: ['Analytics'],
  security,
  request: { params: threadIdParams },
  responses: { 200: { description: 'Deleted', content: { 'application/json': { schema: Deleted } } }, ...errorsFor(401, 404) },
});
const deleteThreadsRoute = createRoute({
  method: 'delete',
  path: '/v1/analytics/{projectId}/assistant/threads',
  summary: "Delete a project's assistant conversation threads",
  description: 'Deletes every thread of the project, or those started before `before` (Folio addition).',
  tags: ['Analytics'],
  security,
  request: { params: ProjectParams, query: z.object({ before: date(true) }) },
  responses: { 200: { description: 'Deleted', content: { 'application/json': { schema: Deleted } } }, ...errorsFor(400, 401, 404) },
});
const callerRoute = route('/assistant/caller-stats', 'Get assistant caller stats', z.object(Range), z.object({ web: z.number(), api: z.number(), other: z.number(), total: z.number() }));
const searchesRoute = route(
  '/searches',
  'Get search queries',
  z.object({ ...Range, limit: limit(100, 50), cursor: z.string().max(400).optional(), noResults: z.enum(['true', 'false']).optional().openapi({ description: 'Only queries some search of which found nothing (Folio addition).' }) }),
  z.object({
    searches: z.array(z.object({ searchQuery: z.string(), hits: z.number(), ctr: z.number(), topClickedPage: z.string().nullable(), lastSearchedAt: z.string(), noResults: z.number() })),
    totalSearches: z.number().int(),
    nextCursor: z.string().nullable(),
  }),
);
const pageQuery = z.object({ ...Range, limit: limit(250, 50), offset: z.coerce.number().int().min(0).default(0) });
const viewsRoute = route('/views', 'Get page views', pageQuery, z.object({ totals: Split, views: z.array(PageSplit), hasMore: z.boolean() }));
const visitorsRoute = route('/visitors', 'Get unique visitors', pageQuery, z.object({ totals: Split, visitors: z.array(PageSplit), hasMore: z.boolean() }));
const referrersRoute = createRoute({
  method: 'get',
  path: '/v1/analytics/{projectId}/referrers',
  summary: 'Get referring sites',
  description: "Page views by the host of the site that linked to them (the `Referer` header's host; views with none, or from the site itself, are not listed). Folio addition.",
  tags: ['Analytics'],
  security,
  request: { params: ProjectParams, query: pageQuery },
  responses: json(
    'Get referring sites',
    z.object({
      totals: z.object({ views: z.number().openapi({ description: 'Views that came from another site, in the range.' }) }),
      referrers: z.array(z.object({ host: z.string().openapi({ description: 'Host of the referring site, e.g. `github.com`.' }), views: z.number() })),
      hasMore: z.boolean(),
    }),
  ),
});

/** Run a handler; the analytics layer's refusals become `{ error, code }` with their status. */
async function answer(c: Context<AuthEnv>, run: () => Promise<unknown>): Promise<Response> {
  try {
    return c.json(await run(), 200);
  } catch (error) {
    if (error instanceof AnalyticsError) return c.json({ error: error.message, code: error.code }, error.status as 400);
    throw error;
  }
}

const statusesOf = (value: string | undefined): FeedbackStatusName[] | undefined =>
  value ? value.split(',').map((s) => s.trim()).filter((s): s is FeedbackStatusName => (STATUSES as readonly string[]).includes(s)) : undefined;

export function registerAnalyticsRoutes(app: ApiApp, ctx: ApiContext): void {
  const domain = ctx.siteDomain ?? 'localhost';
  const siteOf = (projectId: string, preview?: string) => ({ projectId, preview: preview || null });
  app.openapi(feedbackRoute, async (c) => {
    const { projectId } = c.req.valid('param') as { projectId: string };
    const q = c.req.valid('query');
    await projectFor(ctx, c, projectId);
    return answer(c, () => feedbackList(ctx.db, siteOf(projectId, q.preview), parseRange(q.dateFrom, q.dateTo), { source: q.source, statuses: statusesOf(q.status) }, { limit: q.limit, cursor: q.cursor })) as never;
  });
  app.openapi(byPageRoute, async (c) => {
    const { projectId } = c.req.valid('param') as { projectId: string };
    const q = c.req.valid('query');
    await projectFor(ctx, c, projectId);
    return answer(c, () => feedbackByPage(ctx.db, siteOf(projectId, q.preview), parseRange(q.dateFrom, q.dateTo), { source: q.source, statuses: statusesOf(q.status) }, { limit: q.limit, offset: q.offset })) as never;
  });
  app.openapi(assistantRoute, async (c) => {
    const { projectId } = c.req.valid('param') as { projectId: string };
    const q = c.req.valid('query');
    await projectFor(ctx, c, projectId);
    return answer(c, () => assistantConversations(ctx.db, projectId, parseRange(q.dateFrom, q.dateTo), { limit: q.limit, cursor: q.cursor }, `https://${projectId}.${domain}`)) as never;
  });
  app.openapi(threadRoute, async (c) => {
    const { projectId, threadId } = c.req.valid('param') as { projectId: string; threadId: string };
    await projectFor(ctx, c, projectId);
    const thread = await assistantThread(ctx.db, projectId, threadId);
    if (!thread) return c.json({ error: 'Thread not found. Check the thread id and that your key belongs to this project.', code: 'NOT_FOUND' }, 404) as never;
    return c.json(thread, 200) as never;
  });
  app.openapi(deleteThreadRoute, async (c) => {
    const { projectId, threadId } = c.req.valid('param') as { projectId: string; threadId: string };
    await projectFor(ctx, c, projectId);
    const deleted = await deleteAssistantThreads(ctx.db, projectId, { threadId });
    if (!deleted) return c.json({ error: 'Thread not found. Check the thread id and that your key belongs to this project.', code: 'NOT_FOUND' }, 404) as never;
    return c.json({ deleted }, 200) as never;
  });
  app.openapi(deleteThreadsRoute, async (c) => {
    const { projectId } = c.req.valid('param') as { projectId: string };
    const { before } = c.req.valid('query');
    await projectFor(ctx, c, projectId);
    return answer(c, async () => ({ deleted: await deleteAssistantThreads(ctx.db, projectId, before ? { before: parseRange(undefined, before).to } : {}) })) as never;
  });
  app.openapi(callerRoute, async (c) => {
    const { projectId } = c.req.valid('param') as { projectId: string };
    const q = c.req.valid('query');
    await projectFor(ctx, c, projectId);
    return answer(c, () => assistantCallerStats(ctx.db, projectId, parseRange(q.dateFrom, q.dateTo))) as never;
  });
  app.openapi(searchesRoute, async (c) => {
    const { projectId } = c.req.valid('param') as { projectId: string };
    const q = c.req.valid('query');
    await projectFor(ctx, c, projectId);
    return answer(c, () => searches(ctx.db, siteOf(projectId, q.preview), parseRange(q.dateFrom, q.dateTo), { limit: q.limit, cursor: q.cursor, withoutResults: q.noResults === 'true' })) as never;
  });
  app.openapi(viewsRoute, async (c) => {
    const { projectId } = c.req.valid('param') as { projectId: string };
    const q = c.req.valid('query');
    await projectFor(ctx, c, projectId);
    return answer(c, () => viewsByPage(ctx.db, siteOf(projectId, q.preview), parseRange(q.dateFrom, q.dateTo), { limit: q.limit, offset: q.offset })) as never;
  });
  app.openapi(referrersRoute, async (c) => {
    const { projectId } = c.req.valid('param') as { projectId: string };
    const q = c.req.valid('query');
    await projectFor(ctx, c, projectId);
    return answer(c, () => referrersByHost(ctx.db, siteOf(projectId, q.preview), parseRange(q.dateFrom, q.dateTo), { limit: q.limit, offset: q.offset })) as never;
  });
  app.openapi(visitorsRoute, async (c) => {
    const { projectId } = c.req.valid('param') as { projectId: string };
    const q = c.req.valid('query');
    await projectFor(ctx, c, projectId);
    return answer(c, () => visitorsByPage(ctx.db, siteOf(projectId, q.preview), parseRange(q.dateFrom, q.dateTo), { limit: q.limit, offset: q.offset })) as never;
  });
}
