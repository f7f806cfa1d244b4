import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { linkTree, refreshChanged } from './snapshot.js';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A build output `out`, its published copy `live` (links to `out`'s files as published) and `next`, a link tree of `live`. */
async function setup(files: Record<string, string>): Promise<{ root: string; out: string; live: string; next: string }> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-snapshot-'));
  made.push(root);
  const out = path.join(root, 'out');
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(out, rel)), { recursive: true });
    fs.writeFileSync(path.join(out, rel), text);
  }
  const live = path.join(root, 'live');
  fs.cpSync(out, live, { recursive: true, preserveTimestamps: true });
  const next = path.join(root, 'next');
  await linkTree(live, next);
  return { root, out, live, next };
}

describe('refreshChanged', () => {
  it('brings over the listed paths only, copying changed files and never writing through the links to the live build', async () => {
    const { out, live, next } = await setup({ 'a/index.html': 'A1', 'b/index.html': 'B1', 'pagefind/x.pf': 'X1', 'pagefind/y.pf': 'Y1', 'gone.md': 'G' });
    fs.writeFileSync(path.join(out, 'a/index.html'), 'A2');
    fs.rmSync(path.join(out, 'gone.md'));
    fs.rmSync(path.join(out, 'pagefind/y.pf'));
    fs.writeFileSync(path.join(out, 'pagefind/z.pf'), 'Z1');
    fs.mkdirSync(path.join(out, 'c'));
    fs.writeFileSync(path.join(out, 'c/index.html'), 'C1');
    // Not listed: left as the live build has it, though the output changed it.
    fs.writeFileSync(path.join(out, 'b/index.html'), 'B2');
    const stats = await refreshChanged(out, next, ['a/index.html', 'gone.md', 'pagefind', 'pagefind/z.pf', 'c/index.html']);
    const read = (rel: string) => fs.readFileSync(path.join(next, rel), 'utf8');
    expect([read('a/index.html'), read('b/index.html'), read('c/index.html'), read('pagefind/x.pf'), read('pagefind/z.pf')]).toEqual(['A2', 'B1', 'C1', 'X1', 'Z1']);
    expect(fs.existsSync(path.join(next, 'gone.md'))).toBe(false);
    expect(fs.existsSync(path.join(next, 'pagefind/y.pf'))).toBe(false);
    expect(stats).toEqual({ files: 4, copied: 3, linked: 1, removed: 1 });
    // The live build is untouched; an unchanged file is still the live build's own.
    expect(fs.readFileSync(path.join(live, 'a/index.html'), 'utf8')).toBe('A1');
    expect(fs.statSync(path.join(next, 'pagefind/x.pf')).ino).toBe(fs.statSync(path.join(live, 'pagefind/x.pf')).ino);
  });

  it('publishes no link the build planted, nothing through one, and ignores paths that are not plain', async () => {
    const { root, out, next } = await setup({ 'a/index.html': 'A1', 'page.md': 'P1' });
    const secret = path.join(root, 'secret.txt');
    fs.writeFileSync(secret, 'SECRET');
    fs.rmSync(path.join(out, 'page.md'));
    fs.symlinkSync(secret, path.join(out, 'page.md'));
    fs.symlinkSync(root, path.join(out, 'up'));
    const stats = await refreshChanged(out, next, ['page.md', 'up/secret.txt', 'up', '../secret.txt', '/etc/passwd', 'a/../page.md', '.folio-cache/bodies/x.bin']);
    expect(fs.existsSync(path.join(next, 'page.md'))).toBe(false);
    expect(fs.existsSync(path.join(next, 'up'))).toBe(false);
    expect(fs.readdirSync(next).sort()).toEqual(['a']);
    expect(stats.copied).toBe(0);
    expect(fs.readFileSync(secret, 'utf8')).toBe('SECRET');
  });
});
