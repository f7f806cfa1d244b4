-- Automations (owned by src/agent): agent runs a project starts on a schedule or on a push, and
-- the runs they started. Each run is an ordinary agent job.

CREATE TABLE agent_automations (
  id text PRIMARY KEY,
  project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  name text NOT NULL,
  -- schedule: a 5-field cron expression in UTC (`schedule`); push: a push to `branch` (the project's branch when null).
  trigger text NOT NULL CHECK (trigger IN ('schedule', 'push')),
  schedule text,
  branch text,
  prompt text NOT NULL,
  -- The job's model; the server's default when null.
  model text,
  active boolean NOT NULL DEFAULT true,
  -- When the schedule fires next. The scheduler moves it forward in the statement that creates the
  -- run, conditional on the value it read, so of several processes seeing one due row only one fires it.
  next_run_at timestamptz,
  last_run_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((trigger = 'schedule') = (schedule IS NOT NULL))
);
CREATE INDEX agent_automations_project ON agent_automations (project_id, created_at);
CREATE INDEX agent_automations_due ON agent_automations (next_run_at) WHERE active AND trigger = 'schedule';

CREATE TABLE agent_automation_runs (
  -- The instanceId of POST /v1/workflow/{projectId}/{workflowSchemaId}/trigger.
  id text PRIMARY KEY,
  automation_id text NOT NULL REFERENCES agent_automations(id) ON DELETE CASCADE,
  job_id text NOT NULL REFERENCES agent_jobs(id) ON DELETE CASCADE,
  -- schedule | push | api | dashboard
  reason text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX agent_automation_runs_automation ON agent_automation_runs (automation_id, created_at DESC);
