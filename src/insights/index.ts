export { topicsOf, MAX_ITEMS, TOPICS_PER_VIEW } from './topics.js';
export { fixTopicPrompt, questionsByConcern } from './fix-prompt.js';
export { sortTopics, topicConcern } from './views.js';
export { namesOfReply, topicNamingPrompt } from './naming.js';
export { itemsOfConversations, itemsOfSearches, sitePathOfUrl } from './items.js';
export { MAX_SEARCHES, RELEVANT_SCORE, SEARCH_BUDGET_MS } from './anchors.js';
export { OTHER_ID, TOPIC_PAGES, TOPIC_QUESTIONS } from './clusters.js';
export type { Topic, TopicItem, TopicsOptions, TopicView } from './types.js';
