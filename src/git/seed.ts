import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gitClient } from './client.js';

/**
 * Make `bareDir` a bare repository whose `main` holds one commit of the files
 * under `sourceDir` (its `.git` left out), unless it exists already: later
 * calls never overwrite what was merged into it since. Returns `bareDir`.
 */
export async function seedBareRepository(bareDir: string, sourceDir: string, message: string): Promise<string> {
  const bare = path.resolve(bareDir);
  if (fs.existsSync(path.join(bare, 'HEAD'))) return bare;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-seed-'));
  const staging = `${bare}.tmp-${process.pid}`;
  try {
    fs.rmSync(staging, { recursive: true, force: true });
    fs.mkdirSync(staging, { recursive: true });
    await gitClient(staging).init(true, ['--initial-branch=main']);
    fs.cpSync(sourceDir, work, { recursive: true, filter: (src) => path.basename(src) !== '.git' });
    const git = gitClient(work);
    await git.init(['--initial-branch=main']);
    await git.add(['-A']);
    await git.commit(message);
    await git.push(staging, 'main');
    // Rename last so a crash mid-seed leaves no half-made repository behind.
    fs.renameSync(staging, bare);
    return bare;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
