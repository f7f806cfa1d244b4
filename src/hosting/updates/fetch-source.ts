import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkBranchName, checkRepositoryUrl, cloneBranchTip, committedSymlinks, fetchBranchTip, GitError, gitMessage, type ClonedCommit, type GitCredentials } from '../../git/index.js';
import { formatDiagnostic, removeTree, resolveInside, type Diagnostic } from '../../shared/index.js';
import { HostingError, type HostingCode } from '../codes.js';
import { workFolderPrefix } from './work-folders.js';
import { checkoutSource, recordCheckoutSource, type SiteWorkspace } from './workspace.js';

export interface FetchedSource {
  /** The docs root (the folder with docs.json) inside the checkout. */
  root: string;
  /** The checkout (or local folder) around `root`: what the build's sandbox shows it, read-only. */
  checkout: string;
  commit: ClonedCommit | null;
  /** Fetched into the workspace's kept checkout (only what changed came over), rather than cloned. */
  incremental: boolean;
  /**
   * An incremental fetch: the files under the docs root (relative to it, `/`-separated) that differ from
   * the commit the checkout was at before; absent when git could not tell.
   */
  changed?: string[];
  /** Remove the checkout (a no-op for a local folder built in place), through the thread pool: the event loop keeps answering HTTP. */
  cleanup(): Promise<void>;
}

export interface FetchSourceOptions {
  repoUrl: string;
  branch: string;
  docsDir: string;
  /** Parent of the temporary checkout. */
  workRoot?: string;
  /** A token for the repository (FOLIO_GITHUB_TOKEN for a GitHub one), given to git by a credential helper. */
  credentials?: GitCredentials;
  log: (line: string) => void;
  /** The site's workspace: its checkout is kept and fetched into by the next update instead of cloned afresh. */
  workspace?: SiteWorkspace;
}

function localPathOf(url: string): string | null {
  if (url.startsWith('file://')) return fileURLToPath(url);
  if (path.isAbsolute(url)) return url;
  return null;
}

function isGitRepository(dir: string): boolean {
  return fs.existsSync(path.join(dir, '.git')) || (fs.existsSync(path.join(dir, 'HEAD')) && fs.existsSync(path.join(dir, 'objects')));
}

/**
 * Get the project's docs at its branch: a shallow clone (src/git: no shell,
 * allowed protocols only, no hooks or submodules), or, for a local folder that
 * is not a git repository, the folder itself.
 */
export async function fetchSource({ repoUrl, branch, docsDir, workRoot = os.tmpdir(), credentials, log, workspace }: FetchSourceOptions): Promise<FetchedSource> {
  let url: string;
  try {
    url = checkRepositoryUrl(repoUrl);
    checkBranchName(branch);
  } catch (error) {
    throw new HostingError('UPDATE_BAD_SOURCE', (error as Error).message);
  }
  const docsRoot = (checkout: string): string => {
    const root = resolveInside(checkout, docsDir);
    if (!root) throw new HostingError('UPDATE_BAD_SOURCE', `Docs folder "${docsDir}" leaves the repository; use a path inside it.`);
    return root;
  };

  const local = localPathOf(url);
  if (local && fs.existsSync(local) && fs.statSync(local).isDirectory() && !isGitRepository(local)) {
    log(`Using local folder ${local} (not a git repository; building it in place)`);
    return { root: docsRoot(local), checkout: local, commit: null, incremental: false, cleanup: async () => {} };
  }
  if (workspace) return fetchIntoWorkspace(workspace, { url, branch, credentials, log, docsRoot });

  fs.mkdirSync(workRoot, { recursive: true });
  const parent = fs.mkdtempSync(path.join(workRoot, workFolderPrefix()));
  const cleanup = () => removeTree(parent);
  const checkout = path.join(parent, 'repo');
  try {
    log(`Fetching ${url} at branch ${branch}`);
    const commit = await cloneBranchTip({ repository: url, branch, dir: checkout, credentials });
    log(`Fetched commit ${commit.sha.slice(0, 12)}: ${commit.message}`);
    const root = docsRoot(checkout);
    await dropSymlinks(checkout, root, log);
    return { root, checkout, commit, incremental: false, cleanup };
  } catch (error) {
    await cleanup();
    if (error instanceof HostingError) throw error;
    throw new HostingError('UPDATE_FETCH_FAILED', error instanceof GitError ? error.message : `Could not fetch ${url} at branch ${branch}: ${gitMessage(error)}`);
  }
}

/**
 * Fetch into the workspace's kept checkout when it is of the same repository and branch; else, or when
 * git cannot (a checkout damaged by a kill mid-fetch: a stale `index.lock`, missing objects), clone
 * afresh into it. Nothing of the checkout outlives a failed fetch but what `git` itself keeps consistent.
 */
async function fetchIntoWorkspace(
  ws: SiteWorkspace,
  { url, branch, credentials, log, docsRoot }: { url: string; branch: string; credentials?: GitCredentials; log: (line: string) => void; docsRoot: (checkout: string) => string },
): Promise<FetchedSource> {
  const kept = checkoutSource(ws);
  let commit: ClonedCommit | null = null;
  let incremental = false;
  let changed: string[] | undefined;
  // The links committed at the fetched tip, listed beside the fetch's reset (else by `dropSymlinks` after a clone).
  let symlinks: string[] | undefined;
  if (kept?.url === url && kept.branch === branch && isGitRepository(ws.checkout)) {
    log(`Fetching ${url} at branch ${branch} into the kept checkout`);
    try {
      const fetched = await fetchBranchTip({ repository: url, branch, dir: ws.checkout, credentials, since: kept.commit });
      commit = { sha: fetched.sha, ref: fetched.ref, message: fetched.message };
      changed = fetched.changed;
      symlinks = fetched.symlinks;
      incremental = true;
    } catch (error) {
      log(`The kept checkout could not be updated (${error instanceof GitError ? error.message : gitMessage(error)}); cloning afresh`);
    }
  }
  if (!commit) {
    await removeTree(ws.checkout);
    fs.rmSync(path.join(ws.dir, 'source.json'), { force: true });
    log(`Fetching ${url} at branch ${branch}`);
    try {
      commit = await cloneBranchTip({ repository: url, branch, dir: ws.checkout, credentials });
    } catch (error) {
      await removeTree(ws.checkout);
      throw new HostingError('UPDATE_FETCH_FAILED', error instanceof GitError ? error.message : `Could not fetch ${url} at branch ${branch}: ${gitMessage(error)}`);
    }
  }
  // The commit too: the next fetch lists the paths changed since it.
  recordCheckoutSource(ws, { url, branch, commit: commit.sha });
  log(`Fetched commit ${commit.sha.slice(0, 12)}: ${commit.message}`);
  const root = docsRoot(ws.checkout);
  await dropSymlinks(ws.checkout, root, log, symlinks);
  // The checkout stays for the next update.
  return { root, checkout: ws.checkout, commit, incremental, ...(changed ? { changed: underRoot(ws.checkout, root, changed) } : {}), cleanup: async () => {} };
}

/** `paths` (relative to the checkout) that lie under the docs root, relative to it. */
function underRoot(checkout: string, root: string, paths: string[]): string[] {
  const prefix = path.relative(checkout, root).split(path.sep).join('/');
  if (!prefix) return paths;
  return paths.filter((p) => p.startsWith(`${prefix}/`)).map((p) => p.slice(prefix.length + 1));
}

/**
 * Remove what the repository commits as symbolic links from the checkout, with a warning located at
 * each one under the docs root. Git checks them out as plain files holding the target path
 * (`core.symlinks=false`), so nothing outside is read either way; removing them keeps a target path
 * from being published as a snippet or a static file, and the build then reports what is missing.
 * `links`: the list when the fetch already made it (at the commit now checked out).
 */
async function dropSymlinks(checkout: string, root: string, log: (line: string) => void, links?: string[]): Promise<void> {
  for (const link of links ?? (await committedSymlinks(checkout))) {
    const file = resolveInside(checkout, link);
    if (!file) continue;
    fs.rmSync(file, { force: true });
    const rel = path.relative(root, file).split(path.sep).join('/');
    if (rel.startsWith('..')) continue;
    const warning: Diagnostic<HostingCode> = {
      file: rel, line: 1, column: 1, severity: 'warning', code: 'UPDATE_SYMLINK_SKIPPED', path: '',
      message: `\`${rel}\` is a symbolic link in the repository; hosted builds do not follow links, so it was left out. Commit the file itself.`,
    };
    log(formatDiagnostic(warning));
  }
}
