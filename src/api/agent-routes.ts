import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AuthEnv } from './auth.js';
import { decodeJobCursor, encodeJobCursor, getAgentJob, listAgentJobMessages, listAgentJobs, listAgentJobSteps } from '../db/index.js';
import { errorsFor, jobNotFound, keyAllows, projectFor, security } from './common.js';
import type { ApiApp, ApiContext } from './context.js';
import { ApiError } from './errors.js';
import { agentJobBody, transcriptBody } from './present.js';
import { AgentJobSchema, CreateJobBody, JobListSchema, JobParams, ListJobsQuery, MessageBody, ProjectParams, TranscriptSchema } from './schemas.js';

const jobResponse = (description: string) => ({ description, content: { 'application/json': { schema: AgentJobSchema } } });
const jsonBody = <T>(schema: T) => ({ required: true, content: { 'application/json': { schema } } });

const createJob = createRoute({
  method: 'post',
  path: '/v2/agent/{projectId}/job',
  summary: 'Create agent job',
  description: 'Creates an agent job that runs in the background. Poll the get job endpoint to follow it; when the agent changes files it opens a pull request.',
  security,
  request: { params: ProjectParams, body: jsonBody(CreateJobBody) },
  responses: {
    201: jobResponse('Agent job created'),
    ...errorsFor(400, 401, 404, 413, 415, 429),
  },
});

const getJob = createRoute({
  method: 'get',
  path: '/v2/agent/{projectId}/job/{id}',
  summary: 'Get agent job',
  description: 'Retrieves the current status and details of an agent job. Send `If-None-Match` with the last `ETag` to get a cheap 304 while nothing changed.',
  security,
  request: { params: JobParams },
  responses: {
    200: jobResponse('Agent job details'),
    304: { description: 'Not modified since the `ETag` sent in `If-None-Match`.' },
    ...errorsFor(401, 404),
  },
});

const sendMessage = createRoute({
  method: 'post',
  path: '/v2/agent/{projectId}/job/{id}/message',
  summary: 'Send follow-up message',
  description: 'Sends a follow-up prompt to a job; the job becomes `active` again and works on the same branch and pull request.',
  security,
  request: { params: JobParams, body: jsonBody(MessageBody) },
  responses: {
    200: jobResponse('Message accepted'),
    ...errorsFor(400, 401, 404, 413, 415, 429),
  },
});

const getTranscript = createRoute({
  method: 'get',
  path: '/v2/agent/{projectId}/job/{id}/messages',
  summary: 'Get agent job transcript',
  description:
    'The job\'s story, oldest first: every prompt, the files the agent read and changed, the checks it ran with their outcome, and the summary of each run. Folio addition to the spec.',
  security,
  request: { params: JobParams },
  responses: {
    200: { description: 'The transcript', content: { 'application/json': { schema: TranscriptSchema } } },
    ...errorsFor(401, 404),
  },
});

const listJobs = createRoute({
  method: 'get',
  path: '/v2/agent/{projectId}/jobs',
  summary: 'List agent jobs',
  description: 'Lists the project\'s agent jobs, newest first, a page at a time.',
  security,
  request: { params: ProjectParams, query: ListJobsQuery },
  responses: {
    200: { description: 'A page of jobs', content: { 'application/json': { schema: JobListSchema } } },
    ...errorsFor(400, 401, 404),
  },
});

const archiveJob = createRoute({
  method: 'post',
  path: '/v2/agent/{projectId}/job/{id}/archive',
  summary: 'Archive agent job',
  description: 'Moves a job to `archived` and sets `archivedAt`. Archiving an archived job changes nothing.',
  security,
  request: { params: JobParams },
  responses: {
    200: jobResponse('The archived job'),
    ...errorsFor(401, 404),
  },
});

/** Register the `/v2/agent` routes. */
export function registerAgentRoutes(app: ApiApp, ctx: ApiContext): void {
  /** A job route's project; anything out of reach answers like a missing job. */
  const projectForJob = (c: Context<AuthEnv>, projectId: string) =>
    projectFor(ctx, c, projectId).catch((err: unknown) => {
      // A project out of reach reads as a missing job; a database failure stays a 500.
      throw err instanceof ApiError ? jobNotFound() : err;
    });

  app.openapi(createJob, async (c) => {
    const { projectId } = c.req.valid('param');
    const project = await projectFor(ctx, c, projectId);
    const job = await ctx.services.createJob(project, c.req.valid('json'));
    c.header('Location', `/v2/agent/${encodeURIComponent(projectId)}/job/${job.id}`);
    return c.json(agentJobBody(job), 201);
  });

  // The hot path: one indexed query (id + project), key already cached by the auth middleware.
  app.openapi(getJob, async (c) => {
    const { projectId, id } = c.req.valid('param');
    if (!keyAllows(c, projectId)) throw jobNotFound();
    const job = await ctx.jobs.get(projectId, id);
    if (!job) throw jobNotFound();
    if (c.req.header('if-none-match') === job.etag) {
      return new Response(null, { status: 304, headers: { ETag: job.etag, 'Cache-Control': 'no-cache' } }) as never;
    }
    // Pre-serialized body: skips JSON.stringify on the hot path.
    return new Response(job.json, { status: 200, headers: { 'Content-Type': 'application/json', ETag: job.etag, 'Cache-Control': 'no-cache' } }) as never;
  });

  app.openapi(sendMessage, async (c) => {
    const { projectId, id } = c.req.valid('param');
    const project = await projectForJob(c, projectId);
    const job = await ctx.services.sendMessage(project, id, c.req.valid('json').prompt);
    if (!job) throw jobNotFound();
    return c.json(agentJobBody(job), 200);
  });

  app.openapi(getTranscript, async (c) => {
    const { projectId, id } = c.req.valid('param');
    if (!keyAllows(c, projectId)) throw jobNotFound();
    const job = await getAgentJob(ctx.db, projectId, id);
    if (!job) throw jobNotFound();
    const [messages, steps] = await Promise.all([listAgentJobMessages(ctx.db, id), listAgentJobSteps(ctx.db, id)]);
    return c.json(transcriptBody(job, messages, steps), 200);
  });

  app.openapi(listJobs, async (c) => {
    const { projectId } = c.req.valid('param');
    const { status, cursor, limit } = c.req.valid('query');
    await projectFor(ctx, c, projectId);
    const after = cursor ? decodeJobCursor(cursor) : null;
    if (cursor && !after) throw new ApiError(400, 'INVALID_REQUEST', 'cursor: not a cursor from `nextCursor`; omit it to start from the newest job.');
    const page = await listAgentJobs(ctx.db, { projectId, status, limit, after });
    return c.json({ jobs: page.jobs.map(agentJobBody), nextCursor: page.next ? encodeJobCursor(page.next) : null }, 200);
  });

  app.openapi(archiveJob, async (c) => {
    const { projectId, id } = c.req.valid('param');
    const project = await projectForJob(c, projectId);
    const job = await ctx.services.archiveJob(project, id);
    if (!job) throw jobNotFound();
    return c.json(agentJobBody(job), 200);
  });
}
