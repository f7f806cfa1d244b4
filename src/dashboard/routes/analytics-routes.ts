import type { Context, Hono } from 'hono';
import { createElement } from 'react';
import {
  AnalyticsError,
  FEEDBACK_STATUSES,
  assistantConversations,
  assistantSummary,
  assistantThread,
  dailyTraffic,
  feedbackCounts,
  feedbackList,
  feedbackRatings,
  mcpSearches,
  referrersByHost,
  searches,
  searchSummary,
  setFeedbackStatus,
  trafficSummary,
  viewsByPage,
  type FeedbackFilter,
  type FeedbackStatusName,
} from '../../analytics/index.js';
import type { ProjectRow } from '../../db/index.js';
import { everyDay, rangeFromQuery, type ShownRange } from '../analytics-range.js';
import type { DashboardContext, DashboardEnv } from '../context.js';
import { errorPage, html, viewerOf } from '../respond.js';
import { AssistantAnalyticsPage, AssistantThreadPage, ASSISTANT_TABS, type AssistantTab } from '../views/assistant-analytics-page.js';
import { FeedbackPage, FEEDBACK_TABS, type FeedbackTab } from '../views/feedback-page.js';
import { SearchesPage } from '../views/searches-page.js';
import { RANKINGS, TrafficPage, type RankingId } from '../views/traffic-page.js';
import { registerTopicRoutes, topicsForRange } from './topic-routes.js';
import { loadProject } from './project-routes.js';

/** A CSV cell: quoted when it holds a comma, quote or line break; formula-leading text defused. */
function cell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
export const csv = (head: string[], rows: unknown[][]) => [head, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';

/** The range of `?range=` / `?from=&to=`; "all time" starts on the day the project was created. */
export function shownRange(c: Context, project: ProjectRow): ShownRange {
  return rangeFromQuery({ range: c.req.query('range'), from: c.req.query('from'), to: c.req.query('to') }, { since: project.createdAt.getTime() });
}

const isStatus = (v: string | undefined): v is FeedbackStatusName => FEEDBACK_STATUSES.includes(v as FeedbackStatusName);

/**
 * The analytics screens of a project's production site: traffic, searches, feedback (ratings by
 * page, detailed, code snippets; statuses), the assistant (figures, topics, chat history, threads);
 * CSV of every list; topics handed to the agent.
 */
export function registerAnalyticsRoutes(app: Hono<DashboardEnv>, ctx: DashboardContext): void {
  const { base } = ctx;
  const siteOf = (project: ProjectRow) => ({ projectId: project.id, preview: null });
  /** What every analytics screen is drawn with: where it is, who looks, the project, its site's address and the range. */
  const screenOf = (c: Context<DashboardEnv>, project: ProjectRow, range: ShownRange) => ({ base, viewer: viewerOf(c), project, siteUrl: ctx.siteUrl(project, new URL(c.req.url)), range });

  app.get('/projects/:projectId/analytics', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    const range = shownRange(c, project);
    const site = siteOf(project);
    const ranking: RankingId = RANKINGS.find((r) => r.id === c.req.query('rank'))?.id ?? 'pages';
    const rowsOf = async (): Promise<{ label: string; count: number; path?: string }[]> => {
      if (ranking === 'searches') return (await searches(ctx.db, site, range.range, { limit: 50 })).searches.map((s) => ({ label: s.searchQuery, count: s.hits }));
      if (ranking === 'mcp') return (await mcpSearches(ctx.db, site, range.range, { limit: 50 })).searches.map((s) => ({ label: s.query, count: s.hits }));
      if (ranking === 'referrers') return (await referrersByHost(ctx.db, site, range.range, { limit: 50 })).referrers.map((r) => ({ label: r.host, count: r.views }));
      return (await viewsByPage(ctx.db, site, range.range, { limit: 50 })).views.map((v) => ({ label: v.path, count: v.total, path: v.path }));
    };
    const [summary, daily, rows] = await Promise.all([trafficSummary(ctx.db, site, range.range), dailyTraffic(ctx.db, site, range.range), rowsOf()]);
    return html(
      c,
      createElement(TrafficPage, {
        ...screenOf(c, project, range),
        summary,
        daily: everyDay(range.days, daily, (day) => ({ day, human: 0, ai: 0 })),
        ranking,
        rows,
      }),
    );
  });

  app.get('/projects/:projectId/analytics/searches', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    const range = shownRange(c, project);
    const site = siteOf(project);
    const [summary, top, empty, agents] = await Promise.all([
      searchSummary(ctx.db, site, range.range),
      searches(ctx.db, site, range.range, { limit: 50 }),
      searches(ctx.db, site, range.range, { limit: 50, withoutResults: true }),
      mcpSearches(ctx.db, site, range.range, { limit: 50 }),
    ]);
    return html(
      c,
      createElement(SearchesPage, {
        ...screenOf(c, project, range), summary, top: top.searches, noResults: empty.searches, agents: agents.searches }),
    );
  });

  app.get('/projects/:projectId/analytics/feedback', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    const range = shownRange(c, project);
    const site = siteOf(project);
    const tab: FeedbackTab = FEEDBACK_TABS.find((t) => t.id === c.req.query('tab'))?.id ?? 'ratings';
    const status = c.req.query('status');
    const filter: FeedbackFilter = { ...(isStatus(status) ? { statuses: [status] } : {}) };
    const [counts, ratings, entries] = await Promise.all([
      feedbackCounts(ctx.db, site, range.range),
      tab === 'ratings' ? feedbackRatings(ctx.db, site, range.range, 25) : null,
      tab === 'ratings' ? null : feedbackList(ctx.db, site, range.range, { ...filter, ...(tab === 'code' ? { source: 'code_snippet' } : {}) }, { limit: 200 }),
    ]);
    const shown = (entries?.feedback ?? []).filter((f) => tab === 'code' || f.source !== 'code_snippet');
    return html(
      c,
      createElement(FeedbackPage, {
        ...screenOf(c, project, range),
        tab,
        status: isStatus(status) ? status : null,
        counts,
        ratings,
        entries: shown as never,
        // The widget's words are render's; loaded here, on this page, so the dashboard does not bring the layout's stack with it.
        reasonLabels: (await import('../../render/index.js')).feedbackStrings('en').reasons,
      }),
    );
  });

  app.post('/projects/:projectId/analytics/feedback/:id', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    const form = c.get('form');
    const status = isStatus(form.status) ? form.status : null;
    if (!status) return errorPage(c, ctx, 400, 'DASHBOARD_FORM_INVALID', `Status: choose one of ${FEEDBACK_STATUSES.join(', ')}.`);
    if (!(await setFeedbackStatus(ctx.db, project.id, c.req.param('id'), status))) return errorPage(c, ctx, 404, 'DASHBOARD_NOT_FOUND', 'This project has no feedback with that id.');
    // Back to the same tab, filter and range (only what the feedback page itself writes in `back`).
    const back = /^[\w=&-]{0,200}$/.test(form.back ?? '') && form.back ? `?${form.back}` : '';
    return c.redirect(`${base}/projects/${project.id}/analytics/feedback${back}`, 303);
  });

  app.get('/projects/:projectId/analytics/assistant', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    const range = shownRange(c, project);
    const tab: AssistantTab = ASSISTANT_TABS.find((t) => t.id === c.req.query('tab'))?.id ?? 'topics';
    const cursor = c.req.query('cursor');
    let list: Awaited<ReturnType<typeof assistantConversations>> | null = null;
    try {
      list = tab === 'history' ? await assistantConversations(ctx.db, project.id, range.range, { limit: 50, cursor }) : null;
    } catch (error) {
      if (error instanceof AnalyticsError) return errorPage(c, ctx, 400, 'DASHBOARD_FORM_INVALID', error.message);
      throw error;
    }
    const [summary, topics] = await Promise.all([assistantSummary(ctx.db, project.id, range.range), tab === 'history' ? null : topicsForRange(ctx, project, range.range)]);
    return html(
      c,
      createElement(AssistantAnalyticsPage, {
        ...screenOf(c, project, range),
        tab,
        summary,
        daily: everyDay(range.days, summary.daily, (day) => ({ day, answered: 0, unanswered: 0 })),
        topics,
        conversations: list?.conversations ?? [],
        nextCursor: list?.nextCursor ?? null,
        paged: Boolean(cursor),
      }),
    );
  });

  app.get('/projects/:projectId/analytics/assistant/:threadId', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    const range = shownRange(c, project);
    const thread = await assistantThread(ctx.db, project.id, c.req.param('threadId'));
    if (!thread) return errorPage(c, ctx, 404, 'DASHBOARD_NOT_FOUND', 'This project has no assistant conversation with that id.');
    return html(c, createElement(AssistantThreadPage, {
        ...screenOf(c, project, range), thread }));
  });

  registerTopicRoutes(app, ctx);

  app.get('/projects/:projectId/analytics.csv', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    const range = shownRange(c, project);
    const r = range.range;
    const site = siteOf(project);
    const kind = c.req.query('kind') ?? '';
    const ALL = { limit: 100_000 };
    const exporters: Record<string, () => Promise<string>> = {
      traffic: async () => csv(['day', 'human', 'agent'], everyDay(range.days, await dailyTraffic(ctx.db, site, r), (day) => ({ day, human: 0, ai: 0 })).map((d) => [d.day, d.human, d.ai])),
      views: async () => csv(['path', 'human', 'agent', 'total'], (await viewsByPage(ctx.db, site, r, ALL)).views.map((v) => [v.path, v.human, v.ai, v.total])),
      referrers: async () => csv(['referrer_host', 'views'], (await referrersByHost(ctx.db, site, r, ALL)).referrers.map((x) => [x.host, x.views])),
      searches: async () =>
        csv(['query', 'searches', 'no_results', 'ctr', 'top_opened_page', 'last_searched_at'], (await searches(ctx.db, site, r, ALL)).searches.map((s) => [s.searchQuery, s.hits, s.noResults, s.ctr.toFixed(3), s.topClickedPage, s.lastSearchedAt])),
      'no-results': async () => csv(['query', 'searches', 'no_results'], (await searches(ctx.db, site, r, { ...ALL, withoutResults: true })).searches.map((s) => [s.searchQuery, s.hits, s.noResults])),
      'mcp-searches': async () => csv(['query', 'searches'], (await mcpSearches(ctx.db, site, r, ALL)).searches.map((s) => [s.query, s.hits])),
      feedback: async () => {
        const f = await feedbackList(ctx.db, site, r, {}, ALL);
        return csv(
          ['id', 'created_at', 'path', 'source', 'helpful', 'reason', 'status', 'comment', 'filename', 'lang', 'code'],
          f.feedback.map((x) => [x.id, x.createdAt, x.path, x.source, x.helpful, x.reason, x.status, x.comment, x.filename, x.lang, x.code]),
        );
      },
      assistant: async () => {
        const a = await assistantConversations(ctx.db, project.id, r, ALL);
        return csv(
          ['id', 'asked_at', 'thread_id', 'caller', 'question', 'resolution', 'rating', 'cited_pages', 'page'],
          a.conversations.map((x) => [x.id, x.timestamp, x.threadId, x.caller, x.query, x.resolutionStatus, x.rating, x.sources.map((s) => s.url).join(' '), x.pageUrl]),
        );
      },
    };
    const exporter = exporters[kind];
    if (!exporter) return errorPage(c, ctx, 404, 'DASHBOARD_NOT_FOUND', `Export one of: ${Object.keys(exporters).join(', ')} (kind=...).`);
    return c.body(await exporter(), 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${project.id}-${kind}-${range.from}-${range.to}.csv"` });
  });
}
