-- Agents' searches (issue 43): a hosted site's MCP server's `search` tool calls, by normalised
-- query (as the search dialog's: trimmed, lower case, inner spaces collapsed, at most 200
-- characters). Kept apart from `analytics_daily_searches` (the readers' dialog, with its results
-- and clicks, which an MCP call does not report), so the readers' figures keep their meaning and
-- their primary key. Written in the same statement as the raw events (`store.ts`), an additive
-- upsert as every rollup. The raw event is a `search` of audience `agent`, channel `mcp`.
CREATE TABLE analytics_daily_agent_searches (
  project_id text NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  preview text NOT NULL,
  day date NOT NULL,
  query text NOT NULL,
  searches bigint NOT NULL,
  last_at timestamptz NOT NULL,
  PRIMARY KEY (project_id, preview, day, query)
);
