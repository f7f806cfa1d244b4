import { execFile } from 'node:child_process';
import os from 'node:os';

/**
 * A read-only git command (`args`, the subcommand first, any `-c` before it) run in `dir` with the
 * guards every read of an untrusted repository needs: the repository's own git config cannot run
 * anything (hooks, fsmonitor, pagers and signature checks are off: a `gpg.program` it names would run
 * on a signed commit), no global or system config is read (HOME is the temporary folder, so no
 * `.gitconfig` of the repository's making is git's global config), and a checkout is not refused for
 * belonging to another user (`safe.directory`: a root server's sandboxed build reads the root-owned
 * checkout as an unprivileged user). Through `execFile`, never a shell. Null when git fails: no
 * repository, no such file at a commit, a broken history, no git at all, or the time limit.
 */
export function readGitGuarded(dir: string, args: readonly string[], { timeoutMs = 15_000, maxBytes = 64 * 1024 * 1024 }: { timeoutMs?: number; maxBytes?: number } = {}): Promise<string | null> {
  const guarded = ['-c', 'core.fsmonitor=false', '-c', 'core.hooksPath=/dev/null', '-c', 'safe.directory=*', '-c', 'log.showSignature=false', '--no-pager', ...args];
  return new Promise((resolve) => {
    execFile(
      'git',
      guarded,
      { cwd: dir, timeout: timeoutMs, maxBuffer: maxBytes, env: { PATH: process.env.PATH ?? '', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_TERMINAL_PROMPT: '0', HOME: os.tmpdir() } },
      (error, stdout) => resolve(error ? null : stdout),
    );
  });
}
