-- Issue 46, third part of the automations (owned by src/agent and src/slack).
--
-- Automations started by a Slack message: trigger `slack`, the channel id the app listens in and an
-- optional pattern (words the message must contain, case-insensitive; null: any message). The run's
-- outcome is posted back to the message's thread through `slack_jobs`, as for jobs asked for by a
-- mention.
ALTER TABLE agent_automations ADD COLUMN slack_channel text;
ALTER TABLE agent_automations ADD COLUMN slack_pattern text;
ALTER TABLE agent_automations DROP CONSTRAINT agent_automations_trigger_check;
ALTER TABLE agent_automations ADD CONSTRAINT agent_automations_trigger_check CHECK (trigger IN ('schedule', 'push', 'webhook', 'slack'));
ALTER TABLE agent_automations ADD CONSTRAINT agent_automations_slack_channel CHECK ((trigger = 'slack') = (slack_channel IS NOT NULL));
CREATE INDEX agent_automations_slack ON agent_automations (project_id, slack_channel) WHERE active AND trigger = 'slack';

-- Timers shared by every worker on one database: a pass of work that should run once per interval
-- whatever the number of workers (the suggestions' gathering). A worker runs the pass only when its
-- conditional update moves `next_at` forward; the others see the row already moved and skip it.
CREATE TABLE agent_timers (
  name text PRIMARY KEY,
  next_at timestamptz NOT NULL,
  claimed_by text,
  claimed_at timestamptz
);
