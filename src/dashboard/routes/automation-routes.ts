import type { Context, Hono } from 'hono';
import { createElement } from 'react';
import { getAgentJobById, listAutomationRuns, listAutomations, type ProjectRow } from '../../db/index.js';
import { ApiError } from '../../api/index.js';
import type { DashboardContext, DashboardEnv } from '../context.js';
import { errorPage, html, viewerOf } from '../respond.js';
import { AutomationsPage } from '../views/automation-pages.js';
import type { Notice } from '../views/layout.js';
import { noticeFromQuery } from './notices.js';
import { loadProject } from './project-routes.js';

/** Automations: list with recent runs, create, run now, pause/resume, delete. */
export function registerAutomationRoutes(app: Hono<DashboardEnv>, ctx: DashboardContext): void {
  const { base } = ctx;
  const pageUrl = (projectId: string) => `${base}/projects/${projectId}/automations`;

  const page = async (c: Context<DashboardEnv>, project: ProjectRow, notice: Notice | null, status: 200 | 400 | 429) => {
    const rows = await listAutomations(ctx.db, project.id);
    const automations = await Promise.all(
      rows.map(async (a) => {
        const runs = await listAutomationRuns(ctx.db, a.id, 5);
        // Each run's job: its status and pull request, shown beside the run.
        const jobs = await Promise.all(runs.map((r) => getAgentJobById(ctx.db, r.jobId)));
        return { ...a, runs: runs.map((r, i) => ({ ...r, job: jobs[i] ? { status: jobs[i].status, prLink: jobs[i].prLink } : null })) };
      }),
    );
    const origin = new URL(c.req.url).origin;
    return html(c, createElement(AutomationsPage, { base, viewer: viewerOf(c), project, automations, models: ctx.models, origin, notice: notice ?? noticeFromQuery(c) }), status);
  };
  const refused = (c: Context<DashboardEnv>, project: ProjectRow, error: unknown) => {
    if (!(error instanceof ApiError)) throw error;
    return page(c, project, { kind: 'error', text: error.message, code: error.code }, error.status === 429 ? 429 : 400);
  };

  app.get('/projects/:projectId/automations', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    return page(c, project, null, 200);
  });

  app.post('/projects/:projectId/automations', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    const form = c.get('form');
    const trigger = form.trigger === 'push' || form.trigger === 'webhook' || form.trigger === 'slack' ? form.trigger : 'schedule';
    const branch = (form.branch ?? '').trim();
    const model = (form.model ?? '').trim();
    try {
      await ctx.services.createAutomation(project, {
        name: form.name ?? '',
        trigger,
        schedule: trigger === 'schedule' ? (form.schedule ?? '') : undefined,
        branch: trigger === 'push' && branch ? branch : undefined,
        kind: (form.kind ?? '').trim() || undefined,
        prompt: (form.prompt ?? '').trim() || undefined,
        model: model || undefined,
        automerge: form.automerge === '1',
        appendToOpen: form.appendToOpen === '1',
        slackChannel: trigger === 'slack' ? (form.slackChannel ?? '') : undefined,
        slackPattern: trigger === 'slack' ? (form.slackPattern ?? '') : undefined,
      });
      return c.redirect(`${pageUrl(project.id)}?notice=automation-created`, 303);
    } catch (error) {
      return refused(c, project, error);
    }
  });

  app.post('/projects/:projectId/automations/:id/:action', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    const id = c.req.param('id');
    const action = c.req.param('action');
    const missing = () => errorPage(c, ctx, 404, 'DASHBOARD_NOT_FOUND', 'This project has no automation with that id. Pick one from the automations list.');
    try {
      if (action === 'run') {
        const run = await ctx.services.triggerAutomation(project, id, 'dashboard');
        return c.redirect(`${base}/projects/${project.id}/jobs/${run.job.id}?notice=job-started`, 303);
      }
      if (action === 'delete') {
        if (!(await ctx.services.deleteAutomation(project, id))) return missing();
        return c.redirect(`${pageUrl(project.id)}?notice=automation-deleted`, 303);
      }
      if (action === 'pause' || action === 'resume') {
        if (!(await ctx.services.setAutomationActive(project, id, action === 'resume'))) return missing();
        return c.redirect(`${pageUrl(project.id)}?notice=automation-${action === 'pause' ? 'paused' : 'resumed'}`, 303);
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return missing();
      return refused(c, project, error);
    }
    return errorPage(c, ctx, 404, 'DASHBOARD_NOT_FOUND', 'There is no dashboard page at this address.');
  });
}
