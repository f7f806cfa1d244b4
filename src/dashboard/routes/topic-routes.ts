/**
 * Topics of readers' questions and searches (insights' `topicsOf`) on the assistant screen, and the
 * one-click "Ask the agent to fix this": an agent job whose prompt carries the topic's questions
 * (unanswered and thumbed down first) and the pages cited.
 */
import type { Hono } from 'hono';
import { assistantConversations, searches, type DateRange } from '../../analytics/index.js';
import { ApiError } from '../../api/index.js';
import type { ProjectRow } from '../../db/index.js';
import { fixTopicPrompt, itemsOfConversations, itemsOfSearches, MAX_ITEMS, topicsOf, type Topic } from '../../insights/index.js';
import { rangeFromQuery } from '../analytics-range.js';
import type { DashboardContext, DashboardEnv } from '../context.js';
import { errorPage } from '../respond.js';
import { loadProject } from './project-routes.js';

/** How long a range's topics are reused: grouping 5,000 questions costs up to the retrieval budget (2 s). */
const TOPICS_TTL_MS = 5 * 60_000;
/** Ranges remembered (per server); the oldest is forgotten first. */
const TOPICS_KEPT = 64;
const cache = new Map<string, { at: number; topics: Promise<Topic[]> }>();

/** The topics of a project's questions and searches in a range, grouped afresh. */
export async function topicsNow(ctx: Pick<DashboardContext, 'db' | 'sectionIndexOf' | 'nameTopics'>, project: ProjectRow, range: DateRange): Promise<Topic[]> {
  const site = { projectId: project.id, preview: null };
  const [conversations, found, index] = await Promise.all([
    assistantConversations(ctx.db, project.id, range, { limit: MAX_ITEMS }),
    searches(ctx.db, site, range, { limit: 1_000 }),
    ctx.sectionIndexOf ? ctx.sectionIndexOf(project).catch(() => null) : Promise.resolve(null),
  ]);
  const items = [...itemsOfConversations(conversations.conversations), ...itemsOfSearches(found.searches)];
  return topicsOf(items, index, { limit: 20, nameTopics: ctx.nameTopics });
}

/** The topics of a project's questions and searches in a range (remembered for five minutes). */
export function topicsForRange(ctx: DashboardContext, project: ProjectRow, range: DateRange): Promise<Topic[]> {
  const key = `${project.id}\u0000${range.fromDay}\u0000${range.toDay}`;
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && now - hit.at < TOPICS_TTL_MS) return hit.topics;
  const topics = topicsNow(ctx, project, range);
  cache.delete(key);
  cache.set(key, { at: now, topics });
  if (cache.size > TOPICS_KEPT) cache.delete(cache.keys().next().value!);
  // A failed grouping is not kept: the next page view tries again.
  topics.catch(() => cache.delete(key));
  return topics;
}

export function registerTopicRoutes(app: Hono<DashboardEnv>, ctx: DashboardContext): void {
  const { base } = ctx;
  app.post('/projects/:projectId/analytics/topics/:topicId/fix', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    const form = c.get('form');
    const range = rangeFromQuery({ range: form.range, from: form.from, to: form.to }, { since: project.createdAt.getTime() });
    const topic = (await topicsForRange(ctx, project, range.range)).find((t) => t.id === c.req.param('topicId'));
    if (!topic) return errorPage(c, ctx, 404, 'DASHBOARD_NOT_FOUND', 'No topic with this id in the range any more (new questions may have regrouped them). Reload the assistant page and try again.');
    try {
      const job = await ctx.services.createJob(project, { prompt: fixTopicPrompt(topic, project.name) });
      return c.redirect(`${base}/projects/${project.id}/jobs/${job.id}?notice=job-started`, 303);
    } catch (error) {
      if (error instanceof ApiError) return errorPage(c, ctx, error.status === 429 ? 429 : 400, 'DASHBOARD_ACTION_REFUSED', error.message);
      throw error;
    }
  });
}
