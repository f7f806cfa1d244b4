/**
 * The Suggestions page: the inbox (open, accepted, dismissed), Accept (an ordinary agent job whose
 * prompt carries the suggestion and its evidence, through the admin services' rate limit), Dismiss
 * with a reason, and the source repository the checks follow (owners), with "Check now".
 */
import os from 'node:os';
import path from 'node:path';
import type { Context, Hono } from 'hono';
import { createElement } from 'react';
import {
  acceptSuggestion,
  checkProjectSuggestions,
  dismissSuggestion,
  getSuggestion,
  getSuggestionSource,
  listSuggestions,
  setSuggestionSource,
  suggestionJobPrompt,
  type SuggestionStatus,
} from '../../agent/index.js';
import { ApiError } from '../../api/index.js';
import type { ProjectRow } from '../../db/index.js';
import { branchNameProblem, checkRepositoryUrl, GitError } from '../../git/index.js';
import type { DashboardContext, DashboardEnv } from '../context.js';
import { errorPage, html, viewerOf } from '../respond.js';
import type { Notice } from '../views/layout.js';
import { SUGGESTION_FILTERS, SuggestionsPage } from '../views/suggestions-page.js';
import { loadProject } from './project-routes.js';
import { refreshReaderSuggestions } from './reader-suggestions.js';

const NOTICES: Record<string, Notice> = {
  dismissed: { kind: 'ok', text: 'Suggestion dismissed. The same evidence will not be suggested again.' },
  'source-saved': { kind: 'ok', text: 'Source repository saved. The next check records where its branch is; pushes after that are compared.' },
};

/** Where "Check now" keeps its source mirrors (the worker keeps its own under its work folder). */
const CHECK_DIR = path.join(os.tmpdir(), `folio-suggestions-${process.pid}`);

export function registerSuggestionRoutes(app: Hono<DashboardEnv>, ctx: DashboardContext): void {
  const { base } = ctx;
  const pageUrl = (projectId: string) => `${base}/projects/${projectId}/suggestions`;

  const page = async (c: Context<DashboardEnv>, project: ProjectRow, notice: Notice | null, status: 200 | 400 | 409 | 429 = 200) => {
    const wanted = c.req.query('status') as SuggestionStatus | undefined;
    const filter: SuggestionStatus = wanted && SUGGESTION_FILTERS.includes(wanted) ? wanted : 'open';
    const cursor = c.req.query('cursor')?.slice(0, 100) || null;
    const [list, source] = await Promise.all([listSuggestions(ctx.db, project.id, { status: filter, limit: 50, cursor }), getSuggestionSource(ctx.db, project.id)]);
    const shown = notice ?? NOTICES[c.req.query('notice') ?? ''] ?? null;
    return html(c, createElement(SuggestionsPage, { base, viewer: viewerOf(c), project, suggestions: list.suggestions, filter, nextCursor: list.nextCursor, source, notice: shown }), status);
  };

  app.get('/projects/:projectId/suggestions', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    // Readers' questions and feedback are looked at again (at most every five minutes); a failure leaves the inbox as it was.
    await refreshReaderSuggestions(ctx, project).catch(() => undefined);
    return page(c, project, null);
  });

  const decided = (c: Context<DashboardEnv>) =>
    errorPage(c, ctx, 409, 'DASHBOARD_SUGGESTION_DECIDED', 'This suggestion was accepted or dismissed already, so it is no longer open. Reload the Suggestions page.');

  app.post('/projects/:projectId/suggestions/:id/accept', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    const id = c.req.param('id');
    if (!(await getSuggestion(ctx.db, project.id, id))) return errorPage(c, ctx, 404, 'DASHBOARD_NOT_FOUND', 'This project has no suggestion with that id. Pick one from the Suggestions page.');
    try {
      const accepted = await acceptSuggestion(ctx.db, project.id, id, c.get('user')?.email ?? null, (s) => ctx.services.createJob(project, { prompt: suggestionJobPrompt(s) }));
      if (!accepted) return decided(c);
      return c.redirect(`${base}/projects/${project.id}/jobs/${accepted.jobId}?notice=job-started`, 303);
    } catch (error) {
      if (error instanceof ApiError) return page(c, project, { kind: 'error', text: error.message, code: error.code }, error.status === 429 ? 429 : 400);
      throw error;
    }
  });

  app.post('/projects/:projectId/suggestions/:id/dismiss', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    const id = c.req.param('id');
    const reason = (c.get('form').reason ?? '').trim();
    if (!(await getSuggestion(ctx.db, project.id, id))) return errorPage(c, ctx, 404, 'DASHBOARD_NOT_FOUND', 'This project has no suggestion with that id. Pick one from the Suggestions page.');
    if (!reason) return page(c, project, { kind: 'error', text: 'Say why the suggestion is dismissed (reason): it is kept with it.', code: 'DASHBOARD_FORM_INVALID' }, 400);
    const done = await dismissSuggestion(ctx.db, project.id, id, reason, c.get('user')?.email ?? null);
    if (!done) return decided(c);
    return c.redirect(`${pageUrl(project.id)}?notice=dismissed`, 303);
  });

  app.post('/projects/:projectId/suggestions/source', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    const form = c.get('form');
    const url = (form.url ?? '').trim();
    const branch = (form.branch ?? '').trim() || 'main';
    const invalid = (text: string) => page(c, project, { kind: 'error', text, code: 'DASHBOARD_FORM_INVALID' }, 400);
    if (url) {
      try {
        checkRepositoryUrl(url);
      } catch (error) {
        if (error instanceof GitError) return invalid(`Repository URL: ${error.message}`);
        throw error;
      }
    }
    const problem = branchNameProblem(branch);
    if (problem) return invalid(`Branch "${branch.slice(0, 100)}": ${problem}.`);
    await setSuggestionSource(ctx.db, project.id, url || null, branch);
    return c.redirect(`${pageUrl(project.id)}?notice=source-saved`, 303);
  });

  app.post('/projects/:projectId/suggestions/check', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    const readers = await refreshReaderSuggestions(ctx, project, { force: true }).catch(() => []);
    const result = await checkProjectSuggestions({ db: ctx.db, workDir: CHECK_DIR }, project.id).catch((error: unknown) => ({ created: [], error: (error as Error).message }));
    const created = readers.length + result.created.length;
    const text = result.error ? `The check could not finish: ${result.error}` : created ? `Checked: ${created} new suggestion${created === 1 ? '' : 's'}.` : 'Checked: nothing new.';
    return page(c, project, { kind: result.error ? 'warn' : 'ok', text }, 200);
  });
}
