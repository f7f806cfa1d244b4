-- Core tables of the administrative API: projects, admin keys, agent jobs and
-- their messages, and documentation updates (deployments).

CREATE TABLE projects (
  id text PRIMARY KEY,
  name text NOT NULL,
  repo_url text NOT NULL,
  branch text NOT NULL DEFAULT 'main',
  docs_dir text NOT NULL DEFAULT '.',
  -- Extra Host names (custom domains) that serve this project's published site.
  host_names text[] NOT NULL DEFAULT '{}',
  -- Agent requests (jobs and follow-up messages) allowed per rolling hour.
  agent_rate_per_hour integer NOT NULL DEFAULT 100,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE api_keys (
  id text PRIMARY KEY,
  -- Hex SHA-256 of the whole key; the key itself is never stored.
  hash text NOT NULL UNIQUE,
  last4 text NOT NULL,
  name text NOT NULL DEFAULT '',
  project_ids text[] NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  expires_at timestamptz,
  revoked_at timestamptz
);

CREATE TABLE agent_jobs (
  id text PRIMARY KEY,
  project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'active'
    CHECK (status IN ('active', 'completed', 'archived', 'failed')),
  repository text NOT NULL,
  ref text,
  model text NOT NULL,
  prompt text NOT NULL,
  pr_link text,
  failure_reason text,
  -- Lease held by the worker running the job; an expired lease means the job can be claimed again.
  lease_owner text,
  lease_expires_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  archived_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Newest-first listing per project (cursor pagination) and the status filter.
CREATE INDEX agent_jobs_project_created ON agent_jobs (project_id, created_at DESC, id DESC);
-- Workers look for active jobs whose lease is free.
CREATE INDEX agent_jobs_active ON agent_jobs (lease_expires_at) WHERE status = 'active';

CREATE TABLE agent_job_messages (
  id bigserial PRIMARY KEY,
  job_id text NOT NULL REFERENCES agent_jobs(id) ON DELETE CASCADE,
  project_id text NOT NULL,
  prompt text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Set by the worker once it has acted on the message.
  handled_at timestamptz
);
CREATE INDEX agent_job_messages_job ON agent_job_messages (job_id, id);
-- The per-project agent rate limit counts messages of the last hour.
CREATE INDEX agent_job_messages_rate ON agent_job_messages (project_id, created_at);

CREATE TABLE deployments (
  id text PRIMARY KEY,
  project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'queued'
    CHECK (status IN ('queued', 'in_progress', 'success', 'failure')),
  source text NOT NULL DEFAULT 'api',
  summary text NOT NULL DEFAULT '',
  logs text[] NOT NULL DEFAULT '{}',
  commit_sha text,
  commit_ref text,
  commit_message text,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  ended_at timestamptz
);
CREATE INDEX deployments_project_created ON deployments (project_id, created_at DESC);
