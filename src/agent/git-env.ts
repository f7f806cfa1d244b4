import { simpleGit, type SimpleGit } from 'simple-git';
import { ALLOWED_GIT_PROTOCOLS } from './git-safety.js';

/** Identity on every agent commit. */
export const AGENT_AUTHOR = { name: 'Folio Agent', email: 'agent@folio.invalid' } as const;

/**
 * The environment git runs with for agent work: only allowed transports, no
 * credential prompts, no system/global config (their hooks, aliases and
 * helpers belong to the operator, not to a job).
 */
export function agentGitEnv(): Record<string, string> {
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

/** A simple-git client for `baseDir` with hooks disabled and the agent identity. */
export function agentGit(baseDir: string): SimpleGit {
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
      `user.name=${AGENT_AUTHOR.name}`,
      `user.email=${AGENT_AUTHOR.email}`,
      'commit.gpgsign=false',
      'init.defaultBranch=main',
    ],
  }).env(agentGitEnv());
}
