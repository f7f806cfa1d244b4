-- Protected sites by reader (issue 47): sign-in through the team's own app with a signed JWT (the
-- JWT handshake), and the groups a reader belongs to, kept in the reader's session.
ALTER TABLE projects DROP CONSTRAINT IF EXISTS projects_site_access_check;
ALTER TABLE projects ADD CONSTRAINT projects_site_access_check CHECK (site_access IN ('public', 'password', 'oidc', 'jwt'));
-- {"loginUrl": "...", "algorithm": "EdDSA"|"RS256"|"HS256", "key": PEM, JWK or secret, "audience"?, "issuer"?} (site_access = 'jwt').
ALTER TABLE projects ADD COLUMN site_jwt jsonb;

-- The reader's groups (a JWT's `groups`, an OpenID provider's groups claim) and the user data the
-- JWT carried (`user`, `content`), for pages restricted to groups.
ALTER TABLE site_sessions ADD COLUMN groups text[] NOT NULL DEFAULT '{}';
ALTER TABLE site_sessions ADD COLUMN user_data jsonb;

-- States of JWT handshakes already finished (SHA-256 only): a callback whose state is here is a replay.
-- The state itself travels in the reader's cookie, as OpenID sign-in's does; kept until it could no
-- longer be accepted anyway.
CREATE TABLE site_used_states (
  state_hash text PRIMARY KEY,
  project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX site_used_states_expires ON site_used_states (expires_at);
