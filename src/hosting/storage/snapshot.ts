import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';

/**
 * Build bookkeeping a site never reads once published: the compiled bodies of the build cache (most of
 * `.folio-cache` by bytes). They stay in the site's workspace for its next build; the rest of
 * `.folio-cache` (the playground's hosts, MCP tools, the retrieval file) is read from the published build.
 */
export function publishedFile(relative: string): boolean {
  return !relative.startsWith('.folio-cache/bodies/');
}

export interface SnapshotStats {
  files: number;
  /** Files hard-linked from the previous build (unchanged). */
  linked: number;
  /** Files copied from the working output (new or changed). */
  copied: number;
}

/**
 * Make `to` (a fresh folder) a published copy of the build output `from`, which the site's next build
 * rewrites in place, so `to` never shares a file with it. A file unchanged since the previous published
 * build `previous` (same size and modification time to the millisecond: copies are given the time of what they copy) is a
 * hard link to that build's file, which nothing writes any more; only new and changed files are copied.
 * A one-page edit of a 1,000-page site copies a few dozen files and links the ~3,000 others.
 */
export async function snapshotBuild(from: string, to: string, previous: string | null): Promise<SnapshotStats> {
  const stats: SnapshotStats = { files: 0, linked: 0, copied: 0 };
  const files: string[] = [];
  const walk = async (rel: string) => {
    await fsp.mkdir(path.join(to, rel), { recursive: true });
    for (const entry of await fsp.readdir(path.join(from, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      // Only what the build wrote: folders and regular files (a link would lead anywhere).
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile() && publishedFile(child)) files.push(child);
    }
  };
  await walk('');
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const rel = files[next++]!;
      const source = path.join(from, rel);
      const target = path.join(to, rel);
      const now = await fsp.stat(source);
      const before = previous ? await fsp.lstat(path.join(previous, rel)).catch(() => null) : null;
      if (before?.isFile() && before.size === now.size && Math.floor(before.mtimeMs) === Math.floor(now.mtimeMs)) {
        await fsp.link(path.join(previous!, rel), target);
        stats.linked++;
      } else {
        await fsp.copyFile(source, target, fs.constants.COPYFILE_EXCL);
        await fsp.utimes(target, now.atime, now.mtime);
        stats.copied++;
      }
    }
  };
  // The work is mostly system calls: a few in flight keep the thread pool busy without flooding it.
  await Promise.all(Array.from({ length: 16 }, worker));
  stats.files = files.length;
  return stats;
}
