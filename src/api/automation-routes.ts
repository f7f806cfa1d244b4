import { createRoute } from '@hono/zod-openapi';
import { listAutomations } from '../db/index.js';
import { errorsFor, projectFor, security } from './common.js';
import type { ApiApp, ApiContext } from './context.js';
import { ApiError } from './errors.js';
import { automationBody } from './present.js';
import { AutomationListSchema, CreatedAutomationSchema, CreateAutomationBody, ProjectParams, WorkflowParams, WorkflowTriggeredSchema } from './schemas.js';

const triggerWorkflow = createRoute({
  method: 'post',
  path: '/v1/workflow/{projectId}/{workflowSchemaId}/trigger',
  summary: 'Trigger automation',
  description:
    'Runs a scheduled automation now instead of at its next scheduled time, for example from a CI pipeline after a merge. Only automations with a schedule can be triggered; push automations and paused ones answer 400. The run is an ordinary agent job (`jobId`), counted against the project\'s agent rate.',
  security,
  request: { params: WorkflowParams },
  responses: {
    202: { description: 'Automation run queued.', content: { 'application/json': { schema: WorkflowTriggeredSchema } } },
    ...errorsFor(400, 401, 404, 429),
  },
});

const listWorkflows = createRoute({
  method: 'get',
  path: '/v1/workflow/{projectId}',
  summary: 'List automations',
  description: 'The project\'s automations, oldest first. Folio addition.',
  security,
  request: { params: ProjectParams },
  responses: {
    200: { description: 'The automations', content: { 'application/json': { schema: AutomationListSchema } } },
    ...errorsFor(401, 404),
  },
});

const createWorkflow = createRoute({
  method: 'post',
  path: '/v1/workflow/{projectId}',
  summary: 'Create automation',
  description:
    'Creates an automation: an agent prompt, or a predefined kind of work (`kind`, with its own prompt and checks), run on a schedule (5-field cron in UTC), when a branch is pushed to (through the project\'s webhook), or on each signed event a third party sends to the automation\'s own webhook (`trigger: webhook`; the answer carries its `webhookSecret`, once). Folio addition.',
  security,
  request: { params: ProjectParams, body: { required: true, content: { 'application/json': { schema: CreateAutomationBody } } } },
  responses: {
    201: { description: 'Automation created', content: { 'application/json': { schema: CreatedAutomationSchema } } },
    ...errorsFor(400, 401, 404, 413, 415),
  },
});

const deleteWorkflow = createRoute({
  method: 'delete',
  path: '/v1/workflow/{projectId}/{workflowSchemaId}',
  summary: 'Delete automation',
  description: 'Deletes an automation and its run history; the jobs it started stay. Folio addition.',
  security,
  request: { params: WorkflowParams },
  responses: {
    204: { description: 'Deleted' },
    ...errorsFor(401, 404),
  },
});

const automationNotFound = () => new ApiError(404, 'NOT_FOUND', 'Automation not found. Check the ID (GET /v1/workflow/{projectId}) and that it belongs to this project.');

/** Register the automation routes (`/v1/workflow`). */
export function registerAutomationRoutes(app: ApiApp, ctx: ApiContext): void {
  app.openapi(triggerWorkflow, async (c) => {
    const { projectId, workflowSchemaId } = c.req.valid('param');
    const project = await projectFor(ctx, c, projectId);
    const run = await ctx.services.triggerAutomation(project, workflowSchemaId, 'api');
    return c.json({ schemaId: run.automationId, instanceId: run.runId, jobId: run.job.id }, 202);
  });

  app.openapi(listWorkflows, async (c) => {
    const project = await projectFor(ctx, c, c.req.valid('param').projectId);
    return c.json({ automations: (await listAutomations(ctx.db, project.id)).map(automationBody) }, 200);
  });

  app.openapi(createWorkflow, async (c) => {
    const project = await projectFor(ctx, c, c.req.valid('param').projectId);
    const row = await ctx.services.createAutomation(project, c.req.valid('json'));
    c.header('Location', `/v1/workflow/${encodeURIComponent(project.id)}/${row.id}`);
    return c.json({ ...automationBody(row), webhookSecret: row.webhookSecret }, 201);
  });

  app.openapi(deleteWorkflow, async (c) => {
    const { projectId, workflowSchemaId } = c.req.valid('param');
    const project = await projectFor(ctx, c, projectId);
    if (!(await ctx.services.deleteAutomation(project, workflowSchemaId))) throw automationNotFound();
    return c.body(null, 204) as never;
  });
}
