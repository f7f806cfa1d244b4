-- Readers rate the assistant's answers (issue 43: the dashboard's "Satisfaction", thumbs up / down).
-- A reader rates an answer from the site's widget (`POST <site>/__folio/assistant/rating`); the
-- rating is the answer's own, set again or taken back by the same reader, so a column suffices.
-- Only answers (role 'assistant') carry one.
ALTER TABLE assistant_messages
  ADD COLUMN rating text,
  ADD CONSTRAINT assistant_messages_rating CHECK (rating IS NULL OR (rating IN ('up', 'down') AND role = 'assistant'));

-- Who started a thread, as the page token attests it: a keyed hash of the site and the reader's
-- address the token was issued to (`PageTokens.readerOf`; never the address itself). A rating is
-- accepted only from the reader whose token started the thread, and still after that token expired
-- (a fresh token of the same reader names the same reader). Null for threads started before this
-- migration: their answers cannot be rated.
ALTER TABLE assistant_threads ADD COLUMN reader text;

-- The dashboard's assistant figures (issue 43) count a project's questions in a range, with the
-- answer after each: readers' questions by time, so a range reads its own questions (then their
-- threads by key), not every message of the server. Answers are found by `assistant_messages_thread`.
CREATE INDEX assistant_messages_questions ON assistant_messages (created_at) WHERE role = 'user';
