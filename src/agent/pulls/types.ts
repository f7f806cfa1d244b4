/** What the agent asks a pull request provider for: one PR per work branch, created or updated. */
export interface PullRequestDraft {
  jobId: string;
  projectId: string;
  repository: string;
  baseBranch: string;
  headBranch: string;
  title: string;
  body: string;
  /** Unified diff of the branch against its base (shown by Folio's own PR page). */
  diff: string;
}

/** Opens or updates the pull request of a branch and returns its URL. */
export interface PullRequestProvider {
  readonly kind: 'github' | 'folio';
  ensure(draft: PullRequestDraft): Promise<string>;
}
