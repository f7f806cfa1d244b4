import { closeLocalPullRequest, localPullRequestUrl, upsertLocalPullRequest, type Database } from '../../db/index.js';
import type { PullRequestProvider } from './types.js';

/**
 * The provider for plain git remotes: the pull request is a row Folio records
 * (src/db/pull-requests.ts) and hosting serves at `<publicUrl>/pulls/<id>`.
 * Automerge is a fast-forward push of the work branch onto its base.
 */
export function folioPullRequests(db: Database, publicUrl: string): PullRequestProvider {
  const openRow = async (repository: string, headBranch: string, baseBranch: string | null) => {
    const [row] = await db.query<{ id: string }>(
      `SELECT id FROM agent_pull_requests WHERE repository = $1 AND head_branch = $2 AND ($3::text IS NULL OR base_branch = $3) AND status = 'open'`,
      [repository, headBranch, baseBranch],
    );
    return row ?? null;
  };
  return {
    kind: 'folio',
    async ensure(draft) {
      const row = await upsertLocalPullRequest(db, draft);
      return localPullRequestUrl(publicUrl, row.id);
    },
    openFor: async (headBranch, baseBranch, repository) => (await openRow(repository, headBranch, baseBranch)) !== null,
    async merge(draft, git) {
      const row = await openRow(draft.repository, draft.headBranch, draft.baseBranch);
      if (!row) return { merged: false, reason: 'no open pull request for the branch' };
      let commit: string;
      try {
        commit = await git.fastForward();
      } catch (err) {
        const message = (err as Error).message;
        // The usual cause: someone pushed to the base while the run worked. Its checks ran on the old base, so it is not rebased blindly.
        if (/non-fast-forward|fetch first|\[rejected\]|did it move meanwhile/i.test(message)) {
          return { merged: false, reason: `${draft.baseBranch} moved since the run started${git.baseCommit ? ` from ${git.baseCommit.slice(0, 12)}` : ''}, so ${draft.headBranch} is no fast-forward of it any more and was not merged (its checks ran on the old ${draft.baseBranch}); merge or close the pull request on its page, or run the automation again` };
        }
        return { merged: false, reason: `${draft.baseBranch} could not be fast-forwarded to ${draft.headBranch}: ${message}` };
      }
      await closeLocalPullRequest(db, row.id, 'merged', commit);
      return { merged: true, commit };
    },
  };
}
