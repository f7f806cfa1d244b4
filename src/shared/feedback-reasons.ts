/**
 * The preset reasons a reader may give with a page's thumb, as the platform's contextual feedback
 * offers them: the widget draws them (render `layout/content.tsx`, words in `feedback-strings.ts`),
 * the events endpoint accepts only these (analytics `beacon-schema.ts`), and `analytics_feedback.reason`
 * stores the id. `other` is in both lists; the comment then says what it is.
 */
export const FEEDBACK_REASONS = {
  /** After a thumbs up. */
  up: ['accurate', 'solved_problem', 'easy_to_understand', 'other'],
  /** After a thumbs down. */
  down: ['inaccurate', 'not_found', 'out_of_date', 'hard_to_understand', 'other'],
} as const;

export type FeedbackReason = (typeof FEEDBACK_REASONS)['up' | 'down'][number];

/** Whether `reason` is one of the reasons offered after this thumb. */
export function isReasonFor(helpful: boolean, reason: string): reason is FeedbackReason {
  return (FEEDBACK_REASONS[helpful ? 'up' : 'down'] as readonly string[]).includes(reason);
}
