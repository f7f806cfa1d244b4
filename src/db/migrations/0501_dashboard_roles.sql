-- Dashboard roles (src/dashboard/data): who may do what on the dashboard, and on which projects.
-- owner: everything (members, keys, settings); editor: edits and publishes where granted below;
-- viewer: reads the dashboard, writes nothing. Every account made before roles existed was an owner.
UPDATE dashboard_users SET role = 'owner' WHERE role NOT IN ('owner', 'editor', 'viewer');
ALTER TABLE dashboard_users ALTER COLUMN role SET DEFAULT 'viewer';
ALTER TABLE dashboard_users ADD CONSTRAINT dashboard_users_role CHECK (role IN ('owner', 'editor', 'viewer'));

-- Edit rights of editors: a row per (editor, project) lets that editor use the web editor, start agent
-- jobs and site updates on the project. Owners need no rows; a viewer's rows grant nothing.
CREATE TABLE dashboard_project_editors (
  user_id text NOT NULL REFERENCES dashboard_users(id) ON DELETE CASCADE,
  project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  granted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, project_id)
);
CREATE INDEX dashboard_project_editors_project ON dashboard_project_editors (project_id);

-- One-time links that set a member's password: the owner adds a member by email and hands them an
-- invitation link, or gives a member who forgot their password a new one. Only the SHA-256 of the
-- token is stored. A new link replaces the old one.
CREATE TABLE dashboard_invites (
  user_id text PRIMARY KEY REFERENCES dashboard_users(id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  -- 'invite': the member has never had a password (cannot sign in yet); 'reset': they have one until the link is used.
  purpose text NOT NULL DEFAULT 'invite' CHECK (purpose IN ('invite', 'reset')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
