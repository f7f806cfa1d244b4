/**
 * Writes the site's files. Folders are created up front, parents before children, one `mkdir`
 * per folder: letting 1,000 concurrent `mkdir -p` race up the same parents made 5,308 `mkdir`
 * calls (4,188 of them failing) for a 1,000-page build (strace); this makes one per folder.
 */
import { lstat, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { writeFileInside, writeFileNoFollow, writeFileNoFollowSync } from '../shared/index.js';

export class OutputWriter {
  private readonly made = new Set<string>();

  constructor(readonly outDir: string) {}

  /**
   * Create every folder the given files (absolute paths inside the output folder) need. An existing
   * folder must be a real one; a link or file there is left alone with everything below it, and
   * the writes into it are refused by `write`.
   */
  async prepare(files: Iterable<string>): Promise<void> {
    const wanted = new Set<string>();
    for (const file of files) {
      for (let dir = path.dirname(file); dir.length > this.outDir.length && !wanted.has(dir) && !this.made.has(dir); dir = path.dirname(dir)) wanted.add(dir);
    }
    const byDepth = new Map<number, string[]>();
    for (const dir of wanted) {
      const depth = dir.split(path.sep).length;
      // Pushed, not copied: spreading the list for every folder was quadratic (50,000 page folders
      // at one depth: ~1.25 billion copies, minutes before the first page of a 50,000-page build).
      const list = byDepth.get(depth);
      if (list) list.push(dir);
      else byDepth.set(depth, [dir]);
    }
    await mkdir(this.outDir, { recursive: true });
    for (const depth of [...byDepth.keys()].sort((a, b) => a - b)) {
      await Promise.all(
        byDepth.get(depth)!.map((dir) => {
          // Below a refused folder nothing is made: mkdir would follow the link.
          const parent = path.dirname(dir);
          if (parent !== this.outDir && !this.made.has(parent)) return undefined;
          return mkdir(dir).then(
            () => this.made.add(dir),
            async (error: NodeJS.ErrnoException) => {
              if (error.code !== 'EEXIST') throw error;
              const info = await lstat(dir);
              if (!info.isSymbolicLink() && info.isDirectory()) this.made.add(dir);
            },
          );
        }),
      );
    }
  }

  /**
   * `write` in the calling thread when the file's folder is already made (`prepare`): for the many
   * page-sized files of a build (pages' HTML and `.md`), where the thread-pool round trips cost more
   * CPU than the writing. Otherwise the ordinary `write`, whose promise is returned. Throws (or rejects) as `write`.
   */
  writeNow(target: string, contents: string | Uint8Array): void | Promise<void> {
    const dir = path.dirname(target);
    if (this.made.has(dir) || dir === this.outDir) return writeFileNoFollowSync(this.outDir, target, contents);
    return this.write(target, contents);
  }

  /** Write one file without following a symlink; a folder `prepare` did not cover is made (no-follow) on the way. */
  async write(target: string, contents: string | Uint8Array | readonly Uint8Array[]): Promise<void> {
    const dir = path.dirname(target);
    if (this.made.has(dir) || dir === this.outDir) return writeFileNoFollow(this.outDir, target, contents);
    await writeFileInside(this.outDir, target, contents);
    this.made.add(dir);
  }
}
