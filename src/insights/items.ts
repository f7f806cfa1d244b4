/**
 * Analytics rows as `TopicItem`s: the assistant's turns (`assistantConversations`) and the search
 * box's queries (`searches`).
 */
import type { Conversation, SearchRow } from '../analytics/index.js';
import type { TopicItem } from './types.js';

/**
 * A cited URL as a site path: `siteUrl` (or any origin) taken off, with its `#anchor` and query;
 * no trailing slash but on the root. Null when it is not a path of the site.
 */
export function sitePathOfUrl(url: string, siteUrl = ''): string | null {
  let path = siteUrl && url.startsWith(siteUrl) ? url.slice(siteUrl.length) : url;
  if (/^[a-z][a-z0-9+.-]*:/i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      return null;
    }
  }
  path = path.replace(/[?#].*$/s, '');
  if (!path.startsWith('/')) path = `/${path}`;
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}

/** The rating a conversation carries once the assistant's thumbs are stored (absent before). */
type Rated = { rating?: 'up' | 'down' | null };

/** One item per turn: its question, whether it was answered, its rating and the pages its answer cited (each once, in order). */
export function itemsOfConversations(conversations: readonly (Conversation & Rated)[], siteUrl = ''): TopicItem[] {
  return conversations.map((c) => {
    const cited = [...new Set(c.sources.map((s) => sitePathOfUrl(s.url, siteUrl)).filter((p): p is string => p !== null))];
    const askedOn = c.pageUrl ? sitePathOfUrl(c.pageUrl, siteUrl) : null;
    return {
      text: c.query,
      count: 1,
      answered: c.resolutionStatus === 'answered',
      rating: c.rating ?? null,
      cited,
      kind: 'question',
      threadId: c.threadId,
      ...(askedOn ? { askedOn } : {}),
    };
  });
}

/**
 * Up to two items per query: its searches that showed results (cited: the page opened most from
 * them) and those that showed none (`answered` false), so a topic's unanswered count is exact.
 */
export function itemsOfSearches(rows: readonly SearchRow[]): TopicItem[] {
  const items: TopicItem[] = [];
  for (const row of rows) {
    const empty = Math.min(row.hits, Math.max(0, row.noResults));
    const opened = row.topClickedPage ? sitePathOfUrl(row.topClickedPage) : null;
    if (row.hits - empty > 0) items.push({ text: row.searchQuery, count: row.hits - empty, answered: true, cited: opened ? [opened] : [], kind: 'search' });
    if (empty > 0) items.push({ text: row.searchQuery, count: empty, answered: false, cited: [], kind: 'search' });
  }
  return items;
}
