/**
 * The containment helper against symlinks and `..` in every position (fast-check): whatever the
 * tree and the path, a read never resolves outside the root's real path, and a write, folder or
 * delete never changes anything outside the root.
 */
import { lstat, mkdir, mkdtemp, readdir, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isInside, makeDirInside, realPathInside, removeFileInside, writeFileInside } from '../../src/shared/index.js';

let base: string;
beforeAll(async () => {
  base = await mkdtemp(path.join(os.tmpdir(), 'folio-contain-'));
});
afterAll(() => rm(base, { recursive: true, force: true }));

const LINK_PLACES = ['l1', 'a/l2', 'a/b/l3'];
const LINK_TARGETS = ['../outside', '../outside/secret.txt', '../../outside/secret.txt', '../../outside', '../../../outside/secret.txt', 'OUTSIDE_ABS', 'OUTSIDE_ABS/secret.txt', 'OUTSIDE_ABS/..', 'a', 'b', 'file.txt', '..', '.', 'missing'];
const SEGMENTS = ['a', 'b', 'l1', 'l2', 'l3', '..', '.', 'file.txt', 'secret.txt', 'outside', 'new.html', ''];

const tree = fc.record({
  links: fc.array(fc.tuple(fc.constantFrom(...LINK_PLACES), fc.constantFrom(...LINK_TARGETS)), { maxLength: 3 }),
  segments: fc.array(fc.constantFrom(...SEGMENTS), { minLength: 1, maxLength: 6 }),
  leadingSlash: fc.boolean(),
});

/** A fresh root with `a/b/`, `file.txt` and the generated links, beside `outside/secret.txt`. */
async function plant(links: [string, string][]): Promise<{ root: string; outside: string; dir: string }> {
  const dir = await mkdtemp(path.join(base, 'case-'));
  const root = path.join(dir, 'root');
  const outside = path.join(dir, 'outside');
  await mkdir(path.join(root, 'a', 'b'), { recursive: true });
  await mkdir(outside);
  await writeFile(path.join(root, 'file.txt'), 'inside');
  await writeFile(path.join(outside, 'secret.txt'), 'secret');
  for (const [place, target] of links) {
    await symlink(target.replace('OUTSIDE_ABS', outside), path.join(root, place)).catch(() => undefined);
  }
  return { root, outside, dir };
}

/** Every entry under `dir` (links not followed) with its contents (files) or kind, to compare before and after. */
async function snapshot(dir: string, prefix = ''): Promise<string[]> {
  const out: string[] = [];
  for (const name of (await readdir(dir)).sort()) {
    const file = path.join(dir, name);
    const info = await lstat(file);
    if (info.isDirectory()) out.push(`${prefix}${name}:dir`, ...(await snapshot(file, `${prefix}${name}/`)));
    else out.push(`${prefix}${name}:${info.isFile() ? await readFile(file, 'utf8') : 'link'}`);
  }
  return out;
}

const outsideRoot = (entries: string[]) => entries.filter((e) => !e.startsWith('root/'));
const relOf = (c: { segments: string[]; leadingSlash: boolean }) => (c.leadingSlash ? '/' : '') + c.segments.join('/');

describe('real-path containment', () => {
  it('never resolves a read outside the real root', async () => {
    await fc.assert(
      fc.asyncProperty(tree, async (c) => {
        const { root } = await plant(c.links);
        const result = await realPathInside(root, relOf(c));
        if (result.ok) {
          expect(isInside(await realpath(root), result.path)).toBe(true);
          expect(await realpath(result.path)).toBe(result.path);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('reads a real file inside the root through an inside link', async () => {
    const { root } = await plant([['l1', 'a']]);
    await writeFile(path.join(root, 'a', 'x.md'), 'x');
    const result = await realPathInside(root, 'l1/x.md');
    expect(result).toEqual({ ok: true, path: path.join(await realpath(root), 'a', 'x.md') });
    expect(await realPathInside(root, '../outside/secret.txt')).toEqual({ ok: false, reason: 'outside' });
  });

  it('a link pointing out of the root is outside even when its target is not there (a build sandbox hides it)', async () => {
    const { root } = await plant([['l1', 'OUTSIDE_ABS/gone.txt'], ['l2', '../outside/gone'], ['l3', 'a/none.txt']]);
    expect(await realPathInside(root, 'l1')).toEqual({ ok: false, reason: 'outside' });
    expect(await realPathInside(root, 'l2/deeper.md')).toEqual({ ok: false, reason: 'outside' });
    // A dangling link inside the root, or no file at all, is missing.
    expect(await realPathInside(root, 'l3')).toEqual({ ok: false, reason: 'missing' });
    expect(await realPathInside(root, 'a/nothing.md')).toEqual({ ok: false, reason: 'missing' });
  });

  it('never writes, makes folders or deletes outside the root', async () => {
    await fc.assert(
      fc.asyncProperty(tree, fc.constantFrom('write', 'mkdir', 'remove'), async (c, op) => {
        const { root, dir } = await plant(c.links);
        const before = await snapshot(dir);
        const rel = relOf(c);
        const done = await (op === 'write' ? writeFileInside(root, rel, 'written') : op === 'mkdir' ? makeDirInside(root, rel) : removeFileInside(root, rel)).then(
          (value) => value,
          (error: Error) => {
            expect(error.message).toMatch(/Refused to write|EISDIR|ENOTDIR|EEXIST/);
            return null;
          },
        );
        expect(outsideRoot(await snapshot(dir))).toEqual(outsideRoot(before));
        if (typeof done === 'string') expect(isInside(await realpath(root), await realpath(done))).toBe(true);
      }),
      { numRuns: 150 },
    );
  });
});
