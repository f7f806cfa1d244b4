/**
 * Real-path containment: the one place Folio decides whether a repository path may be read or an
 * output path written. `resolveInside` is lexical; a symlink inside the root can still lead out of
 * it, so reads compare real paths and writes refuse any symlink between the root and the file.
 */
import { closeSync, constants, createReadStream, createWriteStream, openSync, writeFileSync } from 'node:fs';
import { lstat, mkdir, open, readlink, realpath, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { isInside, resolveInside } from './paths.js';

/** Callbacks told of every output path written or removed through this module (`watchOutputWrites`). */
const outputWatchers = new Set<{ root: string; seen: (absolute: string) => void }>();

/**
 * Be told of every file written, copied or removed under `root` through this module's writers, and of
 * what other writers report with `noteOutputWrite` (a build's search index, written by Pagefind): the
 * hosted publish then looks at these paths only, not at every file of the output. Returns the stop.
 */
export function watchOutputWrites(root: string, seen: (absolute: string) => void): () => void {
  const watcher = { root: path.resolve(root), seen };
  outputWatchers.add(watcher);
  return () => outputWatchers.delete(watcher);
}

/** Tell the watchers of an output that `absolute` (a file, or a folder rewritten as a whole) was written or removed. */
export function noteOutputWrite(absolute: string): void {
  if (outputWatchers.size === 0) return;
  const target = path.resolve(absolute);
  for (const w of outputWatchers) if (target.startsWith(w.root + path.sep)) w.seen(target);
}

/** Where a path led: its real path, or why it may not be used. */
export type Contained = { ok: true; path: string } | { ok: false; reason: 'outside' | 'missing' };

/**
 * The real path of `relative` under `root`, for reading. `outside` when the path or any symlink on
 * the way leads out of the root's real path; `missing` when nothing is there. Read the returned
 * path, not the lexical one, so what was checked is what is read.
 */
export async function realPathInside(root: string, relative: string): Promise<Contained> {
  const lexical = resolveInside(root, relative);
  if (!lexical) return { ok: false, reason: 'outside' };
  let realRoot: string;
  let real: string;
  try {
    realRoot = await realpath(root);
  } catch {
    // No root: nothing can be inside it.
    return { ok: false, reason: 'missing' };
  }
  try {
    real = await realpath(lexical);
  } catch {
    // Missing, or a dangling link: nothing is read either way. A link that points out of the root
    // is `outside` even when its target is not there (or not visible, in a build's sandbox).
    return (await linkLeadsOut(root, realRoot, lexical)) ? { ok: false, reason: 'outside' } : { ok: false, reason: 'missing' };
  }
  return isInside(realRoot, real) ? { ok: true, path: real } : { ok: false, reason: 'outside' };
}

/** Whether `target` or a folder between it and `root` is a symbolic link whose target is outside the root. */
async function linkLeadsOut(root: string, realRoot: string, target: string): Promise<boolean> {
  for (let at = target; isInside(root, at) && at !== root; at = path.dirname(at)) {
    try {
      if (!(await lstat(at)).isSymbolicLink()) continue;
      const to = path.resolve(path.dirname(at), await readlink(at));
      if (!isInside(root, to) && !isInside(realRoot, to)) return true;
    } catch {
      // Not there: look further up.
    }
  }
  return false;
}

/** Thrown when a write or delete would go through a symlink or leave the output root. */
export class ContainmentError extends Error {
  readonly code = 'PATH_OUTSIDE_ROOT';
  constructor(readonly root: string, readonly target: string, why: string) {
    super(`Refused to write ${target}: ${why}. Folio writes only real files and folders inside ${root}; remove the link.`);
  }
}

/** Every folder from `root` (exclusive) down to `target`, outermost first. */
function partsBelow(root: string, target: string): string[] {
  const rel = path.relative(root, target);
  if (!rel) return [];
  const parts = rel.split(path.sep);
  return parts.map((_, i) => path.join(root, ...parts.slice(0, i + 1)));
}

/** Lexical path of `relative` under `root`, or a ContainmentError. */
function lexicalTarget(root: string, relative: string): string {
  const target = path.isAbsolute(relative) && isInside(root, relative) ? path.resolve(relative) : resolveInside(root, relative);
  if (!target || target === path.resolve(root)) throw new ContainmentError(root, relative, 'the path leaves the output folder');
  return target;
}

/**
 * Make `dir` (absolute, or relative to `root`) and its missing parents one by one, refusing any
 * existing part that is a symlink or not a folder. `root` itself is the caller's choice and trusted.
 */
export async function makeDirInside(root: string, dir: string): Promise<string> {
  const base = path.resolve(root);
  const target = path.isAbsolute(dir) && path.resolve(dir) === base ? base : lexicalTarget(base, dir);
  await mkdir(base, { recursive: true });
  for (const part of partsBelow(base, target)) {
    try {
      await mkdir(part);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const info = await lstat(part);
      if (info.isSymbolicLink()) throw new ContainmentError(base, part, 'it is a symbolic link');
      if (!info.isDirectory()) throw new ContainmentError(base, part, 'it is not a folder');
    }
  }
  return target;
}

/** Flags of a no-follow write: a symlink as the last part fails with ELOOP instead of being followed. */
const NO_FOLLOW_WRITE = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW;

function refuseLink(root: string, target: string, error: unknown): never {
  if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw new ContainmentError(root, target, 'it is a symbolic link');
  throw error;
}

/**
 * Write `target` (absolute) without following a symlink at its last part. Only for a folder the
 * caller made or checked with `makeDirInside`; otherwise use `writeFileInside`.
 */
export async function writeFileNoFollow(root: string, target: string, contents: string | Uint8Array | readonly Uint8Array[]): Promise<void> {
  noteOutputWrite(target);
  const handle = await open(target, NO_FOLLOW_WRITE, 0o644).catch((error: unknown) => refuseLink(root, target, error));
  try {
    if (Array.isArray(contents)) await writeChunks(handle, contents);
    else await handle.writeFile(contents as string | Uint8Array);
  } finally {
    await handle.close();
  }
}

/**
 * `writeFileNoFollow` in the calling thread: open, write and close without the promise API. For the
 * thousands of page-sized files of a build (each page's HTML and `.md`) it costs a fraction of the
 * CPU of three thread-pool round trips (each wakes a pool thread), promises and a file handle per
 * file. A string is written as UTF-8. Same folder rule as `writeFileNoFollow`.
 */
export function writeFileNoFollowSync(root: string, target: string, contents: string | Uint8Array): void {
  noteOutputWrite(target);
  let fd: number;
  try {
    fd = openSync(target, NO_FOLLOW_WRITE, 0o644);
  } catch (error) {
    refuseLink(root, target, error);
  }
  try {
    // writeFileSync on a descriptor writes until done (a short write gets the rest after it).
    writeFileSync(fd, contents);
  } finally {
    closeSync(fd);
  }
}

/**
 * Write byte chunks in order with one gathered write (no joined copy of a large text); a short
 * write (a full disk) gets the rest written after it.
 */
async function writeChunks(handle: FileHandle, chunks: readonly Uint8Array[]): Promise<void> {
  const total = chunks.reduce((n, c) => n + c.byteLength, 0);
  const { bytesWritten } = await handle.writev(chunks as Uint8Array[]);
  if (bytesWritten < total) await handle.writeFile(Buffer.concat(chunks as Uint8Array[]).subarray(bytesWritten));
}

/** Write `contents` to `file` (absolute inside `root`, or relative to it) without following any symlink. */
export async function writeFileInside(root: string, file: string, contents: string | Uint8Array | readonly Uint8Array[]): Promise<string> {
  const base = path.resolve(root);
  const target = lexicalTarget(base, file);
  await makeDirInside(base, path.dirname(target));
  await writeFileNoFollow(base, target, contents);
  return target;
}

/**
 * Open `file` (absolute inside `root`, or relative to it) for writing, as `writeFileInside` writes:
 * folders made without following links, a symlink at the file refused. For a file too large to
 * hold in memory whole, written piece by piece; the caller closes the handle.
 */
export async function openFileInside(root: string, file: string): Promise<FileHandle> {
  const base = path.resolve(root);
  const target = lexicalTarget(base, file);
  await makeDirInside(base, path.dirname(target));
  noteOutputWrite(target);
  return open(target, NO_FOLLOW_WRITE, 0o644).catch((error: unknown) => refuseLink(base, target, error));
}

/** Copy the regular file `source` to `file` inside `root`, streaming, without following a symlink at the target. */
export async function copyFileInside(source: string, root: string, file: string): Promise<string> {
  const base = path.resolve(root);
  const target = lexicalTarget(base, file);
  await makeDirInside(base, path.dirname(target));
  noteOutputWrite(target);
  const handle = await open(target, NO_FOLLOW_WRITE, 0o644).catch((error: unknown) => refuseLink(base, target, error));
  await pipeline(createReadStream(source), createWriteStream('', { fd: handle }));
  return target;
}

/**
 * Delete the regular file `file` under `root` when no part of its path is a symlink; anything else
 * (a link, a folder, a path through a link) is left alone. Returns whether a file was deleted.
 */
export async function removeFileInside(root: string, file: string): Promise<boolean> {
  const base = path.resolve(root);
  let target: string;
  try {
    target = lexicalTarget(base, file);
  } catch {
    // A path out of the root names nothing the build made.
    return false;
  }
  for (const part of partsBelow(base, target)) {
    const info = await lstat(part).catch(() => null);
    if (!info || info.isSymbolicLink()) return false;
    if (part === target ? !info.isFile() : !info.isDirectory()) return false;
  }
  noteOutputWrite(target);
  await unlink(target).catch(() => undefined);
  return true;
}
