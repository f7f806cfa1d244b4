-- Analytics (issue 33): what readers and agents read, search for and think of a published site.
-- Privacy first: no cookies, no address or user agent stored; a visitor is a hash of address, user
-- agent and project under a salt that changes every UTC day and is deleted the day after, so
-- yesterday's hashes cannot be linked to today's or recomputed from an address.
-- Raw events are kept for the retention the server sets (`--analytics-retention-days`); the daily
-- rollups and the feedback are kept until the project is deleted. Every rollup is written in the
-- same statement as the raw events it counts, as additive upserts, so two servers sharing a
-- database each add only what they answered and nothing is counted twice.
-- `preview` is '' for a project's production site, else the preview's slug: the two are counted apart.

-- One random salt per UTC day; the first server to need one inserts it, the others read it.
CREATE TABLE analytics_salts (
  day date PRIMARY KEY,
  salt text NOT NULL
);

-- Page views (human HTML views; agent reads of `.md`, llms files, `/mcp` tool calls, AI crawlers)
-- and searches with the result a reader opened.
-- Written in batches and read only for export and rebuilding rollups: no primary key and one index
-- (by time, for the retention sweep), so each event costs one heap row and one index entry.
CREATE TABLE analytics_events (
  project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  preview text NOT NULL DEFAULT '',
  kind text NOT NULL CHECK (kind IN ('view', 'search', 'search_open')),
  at timestamptz NOT NULL,
  -- The page path on the site (base path taken off); for a search, the page it was made on.
  path text NOT NULL,
  audience text NOT NULL CHECK (audience IN ('human', 'agent')),
  -- html, markdown, llms, mcp, crawler (views); beacon (searches).
  channel text NOT NULL,
  visitor text NOT NULL,
  referrer_host text NOT NULL DEFAULT '',
  query text,
  results integer,
  opened text
);
CREATE INDEX analytics_events_time ON analytics_events (at);

CREATE TABLE analytics_daily_views (
  project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  preview text NOT NULL,
  day date NOT NULL,
  path text NOT NULL,
  audience text NOT NULL,
  views bigint NOT NULL,
  PRIMARY KEY (project_id, preview, day, path, audience)
);

-- Who was seen today, to count each visitor once: one row per visitor, page, audience and day. A
-- visitor hash never recurs on another day (the salt changes), so rows of days before yesterday are deleted; the
-- counts live on in the `_uniques` tables, which each new row increments in the same statement.
CREATE TABLE analytics_daily_page_visitors (
  project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  preview text NOT NULL,
  day date NOT NULL,
  path text NOT NULL,
  audience text NOT NULL,
  visitor text NOT NULL,
  PRIMARY KEY (project_id, preview, day, path, audience, visitor)
);

-- The same over the whole site.
CREATE TABLE analytics_daily_site_visitors (
  project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  preview text NOT NULL,
  day date NOT NULL,
  audience text NOT NULL,
  visitor text NOT NULL,
  PRIMARY KEY (project_id, preview, day, audience, visitor)
);

-- Unique visitors per page, audience and day. A visitor's hash covers its user agent, so one client
-- is a human or an agent; the API's `total` is their sum.
CREATE TABLE analytics_daily_page_uniques (
  project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  preview text NOT NULL,
  day date NOT NULL,
  path text NOT NULL,
  audience text NOT NULL,
  visitors bigint NOT NULL,
  PRIMARY KEY (project_id, preview, day, path, audience)
);

-- Unique visitors over the whole site per audience and day.
CREATE TABLE analytics_daily_site_uniques (
  project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  preview text NOT NULL,
  day date NOT NULL,
  audience text NOT NULL,
  visitors bigint NOT NULL,
  PRIMARY KEY (project_id, preview, day, audience)
);

CREATE TABLE analytics_daily_referrers (
  project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  preview text NOT NULL,
  day date NOT NULL,
  referrer_host text NOT NULL,
  views bigint NOT NULL,
  PRIMARY KEY (project_id, preview, day, referrer_host)
);

-- Searches by normalised query (trimmed, lower case, inner spaces collapsed).
CREATE TABLE analytics_daily_searches (
  project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  preview text NOT NULL,
  day date NOT NULL,
  query text NOT NULL,
  searches bigint NOT NULL DEFAULT 0,
  no_results bigint NOT NULL DEFAULT 0,
  clicks bigint NOT NULL DEFAULT 0,
  last_at timestamptz NOT NULL,
  PRIMARY KEY (project_id, preview, day, query)
);

CREATE TABLE analytics_daily_search_clicks (
  project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  preview text NOT NULL,
  day date NOT NULL,
  query text NOT NULL,
  path text NOT NULL,
  clicks bigint NOT NULL,
  PRIMARY KEY (project_id, preview, day, query, path)
);

-- Events refused at the door (malformed, too large, unknown page, another site's origin, rate
-- limited, queue full), counted by code; the events themselves are never stored.
CREATE TABLE analytics_daily_refusals (
  project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  day date NOT NULL,
  code text NOT NULL,
  refused bigint NOT NULL,
  PRIMARY KEY (project_id, day, code)
);

-- Feedback: page thumbs with an optional comment, code-snippet feedback, agents' reports.
-- A writer sets its status in the dashboard.
CREATE TABLE analytics_feedback (
  id text PRIMARY KEY,
  project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  preview text NOT NULL DEFAULT '',
  path text NOT NULL,
  source text NOT NULL CHECK (source IN ('contextual', 'thumbs_only', 'code_snippet', 'agent')),
  helpful boolean,
  comment text,
  contact text,
  code text,
  filename text,
  lang text,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'in_progress', 'resolved', 'dismissed')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX analytics_feedback_project_time ON analytics_feedback (project_id, preview, created_at, id);
