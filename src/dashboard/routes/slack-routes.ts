import type { Context, Hono } from 'hono';
import { createElement } from 'react';
import type { ProjectRow } from '../../db/index.js';
import type { DashboardContext, DashboardEnv } from '../context.js';
import { html, viewerOf } from '../respond.js';
import type { Notice } from '../views/layout.js';
import { SlackSettingsPage } from '../views/slack-page.js';
import { noticeFromQuery } from './notices.js';
import { loadProject } from './project-routes.js';

/**
 * The project's Slack app (owners only, `access.ts`): the events address to give Slack, and the
 * workspace, channels, signing secret and bot token to set. Secrets are never shown back: the page
 * shows their last four characters, and an empty field keeps the stored one.
 */
export function registerSlackRoutes(app: Hono<DashboardEnv>, ctx: DashboardContext): void {
  const { base } = ctx;
  const page = async (c: Context<DashboardEnv>, project: ProjectRow, notice: Notice | null, status: 200 | 400 | 502 = 200, values?: { teamId: string; channels: string }) => {
    const settings = ctx.slack ? await ctx.slack.view(project.id) : null;
    c.header('Cache-Control', 'no-store');
    const eventsUrl = `${new URL(c.req.url).origin}/slack/events/${project.id}`;
    return html(c, createElement(SlackSettingsPage, { base, viewer: viewerOf(c), project, settings, eventsUrl, available: Boolean(ctx.slack), notice, values }), status);
  };

  app.get('/projects/:projectId/products/slack', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    return page(c, project, noticeFromQuery(c));
  });

  app.post('/projects/:projectId/products/slack', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    if (!ctx.slack) return page(c, project, { kind: 'error', text: 'The Slack app is turned off on this server.', code: 'DASHBOARD_FORM_INVALID' }, 400);
    const form = c.get('form');
    const values = { teamId: (form.teamId ?? '').slice(0, 100), channels: (form.channels ?? '').slice(0, 2_000) };
    try {
      await ctx.slack.save(project.id, { ...values, signingSecret: (form.signingSecret ?? '').slice(0, 200), botToken: (form.botToken ?? '').slice(0, 300) });
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== 'SLACK_SETTINGS_INVALID' && code !== 'SLACK_API_FAILED') throw error;
      // Slack refusing the token is its answer, not our failure: the form comes back with what was typed (never the secrets).
      return page(c, project, { kind: 'error', text: (error as Error).message, code }, code === 'SLACK_API_FAILED' ? 502 : 400, values);
    }
    return c.redirect(`${base}/projects/${project.id}/products/slack?notice=slack-saved`, 303);
  });

  app.post('/projects/:projectId/products/slack/disconnect', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    await ctx.slack?.remove(project.id);
    return c.redirect(`${base}/projects/${project.id}/products/slack?notice=slack-disconnected`, 303);
  });
}
