import type { Hono } from 'hono';
import { createElement } from 'react';
import { assistantSummary, mcpSearches, viewsByPage } from '../../analytics/index.js';
import { listAssistantKeys } from '../../db/index.js';
import { rangeFromQuery } from '../analytics-range.js';
import type { DashboardContext, DashboardEnv } from '../context.js';
import { html, viewerOf } from '../respond.js';
import { AssistantProductPage, McpProductPage } from '../views/product-pages.js';
import { loadProject } from './project-routes.js';

/** The sidebar's products: the assistant and the site's MCP server, each with its last 30 days. */
export function registerProductRoutes(app: Hono<DashboardEnv>, ctx: DashboardContext): void {
  const { base } = ctx;
  app.get('/projects/:projectId/products/assistant', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    const { range } = rangeFromQuery({ range: '30d' });
    const [summary, keys] = await Promise.all([assistantSummary(ctx.db, project.id, range), listAssistantKeys(ctx.db, project.id)]);
    const url = new URL(c.req.url);
    return html(
      c,
      createElement(AssistantProductPage, {
        base,
        viewer: viewerOf(c),
        project,
        siteUrl: ctx.siteUrl(project, url),
        apiBase: url.origin,
        questions: summary.total.value,
        unanswered: summary.unanswered,
        keys: keys.filter((k) => !k.revokedAt).length,
      }),
    );
  });

  app.get('/projects/:projectId/products/mcp', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    const { range } = rangeFromQuery({ range: '30d' });
    const site = { projectId: project.id, preview: null };
    const [searches, views] = await Promise.all([mcpSearches(ctx.db, site, range, { limit: 1 }), viewsByPage(ctx.db, site, range, { limit: 1 })]);
    return html(c, createElement(McpProductPage, { base, viewer: viewerOf(c), project, siteUrl: ctx.siteUrl(project, new URL(c.req.url)), searches: searches.total, agentViews: views.totals.ai }));
  });
}
