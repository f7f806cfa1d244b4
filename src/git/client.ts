import { spawn } from 'node:child_process';
import { simpleGit, type SimpleGit } from 'simple-git';
import { GitError } from './codes.js';
import { ALLOWED_GIT_PROTOCOLS, maskUrlCredentials } from './safety.js';

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

/** Settings every git command of Folio runs with (`-c` pairs). */
const GIT_CONFIG = [
  'core.hooksPath=/dev/null',
  'submodule.recurse=false',
  // Symlinks check out as plain files holding the link text, so neither the
  // maintainer nor a model's write_file can be steered outside the workspace.
  'core.symlinks=false',
  `user.name=${COMMIT_AUTHOR.name}`,
  `user.email=${COMMIT_AUTHOR.email}`,
  'commit.gpgsign=false',
  'init.defaultBranch=main',
];

/** A token for one https remote, e.g. a GitHub token (`x-access-token` as the user name). */
export interface GitCredentials {
  username: string;
  token: string;
}

export interface RunGitOptions {
  /** Stops the command: git and every process it started (ssh, remote helpers) are killed. */
  signal?: AbortSignal;
  /**
   * Given to git by a credential helper scoped to `repository`'s origin, through the environment:
   * never in a URL, an argument or a message.
   */
  credentials?: GitCredentials & { repository: string };
}

/** The origin (`scheme://host[:port]`) of an http(s) repository URL, or null for other transports. */
function httpOrigin(repository: string): string | null {
  try {
    const url = new URL(repository);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

// Answers `get` with the user name and token from the environment; `store`/`erase` do nothing.
const CREDENTIAL_HELPER = '!f() { test "$1" = get || exit 0; echo "username=$FOLIO_GIT_USERNAME"; echo "password=$FOLIO_GIT_TOKEN"; }; f';

/**
 * Run git for a command that talks to a remote (clone, fetch, push), in its own process group so an
 * abort kills everything it started, not just git. Resolves with stdout; rejects with git's stderr
 * (any copy of the token removed), or GIT_INTERRUPTED when `signal` stopped it.
 */
export function runGit(cwd: string, args: string[], { signal, credentials }: RunGitOptions = {}): Promise<string> {
  const env = gitEnv();
  const config = [...GIT_CONFIG];
  const origin = credentials ? httpOrigin(credentials.repository) : null;
  if (credentials && origin) {
    config.push(`credential.${origin}.helper=${CREDENTIAL_HELPER}`);
    env.FOLIO_GIT_USERNAME = credentials.username;
    env.FOLIO_GIT_TOKEN = credentials.token;
  }
  // git quotes the remote's URL in its errors: its credentials (none pass checkRepositoryUrl, but a URL may be
  // spelled past it) and the token are masked before any message leaves.
  const scrub = (text: string) => maskUrlCredentials(credentials?.token ? text.split(credentials.token).join('***') : text, args);
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new GitError('GIT_INTERRUPTED', `git ${args[0]} was not started: the job was stopped.`));
      return;
    }
    const child = spawn('git', [...config.flatMap((c) => ['-c', c]), ...args], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    let aborted = false;
    const kill = () => {
      aborted = true;
      try {
        // The whole group: git, its ssh or remote helper, and whatever those started.
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    signal?.addEventListener('abort', kill, { once: true });
    child.on('error', (error) => {
      signal?.removeEventListener('abort', kill);
      reject(new Error(scrub(error.message)));
    });
    child.on('close', (code) => {
      signal?.removeEventListener('abort', kill);
      if (aborted) reject(new GitError('GIT_INTERRUPTED', `git ${args[0]} was stopped: the job ran out of time or was cancelled.`));
      else if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
      else reject(new Error(scrub(Buffer.concat(err).toString('utf8').trim() || `git ${args[0]} exited with code ${code}`)));
    });
  });
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
    config: GIT_CONFIG,
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
