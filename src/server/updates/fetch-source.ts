import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { agentGit } from '../../agent/git-env.js';
import { checkBranchName, checkRepositoryUrl } from '../../agent/git-safety.js';
import { resolveInside } from '../../shared/index.js';
import { ApiError } from '../api/errors.js';

export interface FetchedSource {
  /** The docs root (the folder with docs.json) inside the checkout. */
  root: string;
  commit: { sha: string; ref: string; message: string } | null;
  /** Remove the checkout (a no-op for a local folder built in place). */
  cleanup(): void;
}

export interface FetchSourceOptions {
  repoUrl: string;
  branch: string;
  docsDir: string;
  /** Parent of the temporary checkout. */
  workRoot?: string;
  log: (line: string) => void;
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
 * Get the project's docs at its branch: a shallow clone (no shell, allowed
 * protocols only, no hooks or submodules), or, for a local folder that is not
 * a git repository, the folder itself.
 */
export async function fetchSource({ repoUrl, branch, docsDir, workRoot = os.tmpdir(), log }: FetchSourceOptions): Promise<FetchedSource> {
  let url: string;
  try {
    url = checkRepositoryUrl(repoUrl);
    checkBranchName(branch);
  } catch (error) {
    throw new ApiError(400, 'UPDATE_BAD_SOURCE', (error as Error).message);
  }
  const docsRoot = (checkout: string): string => {
    const root = resolveInside(checkout, docsDir);
    if (!root) throw new ApiError(400, 'UPDATE_BAD_SOURCE', `Docs folder "${docsDir}" leaves the repository; use a path inside it.`);
    return root;
  };

  const local = localPathOf(url);
  if (local && fs.existsSync(local) && fs.statSync(local).isDirectory() && !isGitRepository(local)) {
    log(`Using local folder ${local} (not a git repository; building it in place)`);
    return { root: docsRoot(local), commit: null, cleanup: () => {} };
  }

  fs.mkdirSync(workRoot, { recursive: true });
  const parent = fs.mkdtempSync(path.join(workRoot, 'folio-update-'));
  const cleanup = () => fs.rmSync(parent, { recursive: true, force: true });
  const checkout = path.join(parent, 'repo');
  try {
    log(`Fetching ${url} at branch ${branch}`);
    await agentGit(parent).clone(url, checkout, ['--depth', '1', '--branch', branch, '--single-branch', '--no-tags']);
    const git = agentGit(checkout);
    const sha = (await git.revparse(['HEAD'])).trim();
    const message = (await git.raw(['log', '-1', '--format=%s'])).trim();
    log(`Fetched commit ${sha.slice(0, 12)}: ${message}`);
    return { root: docsRoot(checkout), commit: { sha, ref: branch, message }, cleanup };
  } catch (error) {
    cleanup();
    if (error instanceof ApiError) throw error;
    const detail = (error as Error).message.split('\n').filter(Boolean).slice(-2).join(' ');
    throw new ApiError(502, 'UPDATE_FETCH_FAILED', `Could not fetch ${url} at branch ${branch}: ${detail}`);
  }
}
