import type { Database } from './connection.js';
import { randomBase36 } from './ids.js';

// Pull requests Folio records itself, for plain git remotes without a forge.
// The agent opens them (src/agent/pull-requests), hosting serves their pages
// at `<publicUrl>/pulls/<id>` and merges or closes them (src/hosting/pull-request-pages).

/** What a work branch's pull request says; the same draft goes to GitHub or into this table. */
export interface PullRequestDraft {
  /** The agent job that opened it; null for the web editor's (src/editor). */
  jobId: string | null;
  projectId: string;
  repository: string;
  baseBranch: string;
  headBranch: string;
  title: string;
  body: string;
  /** Unified diff of the branch against its base (shown by Folio's own pull request page). */
  diff: string;
}

/** A pull request Folio records itself. */
export interface LocalPullRequest extends PullRequestDraft {
  id: string;
  status: 'open' | 'merged' | 'closed';
  mergeCommit: string | null;
  createdAt: Date;
  updatedAt: Date;
  closedAt: Date | null;
}

const COLUMNS = `id, job_id AS "jobId", project_id AS "projectId", repository, base_branch AS "baseBranch",
  head_branch AS "headBranch", title, body, diff, status, merge_commit AS "mergeCommit",
  created_at AS "createdAt", updated_at AS "updatedAt", closed_at AS "closedAt"`;

/** The page URL of a recorded pull request (the job's prLink; hosting answers it). */
export function localPullRequestUrl(publicUrl: string, id: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/pulls/${id}`;
}

/**
 * Record (or update) the pull request of a work branch. The unique index on
 * (repository, head_branch) makes a retried run update the same row; a
 * follow-up that adds commits reopens a closed or merged one.
 */
export async function upsertLocalPullRequest(db: Database, draft: PullRequestDraft): Promise<LocalPullRequest> {
  const [row] = await db.query<LocalPullRequest>(
    `INSERT INTO agent_pull_requests (id, job_id, project_id, repository, base_branch, head_branch, title, body, diff)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (repository, head_branch) DO UPDATE
       SET title = EXCLUDED.title, body = EXCLUDED.body, diff = EXCLUDED.diff, base_branch = EXCLUDED.base_branch,
           status = 'open', merge_commit = NULL, closed_at = NULL, updated_at = now()
     RETURNING ${COLUMNS}`,
    [randomBase36(10), draft.jobId, draft.projectId, draft.repository, draft.baseBranch, draft.headBranch, draft.title, draft.body, draft.diff],
  );
  return row!;
}

/** One recorded pull request, or null. */
export async function getLocalPullRequest(db: Database, id: string): Promise<LocalPullRequest | null> {
  const [row] = await db.query<LocalPullRequest>(`SELECT ${COLUMNS} FROM agent_pull_requests WHERE id = $1`, [id]);
  return row ?? null;
}

/** Move an open pull request to merged/closed, once; false when it was not open. */
export async function closeLocalPullRequest(db: Database, id: string, status: 'merged' | 'closed', mergeCommit: string | null = null): Promise<boolean> {
  const rows = await db.query(
    `UPDATE agent_pull_requests SET status = $2, merge_commit = $3, closed_at = now(), updated_at = now()
      WHERE id = $1 AND status = 'open' RETURNING id`,
    [id, status, mergeCommit],
  );
  return rows.length === 1;
}
