/**
 * Branches made in the web editor as draft pull requests: a branch autosaves (its drafts committed and
 * pushed a few seconds after the last edit) and opens a draft pull request into the deployment branch
 * through the agent's providers (GitHub's REST API, GitLab's, or a pull request Folio records for a
 * plain git remote); its author marks it ready for review, asks members with edit rights for a review,
 * and it is merged once approved. Shareable preview links of a branch live here too: an unguessable
 * token (only its SHA-256 stored), each with an expiry, revocable.
 */
import { createHash, randomBytes } from 'node:crypto';
import { AgentError, pullRequestProviderFor, type GithubOptions, type GithubPullRequestProvider } from '../agent/index.js';
import type { Database, ProjectRow } from '../db/index.js';
import { gitClient } from '../git/index.js';
import { EditorError } from './codes.js';
import type { EditorSession, EditorUser } from './session.js';

/** How long after the last edit a branch autosaves (commit and push of its drafts), by default. */
export const AUTOSAVE_MS = 5_000;
/** A preview link's life by default, and at most, in days. */
export const PREVIEW_LINK_DAYS = 7;
export const MAX_PREVIEW_LINK_DAYS = 30;
/** Open preview links of one branch at most. */
export const MAX_PREVIEW_LINKS = 20;

export type BranchState = 'draft' | 'ready' | 'merged';
export type ReviewState = 'requested' | 'approved' | 'changes';

export interface BranchReview {
  reviewerId: string;
  reviewerEmail: string;
  requestedByEmail: string | null;
  state: ReviewState;
  updatedAt: Date;
}

/** A branch made in the editor: its pull request and where its review stands. */
export interface EditorBranch {
  projectId: string;
  branch: string;
  createdBy: string | null;
  createdByEmail: string;
  pullRequestUrl: string | null;
  state: BranchState;
  savedCommit: string | null;
  savedAt: Date | null;
  mergedByEmail: string | null;
  reviews: BranchReview[];
  /** Whether a merge would be allowed now (ready, approved, no changes asked). */
  approved: boolean;
}

export interface PreviewLink {
  id: string;
  createdByEmail: string;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

/** A member the editor acts for, with what they may do on the project. */
export interface BranchActor extends EditorUser {
  canEdit: boolean;
}

const BRANCH_COLUMNS = `project_id AS "projectId", branch, created_by AS "createdBy", created_by_email AS "createdByEmail",
  pull_request_url AS "pullRequestUrl", state, saved_commit AS "savedCommit", saved_at AS "savedAt", merged_by_email AS "mergedByEmail"`;
const LINK_COLUMNS = `id, created_by_email AS "createdByEmail", created_at AS "createdAt", expires_at AS "expiresAt", revoked_at AS "revokedAt"`;

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export interface EditorBranchesOptions {
  github?: GithubOptions;
  /** Delay of the autosave after the last edit (default `AUTOSAVE_MS`). */
  autosaveMs?: number;
  log?: (line: string) => void;
}

export class EditorBranches {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly running = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Database,
    private readonly opts: EditorBranchesOptions = {},
  ) {}

  /** Record a branch made in the editor (once; the deployment branch is never one). */
  async record(session: EditorSession, user: EditorUser): Promise<void> {
    if (session.branch === session.project.branch) return;
    await this.db.query(`INSERT INTO editor_branches (project_id, branch, created_by, created_by_email) VALUES ($1, $2, $3, $4) ON CONFLICT (project_id, branch) DO NOTHING`, [session.project.id, session.branch, user.id, user.email]);
  }

  /** The branch's record with its reviews, or null when it was not made in the editor. */
  async get(projectId: string, branch: string): Promise<EditorBranch | null> {
    const [row] = await this.db.query<Omit<EditorBranch, 'reviews' | 'approved'>>(`SELECT ${BRANCH_COLUMNS} FROM editor_branches WHERE project_id = $1 AND branch = $2`, [projectId, branch]);
    if (!row) return null;
    const reviews = await this.db.query<BranchReview>(
      `SELECT reviewer_id AS "reviewerId", reviewer_email AS "reviewerEmail", requested_by_email AS "requestedByEmail", state, updated_at AS "updatedAt"
       FROM editor_branch_reviews WHERE project_id = $1 AND branch = $2 ORDER BY updated_at, reviewer_email`,
      [projectId, branch],
    );
    const approved = row.state === 'ready' && reviews.some((r) => r.state === 'approved') && !reviews.some((r) => r.state === 'changes');
    return { ...row, reviews, approved };
  }

  /** The record of a branch actions may change, or the refusal that says why not. */
  private async need(session: EditorSession, { open = true } = {}): Promise<EditorBranch> {
    const record = session.branch === session.project.branch ? null : await this.get(session.project.id, session.branch);
    if (!record) throw new EditorError('EDITOR_NOT_A_BRANCH', `"${session.branch}" is ${session.branch === session.project.branch ? 'the deployment branch: its changes are published directly' : 'not a branch made in the editor'}. Create a branch from the branch menu first.`, 409);
    if (open && record.state === 'merged') throw new EditorError('EDITOR_BRANCH_MERGED', `"${session.branch}" was merged${record.mergedByEmail ? ` by ${record.mergedByEmail}` : ''}; start a new branch for more changes.`, 409);
    return record;
  }

  private provider(project: ProjectRow, publicUrl: string) {
    return pullRequestProviderFor({ db: this.db, publicUrl, github: this.opts.github }, project.repoUrl);
  }

  /** A git host's refusal as the editor's, keeping its message. */
  private async host<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof AgentError) throw new EditorError('EDITOR_PULL_REQUEST_FAILED', `The branch was saved, but ${what} failed: ${err.message}`, 502);
      throw err;
    }
  }

  /**
   * Save the branch: its drafts committed and pushed (when there are any), then its pull request
   * opened as a draft (or updated) once the branch differs from the deployment branch.
   */
  async save(session: EditorSession, user: EditorUser, publicUrl: string): Promise<{ branch: EditorBranch; commit: string | null; files: string[] }> {
    const record = await this.need(session);
    const saved = await session.saveToBranch(user, `Update ${session.branch} from the web editor`);
    const draft = await session.pullRequestOf(titleOf(session.branch), `Made in the Folio web editor by ${record.createdByEmail}; saved as the writers edit.`);
    let url = record.pullRequestUrl;
    if (draft.diff.trim() !== '') {
      const provider = this.provider(session.project, publicUrl);
      // GitHub opens it as a draft; a recorded pull request's draft state is this record's.
      url = await this.host('opening its pull request', () => (provider.kind === 'github' ? (provider as GithubPullRequestProvider).ensure(draft, { draft: record.state === 'draft' }) : provider.ensure(draft)));
    }
    await this.db.query(
      `UPDATE editor_branches SET pull_request_url = $3, saved_commit = COALESCE($4, saved_commit), saved_at = CASE WHEN $4::text IS NULL THEN saved_at ELSE now() END WHERE project_id = $1 AND branch = $2`,
      [session.project.id, session.branch, url, saved?.commit ?? null],
    );
    if (saved) this.opts.log?.(`editor: autosaved ${saved.files.length} file(s) of ${session.project.id}/${session.branch} as ${saved.commit.slice(0, 12)}`);
    return { branch: (await this.get(session.project.id, session.branch))!, commit: saved?.commit ?? null, files: saved?.files ?? [] };
  }

  /**
   * Save the branch `autosaveMs` after the last call for it (each edit moves it on). Only branches made
   * in the editor autosave; a failure is logged and the drafts stay for the next try.
   */
  scheduleAutosave(session: EditorSession, user: EditorUser, publicUrl: string): void {
    if (session.branch === session.project.branch) return;
    const key = `${session.project.id}\0${session.branch}`;
    clearTimeout(this.timers.get(key));
    const timer = setTimeout(() => {
      this.timers.delete(key);
      const task = this.get(session.project.id, session.branch)
        .then((record) => (record && record.state !== 'merged' && !session.disposed ? this.save(session, user, publicUrl) : null))
        .catch((err: unknown) => this.opts.log?.(`editor: autosave of ${session.project.id}/${session.branch} failed: ${err instanceof Error ? err.message : String(err)}`))
        .finally(() => this.running.delete(task));
      this.running.add(task);
    }, this.opts.autosaveMs ?? AUTOSAVE_MS);
    timer.unref();
    this.timers.set(key, timer);
  }

  /** Wait for autosaves that are due or running (tests; a server shutting down). */
  async idle(): Promise<void> {
    while (this.timers.size > 0 || this.running.size > 0) {
      await Promise.all([...this.running]);
      if (this.timers.size > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Save, then mark the pull request ready for review (out of draft on GitHub). */
  async ready(session: EditorSession, user: BranchActor, publicUrl: string): Promise<EditorBranch> {
    await this.save(session, user, publicUrl);
    const record = (await this.get(session.project.id, session.branch))!;
    if (!record.pullRequestUrl) throw new EditorError('EDITOR_NOTHING_TO_PUBLISH', `"${session.branch}" has no changes from "${session.project.branch}" yet: edit a page before asking for a review.`, 409);
    const provider = this.provider(session.project, publicUrl);
    if (provider.kind === 'github') await this.host('marking its pull request ready for review', () => (provider as GithubPullRequestProvider).markReady(session.branch));
    await this.db.query(`UPDATE editor_branches SET state = 'ready' WHERE project_id = $1 AND branch = $2 AND state = 'draft'`, [session.project.id, session.branch]);
    return (await this.get(session.project.id, session.branch))!;
  }

  /** Ask a member with edit rights (not the branch's author) to review the branch. */
  async requestReview(session: EditorSession, by: EditorUser, reviewer: { id: string; email: string; canEdit: boolean } | null): Promise<EditorBranch> {
    const record = await this.need(session);
    if (!reviewer || !reviewer.canEdit) throw new EditorError('EDITOR_REVIEWER_INVALID', 'A review is asked of a member with edit rights on this project: pick one from the list.');
    if (reviewer.id === record.createdBy) throw new EditorError('EDITOR_REVIEWER_INVALID', `${reviewer.email} made this branch; ask another member to review it.`);
    await this.db.query(
      `INSERT INTO editor_branch_reviews (project_id, branch, reviewer_id, reviewer_email, requested_by_email) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (project_id, branch, reviewer_id) DO UPDATE SET state = 'requested', requested_by_email = EXCLUDED.requested_by_email, updated_at = now()`,
      [session.project.id, session.branch, reviewer.id, reviewer.email, by.email],
    );
    return (await this.get(session.project.id, session.branch))!;
  }

  /** Approve the branch, or ask for changes (members with edit rights, not its author). */
  async review(session: EditorSession, user: BranchActor, approve: boolean): Promise<EditorBranch> {
    const record = await this.need(session);
    if (!user.canEdit) throw new EditorError('EDITOR_NOT_YOURS', 'Reviewing a branch needs edit rights on the project.', 403);
    if (user.id === record.createdBy) throw new EditorError('EDITOR_REVIEWER_INVALID', 'You made this branch: ask another member to review it.', 403);
    if (record.state !== 'ready') throw new EditorError('EDITOR_REVIEW_REQUIRED', `"${session.branch}" is still a draft: its author marks it ready for review first.`, 409);
    await this.db.query(
      `INSERT INTO editor_branch_reviews (project_id, branch, reviewer_id, reviewer_email, state) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (project_id, branch, reviewer_id) DO UPDATE SET state = EXCLUDED.state, updated_at = now()`,
      [session.project.id, session.branch, user.id, user.email, approve ? 'approved' : 'changes'],
    );
    return (await this.get(session.project.id, session.branch))!;
  }

  /**
   * Merge an approved branch into the deployment branch through its git host (GitHub's merge, or a
   * fast-forward of the deployment branch on a plain remote), after saving what is left of its drafts.
   */
  async merge(session: EditorSession, user: BranchActor, publicUrl: string, triggerUpdate: () => Promise<{ id: string }>): Promise<{ branch: EditorBranch; commit: string | null; updateId: string }> {
    const record = await this.need(session);
    if (!record.approved) {
      const why = record.state !== 'ready' ? 'it is still a draft (mark it ready for review)' : record.reviews.some((r) => r.state === 'changes') ? 'a reviewer asked for changes' : 'nobody has approved it yet';
      throw new EditorError('EDITOR_REVIEW_REQUIRED', `"${session.branch}" cannot be merged: ${why}.`, 409);
    }
    await this.save(session, user, publicUrl);
    const draft = await session.pullRequestOf(titleOf(session.branch), '');
    const provider = this.provider(session.project, publicUrl);
    const outcome = await this.host('merging its pull request', () =>
      session.withFreshCheckout((work) => {
        const git = { fastForward: () => work.fastForwardBase(), head: async () => (await gitClient(work.dir).raw(['rev-parse', 'HEAD'])).trim(), baseCommit: work.baseCommit };
        return provider.merge(draft, git);
      }),
    );
    if (!outcome.merged) throw new EditorError('EDITOR_MERGE_FAILED', `"${session.branch}" was not merged: ${outcome.reason}.`, 409);
    await this.db.query(`UPDATE editor_branches SET state = 'merged', merged_by_email = $3 WHERE project_id = $1 AND branch = $2`, [session.project.id, session.branch, user.email]);
    this.opts.log?.(`editor: ${user.email} merged ${session.project.id}/${session.branch} into ${session.project.branch}`);
    const update = await triggerUpdate();
    return { branch: (await this.get(session.project.id, session.branch))!, commit: outcome.commit, updateId: update.id };
  }

  // ------------------------------------------------------------------ preview links

  /** A new preview link of the branch: its token, shown once (only its hash is kept). */
  async createLink(session: EditorSession, user: EditorUser, days = PREVIEW_LINK_DAYS): Promise<{ link: PreviewLink; token: string }> {
    await this.need(session, { open: false });
    if (!Number.isFinite(days) || days <= 0 || days > MAX_PREVIEW_LINK_DAYS) throw new EditorError('EDITOR_BAD_REQUEST', `A preview link lasts from a few hours to ${MAX_PREVIEW_LINK_DAYS} days ("days" between 0 and ${MAX_PREVIEW_LINK_DAYS}).`);
    const [{ open }] = (await this.db.query<{ open: number }>(
      `SELECT count(*)::int AS open FROM editor_preview_links WHERE project_id = $1 AND branch = $2 AND revoked_at IS NULL AND expires_at > now()`,
      [session.project.id, session.branch],
    )) as [{ open: number }];
    if (open >= MAX_PREVIEW_LINKS) throw new EditorError('EDITOR_BAD_REQUEST', `"${session.branch}" already has ${MAX_PREVIEW_LINKS} live preview links; revoke some first.`, 409);
    const token = randomBytes(24).toString('base64url');
    const id = randomBytes(8).toString('hex');
    const [link] = await this.db.query<PreviewLink>(
      `INSERT INTO editor_preview_links (id, token_hash, project_id, branch, created_by_email, expires_at)
       VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6::double precision)) RETURNING ${LINK_COLUMNS}`,
      [id, tokenHash(token), session.project.id, session.branch, user.email, days * 86_400],
    );
    return { link: link!, token };
  }

  /** The branch's preview links, newest first (revoked and expired ones included, marked). */
  listLinks(projectId: string, branch: string): Promise<PreviewLink[]> {
    return this.db.query<PreviewLink>(`SELECT ${LINK_COLUMNS} FROM editor_preview_links WHERE project_id = $1 AND branch = $2 ORDER BY created_at DESC LIMIT 50`, [projectId, branch]);
  }

  /** Revoke one of the branch's links (at once: the next request refuses). */
  async revokeLink(projectId: string, branch: string, id: string): Promise<void> {
    const rows = await this.db.query(`UPDATE editor_preview_links SET revoked_at = COALESCE(revoked_at, now()) WHERE id = $1 AND project_id = $2 AND branch = $3 RETURNING id`, [id, projectId, branch]);
    if (rows.length === 0) throw new EditorError('EDITOR_PREVIEW_LINK_INVALID', 'The branch has no preview link with this id.', 404);
  }

  /** The project and branch a token opens, or the refusal (unknown 404, expired or revoked 410). */
  async resolveLink(token: string): Promise<{ projectId: string; branch: string }> {
    const [row] = /^[A-Za-z0-9_-]{32}$/.test(token)
      ? await this.db.query<{ projectId: string; branch: string; revoked: boolean; expired: boolean }>(
          `SELECT project_id AS "projectId", branch, revoked_at IS NOT NULL AS revoked, expires_at <= now() AS expired FROM editor_preview_links WHERE token_hash = $1`,
          [tokenHash(token)],
        )
      : [];
    if (!row) throw new EditorError('EDITOR_PREVIEW_LINK_INVALID', 'This preview link does not exist: check that it was copied whole, or ask for a new one.', 404);
    if (row.revoked) throw new EditorError('EDITOR_PREVIEW_LINK_REVOKED', 'This preview link was revoked by a member of the project; ask them for a new one.', 410);
    if (row.expired) throw new EditorError('EDITOR_PREVIEW_LINK_EXPIRED', 'This preview link has expired; ask a member of the project for a new one.', 410);
    return { projectId: row.projectId, branch: row.branch };
  }
}

/** A pull request title from a branch name: `update-introduction` → "Update introduction". */
export function titleOf(branch: string): string {
  const words = branch.replace(/^.*\//, '').replace(/[-_]+/g, ' ').trim() || branch;
  return words.charAt(0).toUpperCase() + words.slice(1);
}
