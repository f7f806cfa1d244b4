/**
 * A local repository with checked-out files (a working copy) as a project's repository. Folio reads
 * it fine, but git refuses every push to the branch checked out there ("branch is currently checked
 * out"): the web editor could not publish to the deployment branch, nor a merge land on it. Git's
 * own way out, `receive.denyCurrentBranch=updateInstead`, rewrites the writer's files under them and
 * is a setting of their repository, not ours; so Folio asks for a bare clone instead, at project
 * creation (the dashboard's DASHBOARD_REPOSITORY_WORKING_COPY), and says the same when a push to an
 * older project fails.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/** The folder a repository URL names on this machine (an absolute path or a `file://` URL), or null for a remote. */
export function localRepositoryPath(repository: string): string | null {
  if (repository.startsWith('/')) return path.resolve(repository);
  if (!/^file:\/\//i.test(repository)) return null;
  try {
    const url = new URL(repository);
    return url.host === '' || url.host === 'localhost' ? path.resolve(decodeURIComponent(url.pathname)) : null;
  } catch {
    return null;
  }
}

/**
 * The working copy (the folder with the files) when `repository` is a local non-bare repository:
 * a folder holding `.git`, or a `.git` folder whose config says `bare = false`. Null for a bare
 * repository, a remote, or a path that is not a repository (cloning it reports that).
 */
export async function localWorkingCopy(repository: string): Promise<string | null> {
  const dir = localRepositoryPath(repository);
  if (dir === null) return null;
  // `.git` is a folder in a clone, a file (`gitdir: ...`) in a linked worktree or a submodule.
  if (await stat(path.join(dir, '.git')).then(() => true, () => false)) return dir;
  // Read as text, not through git: a repository's config may name programs git would run.
  const config = await readFile(path.join(dir, 'config'), 'utf8').catch(() => null);
  if (config !== null && /^\s*bare\s*=\s*false\s*$/im.test(config)) return path.basename(dir) === '.git' ? path.dirname(dir) : dir;
  return null;
}

/** What to do about a working copy: make a bare clone, point Folio at it, and pull from it. */
export function workingCopyMessage(repository: string, workingCopy: string): string {
  const bare = `${workingCopy.replace(/\/+$/, '')}.git`;
  return (
    `Repository "${repository}" is a working copy (a folder with checked-out files): git refuses pushes to the branch checked out there, ` +
    `so Folio could not publish to it. Point Folio at a bare clone instead: run "git clone --bare ${workingCopy} ${bare}", ` +
    `use ${bare} as the project's repository, and in ${workingCopy} run "git remote add folio ${bare}" to pull what Folio publishes and push your own commits there.`
  );
}
