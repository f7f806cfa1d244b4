-- Automations (owned by src/agent), second part: what kind of work an automation does (a predefined
-- template with its own prompt and checks, or null for a free prompt), whether its pull request is
-- merged when the job's checks pass, whether a run adds to the automation's open pull request instead
-- of opening another, and runs started by a signed third-party event (trigger `webhook`, with a secret
-- of its own).
ALTER TABLE agent_automations ADD COLUMN kind text;
ALTER TABLE agent_automations ADD COLUMN automerge boolean NOT NULL DEFAULT false;
ALTER TABLE agent_automations ADD COLUMN append_to_open boolean NOT NULL DEFAULT false;
ALTER TABLE agent_automations ADD COLUMN webhook_secret text;
ALTER TABLE agent_automations DROP CONSTRAINT agent_automations_trigger_check;
ALTER TABLE agent_automations ADD CONSTRAINT agent_automations_trigger_check CHECK (trigger IN ('schedule', 'push', 'webhook'));
ALTER TABLE agent_automations ADD CONSTRAINT agent_automations_webhook_secret CHECK ((trigger = 'webhook') = (webhook_secret IS NOT NULL));
