import type { PullRequestDraft } from '../../db/index.js';

/**
 * Opens or updates the pull request of a work branch and returns its URL.
 * One per work branch: a retried or followed-up job updates the same one.
 */
export interface PullRequestProvider {
  readonly kind: 'github' | 'folio';
  ensure(draft: PullRequestDraft): Promise<string>;
}
