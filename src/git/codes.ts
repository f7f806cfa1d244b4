/**
 * Stable codes of the git layer; each is documented in docs/reference/errors/git.md.
 * Agent jobs report these under their own AGENT_* names (see src/agent/codes.ts),
 * updates under UPDATE_* (src/hosting/codes.ts); the CLI prints them as they are.
 */
export const GIT_CODES = {
  GIT_BAD_REPOSITORY: 'The repository URL is empty, starts with "-", carries credentials (in its user part, query or fragment, in any spelling), or uses a transport other than file, http(s), ssh or git.',
  GIT_BAD_BRANCH: 'The branch name is not a valid git ref name or starts with "-".',
  GIT_CLONE_FAILED: 'The repository could not be cloned or fetched.',
  GIT_REF_NOT_FOUND: 'The branch does not exist in the repository, or the repository has no default branch.',
  GIT_PUSH_FAILED: 'A branch could not be pushed to the repository.',
  GIT_INTERRUPTED: 'A git command was stopped (and every process it started killed) because the job ran out of time or was cancelled.',
} as const;

export type GitCode = keyof typeof GIT_CODES;

/** A refused input or a failed git operation, with a stable code. */
export class GitError extends Error {
  constructor(
    readonly code: GitCode,
    message: string,
  ) {
    super(message);
    this.name = 'GitError';
  }
}

/** The last lines of git's output in an error, on one line (git prints hints first, the cause last). */
export function gitMessage(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.trim().split('\n').filter(Boolean).slice(-3).join(' ');
}
