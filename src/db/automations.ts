import { and, desc, eq } from 'drizzle-orm';
import type { Database } from './connection.js';
import { agentJobFromRaw, type AgentJobRaw } from './agent-jobs.js';
import { uuidV7 } from './ids.js';
import { agentAutomationRuns, agentAutomations, type AgentAutomationRow, type AgentAutomationRunRow, type AutomationRunReason, type AutomationTrigger, type AgentJobRow } from './schema.js';

// Automations (migration 0102): a prompt a project runs as an agent job on a schedule or on a push.

export interface NewAutomation {
  projectId: string;
  name: string;
  trigger: AutomationTrigger;
  /** 5-field cron in UTC; required for `schedule`, null for `push`. */
  schedule: string | null;
  /** Push automations: the branch watched (null: the project's branch). */
  branch: string | null;
  prompt: string;
  model: string | null;
  /** First firing of a schedule. */
  nextRunAt: Date | null;
  /** The predefined kind of work; null (the default): a free prompt. */
  kind?: string | null;
  automerge?: boolean;
  appendToOpen?: boolean;
  /** Required for `webhook` automations, null for the others. */
  webhookSecret?: string | null;
  /** Required for `slack` automations (a channel id), null for the others. */
  slackChannel?: string | null;
  /** `slack` automations: words a message must contain; null: any message. */
  slackPattern?: string | null;
}

/** Store an automation (active). */
export async function createAutomation(db: Database, input: NewAutomation): Promise<AgentAutomationRow> {
  const now = new Date();
  const [row] = await db.orm
    .insert(agentAutomations)
    .values({ id: uuidV7(), ...input, active: true, lastRunAt: null, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

/** A project's automations, oldest first. */
export async function listAutomations(db: Database, projectId: string): Promise<AgentAutomationRow[]> {
  return db.orm.select().from(agentAutomations).where(eq(agentAutomations.projectId, projectId)).orderBy(agentAutomations.createdAt, agentAutomations.id);
}

/** An automation by id alone (a webhook names only the automation); null when there is none. */
export async function getAutomationById(db: Database, id: string): Promise<AgentAutomationRow | null> {
  const [row] = await db.orm.select().from(agentAutomations).where(eq(agentAutomations.id, id)).limit(1);
  return row ?? null;
}

/** The automation whose run a job is, or null for a job started otherwise. */
export async function automationOfJob(db: Database, jobId: string): Promise<AgentAutomationRow | null> {
  const rows = await db.query<AutomationRaw>(
    `SELECT a.* FROM agent_automation_runs r JOIN agent_automations a ON a.id = r.automation_id WHERE r.job_id = $1 LIMIT 1`,
    [jobId],
  );
  return rows[0] ? automationFromRaw(rows[0]) : null;
}

/** One automation of a project (another project's reads as missing). */
export async function getAutomation(db: Database, projectId: string, id: string): Promise<AgentAutomationRow | null> {
  const [row] = await db.orm
    .select()
    .from(agentAutomations)
    .where(and(eq(agentAutomations.id, id), eq(agentAutomations.projectId, projectId)))
    .limit(1);
  return row ?? null;
}

/** Delete an automation with its run history (the jobs stay); false when the project has no such automation. */
export async function deleteAutomation(db: Database, projectId: string, id: string): Promise<boolean> {
  const rows = await db.orm
    .delete(agentAutomations)
    .where(and(eq(agentAutomations.id, id), eq(agentAutomations.projectId, projectId)))
    .returning({ id: agentAutomations.id });
  return rows.length === 1;
}

/** Pause or resume an automation; a resumed schedule fires next at `nextRunAt`. */
export async function setAutomationActive(db: Database, projectId: string, id: string, active: boolean, nextRunAt: Date | null): Promise<AgentAutomationRow | null> {
  const [row] = await db.orm
    .update(agentAutomations)
    .set({ active, updatedAt: new Date(), ...(active ? { nextRunAt } : {}) })
    .where(and(eq(agentAutomations.id, id), eq(agentAutomations.projectId, projectId)))
    .returning();
  return row ?? null;
}

/** Active scheduled automations due at `now`, earliest first. */
export async function dueAutomations(db: Database, now: Date, limit = 50): Promise<AgentAutomationRow[]> {
  const rows = await db.query<AutomationRaw>(
    `SELECT * FROM agent_automations WHERE active AND trigger = 'schedule' AND next_run_at <= $1 ORDER BY next_run_at, id LIMIT $2`,
    [now, limit],
  );
  return rows.map(automationFromRaw);
}

/** Active push automations of a project. */
export async function pushAutomations(db: Database, projectId: string): Promise<AgentAutomationRow[]> {
  return db.orm
    .select()
    .from(agentAutomations)
    .where(and(eq(agentAutomations.projectId, projectId), eq(agentAutomations.trigger, 'push'), eq(agentAutomations.active, true)))
    .orderBy(agentAutomations.createdAt, agentAutomations.id);
}

/** Active Slack-message automations of a project listening in `channel`, oldest first. */
export async function slackAutomations(db: Database, projectId: string, channel: string): Promise<AgentAutomationRow[]> {
  return db.orm
    .select()
    .from(agentAutomations)
    .where(and(eq(agentAutomations.projectId, projectId), eq(agentAutomations.trigger, 'slack'), eq(agentAutomations.active, true), eq(agentAutomations.slackChannel, channel)))
    .orderBy(agentAutomations.createdAt, agentAutomations.id);
}

export interface StartRunInput {
  automationId: string;
  reason: AutomationRunReason;
  /** The job's model when the automation names none. */
  defaultModel: string;
  /** The job's source branch (null: the project's branch). */
  ref: string | null;
  now: Date;
  /**
   * A scheduled firing: the run starts only while `next_run_at` still equals `expected`, and moves it
   * to `next`, in one statement. Of several schedulers that read the same due row, one starts the run.
   */
  schedule?: { expected: Date; next: Date };
  /** Added to the automation's prompt for this run only (a webhook's event). */
  promptSuffix?: string;
}

/**
 * Start a run of an active automation: its job (with the first message), the run row, and
 * `last_run_at`, in one statement. Null when the automation is gone, paused, or (scheduled
 * firings) another process fired it first.
 */
export async function startAutomationRun(db: Database, input: StartRunInput): Promise<{ runId: string; job: AgentJobRow } | null> {
  const runId = uuidV7();
  const params: unknown[] = [input.automationId, input.now, uuidV7(), input.ref, input.defaultModel, runId, input.reason, input.promptSuffix ?? ''];
  let claim = `UPDATE agent_automations SET last_run_at = $2 WHERE id = $1 AND active RETURNING *`;
  if (input.schedule) {
    params.push(input.schedule.expected, input.schedule.next);
    claim = `UPDATE agent_automations SET last_run_at = $2, next_run_at = $10 WHERE id = $1 AND active AND next_run_at = $9 RETURNING *`;
  }
  const [raw] = await db.query<AgentJobRaw>(
    `WITH a AS (${claim}),
     job AS (
       INSERT INTO agent_jobs (id, project_id, status, repository, ref, model, prompt, attempts, created_at, updated_at)
       SELECT $3, a.project_id, 'active', p.repo_url, $4, coalesce(a.model, $5), a.prompt || $8::text, 0, $2, $2
         FROM a JOIN projects p ON p.id = a.project_id
       RETURNING *
     ), message AS (
       INSERT INTO agent_job_messages (job_id, project_id, prompt, created_at)
       SELECT id, project_id, prompt, created_at FROM job
     ), run AS (
       INSERT INTO agent_automation_runs (id, automation_id, job_id, reason, created_at)
       SELECT $6, $1, id, $7, $2 FROM job
     )
     SELECT * FROM job`,
    params,
  );
  return raw ? { runId, job: agentJobFromRaw(raw) } : null;
}

/** An automation's runs, newest first. */
export async function listAutomationRuns(db: Database, automationId: string, limit = 20): Promise<AgentAutomationRunRow[]> {
  return db.orm
    .select()
    .from(agentAutomationRuns)
    .where(eq(agentAutomationRuns.automationId, automationId))
    .orderBy(desc(agentAutomationRuns.createdAt), desc(agentAutomationRuns.id))
    .limit(limit);
}

interface AutomationRaw {
  id: string;
  project_id: string;
  name: string;
  trigger: AutomationTrigger;
  schedule: string | null;
  branch: string | null;
  prompt: string;
  model: string | null;
  active: boolean;
  kind: string | null;
  automerge: boolean;
  append_to_open: boolean;
  webhook_secret: string | null;
  slack_channel: string | null;
  slack_pattern: string | null;
  next_run_at: Date | string | null;
  last_run_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

const toDate = (v: Date | string | null): Date | null => (v === null ? null : v instanceof Date ? v : new Date(v));

function automationFromRaw(raw: AutomationRaw): AgentAutomationRow {
  return {
    id: raw.id,
    projectId: raw.project_id,
    name: raw.name,
    trigger: raw.trigger,
    schedule: raw.schedule,
    branch: raw.branch,
    prompt: raw.prompt,
    model: raw.model,
    active: raw.active,
    kind: raw.kind,
    automerge: raw.automerge,
    appendToOpen: raw.append_to_open,
    webhookSecret: raw.webhook_secret,
    slackChannel: raw.slack_channel,
    slackPattern: raw.slack_pattern,
    nextRunAt: toDate(raw.next_run_at),
    lastRunAt: toDate(raw.last_run_at),
    createdAt: toDate(raw.created_at)!,
    updatedAt: toDate(raw.updated_at)!,
  };
}
