-- The preset reason a reader picks with a page's thumb (src/shared/feedback-reasons.ts): after a thumbs
-- up accurate, solved_problem, easy_to_understand or other; after a thumbs down inaccurate, not_found,
-- out_of_date, hard_to_understand or other. The events endpoint accepts only those; null when none was
-- picked, and for every entry written before.
ALTER TABLE analytics_feedback ADD COLUMN reason text;
