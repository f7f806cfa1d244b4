import { execFile } from 'node:child_process';
import os from 'node:os';

/**
 * `git log <args>` run in `root` with the guards every read of a repository's history needs: the
 * repository's own git config cannot run anything (hooks, fsmonitor, pagers and signature checks are off:
 * a `gpg.program` it names would run on a signed commit), no global or system config is read (HOME was
 * once the docs root, so a `.gitconfig` in the repository was git's global config), and a checkout is
 * not refused for belonging to another user (`safe.directory`: a root server's sandboxed build reads the
 * root-owned checkout as an unprivileged user). Null when git fails: no repository, a broken history, no
 * git at all, or the time limit.
 */
export function runGitLog(root: string, args: readonly string[], timeoutMs = 15_000): Promise<string | null> {
  const guarded = ['-c', 'core.fsmonitor=false', '-c', 'core.hooksPath=/dev/null', '-c', 'safe.directory=*', '-c', 'log.showSignature=false', '-c', 'core.quotePath=false', '--no-pager', 'log', ...args];
  return new Promise((resolve) => {
    execFile(
      'git',
      guarded,
      { cwd: root, timeout: timeoutMs, maxBuffer: 256 * 1024 * 1024, env: { PATH: process.env.PATH ?? '', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_TERMINAL_PROMPT: '0', HOME: os.tmpdir() } },
      (error, stdout) => resolve(error ? null : stdout),
    );
  });
}
