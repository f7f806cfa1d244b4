/**
 * The three lists a dashboard shows of the same topics ("Assistant topics", "Topics voted
 * negatively", "Topics voted positively"): one order each, "Other" always last.
 */
import type { Topic, TopicView } from './types.js';

/**
 * What a view puts first: `all` the most asked; `negative` the most unanswered or thumbed down
 * (questions and searches that went wrong); `positive` the most thumbed up. Zero: the topic has
 * nothing for that view (a dashboard may leave it out of that list).
 */
export function topicConcern(topic: Topic, view: TopicView): number {
  return view === 'all' ? topic.count : view === 'negative' ? topic.unanswered + topic.thumbsDown : topic.thumbsUp;
}

/** The topics in a view's order: its concern, then thumbs down (negative) or the count, then the label; "Other" last. */
export function sortTopics(topics: readonly Topic[], view: TopicView = 'all'): Topic[] {
  return [...topics].sort(
    (a, b) =>
      Number(a.id === 'other') - Number(b.id === 'other') ||
      topicConcern(b, view) - topicConcern(a, view) ||
      (view === 'negative' ? b.thumbsDown - a.thumbsDown : 0) ||
      b.count - a.count ||
      (a.label < b.label ? -1 : a.label > b.label ? 1 : 0),
  );
}

/** The topics among the first `limit` of any view that has something for them. */
export function topicsWithin(topics: readonly Topic[], limit: number): Set<Topic> {
  const kept = new Set<Topic>();
  for (const view of ['all', 'negative', 'positive'] as const) {
    for (const topic of sortTopics(topics, view).slice(0, limit)) if (topicConcern(topic, view) > 0) kept.add(topic);
  }
  return kept;
}
