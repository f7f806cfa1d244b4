import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { agentGit } from '../agent/index.js';

/**
 * Make `<dataDir>/examples.git`, a bare repository holding the bundled example
 * docs on `main`, unless it exists. The example project points at it, so
 * updates and agent jobs (branches, pull requests) work on it like on any
 * other repository. Seeded once: later starts never overwrite merged changes.
 */
export async function ensureExamplesRepository(dataDir: string, examplesDir: string): Promise<string> {
  const bare = path.join(path.resolve(dataDir), 'examples.git');
  if (fs.existsSync(path.join(bare, 'HEAD'))) return bare;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-examples-'));
  const staging = `${bare}.tmp-${process.pid}`;
  try {
    fs.rmSync(staging, { recursive: true, force: true });
    fs.mkdirSync(staging, { recursive: true });
    await agentGit(staging).init(true, ['--initial-branch=main']);
    fs.cpSync(examplesDir, work, { recursive: true, filter: (src) => path.basename(src) !== '.git' });
    const git = agentGit(work);
    await git.init(['--initial-branch=main']);
    await git.add(['-A']);
    await git.commit('Bundled Folio example docs');
    await git.push(staging, 'main');
    // Rename last so a crash mid-seed leaves no half-made repository behind.
    fs.renameSync(staging, bare);
    return bare;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
