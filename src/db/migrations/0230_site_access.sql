-- Where and to whom a project's site is served: its base path (`/docs` behind a reverse proxy, '' at the
-- root of its host) and who may read it (public, one shared password, or sign-in through an OpenID
-- Connect provider), over the whole site or only its hidden pages and `public: false` groups.
ALTER TABLE projects ADD COLUMN base_path text NOT NULL DEFAULT '';
ALTER TABLE projects ADD COLUMN site_access text NOT NULL DEFAULT 'public' CHECK (site_access IN ('public', 'password', 'oidc'));
ALTER TABLE projects ADD COLUMN site_access_scope text NOT NULL DEFAULT 'site' CHECK (site_access_scope IN ('site', 'hidden'));
-- scrypt$N$r$p$salt$key of the shared password (site_access = 'password').
ALTER TABLE projects ADD COLUMN site_password_hash text;
-- {"issuer": "...", "clientId": "...", "clientSecret": "..."} (site_access = 'oidc').
ALTER TABLE projects ADD COLUMN site_oidc jsonb;

-- Readers signed in to a protected site: the cookie's SHA-256 only, per project.
CREATE TABLE site_sessions (
  id_hash text PRIMARY KEY,
  project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  -- 'password', or the OpenID subject (`sub`) of the reader.
  subject text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX site_sessions_expires ON site_sessions (expires_at);
