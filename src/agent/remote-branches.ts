import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { checkRepositoryUrl, gitEnv } from '../git/index.js';

const run = promisify(execFile);

/**
 * The branch names of a remote repository (`git ls-remote --heads`), or null
 * when the remote cannot be asked within `timeoutMs` (unreachable, needs
 * credentials): callers then accept the branch and let the job report it.
 */
export async function remoteBranches(repository: string, timeoutMs = 5_000): Promise<string[] | null> {
  try {
    const url = checkRepositoryUrl(repository);
    // No shell; `--` ends the options so the URL cannot be read as one.
    const { stdout } = await run('git', ['ls-remote', '--heads', '--', url], { env: gitEnv(), timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024 });
    return stdout
      .split('\n')
      .map((line) => /\trefs\/heads\/(.+)$/.exec(line)?.[1])
      .filter((name): name is string => name !== undefined);
  } catch {
    return null;
  }
}
