-- What a job did, for people (owned by src/agent): a summary once it ends, and
-- the steps of its runs (files read and changed, checks and their outcome).

-- Written with the terminal state; a follow-up that reopens the job clears it.
ALTER TABLE agent_jobs ADD COLUMN summary text;

CREATE TABLE agent_job_steps (
  id bigserial PRIMARY KEY,
  job_id text NOT NULL REFERENCES agent_jobs(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('read', 'changed', 'check', 'note', 'summary')),
  text text NOT NULL,
  -- A check's outcome; null for other kinds.
  ok boolean,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX agent_job_steps_job ON agent_job_steps (job_id, id);
