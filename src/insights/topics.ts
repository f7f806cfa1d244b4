/**
 * `topicsOf`: readers' questions and searches grouped into topics, without a model. Plan:
 * merge identical items → anchor each by a page (cited, else retrieved) → the rest by a shared
 * word → one topic per anchor → a sidebar group's pages folded when there are many → the least in
 * "Other" → the model's names, when one is given.
 */
import type { SectionIndex } from '../retrieval/index.js';
import { anchorByPages, MAX_SEARCHES, SEARCH_BUDGET_MS } from './anchors.js';
import { clustersOf, foldGroups, shownClusters, topicsOfClusters } from './clusters.js';
import { namedClusters } from './naming.js';
import type { Topic, TopicItem, TopicsOptions } from './types.js';
import { anchorByTerms, unitsOf } from './units.js';
import { sortTopics } from './views.js';

/** Topics kept per view by default (`TopicsOptions.limit`). */
export const TOPICS_PER_VIEW = 20;

/**
 * Distinct questions grouped by words, most asked first; the rest still count, by their citation
 * or retrieval or in "Other". The greedy word cover makes a pass per word chosen.
 */
export const MAX_ITEMS = 5_000;

/**
 * Group items into topics; `index` null: group by cited pages and shared words only. Topics come
 * most asked first, "Other" (when anything is left) last; `sortTopics` gives the other views.
 */
export async function topicsOf(items: TopicItem[], index: SectionIndex | null, options: TopicsOptions = {}): Promise<Topic[]> {
  const limit = Math.max(1, Math.floor(options.limit ?? TOPICS_PER_VIEW));
  const units = unitsOf(items);
  const budgetMs = options.searchBudgetMs ?? SEARCH_BUDGET_MS;
  const searches = await anchorByPages(units, index, budgetMs);
  if (searches.unsearched) options.log?.(`insights: ${searches.unsearched} less asked questions not searched (budget: ${budgetMs} ms, ${MAX_SEARCHES} searches; ${searches.searched} searched); placed by their words`);
  anchorByTerms(units.slice(0, MAX_ITEMS));
  const clusters = shownClusters(foldGroups(clustersOf(units, index), limit), index, limit);
  const named = await namedClusters(clusters, index, options);
  return sortTopics(topicsOfClusters(named, index), 'all');
}
