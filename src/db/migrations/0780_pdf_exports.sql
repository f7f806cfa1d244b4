-- Issue 47, PDF export from the dashboard (owned by src/pdf and the dashboard's pdf-export routes).
--
-- One row per export a member started: what it prints (scope and language), where it stands, what it
-- said last, and, once done, the PDF itself (kept in the database so every server of a shared
-- PostgreSQL can hand it out) until `expires_at`, after which the bytes are dropped and the row stays
-- as history. At most one export per project is queued or running: the partial unique index refuses a
-- second one in the same statement that would start it.
CREATE TABLE pdf_exports (
  id text PRIMARY KEY,
  project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  scope text NOT NULL CHECK (scope IN ('site', 'tab', 'group', 'page')),
  target text,
  language text,
  status text NOT NULL CHECK (status IN ('running', 'done', 'failed', 'expired')),
  progress text NOT NULL DEFAULT '',
  error_code text,
  error text,
  pages integer,
  bytes integer,
  file_name text,
  content bytea,
  started_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  heartbeat_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz,
  expires_at timestamptz
);
CREATE UNIQUE INDEX pdf_exports_one_running ON pdf_exports (project_id) WHERE status = 'running';
CREATE INDEX pdf_exports_project ON pdf_exports (project_id, created_at DESC);
