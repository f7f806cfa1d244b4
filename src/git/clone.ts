import path from 'node:path';
import { gitClient, runGit, type GitCredentials } from './client.js';
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
 * exactly that commit (`reset --hard`, and `clean` of anything git does not track). Files that did not
 * change keep their modification time, so a build reading the checkout sees only the changed ones as new.
 * Same safety as the clone (no hooks, submodules or symlinks); GIT_CLONE_FAILED with git's reason.
 */
export async function fetchBranchTip({
  repository,
  branch,
  dir,
  credentials,
}: {
  repository: string;
  branch: string;
  dir: string;
  credentials?: GitCredentials;
}): Promise<ClonedCommit> {
  const url = checkRepositoryUrl(repository);
  checkBranchName(branch);
  try {
    await runGit(dir, ['fetch', '--depth', '1', '--no-tags', '--no-recurse-submodules', '--', url, `+refs/heads/${branch}:refs/remotes/origin/${branch}`], {
      credentials: credentials && { ...credentials, repository: url },
    });
    await runGit(dir, ['reset', '--quiet', '--hard', `refs/remotes/origin/${branch}`]);
    await runGit(dir, ['clean', '--quiet', '-ffdx']);
  } catch (err) {
    throw new GitError('GIT_CLONE_FAILED', `Could not fetch ${url} at branch ${branch}: ${gitMessage(err)}`);
  }
  return headCommit(dir, branch);
}

/** The commit checked out in `dir`, as fetched from `branch`. */
async function headCommit(dir: string, branch: string): Promise<ClonedCommit> {
  const git = gitClient(dir);
  const sha = (await git.revparse(['HEAD'])).trim();
  const message = (await git.raw(['log', '-1', '--format=%s'])).trim();
  return { sha, ref: branch, message };
}

/**
 * Paths (posix, relative to the checkout) of the symbolic links committed at HEAD of the checkout
 * `dir`. Folio's git runs with `core.symlinks=false`, so each is checked out as a plain file holding
 * the link's target path; callers that publish files decide what to do with them.
 */
export async function committedSymlinks(dir: string): Promise<string[]> {
  const listing = await gitClient(dir).raw(['ls-tree', '-r', '-z', '--full-tree', 'HEAD']);
  // Each entry: "<mode> <type> <object>\t<path>\0".
  return listing
    .split('\0')
    .filter((entry) => entry.startsWith('120000 '))
    .map((entry) => entry.slice(entry.indexOf('\t') + 1));
}
