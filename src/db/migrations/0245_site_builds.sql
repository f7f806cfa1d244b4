-- Published builds in shared object storage (`folio serve --storage s3://...`): which build each
-- site serves. Publishing uploads a build under its own id, then switches `build_id` in one UPDATE,
-- so every server reads either the old build or the new one. Local storage (`--data`) keeps its
-- `current` link on disk instead and writes no row here.
CREATE TABLE site_builds (
  project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  -- '' for the production site, else the preview's slug.
  site text NOT NULL DEFAULT '',
  build_id text NOT NULL,
  published_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, site)
);

-- Builds that stopped being live (replaced, or their preview deleted), and when: storage cleanup
-- keeps them for a grace time, since a server may have resolved them just before the switch.
CREATE TABLE site_builds_retired (
  build_id text PRIMARY KEY,
  retired_at timestamptz NOT NULL DEFAULT now()
);
