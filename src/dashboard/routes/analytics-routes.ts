import type { Hono } from 'hono';
import { createElement } from 'react';
import { AnalyticsError, assistantCallerStats, assistantConversations, assistantThread, dailyTraffic, feedbackByPage, feedbackList, parseRange, referrersByHost, searches, setFeedbackStatus, viewsByPage, visitorsByPage, type DateRange } from '../../analytics/index.js';
import type { DashboardContext, DashboardEnv } from '../context.js';
import { errorPage, html, viewerOf } from '../respond.js';
import { AnalyticsPage } from '../views/analytics-page.js';
import { AssistantAnalyticsPage, AssistantThreadPage } from '../views/assistant-analytics-page.js';
import { loadProject } from './project-routes.js';

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** `?from=&to=` as a range; the last 30 days when absent or not dates. */
function rangeOf(from: string | undefined, to: string | undefined): { range: DateRange; from: string; to: string } {
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  const valid = (v: string | undefined) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)) ? v : undefined);
  const end = valid(to) ?? dayOf(today + DAY_MS);
  let start = valid(from) ?? dayOf(Date.parse(end) - 30 * DAY_MS);
  if (start > end) start = end;
  return { range: parseRange(start, end), from: start, to: end };
}

/** A CSV cell: quoted when it holds a comma, quote or line break; formula-leading text defused. */
function cell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
const csv = (head: string[], rows: unknown[][]) => [head, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';

/** Analytics of a project's production site: traffic, top pages, referrers, searches, feedback with a status, the assistant's conversations; CSV export. */
export function registerAnalyticsRoutes(app: Hono<DashboardEnv>, ctx: DashboardContext): void {
  const { base } = ctx;

  app.get('/projects/:projectId/analytics', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    const { range, from, to } = rangeOf(c.req.query('from'), c.req.query('to'));
    const site = { projectId: project.id, preview: null };
    const [traffic, views, visitors, found, empty, feedback, byPage, referrers] = await Promise.all([
      dailyTraffic(ctx.db, site, range),
      viewsByPage(ctx.db, site, range, { limit: 20 }),
      visitorsByPage(ctx.db, site, range, { limit: 1 }),
      searches(ctx.db, site, range, { limit: 20 }),
      searches(ctx.db, site, range, { limit: 20, withoutResults: true }),
      feedbackList(ctx.db, site, range, {}, { limit: 100 }),
      feedbackByPage(ctx.db, site, range, {}, { limit: 20 }),
      referrersByHost(ctx.db, site, range, { limit: 10 }),
    ]);
    return html(
      c,
      createElement(AnalyticsPage, {
        base,
        viewer: viewerOf(c),
        project,
        range: { from, to },
        traffic,
        views,
        visitors: visitors.totals,
        searches: found,
        noResults: empty.searches,
        feedback: feedback.feedback as never,
        byPage: byPage.feedback,
        referrers: referrers.referrers,
      }),
    );
  });

  app.get('/projects/:projectId/analytics.csv', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    const { range, from, to } = rangeOf(c.req.query('from'), c.req.query('to'));
    const site = { projectId: project.id, preview: null };
    const kind = c.req.query('kind');
    let body: string;
    if (kind === 'views') {
      const v = await viewsByPage(ctx.db, site, range, { limit: 100_000 });
      body = csv(['path', 'human', 'agent', 'total'], v.views.map((r) => [r.path, r.human, r.ai, r.total]));
    } else if (kind === 'referrers') {
      const r = await referrersByHost(ctx.db, site, range, { limit: 100_000 });
      body = csv(['referrer_host', 'views'], r.referrers.map((x) => [x.host, x.views]));
    } else if (kind === 'assistant') {
      const a = await assistantConversations(ctx.db, project.id, range, { limit: 100_000 });
      body = csv(
        ['id', 'asked_at', 'thread_id', 'caller', 'question', 'resolution', 'cited_pages', 'page'],
        a.conversations.map((r) => [r.id, r.timestamp, r.threadId, r.caller, r.query, r.resolutionStatus, r.sources.map((x) => x.url).join(' '), r.pageUrl]),
      );
    } else if (kind === 'searches') {
      const s = await searches(ctx.db, site, range, { limit: 100_000 });
      body = csv(['query', 'searches', 'no_results', 'ctr', 'top_opened_page', 'last_searched_at'], s.searches.map((r) => [r.searchQuery, r.hits, r.noResults, r.ctr.toFixed(3), r.topClickedPage, r.lastSearchedAt]));
    } else if (kind === 'feedback') {
      const f = await feedbackList(ctx.db, site, range, {}, { limit: 100_000 });
      body = csv(['id', 'created_at', 'path', 'source', 'helpful', 'status', 'comment', 'filename', 'lang', 'code'], f.feedback.map((r) => [r.id, r.createdAt, r.path, r.source, r.helpful, r.status, r.comment, r.filename, r.lang, r.code]));
    } else {
      return errorPage(c, ctx, 404, 'DASHBOARD_NOT_FOUND', 'Export views, referrers, searches, feedback or assistant conversations: kind=views|referrers|searches|feedback|assistant.');
    }
    return c.body(body, 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${project.id}-${kind}-${from}-${to}.csv"` });
  });

  app.get('/projects/:projectId/analytics/assistant', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    const { range, from, to } = rangeOf(c.req.query('from'), c.req.query('to'));
    const cursor = c.req.query('cursor');
    let list: Awaited<ReturnType<typeof assistantConversations>>;
    try {
      list = await assistantConversations(ctx.db, project.id, range, { limit: 50, cursor });
    } catch (error) {
      if (error instanceof AnalyticsError) return errorPage(c, ctx, 400, 'DASHBOARD_FORM_INVALID', error.message);
      throw error;
    }
    const callers = await assistantCallerStats(ctx.db, project.id, range);
    return html(c, createElement(AssistantAnalyticsPage, { base, viewer: viewerOf(c), project, range: { from, to }, callers, conversations: list.conversations, nextCursor: list.nextCursor, paged: Boolean(cursor) }));
  });

  app.get('/projects/:projectId/analytics/assistant/:threadId', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    const { from, to } = rangeOf(c.req.query('from'), c.req.query('to'));
    const thread = await assistantThread(ctx.db, project.id, c.req.param('threadId'));
    if (!thread) return errorPage(c, ctx, 404, 'DASHBOARD_NOT_FOUND', 'This project has no assistant conversation with that id.');
    return html(c, createElement(AssistantThreadPage, { base, viewer: viewerOf(c), project, range: { from, to }, thread }));
  });

  app.post('/projects/:projectId/analytics/feedback/:id', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    const form = c.get('form');
    const status = form.status === 'resolved' ? 'resolved' : 'pending';
    if (!(await setFeedbackStatus(ctx.db, project.id, c.req.param('id'), status))) return errorPage(c, ctx, 404, 'DASHBOARD_NOT_FOUND', 'This project has no feedback with that id.');
    const back = /^from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/.test(form.back ?? '') ? `?${form.back}` : '';
    return c.redirect(`${base}/projects/${project.id}/analytics${back}`, 303);
  });
}
