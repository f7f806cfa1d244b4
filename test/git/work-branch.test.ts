import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WorkBranch, type CheckoutOptions } from '../../src/git/index.js';
import { createBareRepo, gitOut, tempDir } from './git-fixtures.js';

let tmp: { dir: string; cleanup: () => Promise<void> };
beforeEach(async () => {
  tmp = await tempDir();
});
afterEach(() => tmp.cleanup());

/** The old option names of these cases, as WorkBranch.checkout takes them. */
const checkout = (o: { repository: string; ref: string | null; workBranch: string; dir: string }) =>
  WorkBranch.checkout({ repository: o.repository, base: o.ref, branch: o.workBranch, dir: o.dir } satisfies CheckoutOptions);

describe('WorkBranch.checkout', () => {
  it('clones, branches from the default branch, commits as Folio Agent and pushes', async () => {
    const bare = await createBareRepo(tmp.dir);
    const ws = await checkout({ repository: bare, ref: null, workBranch: 'folio/agent-1', dir: path.join(tmp.dir, 'ws') });
    expect(ws.baseBranch).toBe('main');
    await writeFile(path.join(ws.dir, 'new.mdx'), '# New\n');
    expect(await ws.commitAll('Add page')).toMatch(/^[0-9a-f]{40}$/);
    expect(await ws.changedFiles()).toEqual(['new.mdx']);
    await ws.push();
    expect(gitOut(bare, ['log', '-1', '--format=%an <%ae>', 'folio/agent-1'])).toBe('Folio Agent <agent@folio.invalid>');
    expect(gitOut(bare, ['show', 'folio/agent-1:new.mdx'])).toBe('# New');
  });

  it('continues on an existing remote work branch and resets leftovers of an earlier attempt', async () => {
    const bare = await createBareRepo(tmp.dir);
    const dir = path.join(tmp.dir, 'ws');
    const first = await checkout({ repository: bare, ref: 'main', workBranch: 'folio/agent-2', dir });
    await writeFile(path.join(dir, 'a.mdx'), 'a\n');
    await first.commitAll('a');
    await first.push();
    await writeFile(path.join(dir, 'junk.txt'), 'left behind by a killed worker');
    const again = await checkout({ repository: bare, ref: 'main', workBranch: 'folio/agent-2', dir });
    expect(again.startCommit).not.toBe(again.baseCommit);
    expect(await readFile(path.join(dir, 'a.mdx'), 'utf8')).toBe('a\n');
    await expect(readFile(path.join(dir, 'junk.txt'))).rejects.toThrow();
    expect(await again.commitAll('nothing')).toBeNull();
  });

  it('fails with coded reasons for unknown refs, unreachable repositories and hostile input', async () => {
    const bare = await createBareRepo(tmp.dir);
    const dir = path.join(tmp.dir, 'ws');
    await expect(checkout({ repository: bare, ref: 'nope', workBranch: 'folio/agent-3', dir })).rejects.toMatchObject({ code: 'GIT_REF_NOT_FOUND' });
    await expect(checkout({ repository: path.join(tmp.dir, 'missing.git'), ref: null, workBranch: 'folio/agent-3', dir: path.join(tmp.dir, 'ws2') })).rejects.toMatchObject({ code: 'GIT_CLONE_FAILED' });
    await expect(checkout({ repository: 'ext::sh -c id', ref: null, workBranch: 'folio/agent-3', dir })).rejects.toMatchObject({ code: 'GIT_BAD_REPOSITORY' });
    await expect(checkout({ repository: bare, ref: '--upload-pack=id', workBranch: 'folio/agent-3', dir })).rejects.toMatchObject({ code: 'GIT_BAD_BRANCH' });
  });
});

describe('symlinks in the repository', () => {
  it('check out as plain files, so writes through them stay inside the workspace', async () => {
    const { execFileSync } = await import('node:child_process');
    const { lstat, symlink, mkdir } = await import('node:fs/promises');
    const seed = path.join(tmp.dir, 'seed');
    await mkdir(seed);
    const git = (args: string[], cwd = seed) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'init.defaultBranch=main', ...args], { cwd });
    git(['init', '-q']);
    await writeFile(path.join(tmp.dir, 'outside.txt'), 'outside\n');
    await symlink(path.join(tmp.dir, 'outside.txt'), path.join(seed, 'docs.json'));
    git(['add', '-A']);
    git(['commit', '-qm', 'symlink']);
    git(['clone', '-q', '--bare', seed, path.join(tmp.dir, 'link.git')], tmp.dir);
    const ws = await checkout({ repository: path.join(tmp.dir, 'link.git'), ref: null, workBranch: 'folio/agent-l', dir: path.join(tmp.dir, 'ws') });
    const info = await lstat(path.join(ws.dir, 'docs.json'));
    expect(info.isSymbolicLink()).toBe(false);
    await writeFile(path.join(ws.dir, 'docs.json'), '{}\n');
    expect(await readFile(path.join(tmp.dir, 'outside.txt'), 'utf8')).toBe('outside\n');
  });
});

describe('WorkBranch.push', () => {
  it('accepts a remote branch another worker already pushed with the same content, refuses different content', async () => {
    const bare = await createBareRepo(tmp.dir);
    const a = await checkout({ repository: bare, ref: null, workBranch: 'folio/agent-p', dir: path.join(tmp.dir, 'a') });
    const b = await checkout({ repository: bare, ref: null, workBranch: 'folio/agent-p', dir: path.join(tmp.dir, 'b') });
    await writeFile(path.join(a.dir, 'x.mdx'), 'same\n');
    await writeFile(path.join(b.dir, 'x.mdx'), 'same\n');
    await a.commitAll('a');
    await b.commitAll('b');
    await a.push();
    await expect(b.push()).resolves.toBeUndefined();
    const c = await checkout({ repository: bare, ref: 'main', workBranch: 'folio/agent-q', dir: path.join(tmp.dir, 'c') });
    const d = await checkout({ repository: bare, ref: 'main', workBranch: 'folio/agent-q', dir: path.join(tmp.dir, 'd') });
    await writeFile(path.join(c.dir, 'x.mdx'), 'one\n');
    await writeFile(path.join(d.dir, 'x.mdx'), 'two\n');
    await c.commitAll('c');
    await d.commitAll('d');
    await c.push();
    await expect(d.push()).rejects.toMatchObject({ code: 'GIT_PUSH_FAILED' });
  });
});
