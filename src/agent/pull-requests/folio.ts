import { localPullRequestUrl, upsertLocalPullRequest, type Database } from '../../db/index.js';
import type { PullRequestProvider } from './types.js';

/**
 * The provider for plain git remotes: the pull request is a row Folio records
 * (src/db/pull-requests.ts) and hosting serves at `<publicUrl>/pulls/<id>`.
 */
export function folioPullRequests(db: Database, publicUrl: string): PullRequestProvider {
  return {
    kind: 'folio',
    async ensure(draft) {
      const row = await upsertLocalPullRequest(db, draft);
      return localPullRequestUrl(publicUrl, row.id);
    },
  };
}
