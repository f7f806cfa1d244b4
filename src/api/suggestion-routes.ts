/**
 * `GET /v1/suggestions/{projectId}`: the agent's suggestions inbox, newest first, a page at a time
 * (`limit`, `cursor` → `nextCursor`/`hasMore`, as the analytics lists page). Admin keys, the API's
 * bearer auth; a key sees only its projects.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { listSuggestions, type SuggestionRow } from '../agent/index.js';
import { errorsFor, projectFor, security } from './common.js';
import type { ApiApp, ApiContext } from './context.js';
import { ProjectParams, text } from './schemas.js';

const SuggestionSchema = z
  .object({
    id: z.string().openapi({ description: 'The suggestion id.' }),
    source: z.enum(['readers', 'code', 'maintainer']).openapi({
      description: '`readers`: a topic of unanswered or thumbs-down questions, or negative feedback on a page. `code`: a name (CLI flag, environment variable, config key, OpenAPI operation or path) changed in the source repository and still mentioned in pages. `maintainer`: a broken internal link or a page missing from the navigation.',
    }),
    evidenceKey: z.string().openapi({ description: 'What the suggestion is about; never suggested twice for a project.', example: 'code:flag:--dry-run->--preview' }),
    title: z.string(),
    prompt: z.string().openapi({ description: 'What the agent is asked to do when the suggestion is accepted (the job prompt adds the evidence).' }),
    evidence: z.object({
      summary: z.string(),
      items: z.array(z.object({ label: z.string(), detail: z.string().optional() })).openapi({ description: 'Questions, comments, page lines or links, as seen (at most 50).' }),
      pages: z.array(z.string()).openapi({ description: 'Docs pages concerned: files in the docs repository, or site paths for readers’ suggestions.' }),
    }),
    status: z.enum(['open', 'accepted', 'dismissed']),
    dismissReason: z.string().nullable(),
    jobId: z.string().nullable().openapi({ description: 'The agent job an accepted suggestion started.' }),
    createdAt: z.string().datetime(),
    updatedAt: z.string().datetime().openapi({ description: 'Last time its evidence was refreshed or it was decided.' }),
    decidedAt: z.string().datetime().nullable(),
  })
  .openapi('Suggestion');

const ListSchema = z
  .object({
    suggestions: z.array(SuggestionSchema),
    nextCursor: z.string().nullable().openapi({ description: 'Pass as `cursor` for the next page; null on the last.' }),
    hasMore: z.boolean(),
  })
  .openapi('SuggestionList');

const ListQuery = z.object({
  status: z.enum(['open', 'accepted', 'dismissed', 'all']).default('open').openapi({ description: 'Which suggestions: open (default), accepted, dismissed or all.' }),
  limit: z.coerce.number().int().min(1).max(100).default(50).openapi({ description: 'Max results per page (1-100, default 50).' }),
  cursor: text().max(100).optional().openapi({ description: 'The `nextCursor` of the page before.' }),
});

const listRoute = createRoute({
  method: 'get',
  path: '/v1/suggestions/{projectId}',
  summary: "List the agent's suggestions",
  description:
    "Changes the documentation may need, found by Folio from readers' questions and feedback, from the product's source repository and from the maintainer's checks; newest first. Accept or dismiss them on the dashboard's Suggestions page. Folio addition.",
  tags: ['Suggestions'],
  security,
  request: { params: ProjectParams, query: ListQuery },
  responses: { 200: { description: 'A page of suggestions', content: { 'application/json': { schema: ListSchema } } }, ...errorsFor(400, 401, 404) },
});

function body(s: SuggestionRow): z.infer<typeof SuggestionSchema> {
  return {
    id: s.id,
    source: s.source,
    evidenceKey: s.evidenceKey,
    title: s.title,
    prompt: s.prompt,
    evidence: s.evidence,
    status: s.status,
    dismissReason: s.dismissReason,
    jobId: s.jobId,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
    decidedAt: s.decidedAt?.toISOString() ?? null,
  };
}

export function registerSuggestionRoutes(app: ApiApp, ctx: ApiContext): void {
  app.openapi(listRoute, async (c) => {
    const { projectId } = c.req.valid('param');
    const q = c.req.valid('query');
    await projectFor(ctx, c, projectId);
    const page = await listSuggestions(ctx.db, projectId, { status: q.status === 'all' ? null : q.status, limit: q.limit, cursor: q.cursor ?? null });
    return c.json({ suggestions: page.suggestions.map(body), nextCursor: page.nextCursor, hasMore: page.nextCursor !== null }, 200);
  });
}
