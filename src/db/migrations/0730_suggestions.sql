-- The agent's suggestions inbox (issue 46): changes the docs may need, found from readers (topics of
-- unanswered or thumbs-down questions, negative page feedback), from the product's source code (a
-- name that changed in a push and that pages still mention) and from the maintainer's checks (broken
-- internal links, pages left out of the navigation). Accepting one starts an ordinary agent job.
--
-- `evidence_key` says what the suggestion is about (`code:flag:--old->--new`, `readers:topic:<id>`,
-- `maintainer:broken-link:<target>`): unique per project, so the same evidence is never suggested
-- twice, and a dismissed or accepted suggestion is never opened again by it.
CREATE TABLE suggestions (
  id text PRIMARY KEY,
  project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  source text NOT NULL CHECK (source IN ('readers', 'code', 'maintainer')),
  evidence_key text NOT NULL,
  title text NOT NULL,
  -- What the agent is asked to do (the job's prompt starts with it).
  prompt text NOT NULL,
  -- `{ summary, items: [{ label, detail?, href? }], pages: [path] }`: what was seen, as shown.
  evidence jsonb NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'accepted', 'dismissed')),
  dismiss_reason text,
  job_id text,
  decided_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  UNIQUE (project_id, evidence_key)
);
CREATE INDEX suggestions_open ON suggestions (project_id, created_at DESC, id DESC) WHERE status = 'open';
CREATE INDEX suggestions_all ON suggestions (project_id, created_at DESC, id DESC);

-- The product's source repository a project follows (URL and branch; none: NULL), polled by the agent
-- worker: `last_sha` is the commit the last check diffed up to (null: not seen yet, the first check
-- records it).
CREATE TABLE suggestion_sources (
  project_id text PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
  repo_url text,
  branch text NOT NULL DEFAULT 'main',
  last_sha text,
  -- The docs branch's commit the maintainer's checks last ran on.
  docs_sha text,
  checked_at timestamptz,
  last_error text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
