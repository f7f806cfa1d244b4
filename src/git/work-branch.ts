import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { gitClient, revParse, runGit, type GitCredentials } from './client.js';
import { GitError, gitMessage } from './codes.js';
import { checkBranchName, checkRepositoryUrl } from './safety.js';
import { localWorkingCopy, workingCopyMessage } from './working-copy.js';

export interface CheckoutOptions {
  repository: string;
  /** Branch the work starts from and a pull request targets; null means the remote's default branch. */
  base: string | null;
  /** The branch the work is committed to (an agent job's `folio/agent-<id>`). */
  branch: string;
  /** A directory owned by this work; a clone an earlier attempt left there is reused. */
  dir: string;
  /** Stops a running clone, fetch or push (killing git and what it started) with GIT_INTERRUPTED. */
  signal?: AbortSignal;
  /** Token for an https repository, handed to git by a credential helper (never in the URL). */
  credentials?: GitCredentials;
  /**
   * Start the work branch at the base even when the remote has it (an automation whose earlier pull
   * request was merged or closed reuses its branch name; the next push replaces the old tip).
   */
  restart?: boolean;
}

/**
 * A clone with a work branch checked out: everything an agent job does with
 * git, in one place. Every step is safe to repeat after a crash: checking out
 * again continues from the remote work branch, pushing again accepts what an
 * earlier attempt already pushed.
 */
export class WorkBranch {
  private constructor(
    readonly dir: string,
    readonly repository: string,
    /** Branch a pull request targets. */
    readonly baseBranch: string,
    /** The branch the work is committed to. */
    readonly workBranch: string,
    /** Commit the work branch started from in this run (base tip or the existing work branch tip). */
    readonly startCommit: string,
    /** Tip of the base branch when the branch was checked out. */
    readonly baseCommit: string,
    private readonly remote: { signal?: AbortSignal; credentials?: GitCredentials } = {},
  ) {}

  /** Run a command that talks to the remote, with the checkout's signal and credentials. */
  private network(args: string[]): Promise<string> {
    const { signal, credentials } = this.remote;
    return runGit(this.dir, args, { signal, credentials: credentials && { ...credentials, repository: this.repository } });
  }

  /**
   * Clone (or fetch, when a previous attempt left the clone) the repository and
   * check out the work branch: the remote work branch when it already exists
   * (follow-up messages, retries after a push), otherwise a new branch at the
   * base. The tree is reset and cleaned so a retry starts from a known state.
   */
  static async checkout(opts: CheckoutOptions): Promise<WorkBranch> {
    const repository = checkRepositoryUrl(opts.repository);
    const workBranch = checkBranchName(opts.branch);
    if (opts.base !== null) checkBranchName(opts.base);
    const { dir, signal } = opts;
    const credentials = opts.credentials && { ...opts.credentials, repository };
    const interrupted = (err: unknown) => err instanceof GitError && err.code === 'GIT_INTERRUPTED';
    await mkdir(dir, { recursive: true });
    const reuse = await exists(path.join(dir, '.git'));
    if (!reuse) {
      await rm(dir, { recursive: true, force: true });
      await mkdir(dir, { recursive: true });
      try {
        // No checkout here: the work branch is checked out once, below.
        await runGit(dir, ['clone', '--no-checkout', '--no-recurse-submodules', '--no-tags', '--', repository, '.'], { signal, credentials });
      } catch (err) {
        if (interrupted(err)) throw err;
        throw new GitError('GIT_CLONE_FAILED', `Cloning ${repository} failed: ${gitMessage(err)}`);
      }
    }
    const git = gitClient(dir);
    // A clone left by an earlier attempt (or run) catches up with the remote; a fresh clone already has.
    if (reuse) {
      try {
        await git.raw(['remote', 'set-url', '--', 'origin', repository]);
        await runGit(dir, ['fetch', '--prune', '--no-tags', '--no-recurse-submodules', 'origin', '--', '+refs/heads/*:refs/remotes/origin/*'], { signal, credentials });
      } catch (err) {
        if (interrupted(err)) throw err;
        throw new GitError('GIT_CLONE_FAILED', `Fetching ${repository} failed: ${gitMessage(err)}`);
      }
    }
    // Every remote branch tip (and the remote's HEAD as a fresh clone recorded it) in one git call.
    const refs = await remoteRefs(dir);
    // The clone recorded the remote's HEAD (a reused clone: when this job's first attempt made it);
    // only without one is the remote asked.
    const baseBranch =
      opts.base ?? (refs.head !== null && refs.tips.has(refs.head) ? refs.head : await defaultBranch(refs, (args) => runGit(dir, args, { signal, credentials })));
    const baseCommit = refs.tips.get(baseBranch) ?? null;
    if (baseCommit === null) {
      throw new GitError('GIT_REF_NOT_FOUND', `Branch "${baseBranch}" does not exist in ${repository}. Set source.ref to an existing branch.`);
    }
    const startCommit = (opts.restart ? undefined : refs.tips.get(workBranch)) ?? baseCommit;
    await git.raw(['checkout', '-q', '-f', '-B', workBranch, startCommit, '--']);
    // A reused clone may hold an earlier attempt's edits; a fresh one was just checked out.
    if (reuse) {
      await git.raw(['reset', '-q', '--hard', startCommit]);
      await git.raw(['clean', '-q', '-fdx']);
    }
    return new WorkBranch(dir, repository, baseBranch, workBranch, startCommit, baseCommit, { signal, credentials: opts.credentials });
  }

  /** Delete a work directory and the base checkout `withBaseCheckout` may have left beside it. */
  static async remove(dir: string): Promise<void> {
    await rm(dir, { recursive: true, force: true });
    await rm(baseCheckoutDir(dir), { recursive: true, force: true });
  }

  /**
   * Commit everything in the tree (committer Folio; author Folio too unless `author` names the person
   * whose work it is, as the web editor does); returns the new HEAD, or null when nothing changed.
   */
  async commitAll(message: string, author?: { name: string; email: string }): Promise<string | null> {
    const git = gitClient(this.dir);
    const status = await git.raw(['status', '--porcelain', '--untracked-files=all']);
    if (status.trim() === '') return null;
    await git.raw(['add', '-A', '--', '.']);
    const by = author ? [`--author=${safeIdent(author.name)} <${safeIdent(author.email)}>`] : [];
    await git.raw(['commit', '-q', '--no-verify', ...by, '-m', message]);
    return (await git.raw(['rev-parse', 'HEAD'])).trim();
  }

  /** Files that differ between the base tip and HEAD. */
  async changedFiles(): Promise<string[]> {
    const out = await gitClient(this.dir).raw(['diff', '--name-only', this.baseCommit, 'HEAD', '--']);
    return out.split('\n').filter(Boolean);
  }

  /** Unified diff of the work against the base, cut at `maxChars` with a marker. */
  async diff(maxChars = 1_000_000): Promise<string> {
    const diff = await gitClient(this.dir).raw(['diff', '--no-color', '--no-ext-diff', `${this.baseCommit}...HEAD`, '--']);
    return diff.length > maxChars ? `${diff.slice(0, maxChars)}\n[diff truncated]` : diff;
  }

  /**
   * Push HEAD to the work branch unless the remote branch already has it
   * (force-with-lease against the remote tip this clone knows). Identical
   * content pushed meanwhile by another worker (one that lost the job's lease)
   * counts as success; anything else fails with GIT_PUSH_FAILED (for a local working copy, saying what to do).
   */
  async push(): Promise<void> {
    const remoteRef = `refs/remotes/origin/${this.workBranch}`;
    const remoteTip = await revParse(this.dir, remoteRef);
    if (remoteTip !== null && remoteTip === (await revParse(this.dir, 'HEAD'))) return;
    const git = gitClient(this.dir);
    const lease = `--force-with-lease=refs/heads/${this.workBranch}:${remoteTip ?? ''}`;
    try {
      await this.network(['push', '-q', '--no-verify', lease, '--', 'origin', `HEAD:refs/heads/${this.workBranch}`]);
    } catch (err) {
      if (err instanceof GitError && err.code === 'GIT_INTERRUPTED') throw err;
      const same = await this.network(['fetch', '-q', '--no-tags', 'origin', '--', `+refs/heads/${this.workBranch}:${remoteRef}`])
        .then(async () => (await git.raw(['rev-parse', 'HEAD^{tree}'])).trim() === (await git.raw(['rev-parse', `${remoteRef}^{tree}`])).trim())
        // Not knowing what the remote holds is no proof it holds our work: the push failed.
        .catch(() => false);
      if (same) return;
      // A local working copy refuses the branch it has checked out: say so, and what to do, rather than quote git.
      const workingCopy = /checked out/i.test(gitMessage(err)) ? await localWorkingCopy(this.repository) : null;
      throw new GitError('GIT_PUSH_FAILED', workingCopy ? workingCopyMessage(this.repository, workingCopy) : `Pushing ${this.workBranch} failed: ${gitMessage(err)}`);
    }
  }

  /**
   * Move the base branch on the remote to the work's HEAD without forcing: a fast-forward, refused when
   * the base moved since the checkout (automerge on a plain remote). Resolves with the commit.
   */
  async fastForwardBase(): Promise<string> {
    const head = (await gitClient(this.dir).raw(['rev-parse', 'HEAD'])).trim();
    try {
      await this.network(['push', '-q', '--no-verify', '--', 'origin', `${head}:refs/heads/${this.baseBranch}`]);
    } catch (err) {
      if (err instanceof GitError && err.code === 'GIT_INTERRUPTED') throw err;
      throw new GitError('GIT_PUSH_FAILED', `Fast-forwarding ${this.baseBranch} failed (did it move meanwhile?): ${gitMessage(err)}`);
    }
    return head;
  }

  /** Run `fn` on a checkout of the base commit beside the work directory, removed afterwards. */
  async withBaseCheckout<T>(fn: (baseDir: string) => Promise<T>): Promise<T> {
    const baseDir = baseCheckoutDir(this.dir);
    const git = gitClient(this.dir);
    // A worker killed during an earlier call may have left the base checkout behind.
    await rm(baseDir, { recursive: true, force: true });
    await git.raw(['worktree', 'prune']);
    await git.raw(['worktree', 'add', '-f', '--detach', baseDir, this.baseCommit]);
    try {
      return await fn(baseDir);
    } finally {
      // Best effort: a checkout left behind is deleted and pruned by the next call and by `remove`.
      await git.raw(['worktree', 'remove', '--force', baseDir]).catch(() => undefined);
    }
  }
}

const baseCheckoutDir = (dir: string) => `${dir}-base`;

/** A name or address git can put in an ident: no angle brackets, newlines or control characters. */
const safeIdent = (text: string) => text.replace(/[<>\u0000-\u001f\u007f]/g, '').trim() || 'unknown';

async function exists(p: string): Promise<boolean> {
  return stat(p).then(
    () => true,
    () => false,
  );
}

/** The remote branches a clone knows (`refs/remotes/origin/<name>` → commit) and the branch its `origin/HEAD` names. */
async function remoteRefs(dir: string): Promise<{ tips: Map<string, string>; head: string | null }> {
  const prefix = 'refs/remotes/origin/';
  const out = await gitClient(dir).raw(['for-each-ref', '--format=%(refname)%00%(objectname)%00%(symref)', '--', prefix]);
  const tips = new Map<string, string>();
  let head: string | null = null;
  for (const line of out.split('\n')) {
    const [ref, commit, symref] = line.split('\0');
    if (!ref?.startsWith(prefix) || !commit) continue;
    const name = ref.slice(prefix.length);
    if (name === 'HEAD') head = symref?.startsWith(prefix) ? symref.slice(prefix.length) : null;
    else tips.set(name, commit);
  }
  return { tips, head };
}

/** The remote's default branch (its HEAD), falling back to main/master. */
async function defaultBranch(refs: { tips: Map<string, string> }, remote: (args: string[]) => Promise<string>): Promise<string> {
  try {
    const out = await remote(['ls-remote', '--symref', 'origin', 'HEAD']);
    const match = /^ref: refs\/heads\/(\S+)\s+HEAD/m.exec(out);
    if (match?.[1]) return match[1];
  } catch (err) {
    if (err instanceof GitError && err.code === 'GIT_INTERRUPTED') throw err;
    // A remote that does not answer ls-remote for HEAD: fall through to the usual names.
  }
  for (const name of ['main', 'master']) {
    if (refs.tips.has(name)) return name;
  }
  throw new GitError('GIT_REF_NOT_FOUND', 'The repository has no default branch (no HEAD, main or master). Set source.ref.');
}
