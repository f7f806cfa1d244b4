import { automationKind } from '../agent/index.js';
import type { AgentAutomationRow, AgentJobMessageRow, AgentJobRow, AgentJobStepRow, UpdateRow } from '../db/index.js';
import type { AgentJobBody, AutomationBody, TranscriptBody, UpdateStatusBody } from './schemas.js';
import { redactRepositoryUrl } from '../git/index.js';

/** The columns an AgentJob body is made of (the job cache selects just these). */
export type AgentJobFields = Pick<
  AgentJobRow,
  'id' | 'status' | 'repository' | 'ref' | 'model' | 'prLink' | 'failureReason' | 'summary' | 'createdAt' | 'archivedAt'
>;

/** The API's AgentJob for a row: `prLink` stays null while the job is active. */
export function agentJobBody(row: AgentJobFields): AgentJobBody {
  return {
    id: row.id,
    status: row.status,
    source: { repository: redactRepositoryUrl(row.repository), ref: row.ref },
    model: row.model,
    prLink: row.status === 'active' ? null : row.prLink,
    createdAt: row.createdAt.toISOString(),
    archivedAt: row.archivedAt ? row.archivedAt.toISOString() : null,
    failureReason: row.status === 'failed' ? row.failureReason : null,
    summary: row.status === 'active' ? null : row.summary,
  };
}

/** A job's transcript: its prompts and the agent's steps, merged in time order (a prompt before steps of the same instant). */
export function transcriptBody(job: Pick<AgentJobRow, 'id' | 'status'>, messages: AgentJobMessageRow[], steps: AgentJobStepRow[]): TranscriptBody {
  const entries = [
    ...messages.map((m, i) => ({ at: m.createdAt.getTime(), order: 0, seq: i, role: 'user' as const, kind: 'prompt' as const, text: m.prompt, ok: null })),
    ...steps.map((s, i) => ({ at: s.createdAt.getTime(), order: 1, seq: i, role: 'agent' as const, kind: s.kind, text: s.text, ok: s.ok })),
  ].sort((a, b) => a.at - b.at || a.order - b.order || a.seq - b.seq);
  return {
    jobId: job.id,
    status: job.status,
    messages: entries.map((e) => ({ role: e.role, kind: e.kind, text: e.text, ok: e.ok, createdAt: new Date(e.at).toISOString() })),
  };
}

/** The update-status body for an update row. */
export function updateStatusBody(row: UpdateRow): UpdateStatusBody {
  return {
    _id: row.id,
    projectId: row.projectId,
    status: row.status,
    summary: row.summary,
    logs: row.logs,
    createdAt: row.createdAt.toISOString(),
    endedAt: row.endedAt ? row.endedAt.toISOString() : null,
    subdomain: row.previewSlug ? `${row.previewSlug}--${row.projectId}` : row.projectId,
    source: row.source as UpdateStatusBody['source'],
    commit: row.commitSha || row.commitRef ? { sha: row.commitSha, ref: row.commitRef, message: row.commitMessage } : null,
  };
}

/** The API view of an automation. */
export function automationBody(row: AgentAutomationRow): AutomationBody {
  return {
    id: row.id,
    name: row.name,
    trigger: row.trigger,
    kind: (automationKind(row.kind)?.id ?? null),
    schedule: row.schedule,
    branch: row.branch,
    prompt: row.prompt,
    model: row.model,
    automerge: row.automerge,
    appendToOpen: row.appendToOpen,
    webhookUrl: row.trigger === 'webhook' ? `/webhooks/automations/${row.id}` : null,
    slackChannel: row.slackChannel,
    slackPattern: row.slackPattern,
    active: row.active,
    nextRunAt: row.trigger === 'schedule' && row.nextRunAt ? row.nextRunAt.toISOString() : null,
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
