-- Branches made in the web editor (src/editor) as draft pull requests: the pull request they autosave to,
-- where it stands ('draft', 'ready' for review, 'merged'), the review asked of members and their answers,
-- and the links that share a branch's preview with anyone holding them.
CREATE TABLE editor_branches (
  project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  branch text NOT NULL,
  created_by text,
  created_by_email text NOT NULL,
  pull_request_url text,
  state text NOT NULL DEFAULT 'draft' CHECK (state IN ('draft', 'ready', 'merged')),
  saved_commit text,
  saved_at timestamptz,
  merged_by_email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, branch)
);

-- One row per reviewer of a branch: asked ('requested'), then 'approved' or 'changes' (changes requested).
CREATE TABLE editor_branch_reviews (
  project_id text NOT NULL,
  branch text NOT NULL,
  reviewer_id text NOT NULL,
  reviewer_email text NOT NULL,
  requested_by_email text,
  state text NOT NULL DEFAULT 'requested' CHECK (state IN ('requested', 'approved', 'changes')),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, branch, reviewer_id),
  FOREIGN KEY (project_id, branch) REFERENCES editor_branches(project_id, branch) ON DELETE CASCADE
);

-- Shareable preview links: the token is never stored, only its SHA-256; each expires and may be revoked.
CREATE TABLE editor_preview_links (
  id text PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  branch text NOT NULL,
  created_by_email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX editor_preview_links_branch ON editor_preview_links (project_id, branch, created_at);
