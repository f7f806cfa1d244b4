import { GitError, type GitCode } from '../git/index.js';

/**
 * Stable codes for agent failures. A failed job's reason starts with one of
 * these (`CODE: message`), so API clients can branch on it.
 */
export const AGENT_CODES = {
  AGENT_BAD_REPOSITORY: 'The repository URL is empty, starts with "-", or uses a transport other than file, http(s), ssh or git.',
  AGENT_BAD_BRANCH: 'The branch name is not a valid git ref name or starts with "-".',
  AGENT_CLONE_FAILED: 'The repository could not be cloned or fetched.',
  AGENT_REF_NOT_FOUND: 'The requested source.ref does not exist in the repository.',
  AGENT_PUSH_FAILED: 'The work branch could not be pushed to the repository.',
  AGENT_UNKNOWN_MODEL: 'The job names a model Folio does not know and no language-model endpoint is configured.',
  AGENT_PROMPT_NOT_UNDERSTOOD: 'folio-maintainer does not recognise the prompt as one of its maintenance tasks.',
  AGENT_NO_CONFIG: 'The repository has neither docs.json nor mint.json at its docs root.',
  AGENT_INVALID_CONFIG: 'docs.json cannot be parsed, so the maintainer cannot edit it safely.',
  AGENT_SITE_BROKEN: 'The edits leave the site failing validation or the build; nothing was pushed.',
  AGENT_LLM_FAILED: 'The language-model endpoint returned an error or the agent loop did not finish.',
  AGENT_TIMEOUT: 'The run took longer than the worker allows (30 minutes by default) and was stopped.',
  AGENT_TASK_TOO_LARGE: "A folio-maintainer task ran out of the memory its thread is given (the OpenAPI sync on a spec too large to plan).",
  AGENT_STEP_LIMIT: 'The language-model agent used all its tool-call steps without finishing.',
  AGENT_TOKEN_BUDGET: 'The language-model agent used up its token budget without finishing.',
  AGENT_PULL_REQUEST_FAILED: 'The pull request could not be created or updated.',
  AGENT_GITLAB_UNAUTHORIZED: 'GitLab refused the token (HTTP 401 or 403): set FOLIO_GITLAB_TOKEN to a token with the api scope and Developer access to the project.',
  AGENT_GITLAB_PROJECT_NOT_FOUND: 'GitLab has no project at the path the repository URL names (HTTP 404), or the token cannot see it.',
  AGENT_CHECK_FAILED: "The result failed a check of its automation's kind (links, titles and descriptions, pages only, code unchanged, changelog, translations); nothing was pushed.",
  AGENT_SOURCE_UNREADABLE: "The suggestion checks could not fetch the project's source repository (URL, branch or access); shown on the Suggestions page.",
  AGENT_INTERNAL: 'An unexpected error; the message carries the details.',
} as const;

export type AgentCode = keyof typeof AGENT_CODES;

/** An error that ends a job with a stable code in its failure reason. */
export class AgentError extends Error {
  constructor(
    readonly code: AgentCode,
    message: string,
  ) {
    super(message);
    this.name = 'AgentError';
  }

  /** `CODE: message`, the shape stored as the job's failure reason. */
  get reason(): string {
    return `${this.code}: ${this.message}`;
  }
}

/**
 * What a job reports for each git failure: the AGENT_* names API clients
 * already branch on (the git layer's own codes are in src/git/codes.ts).
 */
const FROM_GIT: Record<GitCode, AgentCode> = {
  GIT_BAD_REPOSITORY: 'AGENT_BAD_REPOSITORY',
  GIT_BAD_BRANCH: 'AGENT_BAD_BRANCH',
  GIT_CLONE_FAILED: 'AGENT_CLONE_FAILED',
  GIT_REF_NOT_FOUND: 'AGENT_REF_NOT_FOUND',
  GIT_PUSH_FAILED: 'AGENT_PUSH_FAILED',
  GIT_INTERRUPTED: 'AGENT_TIMEOUT',
};

/** The failure reason for any thrown value, keeping codes of AgentErrors and naming git's failures as the job's. */
export function reasonFromError(err: unknown): string {
  if (err instanceof AgentError) return err.reason;
  if (err instanceof GitError) return `${FROM_GIT[err.code]}: ${err.message}`;
  const message = err instanceof Error ? err.message : String(err);
  return `AGENT_INTERNAL: ${message}`;
}
