-- Agent runs (owned by src/jobs and src/agent): pull requests Folio records
-- itself for plain git remotes, an audit trail of job transitions, and the
-- requeue mark the lease reaper uses.

-- When the reaper last re-sent a job whose lease had run out (or that no worker
-- ever claimed); it waits a lease period before re-sending the same job again.
ALTER TABLE agent_jobs ADD COLUMN requeued_at timestamptz;

CREATE TABLE agent_pull_requests (
  -- Short id used in the page URL: <publicUrl>/pulls/<id>.
  id text PRIMARY KEY,
  job_id text NOT NULL REFERENCES agent_jobs(id) ON DELETE CASCADE,
  project_id text NOT NULL,
  repository text NOT NULL,
  base_branch text NOT NULL,
  head_branch text NOT NULL,
  title text NOT NULL,
  body text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'merged', 'closed')),
  merge_commit text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  closed_at timestamptz
);
-- One pull request per work branch: a retried or followed-up job updates it.
CREATE UNIQUE INDEX agent_pull_requests_head ON agent_pull_requests (repository, head_branch);
CREATE INDEX agent_pull_requests_job ON agent_pull_requests (job_id);

-- Every lease claim and terminal transition, written by triggers inside the
-- transaction that made it, so the trail is exact even when a worker dies.
CREATE TABLE agent_job_events (
  id bigserial PRIMARY KEY,
  job_id text NOT NULL REFERENCES agent_jobs(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('claimed', 'completed', 'failed', 'archived')),
  worker_id text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX agent_job_events_job ON agent_job_events (job_id, id);

CREATE FUNCTION agent_job_events_record() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.lease_owner IS NOT NULL AND NEW.lease_owner IS DISTINCT FROM OLD.lease_owner THEN
    INSERT INTO agent_job_events (job_id, kind, worker_id) VALUES (NEW.id, 'claimed', NEW.lease_owner);
  END IF;
  IF OLD.status = 'active' AND NEW.status IN ('completed', 'failed', 'archived') THEN
    INSERT INTO agent_job_events (job_id, kind, worker_id) VALUES (NEW.id, NEW.status, OLD.lease_owner);
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER agent_job_events_on_update AFTER UPDATE ON agent_jobs
  FOR EACH ROW EXECUTE FUNCTION agent_job_events_record();

-- The pull request's diff against its base, stored when the branch is pushed so
-- the page needs no repository access to show it.
ALTER TABLE agent_pull_requests ADD COLUMN diff text NOT NULL DEFAULT '';
