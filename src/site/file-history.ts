import { createHash } from 'node:crypto';
import { runGitLog } from './git-log.js';

/** One commit that changed a file: its place in the log (0 = newest), when, and the file's blob after it. */
export interface FileChange {
  /** Position of the commit in the log, newest first: a smaller number is a later commit. */
  seq: number;
  /** Committer time, ms. */
  time: number;
  /** Git blob id of the file after the commit; all zeros when the commit deleted it. */
  blob: string;
}

/** Each file's commits, newest first, paths relative to the docs root. */
export type FileHistory = Map<string, FileChange[]>;

/**
 * Every file's history from ONE `git log --raw` over the docs root (not one per page: 35 languages of
 * 500 pages would be 17,500 processes). Commit order, not time, says which change came later: commits
 * made in the same second (scripts, rebases) still compare. Empty outside git or on failure.
 */
export async function gitFileHistory(root: string, timeoutMs = 15_000): Promise<FileHistory> {
  const stdout = await runGitLog(root, ['--format=%x00%ct', '--raw', '--no-abbrev', '--no-renames', '--relative', '--', '.'], timeoutMs);
  const history: FileHistory = new Map();
  if (stdout === null) return history;
  let seq = -1;
  let time = 0;
  for (const line of stdout.split('\n')) {
    if (line.startsWith('\0')) {
      seq++;
      time = Number(line.slice(1)) * 1000;
      continue;
    }
    // `:100644 100644 <old blob> <new blob> M\t<path>`
    if (!line.startsWith(':') || seq < 0) continue;
    const tab = line.indexOf('\t');
    if (tab < 0) continue;
    const fields = line.slice(1, tab).split(' ');
    const file = line.slice(tab + 1);
    const blob = fields[3] ?? '';
    const list = history.get(file) ?? [];
    list.push({ seq, time, blob });
    history.set(file, list);
  }
  return history;
}

/** The git blob id of a file's bytes (what `git hash-object` prints): a translation's record names its source by it. */
export function gitBlobId(bytes: Uint8Array | string): string {
  const data = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes;
  return createHash('sha1').update(`blob ${data.byteLength}\0`).update(data).digest('hex');
}
