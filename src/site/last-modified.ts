import { runGitLog } from './git-log.js';
import type { Site } from './load-site.js';

/**
 * When each file of a repository last changed in git: one `git log` for the whole history (not one
 * per page), newest first, so the first commit naming a file is its last change. Paths are relative
 * to the docs root. A docs root outside git, a shallow or broken history, or no git at all gives an
 * empty map (pages then fall back to the build time, as the platform falls back to its deployment
 * time). Git runs with `runGitLog`'s guards: the repository's config cannot run anything.
 */
export async function gitLastModified(root: string, timeoutMs = 15_000): Promise<Map<string, number>> {
  const stdout = await runGitLog(root, ['--format=%x00%ct', '--name-only', '--no-renames', '--relative', '--', '.'], timeoutMs);
  const dates = new Map<string, number>();
  if (stdout === null) return dates;
  let time = 0;
  for (const line of stdout.split('\n')) {
    if (line.startsWith('\0')) time = Number(line.slice(1)) * 1000;
    else if (line && time && !dates.has(line)) dates.set(line, time);
  }
  return dates;
}

/** Whether any page shows a last-modified date (`metadata.timestamp`, or `timestamp: true` on a page). */
export function wantsTimestamps(site: Site): boolean {
  if (site.config.metadata?.timestamp === true) return true;
  for (const page of site.index.pages.values()) if (page.frontmatter?.timestamp === true) return true;
  return false;
}
