import type { AgentJobRow, UpdateRow } from '../db/index.js';
import type { AgentJobBody, UpdateStatusBody } from './schemas.js';

/** The columns an AgentJob body is made of (the job cache selects just these). */
export type AgentJobFields = Pick<AgentJobRow, 'id' | 'status' | 'repository' | 'ref' | 'model' | 'prLink' | 'failureReason' | 'createdAt' | 'archivedAt'>;

/** The API's AgentJob for a row: `prLink` stays null while the job is active. */
export function agentJobBody(row: AgentJobFields): AgentJobBody {
  return {
    id: row.id,
    status: row.status,
    source: { repository: row.repository, ref: row.ref },
    model: row.model,
    prLink: row.status === 'active' ? null : row.prLink,
    createdAt: row.createdAt.toISOString(),
    archivedAt: row.archivedAt ? row.archivedAt.toISOString() : null,
    failureReason: row.status === 'failed' ? row.failureReason : null,
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
    subdomain: row.projectId,
    source: row.source as UpdateStatusBody['source'],
    commit: row.commitSha || row.commitRef ? { sha: row.commitSha, ref: row.commitRef, message: row.commitMessage } : null,
  };
}
