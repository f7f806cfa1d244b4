import type { Context, Hono } from 'hono';
import { createElement } from 'react';
import {
  decodeJobCursor,
  encodeJobCursor,
  getAgentJob,
  listAgentJobMessages,
  listAgentJobs,
  listAgentJobSteps,
  type AgentJobRow,
  type AgentJobStatus,
  type ProjectRow,
} from '../../db/index.js';
import { branchForJob, branchNameProblem } from '../../git/index.js';
import type { DashboardContext, DashboardEnv } from '../context.js';
import { errorPage, html, viewerOf } from '../respond.js';
import { ApiError, transcriptBody } from '../../api/index.js';
import { statusLabel } from '../views/format.js';
import type { Notice } from '../views/layout.js';
import { JOB_FILTERS, JobDetailPage, JobsPage, transcriptLine } from '../views/job-pages.js';
import { noticeFromQuery } from './notices.js';
import { loadProject } from './project-routes.js';

const PAGE_SIZE = 25;

/** A job's prompts and steps, as the API's transcript endpoint gives them. */
async function transcriptOf(ctx: DashboardContext, job: AgentJobRow) {
  const [messages, steps] = await Promise.all([listAgentJobMessages(ctx.db, job.id), listAgentJobSteps(ctx.db, job.id)]);
  return transcriptBody(job, messages, steps).messages;
}
const MAX_PROMPT = 20_000;

/** Agent jobs: list with filters, start, detail, follow-up, archive, and the polling endpoint. */
export function registerJobRoutes(app: Hono<DashboardEnv>, ctx: DashboardContext): void {
  const { base } = ctx;
  const jobsUrl = (projectId: string) => `${base}/projects/${projectId}/jobs`;

  const listPage = async (c: Context<DashboardEnv>, project: ProjectRow, notice: Notice | null, status: 200 | 400 | 429) => {
    const raw = c.req.query('status') ?? 'all';
    const filter = (JOB_FILTERS as string[]).includes(raw) ? (raw as AgentJobStatus | 'all') : 'all';
    const cursor = c.req.query('cursor');
    const { jobs, next } = await listAgentJobs(ctx.db, {
      projectId: project.id,
      status: filter === 'all' ? undefined : filter,
      limit: PAGE_SIZE,
      after: cursor ? decodeJobCursor(cursor) : null,
    });
    return html(
      c,
      createElement(JobsPage, {
        base,
        viewer: viewerOf(c),
        project,
        jobs,
        filter,
        nextCursor: next ? encodeJobCursor(next) : null,
        models: ctx.models,
        notice: notice ?? noticeFromQuery(c),
      }),
      status,
    );
  };

  app.get('/projects/:projectId/jobs', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    return listPage(c, project, null, 200);
  });

  app.post('/projects/:projectId/jobs', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    const form = c.get('form');
    const prompt = (form.prompt ?? '').trim();
    const branch = (form.branch ?? '').trim();
    const model = (form.model ?? '').trim();
    const problem =
      prompt === '' || prompt.length > MAX_PROMPT
        ? `Prompt: describe the change in 1 to ${MAX_PROMPT} characters.`
        : branch && branchNameProblem(branch)
          ? `Base branch: "${branch}" is refused because ${branchNameProblem(branch)}.`
          : model && !ctx.models.includes(model)
            ? `Model: "${model}" is not offered here; choose one of ${ctx.models.map((m) => `"${m}"`).join(', ')}.`
            : null;
    if (problem) return listPage(c, project, { kind: 'error', text: problem, code: 'DASHBOARD_FORM_INVALID' }, 400);
    try {
      const job = await ctx.services.createJob(project, { prompt, branch: branch || undefined, model: model || undefined });
      return c.redirect(`${jobsUrl(project.id)}/${job.id}?notice=job-started`, 303);
    } catch (error) {
      if (error instanceof ApiError) return listPage(c, project, { kind: 'error', text: error.message, code: error.code }, error.status === 429 ? 429 : 400);
      throw error;
    }
  });

  app.get('/projects/:projectId/jobs/:jobId', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    const job = await getAgentJob(ctx.db, project.id, c.req.param('jobId'));
    if (!job) return errorPage(c, ctx, 404, 'DASHBOARD_NOT_FOUND', 'This project has no job with that id. Pick one from the jobs list.');
    const transcript = await transcriptOf(ctx, job);
    let workBranch: string | null = null;
    try {
      workBranch = branchForJob(job.id);
    } catch {
      // An id that cannot name a branch (a row written by hand) shows no branch instead of failing the page.
      workBranch = null;
    }
    return html(c, createElement(JobDetailPage, { base, viewer: viewerOf(c), project, job, transcript, workBranch, notice: noticeFromQuery(c) }));
  });

  app.get('/projects/:projectId/jobs/:jobId/status.json', async (c) => {
    const job = await getAgentJob(ctx.db, c.req.param('projectId'), c.req.param('jobId'));
    if (!job) return c.json({ error: 'Job not found.' }, 404);
    // `logs`: the transcript so far, one line per entry, shown live on the job page while it runs.
    const logs = (await transcriptOf(ctx, job)).map(transcriptLine);
    return c.json({ id: job.id, status: job.status, statusLabel: statusLabel(job.status), prLink: job.prLink, failureReason: job.failureReason, logs });
  });

  app.post('/projects/:projectId/jobs/:jobId/message', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    const jobId = c.req.param('jobId');
    const prompt = (c.get('form').prompt ?? '').trim();
    const back = `${jobsUrl(project.id)}/${jobId}`;
    if (prompt === '' || prompt.length > MAX_PROMPT) {
      return errorPage(c, ctx, 400, 'DASHBOARD_FORM_INVALID', `Follow-up prompt: write 1 to ${MAX_PROMPT} characters. Go back to the job and try again.`);
    }
    try {
      const job = await ctx.services.sendMessage(project, jobId, prompt);
      if (!job) return errorPage(c, ctx, 404, 'DASHBOARD_NOT_FOUND', 'This project has no job with that id.');
      return c.redirect(`${back}?notice=message-sent`, 303);
    } catch (error) {
      if (error instanceof ApiError) return errorPage(c, ctx, error.status, 'DASHBOARD_ACTION_REFUSED', error.message);
      throw error;
    }
  });

  app.post('/projects/:projectId/jobs/:jobId/archive', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    const job = await ctx.services.archiveJob(project, c.req.param('jobId'));
    if (!job) return errorPage(c, ctx, 404, 'DASHBOARD_NOT_FOUND', 'This project has no job with that id.');
    return c.redirect(`${jobsUrl(project.id)}/${job.id}?notice=job-archived`, 303);
  });
}
