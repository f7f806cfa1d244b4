import { readGitGuarded } from '../shared/index.js';

/**
 * `git log <args>` run in `root` with the guards of `readGitGuarded` (nothing of the repository's
 * config runs, no global config is read), paths left unquoted. Null when git fails.
 */
export function runGitLog(root: string, args: readonly string[], timeoutMs = 15_000): Promise<string | null> {
  return readGitGuarded(root, ['-c', 'core.quotePath=false', 'log', ...args], { timeoutMs, maxBytes: 256 * 1024 * 1024 });
}
