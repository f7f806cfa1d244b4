-- Readers asking the docs (issue 32) and what the analytics pages show of it (issue 33). Planned
-- together: the assistant writes these rows, the analytics API and dashboard read them.

-- Public, read-only keys for browsers: they may only search and ask, for one project, from the
-- origins listed (none listed: any origin). Distinct from api_keys (admin): a key of one kind is
-- never accepted as the other (different prefix, different table).
CREATE TABLE assistant_keys (
  id text PRIMARY KEY,
  project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  -- Hex SHA-256 of the whole key; the key itself is never stored.
  hash text NOT NULL UNIQUE,
  last4 text NOT NULL,
  name text NOT NULL DEFAULT '',
  allowed_origins text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX assistant_keys_project ON assistant_keys (project_id);

-- One conversation of a reader with the assistant.
CREATE TABLE assistant_threads (
  id text PRIMARY KEY,
  project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  -- The reader's browser fingerprint as the API's `fp` gives it (an opaque string, not personal data).
  fp text NOT NULL DEFAULT '',
  -- The page the reader was on when the thread started.
  page_path text NOT NULL DEFAULT '',
  -- How the last answer ended: answered, not_found (nothing relevant retrieved), deflected
  -- (pointed to support), limit (a step, token, length or time limit was reached), error.
  outcome text NOT NULL DEFAULT 'answered' CHECK (outcome IN ('answered', 'not_found', 'deflected', 'limit', 'error')),
  tokens_in integer NOT NULL DEFAULT 0,
  tokens_out integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX assistant_threads_project_time ON assistant_threads (project_id, created_at);

-- The messages of a thread, in order; an answer keeps the pages it cited.
CREATE TABLE assistant_messages (
  id text PRIMARY KEY,
  thread_id text NOT NULL REFERENCES assistant_threads(id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('user', 'assistant')),
  content text NOT NULL,
  -- [{ "path": "/guides/x", "anchor": "section-id", "title": "..." }]
  citations jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX assistant_messages_thread ON assistant_messages (thread_id, created_at);
