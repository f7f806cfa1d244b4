-- Push to deploy: a per-project secret that signs (GitHub, generic) or authenticates (GitLab) webhook
-- deliveries, and a log of every delivery with its outcome.
ALTER TABLE projects ADD COLUMN webhook_secret text;

CREATE TABLE webhook_deliveries (
  id bigserial PRIMARY KEY,
  project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  -- github | gitlab | generic
  provider text NOT NULL,
  -- The provider's delivery id (X-GitHub-Delivery, X-Gitlab-Event-UUID, X-Folio-Delivery), when sent.
  delivery_id text,
  event text NOT NULL DEFAULT '',
  -- triggered (an update or preview was queued, or a preview deleted) | ignored | refused
  outcome text NOT NULL CHECK (outcome IN ('triggered', 'ignored', 'refused')),
  http_status integer NOT NULL,
  detail text NOT NULL DEFAULT '',
  update_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- A delivery id is accepted once per project and provider: a second delivery with it is a replay.
CREATE UNIQUE INDEX webhook_deliveries_accepted ON webhook_deliveries (project_id, provider, delivery_id) WHERE outcome <> 'refused';
CREATE INDEX webhook_deliveries_project ON webhook_deliveries (project_id, created_at DESC, id DESC);
