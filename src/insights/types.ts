/**
 * What insights hands on: readers' questions to the assistant and their searches (`TopicItem`s),
 * grouped into `Topic`s a docs team can act on.
 */

/** One question asked (or search made) `count` times, and what became of it. */
export interface TopicItem {
  text: string;
  /** How many times it was asked or searched (a conversation turn is 1; a search row its searches). */
  count: number;
  /** false: the assistant found nothing relevant, or the search showed no result. Absent: not known. */
  answered?: boolean;
  /** The reader's thumbs on the answer; absent or null: not rated. */
  rating?: 'up' | 'down' | null;
  /** Site paths (`/guides/intro`, no base path, no `#anchor`) of the pages the answer cited or the search opened. */
  cited: string[];
  kind: 'question' | 'search';
  /** The assistant thread it was asked in (one of them, when several identical questions were merged). */
  threadId?: string;
  /** Site path of the page the reader asked from: retrieval searches that page's language, as the assistant did. */
  askedOn?: string;
}

export interface Topic {
  /**
   * Stable for the same grouping: made from what anchors the topic (`page-guides-intro`,
   * `group-navigation`, `term-saml`, `other`), never from the model's name for it.
   */
  id: string;
  /** The anchor page's title, its sidebar group's name, a shared word, "Other", or the model's name. */
  label: string;
  /** The pages the topic is about (cited or retrieved), most first (at most `TOPIC_PAGES`). */
  pages: { path: string; title: string }[];
  /** Questions and searches in it, each weighted by its count. */
  count: number;
  unanswered: number;
  thumbsDown: number;
  thumbsUp: number;
  /** Its items, most frequent first, identical ones merged (at most `TOPIC_QUESTIONS`). */
  questions: TopicItem[];
}

/** The three lists a dashboard shows (`sortTopics`): all topics, those with trouble first, those liked first. */
export type TopicView = 'all' | 'negative' | 'positive';

export interface TopicsOptions {
  /**
   * Topics kept for each view (default 20): a topic stays when it is among the first `limit` of any
   * of the three views, so the result holds up to 3 × `limit` topics, and "Other" for the rest.
   */
  limit?: number;
  /**
   * Names for the topics (the configured model's), one per topic in order, or null to keep ours.
   * Topics given the same name are merged. "Other" is never sent. A rejection or an answer of the
   * wrong length keeps our labels (told to `log`): the grouping never depends on the model.
   */
  nameTopics?: (topics: Topic[]) => Promise<string[] | null>;
  /**
   * Time retrieval may take in all (default `SEARCH_BUDGET_MS`); the less asked questions past it
   * are placed by the words they share with those placed. A background job can afford more.
   */
  searchBudgetMs?: number;
  /** Why the model's names were not used, and when the search budget stopped retrieval early. */
  log?: (line: string) => void;
}
