import { createRoute, z } from '@hono/zod-openapi';
import { streamSSE } from 'hono/streaming';
import { branchForJob } from '../git/index.js';
import { getAgentJob, getAgentJobById, listAgentJobsByOffset, type AgentJobRow } from '../db/index.js';
import { errorsFor, jobNotFound, keyAllows, projectFor, security } from './common.js';
import type { ApiApp, ApiContext } from './context.js';
import { ApiError } from './errors.js';
import { JobParams, ProjectParams } from './schemas.js';
import { V1CreateBody, V1ListQuery, V1SessionListSchema, V1SessionSchema } from './v1-schemas.js';

type V1Session = z.infer<typeof V1SessionSchema>;

const REASONS = { active: 'processing', completed: 'completed', failed: 'error', archived: 'interrupted' } as const;

/** The v1 view of a job. */
export function v1SessionBody(job: AgentJobRow): V1Session {
  const done = job.status !== 'active';
  const body: V1Session = {
    sessionId: job.id,
    subdomain: job.projectId,
    branch: branchForJob(job.id),
    haulted: done,
    haultReason: REASONS[job.status],
    todos: [],
    title: job.prompt.split('\n')[0]!.slice(0, 120),
    createdAt: job.createdAt.toISOString(),
  };
  if (done && job.prLink) body.pullRequestLink = job.prLink;
  if (job.status === 'failed') body.messageToUser = job.failureReason ?? 'The agent failed.';
  if (job.status === 'completed') body.messageToUser = job.summary ?? (job.prLink ? `Opened a pull request: ${job.prLink}` : 'Finished; no file needed a change.');
  return body;
}

const deprecated = 'Deprecated: use the v2 agent job endpoints.';

const createV1 = createRoute({
  method: 'post',
  path: '/v1/agent/{projectId}/job',
  summary: 'Create agent job (v1)',
  deprecated: true,
  description: `${deprecated} Creates a job from chat-style messages and streams its status as Server-Sent Events until it ends.`,
  security,
  request: { params: ProjectParams, body: { required: true, content: { 'application/json': { schema: V1CreateBody } } } },
  responses: {
    200: {
      description: 'Job created; `status` events carry the v1 session until it is halted.',
      headers: z.object({
        'X-Session-Id': z.string().openapi({ description: 'The job id.' }),
        'X-Branch-Name': z.string().openapi({ description: 'Branch the agent commits to.' }),
      }),
      content: { 'text/event-stream': { schema: z.string().openapi({ description: 'Server-Sent Events: `status` with an AgentSessionV1 as data.' }) } },
    },
    ...errorsFor(400, 401, 404, 413, 415, 429),
  },
});

const getV1 = createRoute({
  method: 'get',
  path: '/v1/agent/{projectId}/job/{id}',
  summary: 'Get agent job by ID (v1)',
  deprecated: true,
  description: deprecated,
  security,
  request: { params: JobParams },
  responses: {
    200: { description: 'The session', content: { 'application/json': { schema: V1SessionSchema } } },
    ...errorsFor(401, 404),
  },
});

const listV1 = createRoute({
  method: 'get',
  path: '/v1/agent/{projectId}/jobs',
  summary: 'Get all agent jobs (v1)',
  deprecated: true,
  description: deprecated,
  security,
  request: { params: ProjectParams, query: V1ListQuery },
  responses: {
    200: { description: 'Sessions, newest first', content: { 'application/json': { schema: V1SessionListSchema } } },
    ...errorsFor(400, 401, 404),
  },
});

/** How often the v1 stream looks at the job, and for how long at most. */
const POLL_MS = 1_000;
const STREAM_LIMIT_MS = 60 * 60_000;

/** Register the deprecated `/v1/agent` routes. */
export function registerV1Routes(app: ApiApp, ctx: ApiContext): void {
  app.openapi(getV1, async (c) => {
    const { projectId, id } = c.req.valid('param');
    if (!keyAllows(c, projectId)) throw jobNotFound();
    const job = await getAgentJob(ctx.db, projectId, id);
    if (!job) throw jobNotFound();
    return c.json(v1SessionBody(job), 200);
  });

  app.openapi(listV1, async (c) => {
    const { projectId } = c.req.valid('param');
    const { skip, take } = c.req.valid('query');
    await projectFor(ctx, c, projectId);
    const jobs = await listAgentJobsByOffset(ctx.db, projectId, skip, take);
    return c.json({ allSessions: jobs.map(v1SessionBody) }, 200);
  });

  app.openapi(createV1, async (c) => {
    const { projectId } = c.req.valid('param');
    const body = c.req.valid('json');
    const user = body.messages.filter((m) => m.role === 'user').map((m) => m.content.trim()).filter(Boolean);
    if (user.length === 0) throw new ApiError(400, 'INVALID_REQUEST', 'Invalid request: messages: include at least one non-empty message with role "user".');
    const system = body.messages.filter((m) => m.role === 'system').map((m) => m.content.trim()).filter(Boolean);
    const prompt = [...user, ...system.map((s) => `Additional instructions: ${s}`)].join('\n\n');
    const project = await projectFor(ctx, c, projectId);
    const job = await ctx.services.createJob(project, { prompt, branch: body.branch });
    c.header('X-Session-Id', job.id);
    c.header('X-Branch-Name', branchForJob(job.id));
    return streamSSE(c, async (stream) => {
      const started = Date.now();
      let last = '';
      while (!stream.aborted && Date.now() - started < STREAM_LIMIT_MS) {
        const current = await getAgentJobById(ctx.db, job.id);
        if (!current) break;
        const data = JSON.stringify(v1SessionBody(current));
        if (data !== last) await stream.writeSSE({ event: 'status', data });
        last = data;
        if (current.status !== 'active') break;
        await stream.sleep(POLL_MS);
      }
    }) as never;
  });
}
