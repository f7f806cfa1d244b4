/**
 * The agent in Slack (migration 0700): a project's Slack settings (secrets sealed by the caller),
 * events taken once, the threads the bot is in and the agent jobs asked for in them.
 */
import type { Database } from './connection.js';

export interface SlackSettingsRow {
  projectId: string;
  teamId: string;
  /** Channel ids the bot answers in; empty: any channel it is in. */
  channels: string[];
  /** Sealed (`SecretBox`), as stored. */
  signingSecret: string;
  /** Sealed (`SecretBox`), as stored. */
  botToken: string;
  botUserId: string | null;
  updatedAt: Date;
}

interface SettingsRecord {
  project_id: string;
  team_id: string;
  channels: string[];
  signing_secret: string;
  bot_token: string;
  bot_user_id: string | null;
  updated_at: Date | string;
}

const settingsOf = (r: SettingsRecord): SlackSettingsRow => ({
  projectId: r.project_id,
  teamId: r.team_id,
  channels: r.channels ?? [],
  signingSecret: r.signing_secret,
  botToken: r.bot_token,
  botUserId: r.bot_user_id,
  updatedAt: new Date(r.updated_at),
});

export async function getSlackSettings(db: Database, projectId: string): Promise<SlackSettingsRow | null> {
  const [row] = await db.query<SettingsRecord>('SELECT * FROM slack_settings WHERE project_id = $1', [projectId]);
  return row ? settingsOf(row) : null;
}

/** Insert or replace a project's settings (secrets already sealed). */
export async function saveSlackSettings(db: Database, s: Omit<SlackSettingsRow, 'updatedAt'>): Promise<SlackSettingsRow> {
  const [row] = await db.query<SettingsRecord>(
    `INSERT INTO slack_settings (project_id, team_id, channels, signing_secret, bot_token, bot_user_id, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, now())
     ON CONFLICT (project_id) DO UPDATE SET team_id = $2, channels = $3, signing_secret = $4, bot_token = $5, bot_user_id = $6, updated_at = now()
     RETURNING *`,
    [s.projectId, s.teamId, s.channels, s.signingSecret, s.botToken, s.botUserId],
  );
  return settingsOf(row!);
}

export async function deleteSlackSettings(db: Database, projectId: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM slack_settings WHERE project_id = $1 RETURNING 1', [projectId]);
  return rows.length > 0;
}

/** Take an event id: true the first time, false for a retry or a duplicate (one statement, so two copies at once cannot both pass). */
export async function takeSlackEvent(db: Database, projectId: string, eventId: string): Promise<boolean> {
  const rows = await db.query('INSERT INTO slack_events (project_id, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1', [projectId, eventId.slice(0, 128)]);
  return rows.length > 0;
}

/** Forget event ids taken before `before` (Slack retries an event for minutes, not days). */
export async function pruneSlackEvents(db: Database, before: Date): Promise<void> {
  await db.query('DELETE FROM slack_events WHERE received_at < $1', [before.toISOString()]);
}

export interface SlackThreadRow {
  assistantThreadId: string | null;
}

/** The thread the bot is in, or null when it was never mentioned there. */
export async function getSlackThread(db: Database, projectId: string, channel: string, threadTs: string): Promise<SlackThreadRow | null> {
  const [row] = await db.query<{ assistant_thread_id: string | null }>('SELECT assistant_thread_id FROM slack_threads WHERE project_id = $1 AND channel = $2 AND thread_ts = $3', [projectId, channel, threadTs]);
  return row ? { assistantThreadId: row.assistant_thread_id } : null;
}

/** Record that the bot is in a thread (kept as it is when it already was). */
export async function joinSlackThread(db: Database, projectId: string, channel: string, threadTs: string): Promise<void> {
  await db.query('INSERT INTO slack_threads (project_id, channel, thread_ts) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [projectId, channel, threadTs]);
}

export async function setSlackThreadAssistant(db: Database, projectId: string, channel: string, threadTs: string, assistantThreadId: string): Promise<void> {
  await db.query('UPDATE slack_threads SET assistant_thread_id = $4 WHERE project_id = $1 AND channel = $2 AND thread_ts = $3', [projectId, channel, threadTs, assistantThreadId]);
}

export interface SlackJobRow {
  jobId: string;
  projectId: string;
  channel: string;
  threadTs: string;
  messageTs: string | null;
}

export async function recordSlackJob(db: Database, job: SlackJobRow): Promise<void> {
  await db.query('INSERT INTO slack_jobs (job_id, project_id, channel, thread_ts, message_ts) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING', [job.jobId, job.projectId, job.channel, job.threadTs, job.messageTs]);
}

/** Jobs asked for in Slack that have finished (left `active`) and whose outcome is not posted yet. */
export async function finishedSlackJobs(db: Database, limit = 20): Promise<SlackJobRow[]> {
  const rows = await db.query<{ job_id: string; project_id: string; channel: string; thread_ts: string; message_ts: string | null }>(
    `SELECT s.job_id, s.project_id, s.channel, s.thread_ts, s.message_ts FROM slack_jobs s JOIN agent_jobs j ON j.id = s.job_id
     WHERE s.reported_at IS NULL AND j.status <> 'active' ORDER BY s.created_at LIMIT $1`,
    [limit],
  );
  return rows.map((r) => ({ jobId: r.job_id, projectId: r.project_id, channel: r.channel, threadTs: r.thread_ts, messageTs: r.message_ts }));
}

/** Claim the report of a finished job: true once, for the one server that posts it. */
export async function claimSlackJobReport(db: Database, jobId: string): Promise<boolean> {
  const rows = await db.query('UPDATE slack_jobs SET reported_at = now() WHERE job_id = $1 AND reported_at IS NULL RETURNING 1', [jobId]);
  return rows.length > 0;
}
