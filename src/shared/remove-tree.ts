/**
 * Removing a folder of thousands of files without holding up the thread that answers requests.
 * `fs.rmSync` of a 20,000-file build blocks for about a second, and even `fs.promises.rm` stalls the
 * event loop for a few hundred milliseconds (its recursive walk runs its bookkeeping on this thread);
 * a child `rm -rf` does the whole walk in another process. Where `rm` cannot be started (no such
 * program), `fs.promises.rm` does it.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export async function removeTree(dir: string): Promise<void> {
  // An absolute path, so nothing in it can read as an option or be resolved against another folder.
  const target = path.resolve(dir);
  // A writer still finishing in the folder (a background copy of a build) can leave it "not empty"
  // under `rm`: try again shortly, as `fs.rm`'s own retries do.
  for (let attempt = 1; ; attempt++) {
    try {
      return await removeOnce(target);
    } catch (error) {
      if (attempt >= 4) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

function removeOnce(target: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile('rm', ['-rf', '--', target], { windowsHide: true }, (error) => {
      if (!error) return resolve();
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' || process.platform === 'win32') {
        fs.promises.rm(target, { recursive: true, force: true }).then(resolve, reject);
      } else reject(error);
    });
  });
}
