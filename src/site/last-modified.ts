import { execFile } from 'node:child_process';
import os from 'node:os';
import type { Site } from './load-site.js';

/**
 * When each file of a repository last changed in git: one `git log` for the whole history (not one
 * per page), newest first, so the first commit naming a file is its last change. Paths are relative
 * to the docs root. A docs root outside git, a shallow or broken history, or no git at all gives an
 * empty map (pages then fall back to the build time, as the platform falls back to its deployment
 * time). The repository's own git config cannot run anything: hooks, fsmonitor, pagers and signature
 * checks (a `gpg.program` it names would run) are off, and no global config is read (HOME was once the
 * docs root, so a `.gitconfig` in the repository was git's global config: `log.showSignature` and
 * `gpg.program` in it ran a program of the repository on a signed commit).
 * Nor is a checkout refused for belonging to another user (`safe.directory`): a root server's
 * sandboxed build reads the root-owned checkout as an unprivileged user.
 */
export function gitLastModified(root: string, timeoutMs = 15_000): Promise<Map<string, number>> {
  return new Promise((resolve) => {
    const args = ['-c', 'core.fsmonitor=false', '-c', 'core.hooksPath=/dev/null', '-c', 'safe.directory=*', '-c', 'log.showSignature=false', '--no-pager', 'log', '--format=%x00%ct', '--name-only', '--no-renames', '--relative', '--', '.'];
    execFile(
      'git',
      args,
      { cwd: root, timeout: timeoutMs, maxBuffer: 256 * 1024 * 1024, env: { PATH: process.env.PATH ?? '', GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: '/dev/null', GIT_TERMINAL_PROMPT: '0', HOME: os.tmpdir() } },
      (error, stdout) => {
        const dates = new Map<string, number>();
        if (error) return resolve(dates);
        let time = 0;
        for (const line of stdout.split('\n')) {
          if (line.startsWith('\0')) time = Number(line.slice(1)) * 1000;
          else if (line && time && !dates.has(line)) dates.set(line, time);
        }
        resolve(dates);
      },
    );
  });
}

/** Whether any page shows a last-modified date (`metadata.timestamp`, or `timestamp: true` on a page). */
export function wantsTimestamps(site: Site): boolean {
  if (site.config.metadata?.timestamp === true) return true;
  for (const page of site.index.pages.values()) if (page.frontmatter?.timestamp === true) return true;
  return false;
}
