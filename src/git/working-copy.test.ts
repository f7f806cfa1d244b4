import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { localRepositoryPath, localWorkingCopy, workingCopyMessage } from './working-copy.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-working-copy-'));
const git = (...args: string[]) => execFileSync('git', ['-c', 'init.defaultBranch=main', ...args], { cwd: tmp, stdio: 'pipe' });
git('init', '-q', 'work');
git('init', '-q', '--bare', 'origin.git');
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('local working copies', () => {
  it('reads the folder of an absolute path or a file URL, and none of a remote', () => {
    expect(localRepositoryPath('/srv/git/docs.git/')).toBe('/srv/git/docs.git');
    expect(localRepositoryPath('file:///srv/git/my%20docs')).toBe('/srv/git/my docs');
    expect(localRepositoryPath('file://localhost/srv/docs')).toBe('/srv/docs');
    expect(localRepositoryPath('file://host/srv/docs')).toBeNull();
    expect(localRepositoryPath('https://example.com/docs.git')).toBeNull();
    expect(localRepositoryPath('git@example.com:docs.git')).toBeNull();
  });

  it('tells a working copy (or its .git folder) from a bare repository and a missing folder', async () => {
    const work = path.join(tmp, 'work');
    expect(await localWorkingCopy(work)).toBe(work);
    expect(await localWorkingCopy(`file://${work}`)).toBe(work);
    expect(await localWorkingCopy(path.join(work, '.git'))).toBe(work);
    expect(await localWorkingCopy(path.join(tmp, 'origin.git'))).toBeNull();
    expect(await localWorkingCopy(path.join(tmp, 'missing'))).toBeNull();
    expect(await localWorkingCopy('https://example.com/docs.git')).toBeNull();
  });

  it('says how to make a bare clone of a working copy and pull from it', () => {
    expect(workingCopyMessage('/home/ann/docs/', '/home/ann/docs')).toBe(
      'Repository "/home/ann/docs/" is a working copy (a folder with checked-out files): git refuses pushes to the branch checked out there, so Folio could not publish to it. ' +
        'Point Folio at a bare clone instead: run "git clone --bare /home/ann/docs /home/ann/docs.git", use /home/ann/docs.git as the project\'s repository, ' +
        'and in /home/ann/docs run "git remote add folio /home/ann/docs.git" to pull what Folio publishes and push your own commits there.',
    );
  });
});
