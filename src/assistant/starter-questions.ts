/**
 * The questions the assistant panel offers before the reader types: docs.json
 * `assistant.starterQuestions` (up to three, as the platform allows), else questions made of the
 * first three pages' titles, so an empty panel always shows where to start.
 */
import type { SectionIndex } from '../retrieval/index.js';

export const STARTER_COUNT = 3;

/** The configured starter questions, else "Tell me about <title>" for the first pages. */
export function starterQuestionsOf(index: Pick<SectionIndex, 'assistant' | 'firstTitles'>): string[] {
  const configured = index.assistant.starterQuestions?.filter((q) => q.trim()) ?? [];
  if (configured.length) return configured.slice(0, STARTER_COUNT);
  return index.firstTitles(STARTER_COUNT).map((title) => `Tell me about ${title}`);
}
