-- The assistant's answer loop (issue 32): what each answer cost and how it ended, the daily token
-- budget every server shares, and the secret behind the page tokens (bot protection).

-- Per answer (role 'assistant'): how it ended and its tokens; the thread keeps the last outcome and the sums.
ALTER TABLE assistant_messages
  ADD COLUMN outcome text CHECK (outcome IS NULL OR outcome IN ('answered', 'not_found', 'deflected', 'limit', 'error')),
  ADD COLUMN tokens_in integer NOT NULL DEFAULT 0,
  ADD COLUMN tokens_out integer NOT NULL DEFAULT 0;

-- Tokens the assistant used per project and UTC day: the daily budget reads and bumps this row, so
-- two servers on one PostgreSQL share it. Kept when threads are deleted (the budget is spent).
CREATE TABLE assistant_usage (
  project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  day date NOT NULL,
  tokens bigint NOT NULL DEFAULT 0,
  answers integer NOT NULL DEFAULT 0,
  PRIMARY KEY (project_id, day)
);

-- One row: the HMAC secret of the short-lived page tokens a site's readers must show to ask,
-- made by the first server that needs it and shared by every server of the database.
CREATE TABLE assistant_secrets (
  id integer PRIMARY KEY CHECK (id = 1),
  token_secret text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
