import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gitClient } from './client.js';
import { GitError, gitMessage } from './codes.js';
import { checkBranchName, checkRepositoryUrl } from './safety.js';
import { localWorkingCopy, workingCopyMessage } from './working-copy.js';

/** Outcome of merging a branch into its base. */
export type MergeResult = { ok: true; commit: string } | { ok: false; reason: string };

/**
 * Merge `head` into `base` in the repository with a real merge commit and push
 * the base branch (the push only moves base forward, so a concurrent change to
 * base makes it fail instead of losing work). Works for bare repositories and
 * any remote git accepts; conflicts leave the repository untouched.
 */
export async function mergeBranches(opts: { repository: string; base: string; head: string; title: string }): Promise<MergeResult> {
  let repository: string, base: string, head: string;
  try {
    repository = checkRepositoryUrl(opts.repository);
    base = checkBranchName(opts.base);
    head = checkBranchName(opts.head);
  } catch (err) {
    if (err instanceof GitError) return { ok: false, reason: err.message };
    throw err;
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'folio-merge-'));
  try {
    const git = gitClient(dir);
    try {
      await git.raw(['clone', '-q', '--no-recurse-submodules', '--no-tags', '--branch', base, '--', repository, '.']);
      await git.raw(['fetch', '-q', '--no-tags', 'origin', '--', `+refs/heads/${head}:refs/remotes/origin/${head}`]);
    } catch (err) {
      return { ok: false, reason: `Fetching ${base} and ${head} failed: ${gitMessage(err)}` };
    }
    try {
      await git.raw(['merge', '--no-ff', '--no-edit', '-m', `Merge ${head}: ${opts.title}`, `refs/remotes/origin/${head}`]);
    } catch {
      // git's own conflict listing is long and names files of a clone about to be deleted; the branch names say enough.
      return { ok: false, reason: `${head} does not merge cleanly into ${base}; resolve the conflicts on the branch and try again.` };
    }
    const commit = (await git.raw(['rev-parse', 'HEAD'])).trim();
    try {
      await git.raw(['push', '-q', '--no-verify', '--', 'origin', `HEAD:refs/heads/${base}`]);
    } catch (err) {
      const workingCopy = /checked out/i.test(gitMessage(err)) ? await localWorkingCopy(repository) : null;
      if (workingCopy !== null) return { ok: false, reason: workingCopyMessage(repository, workingCopy) };
      return { ok: false, reason: `Pushing ${base} failed (did it move meanwhile?): ${gitMessage(err)}` };
    }
    return { ok: true, commit };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
