import path from 'node:path';
import { runGit, type GitCredentials } from './client.js';
import { GitError, gitMessage } from './codes.js';
import { checkBranchName, checkRepositoryUrl } from './safety.js';

/** The commit a shallow clone checked out. */
export interface ClonedCommit {
  sha: string;
  ref: string;
  /** Subject line of the commit message. */
  message: string;
}

/**
 * Clone only the tip of `branch` into `dir` (which must not exist yet): one
 * commit, no tags, no submodules, no hooks. Refuses unsafe URLs and branch
 * names (GIT_BAD_REPOSITORY, GIT_BAD_BRANCH); a clone git cannot make is
 * GIT_CLONE_FAILED with git's reason.
 */
export async function cloneBranchTip({
  repository,
  branch,
  dir,
  credentials,
}: {
  repository: string;
  branch: string;
  dir: string;
  /** A token for an https remote (a GitHub token), handed to git by a credential helper. */
  credentials?: GitCredentials;
}): Promise<ClonedCommit> {
  const url = checkRepositoryUrl(repository);
  checkBranchName(branch);
  try {
    await runGit(path.dirname(dir), ['clone', '--depth', '1', '--branch', branch, '--single-branch', '--no-tags', '--', url, dir], {
      credentials: credentials && { ...credentials, repository: url },
    });
  } catch (err) {
    throw new GitError('GIT_CLONE_FAILED', `Could not fetch ${url} at branch ${branch}: ${gitMessage(err)}`);
  }
  return headCommit(dir, branch);
}

/**
 * Bring an existing checkout made by `cloneBranchTip` to the tip of `branch` of `repository`: fetch
 * only that commit (objects the checkout already has are not sent again), then make the working tree
 * exactly that commit (`clean` of anything git does not track, then `reset --hard`). Files that did not
 * change keep their modification time, so a build reading the checkout sees only the changed ones as new.
 * Same safety as the clone (no hooks, submodules or symlinks); GIT_CLONE_FAILED with git's reason.
 * Also returns the symbolic links committed at the tip (`committedSymlinks`), listed beside the reset.
 */
export async function fetchBranchTip({
  repository,
  branch,
  dir,
  credentials,
  since,
}: {
  repository: string;
  branch: string;
  dir: string;
  credentials?: GitCredentials;
  /** The commit the checkout was at: the paths changed since it are listed (`changed`; absent when git cannot tell). */
  since?: string;
}): Promise<ClonedCommit & { changed?: string[]; symlinks: string[] }> {
  const url = checkRepositoryUrl(repository);
  checkBranchName(branch);
  const tip = `refs/remotes/origin/${branch}`;
  try {
    // Two rounds of git processes instead of four (each process is ~40-150 ms of wall on a loaded machine).
    // The clean runs beside the fetch, against the index of the commit the checkout is at: it removes what
    // that commit does not track, and the reset then turns exactly those tracked files into the new commit's,
    // so the tree ends as `reset` then `clean` left it. The fetch touches neither the index nor the tree.
    await Promise.all([
      runGit(dir, ['fetch', '--depth', '1', '--no-tags', '--no-recurse-submodules', '--', url, `+refs/heads/${branch}:${tip}`], {
        credentials: credentials && { ...credentials, repository: url },
      }),
      runGit(dir, ['clean', '--quiet', '-ffdx']),
    ]);
    // The commit, what changed and the links are read from the fetched tip, so they need not wait for the reset.
    const [, commit, changed, symlinks] = await Promise.all([
      runGit(dir, ['reset', '--quiet', '--hard', tip]),
      headCommit(dir, branch, tip),
      since ? changedPaths(dir, since, tip) : undefined,
      committedSymlinks(dir, tip),
    ]);
    return changed ? { ...commit, changed, symlinks } : { ...commit, symlinks };
  } catch (err) {
    throw new GitError('GIT_CLONE_FAILED', `Could not fetch ${url} at branch ${branch}: ${gitMessage(err)}`);
  }
}

/**
 * The paths (posix, relative to the checkout) that differ between commit `since` and HEAD, or
 * undefined when git cannot tell (the old commit's objects are gone).
 */
async function changedPaths(dir: string, since: string, tip: string): Promise<string[] | undefined> {
  if (!/^[0-9a-f]{40,64}$/.test(since)) return undefined;
  try {
    const listing = await runGit(dir, ['diff-tree', '-r', '-z', '--name-only', '--no-renames', since, tip]);
    return listing.split('\0').filter(Boolean);
  } catch {
    // A shallow checkout whose old commit is no longer there: the caller builds without the list.
    return undefined;
  }
}

/** The commit `ref` names in `dir` (HEAD: the one checked out), as fetched from `branch`. */
async function headCommit(dir: string, branch: string, ref = 'HEAD'): Promise<ClonedCommit> {
  // One git process for both (it was two: rev-parse, then log).
  const [sha = '', message = ''] = (await runGit(dir, ['log', '-1', '--format=%H%x00%s', ref])).trim().split('\0');
  return { sha, ref: branch, message: message.trim() };
}

/**
 * Paths (posix, relative to the checkout) of the symbolic links committed at `ref` (HEAD: the checked-out
 * commit) of the checkout `dir`. Folio's git runs with `core.symlinks=false`, so each is checked out as a
 * plain file holding the link's target path; callers that publish files decide what to do with them.
 */
export async function committedSymlinks(dir: string, ref = 'HEAD'): Promise<string[]> {
  const listing = await runGit(dir, ['ls-tree', '-r', '-z', '--full-tree', ref]);
  // Each entry: "<mode> <type> <object>\t<path>\0".
  return listing
    .split('\0')
    .filter((entry) => entry.startsWith('120000 '))
    .map((entry) => entry.slice(entry.indexOf('\t') + 1));
}
