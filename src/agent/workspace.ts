import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { AgentError } from './codes.js';
import { agentGit } from './git-env.js';
import { checkBranchName, checkRepositoryUrl } from './git-safety.js';

/** Where a job works and what it branched from. */
export interface Workspace {
  dir: string;
  repository: string;
  /** Branch the pull request targets. */
  baseBranch: string;
  /** The job's own branch (`folio/agent-<id>`). */
  workBranch: string;
  /** Commit the work branch started from in this run (base tip or the existing work branch tip). */
  startCommit: string;
  /** Tip of the base branch when the workspace was prepared. */
  baseCommit: string;
}

export interface PrepareWorkspaceOptions {
  repository: string;
  /** `source.ref`; null means the repository's default branch. */
  ref: string | null;
  workBranch: string;
  /** A directory owned by this job; reused when a retry finds it. */
  dir: string;
}

async function exists(p: string): Promise<boolean> {
  return stat(p).then(
    () => true,
    () => false,
  );
}

function gitMessage(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.trim().split('\n').filter(Boolean).slice(-3).join(' ');
}

/**
 * Clone (or fetch, when a previous attempt left the clone) the repository and
 * check out the work branch: the remote work branch when it already exists
 * (follow-up messages, retries after a push), otherwise a new branch at the
 * base. The tree is reset and cleaned so a retry starts from a known state.
 */
export async function prepareWorkspace(opts: PrepareWorkspaceOptions): Promise<Workspace> {
  const repository = checkRepositoryUrl(opts.repository);
  const workBranch = checkBranchName(opts.workBranch);
  if (opts.ref !== null) checkBranchName(opts.ref);
  await mkdir(opts.dir, { recursive: true });
  const reuse = await exists(path.join(opts.dir, '.git'));
  if (!reuse) {
    await rm(opts.dir, { recursive: true, force: true });
    await mkdir(opts.dir, { recursive: true });
    try {
      await agentGit(opts.dir).raw(['clone', '--no-recurse-submodules', '--no-tags', '--', repository, '.']);
    } catch (err) {
      throw new AgentError('AGENT_CLONE_FAILED', `Cloning ${repository} failed: ${gitMessage(err)}`);
    }
  }
  const git = agentGit(opts.dir);
  // A clone left by an earlier attempt (or run) catches up with the remote; a fresh clone already has.
  if (reuse) {
    try {
      await git.raw(['remote', 'set-url', '--', 'origin', repository]);
      await git.raw(['fetch', '--prune', '--no-tags', '--no-recurse-submodules', 'origin', '--', '+refs/heads/*:refs/remotes/origin/*']);
    } catch (err) {
      throw new AgentError('AGENT_CLONE_FAILED', `Fetching ${repository} failed: ${gitMessage(err)}`);
    }
  }
  const baseBranch = opts.ref ?? (await defaultBranch(opts.dir));
  const baseCommit = await revParse(opts.dir, `refs/remotes/origin/${baseBranch}`);
  if (baseCommit === null) {
    throw new AgentError('AGENT_REF_NOT_FOUND', `Branch "${baseBranch}" does not exist in ${repository}. Set source.ref to an existing branch.`);
  }
  const remoteWork = await revParse(opts.dir, `refs/remotes/origin/${workBranch}`);
  const startCommit = remoteWork ?? baseCommit;
  await git.raw(['checkout', '-q', '-f', '-B', workBranch, startCommit, '--']);
  await git.raw(['reset', '-q', '--hard', startCommit]);
  await git.raw(['clean', '-q', '-fdx']);
  return { dir: opts.dir, repository, baseBranch, workBranch, startCommit, baseCommit };
}

/** The remote's default branch (its HEAD), falling back to main/master. */
async function defaultBranch(dir: string): Promise<string> {
  const git = agentGit(dir);
  try {
    const out = await git.raw(['ls-remote', '--symref', 'origin', 'HEAD']);
    const match = /^ref: refs\/heads\/(\S+)\s+HEAD/m.exec(out);
    if (match?.[1]) return match[1];
  } catch {
    // fall through to the usual names
  }
  for (const name of ['main', 'master']) {
    if ((await revParse(dir, `refs/remotes/origin/${name}`)) !== null) return name;
  }
  throw new AgentError('AGENT_REF_NOT_FOUND', 'The repository has no default branch (no HEAD, main or master). Set source.ref.');
}

/** The commit a ref names, or null when it does not exist. */
export async function revParse(dir: string, ref: string): Promise<string | null> {
  try {
    const out = await agentGit(dir).raw(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
    return out.trim() || null;
  } catch {
    return null;
  }
}

/** True when the working tree has uncommitted changes (including new files). */
export async function hasUncommittedChanges(dir: string): Promise<boolean> {
  const out = await agentGit(dir).raw(['status', '--porcelain', '--untracked-files=all']);
  return out.trim() !== '';
}

/** Commit everything in the tree as Folio Agent; returns the new HEAD, or null when nothing changed. */
export async function commitAll(dir: string, message: string): Promise<string | null> {
  if (!(await hasUncommittedChanges(dir))) return null;
  const git = agentGit(dir);
  await git.raw(['add', '-A', '--', '.']);
  await git.raw(['commit', '-q', '--no-verify', '-m', message]);
  return (await git.raw(['rev-parse', 'HEAD'])).trim();
}

/** Files that differ between the base tip and HEAD. */
export async function changedFiles(ws: Workspace): Promise<string[]> {
  const out = await agentGit(ws.dir).raw(['diff', '--name-only', ws.baseCommit, 'HEAD', '--']);
  return out.split('\n').filter(Boolean);
}

/** Push HEAD to the work branch (force-with-lease against what this run started from). */
export async function pushWorkBranch(ws: Workspace): Promise<void> {
  const remoteTip = await revParse(ws.dir, `refs/remotes/origin/${ws.workBranch}`);
  const lease = `--force-with-lease=refs/heads/${ws.workBranch}:${remoteTip ?? ''}`;
  const git = agentGit(ws.dir);
  try {
    await git.raw(['push', '-q', '--no-verify', lease, '--', 'origin', `HEAD:refs/heads/${ws.workBranch}`]);
  } catch (err) {
    // A worker that lost this job's lease may have pushed the same result meanwhile:
    // identical content on the remote branch is success, anything else is not.
    const same = await git
      .raw(['fetch', '-q', '--no-tags', 'origin', '--', `+refs/heads/${ws.workBranch}:refs/remotes/origin/${ws.workBranch}`])
      .then(async () => (await git.raw(['rev-parse', 'HEAD^{tree}'])).trim() === (await git.raw(['rev-parse', `refs/remotes/origin/${ws.workBranch}^{tree}`])).trim())
      .catch(() => false);
    if (!same) throw new AgentError('AGENT_PUSH_FAILED', `Pushing ${ws.workBranch} failed: ${gitMessage(err)}`);
  }
}
