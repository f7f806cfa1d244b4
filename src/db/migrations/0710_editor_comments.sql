-- Comments and suggestions of the web editor (src/editor): threads on a page of a project's branch,
-- each anchored to a quote of the page's text and where it stood (`anchor_offset`, in UTF-16 units as
-- the browser counts), so the anchor is found again after others' edits move it. They live only
-- here: never written to git, never published.
CREATE TABLE editor_threads (
  id text PRIMARY KEY,
  project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  branch text NOT NULL,
  -- The page, relative to the project's docs folder (`guides/intro.mdx`).
  path text NOT NULL,
  -- 'comment' (a discussion) or 'suggestion' (the quote to be replaced by `replacement`).
  kind text NOT NULL CHECK (kind IN ('comment', 'suggestion')),
  quote text NOT NULL,
  anchor_offset integer NOT NULL,
  replacement text,
  -- 'open', then 'resolved' (comments; reopened back to 'open'), 'accepted' or 'rejected' (suggestions).
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved', 'accepted', 'rejected')),
  -- The author's dashboard user and e-mail (kept as written when the account goes away).
  author_id text,
  author_email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_by text,
  decided_at timestamptz,
  CHECK ((kind = 'suggestion') = (replacement IS NOT NULL))
);
CREATE INDEX editor_threads_page ON editor_threads (project_id, branch, path, created_at);

-- The messages of a thread, oldest first; a suggestion's first one is optional.
CREATE TABLE editor_comments (
  id text PRIMARY KEY,
  thread_id text NOT NULL REFERENCES editor_threads(id) ON DELETE CASCADE,
  author_id text,
  author_email text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX editor_comments_thread ON editor_comments (thread_id, created_at);
