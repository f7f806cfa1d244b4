-- Agent requests per project per minute, for the hourly rate limit. Summing at
-- most 60 rows replaces counting every message of the last hour (which grew
-- with traffic: ~4 ms per request on PGlite after a few thousand jobs).
CREATE TABLE agent_rate_buckets (
  project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  minute timestamptz NOT NULL,
  requests integer NOT NULL,
  PRIMARY KEY (project_id, minute)
);
