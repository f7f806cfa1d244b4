import type { Hono } from 'hono';
import { createElement } from 'react';
import { getUpdate, listDeliveries, listPreviews, listUpdates, rotateWebhookSecret } from '../../db/index.js';
import type { DashboardContext, DashboardEnv } from '../context.js';
import { errorPage, html, viewerOf } from '../respond.js';
import { ApiError } from '../../api/index.js';
import { statusLabel } from '../views/format.js';
import { UpdateDetailPage, UpdatesPage } from '../views/update-pages.js';
import { noticeFromQuery } from './notices.js';
import { loadProject } from './project-routes.js';

/** Documentation updates: history, trigger, detail with live log, and the polling endpoint. */
export function registerUpdateRoutes(app: Hono<DashboardEnv>, ctx: DashboardContext): void {
  const { base } = ctx;

  app.get('/projects/:projectId/updates', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    const [updates, previewRows, deliveries] = await Promise.all([listUpdates(ctx.db, project.id, 50), listPreviews(ctx.db, project.id), listDeliveries(ctx.db, project.id, 20)]);
    const requestUrl = new URL(c.req.url);
    const siteUrl = ctx.siteUrl(project, requestUrl);
    const previews = previewRows.map((p) => ({ ...p, url: ctx.previewUrl(project, p.slug, requestUrl) }));
    const origin = requestUrl.origin;
    return html(c, createElement(UpdatesPage, { base, viewer: viewerOf(c), project, updates, previews, deliveries, origin, siteUrl, notice: noticeFromQuery(c) }));
  });

  app.post('/projects/:projectId/webhook-secret', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    await rotateWebhookSecret(ctx.db, project.id);
    await ctx.onProjectChanged(project);
    return c.redirect(`${base}/projects/${project.id}/updates?notice=webhook-secret-rotated#webhooks`, 303);
  });

  app.post('/projects/:projectId/previews', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    const branch = (c.get('form').branch ?? '').trim();
    if (!branch) return errorPage(c, ctx, 400, 'DASHBOARD_ACTION_REFUSED', 'Name the branch to preview.');
    try {
      const { update } = await ctx.services.triggerPreview(project, branch, 'dashboard');
      return c.redirect(`${base}/projects/${project.id}/updates/${update.id}?notice=preview-started`, 303);
    } catch (error) {
      if (error instanceof ApiError) return errorPage(c, ctx, error.status, 'DASHBOARD_ACTION_REFUSED', error.message);
      throw error;
    }
  });

  app.post('/projects/:projectId/previews/delete', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    const branch = (c.get('form').branch ?? '').trim();
    if (!branch || !(await ctx.services.deletePreview(project, branch))) return errorPage(c, ctx, 404, 'DASHBOARD_ACTION_REFUSED', 'This project has no preview of that branch (it may have been deleted already).');
    return c.redirect(`${base}/projects/${project.id}/updates?notice=preview-deleted#previews`, 303);
  });

  app.post('/projects/:projectId/updates', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    try {
      const update = await ctx.services.triggerUpdate(project, 'dashboard');
      return c.redirect(`${base}/projects/${project.id}/updates/${update.id}?notice=update-started`, 303);
    } catch (error) {
      if (error instanceof ApiError) return errorPage(c, ctx, error.status, 'DASHBOARD_ACTION_REFUSED', error.message);
      throw error;
    }
  });

  app.get('/projects/:projectId/updates/:updateId', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    const update = await getUpdate(ctx.db, c.req.param('updateId'));
    if (!update || update.projectId !== project.id) {
      return errorPage(c, ctx, 404, 'DASHBOARD_NOT_FOUND', 'This project has no update with that id. Pick one from the updates list.');
    }
    const siteUrl = ctx.siteUrl(project, new URL(c.req.url));
    return html(c, createElement(UpdateDetailPage, { base, viewer: viewerOf(c), project, update, siteUrl, notice: noticeFromQuery(c) }));
  });

  app.get('/projects/:projectId/updates/:updateId/status.json', async (c) => {
    const update = await getUpdate(ctx.db, c.req.param('updateId'));
    if (!update || update.projectId !== c.req.param('projectId')) return c.json({ error: 'Update not found.' }, 404);
    return c.json({
      id: update.id,
      status: update.status,
      statusLabel: statusLabel(update.status),
      summary: update.summary,
      logs: update.logs,
      endedAt: update.endedAt?.toISOString() ?? null,
    });
  });
}
