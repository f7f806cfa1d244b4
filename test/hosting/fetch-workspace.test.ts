/**
 * The incremental fetch into a site's kept checkout (`fetchSource` with a workspace): after it the
 * checkout is exactly the new commit (what the commit dropped is gone, and so is a file nobody
 * committed), committed symbolic links are left out with a located warning, and the changed paths
 * are listed. Real git, a local bare repository.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchSource } from '../../src/hosting/index.js';
import { openWorkspace } from '../../src/hosting/updates/workspace.js';

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.test', '-c', 'init.defaultBranch=main', '-c', 'core.symlinks=true', ...args], { cwd, stdio: 'pipe' }).toString();

describe('fetching into a kept checkout', () => {
  let tmp: string;
  let bare: string;
  let work: string;
  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-fetch-workspace-'));
    bare = path.join(tmp, 'origin.git');
    work = path.join(tmp, 'work');
    git(tmp, 'init', '-q', '--bare', bare);
    git(tmp, 'clone', '-q', bare, work);
    fs.writeFileSync(path.join(work, 'docs.json'), '{ "name": "T" }');
    fs.writeFileSync(path.join(work, 'a.mdx'), 'A one');
    fs.writeFileSync(path.join(work, 'b.mdx'), 'B');
    fs.symlinkSync('a.mdx', path.join(work, 'link.mdx'));
    git(work, 'add', '-A');
    git(work, 'commit', '-q', '-m', 'First');
    git(work, 'push', '-q', 'origin', 'main');
  });
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('leaves exactly the new commit, without its symbolic links, and lists what changed', async () => {
    const ws = openWorkspace(path.join(tmp, 'data'), { projectId: 'p1', preview: null })!;
    const logs: string[] = [];
    const fetch = () => fetchSource({ repoUrl: `file://${bare}`, branch: 'main', docsDir: '.', log: (l) => logs.push(l), workspace: ws });
    try {
      const first = await fetch();
      expect(first.incremental).toBe(false);
      expect(fs.readdirSync(first.checkout).filter((n) => n !== '.git').sort()).toEqual(['a.mdx', 'b.mdx', 'docs.json']);
      expect(logs.filter((l) => l.includes('is a symbolic link in the repository'))).toHaveLength(1);

      // A file nobody committed, left in the checkout (a killed update, a hand); then a push that edits,
      // removes, adds, and commits another link.
      fs.writeFileSync(path.join(ws.checkout, 'stray.mdx'), 'not committed');
      fs.writeFileSync(path.join(work, 'a.mdx'), 'A two');
      fs.rmSync(path.join(work, 'b.mdx'));
      fs.writeFileSync(path.join(work, 'c.mdx'), 'C');
      fs.symlinkSync('/etc/passwd', path.join(work, 'outside.mdx'));
      git(work, 'add', '-A');
      git(work, 'commit', '-q', '-m', 'Second');
      git(work, 'push', '-q', 'origin', 'main');
      logs.length = 0;

      const next = await fetch();
      expect(next.incremental).toBe(true);
      expect(next.commit?.message).toBe('Second');
      expect(next.commit?.sha).toBe(git(work, 'rev-parse', 'HEAD').trim());
      expect([...(next.changed ?? [])].sort()).toEqual(['a.mdx', 'b.mdx', 'c.mdx', 'outside.mdx']);
      expect(fs.readdirSync(next.checkout).filter((n) => n !== '.git').sort()).toEqual(['a.mdx', 'c.mdx', 'docs.json']);
      expect(fs.readFileSync(path.join(next.checkout, 'a.mdx'), 'utf8')).toBe('A two');
      // Both links are left out again (git checks the old one out anew on each reset), each with its warning.
      expect(logs.filter((l) => l.includes('is a symbolic link in the repository')).map((l) => l.split(' ')[0]).sort()).toEqual(['link.mdx:1:1', 'outside.mdx:1:1']);
    } finally {
      ws.release();
    }
  });
});
