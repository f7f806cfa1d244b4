import { readGitGuarded } from '../shared/index.js';

/** One commit that changed a file. */
export interface FileCommit {
  /** The full commit id. */
  commit: string;
  authorName: string;
  authorEmail: string;
  /** Author date, Unix milliseconds. */
  date: number;
  /** The message's first line. */
  subject: string;
}

/**
 * The commits of HEAD's history that changed `file` (a path relative to the repository), newest
 * first, at most `limit`. Renames are not followed: a page's history starts where it got its name.
 */
export async function fileHistory(dir: string, file: string, { limit = 50, timeoutMs = 15_000 }: { limit?: number; timeoutMs?: number } = {}): Promise<FileCommit[]> {
  const out = await readGitGuarded(dir, ['log', `--max-count=${Math.max(1, Math.floor(limit))}`, '--no-renames', '--format=%H%x00%an%x00%ae%x00%at%x00%s%x1e', 'HEAD', '--', file], { timeoutMs });
  if (!out) return [];
  const commits: FileCommit[] = [];
  for (const record of out.split('\x1e')) {
    const [commit, authorName, authorEmail, at, subject] = record.replace(/^\n/, '').split('\0');
    if (!commit || !/^[0-9a-f]{40,64}$/.test(commit)) continue;
    commits.push({ commit, authorName: authorName ?? '', authorEmail: authorEmail ?? '', date: Number(at) * 1000, subject: subject ?? '' });
  }
  return commits;
}

/** The text of `file` (relative to the repository) at `commit` (a full id), or null when that commit has no such file. */
export async function fileAtCommit(dir: string, commit: string, file: string, timeoutMs = 15_000): Promise<string | null> {
  if (!/^[0-9a-f]{40,64}$/.test(commit) || file.startsWith('-')) return null;
  // `cat-file blob` prints the stored bytes: no textconv or filter of the repository's attributes runs.
  return readGitGuarded(dir, ['cat-file', 'blob', `${commit}:${file}`], { timeoutMs });
}
