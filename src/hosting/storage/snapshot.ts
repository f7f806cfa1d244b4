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
  const yieldNow = slicer();
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

/** Yield to the event loop once `slice` ms of synchronous work have passed (HTTP is answered between slices). */
function slicer(slice = 4): () => Promise<void> {
  let start = performance.now();
  return async () => {
    if (performance.now() - start < slice) return;
    await new Promise((resolve) => setImmediate(resolve));
    start = performance.now();
  };
}

/**
 * A tree of hard links to every file of the published build `from`, in the fresh folder `to`: the
 * next publish of the site starts from it (`refreshSnapshot`), so its thousands of links are made
 * while the site waits for its next push, not after it (~0.7-2 s for 3,300 files on this loaded
 * machine: each link is a metadata write; the refresh is mostly reads, ~50-100 ms).
 */
export async function linkTree(from: string, to: string): Promise<number> {
  const next = slicer();
  let files = 0;
  const walk = async (rel: string) => {
    fs.mkdirSync(path.join(to, rel), { recursive: true });
    for (const entry of fs.readdirSync(path.join(from, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile()) {
        fs.linkSync(path.join(from, child), path.join(to, child));
        files++;
        await next();
      }
    }
  };
  await walk('');
  return files;
}

/**
 * Bring `to`, a `linkTree` of the live build, to the build output `from`: a file that changed (size,
 * time, bytes as in `snapshotBuild`) is unlinked and copied, never written through its link (the live
 * build shares it); a file `from` no longer has is removed. Returns the same counts as `snapshotBuild`.
 */
export async function refreshSnapshot(from: string, to: string): Promise<SnapshotStats> {
  const stats: SnapshotStats = { files: 0, linked: 0, copied: 0 };
  await refreshFolder(from, to, '', stats, slicer());
  return stats;
}

/** `refreshSnapshot`'s counts when only what the build changed was looked at: `files` is what was looked at. */
export interface ChangedStats extends SnapshotStats {
  /** Files and folders of the live build the output no longer has (a page deleted or moved). */
  removed: number;
}

/**
 * `refreshSnapshot` for the paths a build reports it wrote or removed (`BuildStats.changed`: files, and
 * folders written whole), the rest of `to` left as the links to the live build it is. A one-page push of
 * a 1,000-page site looks at a few dozen paths instead of ~3,300 files (a stat of each, ~200-400 ms of the
 * server's CPU on this loaded 2-core machine). The list comes from the sandboxed build: a path that is
 * not a plain relative one is ignored, and one that is not a regular file or folder of `from` reached
 * without a link (a link planted by the build) is removed from `to` rather than published.
 */
export async function refreshChanged(from: string, to: string, changed: readonly string[]): Promise<ChangedStats> {
  const stats: ChangedStats = { files: 0, linked: 0, copied: 0, removed: 0 };
  const next = slicer();
  const root = fs.realpathSync(from);
  const folders = new Set<string>();
  const under = (rel: string) => {
    for (let dir = path.posix.dirname(rel); dir !== '.'; dir = path.posix.dirname(dir)) if (folders.has(dir)) return true;
    return false;
  };
  // Parents before children: a folder written whole covers what is below it.
  for (const rel of [...new Set(changed)].sort()) {
    if (!plainRelative(rel) || !publishedFile(rel) || !publishedFile(`${rel}/`) || under(rel)) continue;
    const source = path.join(root, rel);
    const target = path.join(to, rel);
    const info = fs.lstatSync(source, { throwIfNoEntry: false });
    const reachable = info !== undefined && realFolder(root, path.posix.dirname(rel));
    if (reachable && info.isDirectory()) {
      folders.add(rel);
      makeFolders(to, rel);
      await refreshFolder(root, to, rel, stats, next);
    } else if (reachable && info.isFile()) {
      makeFolders(to, path.posix.dirname(rel));
      await syncFile(source, target, stats);
      stats.files++;
    } else if (fs.lstatSync(target, { throwIfNoEntry: false })) {
      fs.rmSync(target, { recursive: true, force: true });
      stats.removed++;
    }
    await next();
  }
  return stats;
}

/** A relative posix path of plain names (no `.`, `..`, empty part or leading slash). */
function plainRelative(rel: string): boolean {
  return rel.length > 0 && !rel.includes('\\') && rel.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

/** Whether `rel` (`.` for `root` itself) is a folder under the real path `root` with no link on the way. */
function realFolder(root: string, rel: string): boolean {
  if (rel === '.') return true;
  const dir = path.join(root, rel);
  try {
    return fs.realpathSync(dir) === dir && fs.statSync(dir).isDirectory();
  } catch {
    // Missing: nothing below it is published.
    return false;
  }
}

/** Make the folders of `rel` under `to` (ours: made by `linkTree`), replacing a file in the way. */
function makeFolders(to: string, rel: string): void {
  if (rel === '.' || rel === '') return;
  let dir = to;
  for (const part of rel.split('/')) {
    dir = path.join(dir, part);
    const info = fs.lstatSync(dir, { throwIfNoEntry: false });
    if (info?.isDirectory()) continue;
    if (info) fs.rmSync(dir, { force: true });
    fs.mkdirSync(dir);
  }
}

/**
 * Make `target` (a link to the live build's file, or missing) hold `source`'s bytes: kept when the same,
 * else unlinked and copied; a file of more than 1 MB (a video) through the thread pool, not holding the
 * event loop while it copies.
 */
async function syncFile(source: string, target: string, stats: SnapshotStats): Promise<void> {
  const now = fs.statSync(source);
  const before = fs.lstatSync(target, { throwIfNoEntry: false });
  if (before?.isFile() && before.size === now.size && (Math.floor(before.mtimeMs) === Math.floor(now.mtimeMs) || sameSmallFile(source, target, now.size))) {
    stats.linked++;
    return;
  }
  if (before) fs.rmSync(target, { recursive: true, force: true });
  if (now.size > 1024 * 1024) await fs.promises.copyFile(source, target, fs.constants.COPYFILE_EXCL);
  else fs.copyFileSync(source, target, fs.constants.COPYFILE_EXCL);
  fs.utimesSync(target, now.atime, now.mtime);
  stats.copied++;
}

/** `refreshSnapshot` of the folder `rel` (`''`: the whole tree): its files brought over, what `from` lacks there removed. */
async function refreshFolder(from: string, to: string, rel: string, stats: SnapshotStats, next: () => Promise<void>): Promise<void> {
  const seen = new Set<string>();
  const walk = async (rel: string) => {
    const dir = path.join(to, rel);
    const info = fs.lstatSync(dir, { throwIfNoEntry: false });
    if (info && !info.isDirectory()) fs.rmSync(dir, { force: true });
    fs.mkdirSync(dir, { recursive: true });
    for (const entry of fs.readdirSync(path.join(from, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (publishedFile(`${child}/`)) await walk(child);
        continue;
      }
      if (!entry.isFile() || !publishedFile(child)) continue;
      seen.add(child);
      stats.files++;
      const source = path.join(from, child);
      const target = path.join(to, child);
      await syncFile(source, target, stats);
      await next();
    }
  };
  await walk(rel);
  // What the build no longer writes (a page deleted or moved) leaves the snapshot.
  const prune = async (rel: string) => {
    for (const entry of fs.readdirSync(path.join(to, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await prune(child);
      else if (!seen.has(child)) fs.rmSync(path.join(to, child), { force: true });
      await next();
    }
  };
  await prune(rel);
}
