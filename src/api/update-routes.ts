import { createRoute } from '@hono/zod-openapi';
import { getUpdate } from '../db/index.js';
import { errorsFor, keyAllows, projectFor, security } from './common.js';
import type { ApiApp, ApiContext } from './context.js';
import { ApiError } from './errors.js';
import { updateStatusBody } from './present.js';
import { StatusParams, UpdateParams, UpdateStatusSchema, UpdateTriggeredSchema } from './schemas.js';

const triggerUpdate = createRoute({
  method: 'post',
  path: '/v1/project/update/{projectId}',
  summary: 'Trigger update',
  description:
    "Queues an update of the project's site from its configured branch: fetch, build, publish. Returns a status ID to follow it. A failed build leaves the published site unchanged.",
  security,
  request: { params: UpdateParams },
  responses: {
    202: { description: 'Update queued', content: { 'application/json': { schema: UpdateTriggeredSchema } } },
    ...errorsFor(401, 404),
  },
});

const updateStatus = createRoute({
  method: 'get',
  path: '/v1/project/update-status/{statusId}',
  summary: 'Get update status',
  description: 'Gets the status and logs of an update from its status ID.',
  security,
  request: { params: StatusParams },
  responses: {
    200: { description: 'The update', content: { 'application/json': { schema: UpdateStatusSchema } } },
    ...errorsFor(401, 404),
  },
});

const UPDATE_NOT_FOUND = 'Update not found. Check the status ID and that your key belongs to its project.';

/** Register the `/v1/project` update routes. */
export function registerUpdateRoutes(app: ApiApp, ctx: ApiContext): void {
  app.openapi(triggerUpdate, async (c) => {
    const project = await projectFor(ctx, c, c.req.valid('param').projectId);
    const update = await ctx.services.triggerUpdate(project, 'api');
    return c.json({ statusId: update.id }, 202);
  });

  app.openapi(updateStatus, async (c) => {
    const update = await getUpdate(ctx.db, c.req.valid('param').statusId);
    if (!update || !keyAllows(c, update.projectId)) throw new ApiError(404, 'NOT_FOUND', UPDATE_NOT_FOUND);
    return c.json(updateStatusBody(update), 200);
  });
}
