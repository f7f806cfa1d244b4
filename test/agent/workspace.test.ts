import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changedFiles, commitAll, prepareWorkspace, pushWorkBranch } from '../../src/agent/workspace.js';
import { createBareRepo, gitOut, tempDir } from './git-fixtures.js';

let tmp: { dir: string; cleanup: () => Promise<void> };
beforeEach(async () => {
  tmp = await tempDir();
});
afterEach(() => tmp.cleanup());

describe('prepareWorkspace', () => {
  it('clones, branches from the default branch, commits as Folio Agent and pushes', async () => {
    const bare = await createBareRepo(tmp.dir);
    const ws = await prepareWorkspace({ repository: bare, ref: null, workBranch: 'folio/agent-1', dir: path.join(tmp.dir, 'ws') });
    expect(ws.baseBranch).toBe('main');
    await writeFile(path.join(ws.dir, 'new.mdx'), '# New\n');
    expect(await commitAll(ws.dir, 'Add page')).toMatch(/^[0-9a-f]{40}$/);
    expect(await changedFiles(ws)).toEqual(['new.mdx']);
    await pushWorkBranch(ws);
    expect(gitOut(bare, ['log', '-1', '--format=%an <%ae>', 'folio/agent-1'])).toBe('Folio Agent <agent@folio.invalid>');
    expect(gitOut(bare, ['show', 'folio/agent-1:new.mdx'])).toBe('# New');
  });

  it('continues on an existing remote work branch and resets leftovers of an earlier attempt', async () => {
    const bare = await createBareRepo(tmp.dir);
    const dir = path.join(tmp.dir, 'ws');
    const first = await prepareWorkspace({ repository: bare, ref: 'main', workBranch: 'folio/agent-2', dir });
    await writeFile(path.join(dir, 'a.mdx'), 'a\n');
    await commitAll(dir, 'a');
    await pushWorkBranch(first);
    await writeFile(path.join(dir, 'junk.txt'), 'left behind by a killed worker');
    const again = await prepareWorkspace({ repository: bare, ref: 'main', workBranch: 'folio/agent-2', dir });
    expect(again.startCommit).not.toBe(again.baseCommit);
    expect(await readFile(path.join(dir, 'a.mdx'), 'utf8')).toBe('a\n');
    await expect(readFile(path.join(dir, 'junk.txt'))).rejects.toThrow();
    expect(await commitAll(dir, 'nothing')).toBeNull();
  });

  it('fails with coded reasons for unknown refs, unreachable repositories and hostile input', async () => {
    const bare = await createBareRepo(tmp.dir);
    const dir = path.join(tmp.dir, 'ws');
    await expect(prepareWorkspace({ repository: bare, ref: 'nope', workBranch: 'folio/agent-3', dir })).rejects.toMatchObject({ code: 'AGENT_REF_NOT_FOUND' });
    await expect(prepareWorkspace({ repository: path.join(tmp.dir, 'missing.git'), ref: null, workBranch: 'folio/agent-3', dir: path.join(tmp.dir, 'ws2') })).rejects.toMatchObject({ code: 'AGENT_CLONE_FAILED' });
    await expect(prepareWorkspace({ repository: 'ext::sh -c id', ref: null, workBranch: 'folio/agent-3', dir })).rejects.toMatchObject({ code: 'AGENT_BAD_REPOSITORY' });
    await expect(prepareWorkspace({ repository: bare, ref: '--upload-pack=id', workBranch: 'folio/agent-3', dir })).rejects.toMatchObject({ code: 'AGENT_BAD_BRANCH' });
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
    const ws = await prepareWorkspace({ repository: path.join(tmp.dir, 'link.git'), ref: null, workBranch: 'folio/agent-l', dir: path.join(tmp.dir, 'ws') });
    const info = await lstat(path.join(ws.dir, 'docs.json'));
    expect(info.isSymbolicLink()).toBe(false);
    await writeFile(path.join(ws.dir, 'docs.json'), '{}\n');
    expect(await readFile(path.join(tmp.dir, 'outside.txt'), 'utf8')).toBe('outside\n');
  });
});

describe('pushWorkBranch', () => {
  it('accepts a remote branch another worker already pushed with the same content, refuses different content', async () => {
    const bare = await createBareRepo(tmp.dir);
    const a = await prepareWorkspace({ repository: bare, ref: null, workBranch: 'folio/agent-p', dir: path.join(tmp.dir, 'a') });
    const b = await prepareWorkspace({ repository: bare, ref: null, workBranch: 'folio/agent-p', dir: path.join(tmp.dir, 'b') });
    await writeFile(path.join(a.dir, 'x.mdx'), 'same\n');
    await writeFile(path.join(b.dir, 'x.mdx'), 'same\n');
    await commitAll(a.dir, 'a');
    await commitAll(b.dir, 'b');
    await pushWorkBranch(a);
    await expect(pushWorkBranch(b)).resolves.toBeUndefined();
    const c = await prepareWorkspace({ repository: bare, ref: 'main', workBranch: 'folio/agent-q', dir: path.join(tmp.dir, 'c') });
    const d = await prepareWorkspace({ repository: bare, ref: 'main', workBranch: 'folio/agent-q', dir: path.join(tmp.dir, 'd') });
    await writeFile(path.join(c.dir, 'x.mdx'), 'one\n');
    await writeFile(path.join(d.dir, 'x.mdx'), 'two\n');
    await commitAll(c.dir, 'c');
    await commitAll(d.dir, 'd');
    await pushWorkBranch(c);
    await expect(pushWorkBranch(d)).rejects.toMatchObject({ code: 'AGENT_PUSH_FAILED' });
  });
});
