import { createRoute } from '@hono/zod-openapi';
import { getUpdate } from '../db/index.js';
import { errorsFor, keyAllows, projectFor, security } from './common.js';
import type { ApiApp, ApiContext } from './context.js';
import { ApiError } from './errors.js';
import { updateStatusBody } from './present.js';
import { PreviewDeletedSchema, PreviewDeleteQuery, PreviewRequestSchema, PreviewTriggeredSchema, StatusParams, UpdateParams, UpdateStatusSchema, UpdateTriggeredSchema } from './schemas.js';

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

const triggerPreview = createRoute({
  method: 'post',
  path: '/v1/project/preview/{projectId}',
  summary: 'Trigger preview deployment',
  description:
    "Creates a preview of a branch, or rebuilds it when one exists: fetch, build and publish the branch at its own host, `<branch slug>--<project>.<site domain>`, leaving the project's site as it is. Returns a status ID (follow it with `GET /v1/project/update-status/{statusId}`) and the preview's URL. Previews unused for the server's preview TTL are deleted.",
  security,
  request: { params: UpdateParams, body: { required: true, content: { 'application/json': { schema: PreviewRequestSchema } } } },
  responses: {
    202: { description: 'Preview queued', content: { 'application/json': { schema: PreviewTriggeredSchema } } },
    ...errorsFor(400, 401, 404, 413, 415),
  },
});

const deletePreview = createRoute({
  method: 'delete',
  path: '/v1/project/preview/{projectId}',
  summary: 'Delete preview deployment',
  description: "Deletes the preview of a branch now, rather than waiting for the server's preview TTL: its address stops answering and its published builds are removed. 404 when the project has no preview of that branch.",
  security,
  request: { params: UpdateParams, query: PreviewDeleteQuery },
  responses: {
    200: { description: 'Preview deleted', content: { 'application/json': { schema: PreviewDeletedSchema } } },
    ...errorsFor(400, 401, 404),
  },
});

/** The URL of a preview, on the scheme and port the request came in on. */
export function previewUrl(requestUrl: string, slug: string, projectId: string, siteDomain = 'localhost'): string {
  const url = new URL(requestUrl);
  return `${url.protocol}//${slug}--${projectId}.${siteDomain}${url.port ? `:${url.port}` : ''}/`;
}

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

  app.openapi(triggerPreview, async (c) => {
    const project = await projectFor(ctx, c, c.req.valid('param').projectId);
    const { update, slug } = await ctx.services.triggerPreview(project, c.req.valid('json').branch, 'api');
    return c.json({ statusId: update.id, previewUrl: previewUrl(c.req.url, slug, project.id, ctx.siteDomain) }, 202);
  });

  app.openapi(deletePreview, async (c) => {
    const project = await projectFor(ctx, c, c.req.valid('param').projectId);
    const { branch } = c.req.valid('query');
    if (!(await ctx.services.deletePreview(project, branch))) throw new ApiError(404, 'NOT_FOUND', `The project has no preview of the branch "${branch}". List previews on the dashboard's Updates page.`);
    return c.json({ deleted: true as const, branch }, 200);
  });

  app.openapi(updateStatus, async (c) => {
    const update = await getUpdate(ctx.db, c.req.valid('param').statusId);
    if (!update || !keyAllows(c, update.projectId)) throw new ApiError(404, 'NOT_FOUND', UPDATE_NOT_FOUND);
    return c.json(updateStatusBody(update), 200);
  });
}
