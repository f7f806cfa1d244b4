-- Drafts of the web editor (src/editor): what writers changed on a branch and have not published
-- yet, one row per file of the docs folder. Saved as they type, so a closed tab or a crashed browser
-- loses nothing and a second tab (or a second server on the same database) sees the same text.
CREATE TABLE editor_drafts (
  project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  branch text NOT NULL,
  -- File path relative to the project's docs folder, `/`-separated (`guides/intro.mdx`, `images/a.png`).
  path text NOT NULL,
  -- 'utf8' text, 'base64' for uploaded images, or 'deleted' (content empty): the file goes away on publish.
  encoding text NOT NULL CHECK (encoding IN ('utf8', 'base64', 'deleted')),
  content text NOT NULL,
  -- sha1 of the committed file the draft started from (null: the file did not exist), to see a conflicting push.
  base_hash text,
  updated_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, branch, path)
);

-- Pull requests the editor opens have no agent job behind them.
ALTER TABLE agent_pull_requests ALTER COLUMN job_id DROP NOT NULL;

-- Shared editing (Yjs): one document per page being edited, its updates in order, and who is there.
-- Every server appends and reads the same rows, so writers on different servers see each other.
CREATE TABLE editor_shared_docs (
  project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  branch text NOT NULL,
  path text NOT NULL,
  -- Increases when the document is started again (its text changed outside the shared editing).
  generation integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, branch, path)
);
CREATE TABLE editor_shared_updates (
  id bigserial PRIMARY KEY,
  project_id text NOT NULL,
  branch text NOT NULL,
  path text NOT NULL,
  generation integer NOT NULL,
  -- A Yjs update, base64.
  payload text NOT NULL,
  FOREIGN KEY (project_id, branch, path) REFERENCES editor_shared_docs (project_id, branch, path) ON DELETE CASCADE
);
CREATE INDEX editor_shared_updates_doc ON editor_shared_updates (project_id, branch, path, id);
CREATE TABLE editor_shared_presence (
  project_id text NOT NULL,
  branch text NOT NULL,
  path text NOT NULL,
  client_id text NOT NULL,
  -- A y-protocols awareness update, base64 (name, colour, cursor).
  state text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, branch, path, client_id)
);
