-- Preview deployments: one per (project, branch), served at `<slug>--<project>.<site domain>`.
-- An update with a preview_slug builds that preview instead of the production site.
CREATE TABLE previews (
  project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  -- Host-label form of the branch (lowercase letters, digits and single dashes).
  slug text NOT NULL,
  branch text NOT NULL,
  -- The latest update that builds this preview (its status is the preview's).
  update_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Last time the preview was (re)triggered; previews idle longer than the server's TTL are swept.
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, slug),
  UNIQUE (project_id, branch)
);
CREATE INDEX previews_updated ON previews (updated_at);

ALTER TABLE updates ADD COLUMN preview_slug text;
