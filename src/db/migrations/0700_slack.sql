-- The agent in Slack (issue 46): a project's Slack app, the events it has taken, the Slack threads
-- the bot is in and the agent jobs a thread asked for.
--
-- The signing secret and the bot token are sealed (AES-256-GCM, `shared/secret-box.ts`) with the
-- server's secret key, never stored in clear: the columns hold `v1.<iv>.<tag>.<ciphertext>`.
CREATE TABLE slack_settings (
  project_id text PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
  team_id text NOT NULL,
  -- Channel ids the bot answers in; empty: every channel it is invited to.
  channels text[] NOT NULL DEFAULT '{}',
  signing_secret text NOT NULL,
  bot_token text NOT NULL,
  -- The bot's own user id (auth.test), so its messages and mentions are told apart.
  bot_user_id text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Each event id taken once: Slack sends an event again (X-Slack-Retry-Num) when the answer was slow
-- or failed, and a retry must not answer twice. Pruned after a day (Slack retries for minutes).
CREATE TABLE slack_events (
  project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  event_id text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, event_id)
);
CREATE INDEX slack_events_received ON slack_events (received_at);

-- A Slack thread the bot is in (it was mentioned there), with the assistant thread its questions
-- continue, so later messages in it are answered without a mention.
CREATE TABLE slack_threads (
  project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  channel text NOT NULL,
  thread_ts text NOT NULL,
  assistant_thread_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (project_id, channel, thread_ts)
);

-- Agent jobs asked for in a thread; `reported_at` set once the outcome (pull request link) is posted.
CREATE TABLE slack_jobs (
  job_id text PRIMARY KEY,
  project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  channel text NOT NULL,
  thread_ts text NOT NULL,
  -- The bot's "working on it" message, updated with the outcome (chat.update).
  message_ts text,
  reported_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX slack_jobs_unreported ON slack_jobs (created_at) WHERE reported_at IS NULL;
