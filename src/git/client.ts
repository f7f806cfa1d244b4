import { simpleGit, type SimpleGit } from 'simple-git';
import { ALLOWED_GIT_PROTOCOLS } from './safety.js';

/** Identity on every commit Folio makes (agent work, the seeded example repository, merges). */
export const COMMIT_AUTHOR = { name: 'Folio Agent', email: 'agent@folio.invalid' } as const;

/**
 * The environment git runs with: only allowed transports, no credential
 * prompts, no system/global config (their hooks, aliases and helpers belong to
 * the operator, not to a job). Credentials reach git only through what is
 * passed on: HOME (for ~/.ssh and .netrc) and SSH_AUTH_SOCK.
 */
export function gitEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of ['PATH', 'HOME', 'TMPDIR', 'LANG', 'SSH_AUTH_SOCK']) {
    const value = process.env[key];
    if (value !== undefined) env[key] = value;
  }
  env.GIT_ALLOW_PROTOCOL = ALLOWED_GIT_PROTOCOLS.join(':');
  env.GIT_TERMINAL_PROMPT = '0';
  env.GIT_CONFIG_NOSYSTEM = '1';
  env.GIT_CONFIG_GLOBAL = '/dev/null';
  return env;
}

/** A simple-git client for `baseDir` with hooks, submodules and symlinks off and Folio's identity. */
export function gitClient(baseDir: string): SimpleGit {
  return simpleGit({
    baseDir,
    maxConcurrentProcesses: 2,
    // simple-git guards against callers setting core.hooksPath; ours points it
    // at /dev/null, which turns hooks off rather than on; likewise the global
    // config path we set is /dev/null.
    unsafe: { allowUnsafeHooksPath: true, allowUnsafeConfigPaths: true },
    config: [
      'core.hooksPath=/dev/null',
      'submodule.recurse=false',
      // Symlinks check out as plain files holding the link text, so neither the
      // maintainer nor a model's write_file can be steered outside the workspace.
      'core.symlinks=false',
      `user.name=${COMMIT_AUTHOR.name}`,
      `user.email=${COMMIT_AUTHOR.email}`,
      'commit.gpgsign=false',
      'init.defaultBranch=main',
    ],
  }).env(gitEnv());
}

/** The commit a ref names in the repository at `dir`, or null when it does not exist. */
export async function revParse(dir: string, ref: string): Promise<string | null> {
  try {
    const out = await gitClient(dir).raw(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
    return out.trim() || null;
  } catch {
    // `--verify --quiet` exits 1 for a ref that does not exist: that is the null answer, not a failure.
    return null;
  }
}
