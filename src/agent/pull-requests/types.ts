import type { PullRequestDraft } from '../../db/index.js';

/** What an automerge did: merged (with the merge commit when known), or left open and why. */
export type MergeOutcome = { merged: true; commit: string | null } | { merged: false; reason: string };

/** The git side of a merge the forge does not do itself: a fast-forward push of the work branch onto its base. */
export interface MergeGit {
  /** Push the work branch's tip to the base branch without forcing; resolves with the commit, rejects when the base moved. */
  fastForward(): Promise<string>;
  /** The commit the job's checks passed on (the work branch's tip it pushed): a forge merges exactly that or nothing. */
  head?(): Promise<string>;
  /** The base branch's commit the run started from. */
  readonly baseCommit?: string;
}

/**
 * Opens or updates the pull request of a work branch and returns its URL.
 * One per work branch: a retried or followed-up job updates the same one.
 */
export interface PullRequestProvider {
  readonly kind: 'github' | 'gitlab' | 'folio';
  ensure(draft: PullRequestDraft): Promise<string>;
  /** Whether a pull request from `headBranch` (into `baseBranch`, any base when null) is open: an automation appends to it. */
  openFor(headBranch: string, baseBranch: string | null, repository: string): Promise<boolean>;
  /** Merge the open pull request of the draft's branch (automerge after the job's checks passed). */
  merge(draft: PullRequestDraft, git: MergeGit): Promise<MergeOutcome>;
}
