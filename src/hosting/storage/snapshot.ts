import fs from 'node:fs';
import path from 'node:path';

/**
 * Build bookkeeping a site never reads once published: the compiled bodies of the build cache (most of
 * `.folio-cache` by bytes). They stay in the site's workspace for its next build; the rest of
 * `.folio-cache` (the playground's hosts, MCP tools, the retrieval file) is read from the published build.
 */
export function publishedFile(relative: string): boolean {
  return !relative.startsWith('.folio-cache/bodies/');
}

/**
 * Whether two files of `size` bytes hold the same bytes, read whole up to 256 KB (larger ones count as
 * changed). The build writes some files again with the same bytes (its assets, the search bundle's
 * fixed files): linked rather than copied, they cost a read each instead of a write.
 */
function sameSmallFile(a: string, b: string, size: number): boolean {
  if (size > 256 * 1024) return false;
  return fs.readFileSync(a).equals(fs.readFileSync(b));
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
 * build `previous` (same size and modification time to the millisecond: copies are given the time of what they copy; or the same bytes) is a
 * hard link to that build's file, which nothing writes any more; only new and changed files are copied.
 * A one-page edit of a 1,000-page site copies a few dozen files and links the ~3,000 others.
 */
export async function snapshotBuild(from: string, to: string, previous: string | null): Promise<SnapshotStats> {
  const stats: SnapshotStats = { files: 0, linked: 0, copied: 0 };
  // Synchronous calls in slices of a few milliseconds, the event loop answering HTTP between them:
  // ~10,000 calls through the thread pool took ~600 ms for a 1,000-page site (3,400 files) on this
  // loaded 2-core machine, each waiting its turn; synchronous, a few microseconds each.
  let sliceStart = performance.now();
  const yieldNow = async () => {
    if (performance.now() - sliceStart < 4) return;
    await new Promise((resolve) => setImmediate(resolve));
    sliceStart = performance.now();
  };
  const walk = async (rel: string) => {
    fs.mkdirSync(path.join(to, rel), { recursive: true });
    for (const entry of fs.readdirSync(path.join(from, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      // Only what the build wrote: folders and regular files (a link would lead anywhere).
      if (entry.isDirectory()) {
        if (publishedFile(`${child}/`)) await walk(child);
      }
      else if (entry.isFile() && publishedFile(child)) {
        copyOrLink(child);
        for (let next = copies.pop(); next; next = copies.pop()) await copy(next);
        await yieldNow();
      }
    }
  };
  const copyOrLink = (rel: string) => {
    const source = path.join(from, rel);
    const target = path.join(to, rel);
    const now = fs.statSync(source);
    const before = previous ? fs.lstatSync(path.join(previous, rel), { throwIfNoEntry: false }) : undefined;
    stats.files++;
    if (before?.isFile() && before.size === now.size && (Math.floor(before.mtimeMs) === Math.floor(now.mtimeMs) || sameSmallFile(source, path.join(previous!, rel), now.size))) {
      fs.linkSync(path.join(previous!, rel), target);
      stats.linked++;
    } else {
      copies.push({ source, target, now });
    }
  };
  const copy = async ({ source, target, now }: { source: string; target: string; now: fs.Stats }) => {
    // A large file (a video) through the thread pool, not holding the event loop while it copies.
    if (now.size > 1024 * 1024) await fs.promises.copyFile(source, target, fs.constants.COPYFILE_EXCL);
    else fs.copyFileSync(source, target, fs.constants.COPYFILE_EXCL);
    fs.utimesSync(target, now.atime, now.mtime);
    stats.copied++;
  };
  const copies: Array<{ source: string; target: string; now: fs.Stats }> = [];
  await walk('');
  return stats;
}
