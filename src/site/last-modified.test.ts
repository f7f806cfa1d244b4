import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync, chmodSync, appendFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gitLastModified } from './last-modified.js';

describe('gitLastModified', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'folio-last-modified-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("reads the dates without running a program the repository's git config names", async () => {
    const root = path.join(dir, 'repo');
    const marker = path.join(dir, 'ran');
    const program = path.join(dir, 'gpg.sh');
    writeFileSync(program, `#!/bin/sh\ntouch '${marker}'\n`);
    chmodSync(program, 0o755);
    const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' } }).trim();
    execFileSync('git', ['init', '-q', '-b', 'main', root]);
    writeFileSync(path.join(root, 'page.mdx'), '# Page\n');
    git('add', 'page.mdx');
    // A signed commit (the signature's text is never checked here): verifying it runs gpg.program.
    const commit = `tree ${git('write-tree')}\nauthor A <a@example.com> 1700000000 +0000\ncommitter A <a@example.com> 1700000000 +0000\ngpgsig -----BEGIN PGP SIGNATURE-----\n \n c2lnbmF0dXJl\n -----END PGP SIGNATURE-----\n\nSigned\n`;
    writeFileSync(path.join(dir, 'commit.txt'), commit);
    git('update-ref', 'refs/heads/main', git('hash-object', '-t', 'commit', '-w', path.join(dir, 'commit.txt')));
    // The repository's files (a .gitconfig at its root, once read as the global config) and its own config.
    const config = `[log]\n\tshowSignature = true\n[gpg]\n\tprogram = ${program}\n`;
    writeFileSync(path.join(root, '.gitconfig'), config);
    expect((await gitLastModified(root)).get('page.mdx')).toBe(1_700_000_000_000);
    appendFileSync(path.join(root, '.git', 'config'), config);
    expect((await gitLastModified(root)).get('page.mdx')).toBe(1_700_000_000_000);
    expect(existsSync(marker)).toBe(false);
  });
});
