-- Dashboard sign-in: accounts, server-side sessions and one-time setup links.
-- Owned by the dashboard (src/server/dashboard/data/schema.ts mirrors these tables).

CREATE TABLE dashboard_users (
  id text PRIMARY KEY,
  -- Stored lower-cased so sign-in is case-insensitive.
  email text NOT NULL UNIQUE,
  -- scrypt$N$r$p$salt$key (base64url parts).
  password_hash text NOT NULL,
  role text NOT NULL DEFAULT 'owner',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE dashboard_sessions (
  -- SHA-256 of the cookie value; the cookie itself is never stored.
  id_hash text PRIMARY KEY,
  -- Null for the anonymous session that carries the sign-in form's CSRF token.
  user_id text REFERENCES dashboard_users(id) ON DELETE CASCADE,
  -- Synchronizer token every POST must echo back.
  csrf_token text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
-- Expired sessions are swept by expiry.
CREATE INDEX dashboard_sessions_expires ON dashboard_sessions (expires_at);

CREATE TABLE dashboard_setup_tokens (
  -- SHA-256 of the token printed in the setup URL.
  token_hash text PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
