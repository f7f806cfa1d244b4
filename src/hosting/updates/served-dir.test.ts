import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { forgetServed, publishBuild, publishedDir, servedDir } from './publish.js';

describe('servedDir: the live build as requests see it', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-served-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const build = (id: string) => {
    const dir = path.join(root, 'builds', id);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'index.html'), id);
    return dir;
  };

  it('is null before the first publish, then the published build at once after a publish in this process', async () => {
    const t = 1_000_000;
    expect(servedDir(root, t)).toBeNull();
    await publishBuild(root, build('b1'));
    expect(servedDir(root, t + 1)).toBe(fs.realpathSync(path.join(root, 'builds', 'b1')));
    await publishBuild(root, build('b2'));
    expect(servedDir(root, t + 2)).toBe(fs.realpathSync(path.join(root, 'builds', 'b2')));
  });

  it('sees a link another process swapped within a quarter of a second, not on every request', () => {
    const t = 2_000_000;
    const before = servedDir(root, t);
    // Another process publishes: the link is replaced on disk behind this one's back.
    build('b3');
    const temp = path.join(root, '.current-other');
    fs.symlinkSync(path.join('builds', 'b3'), temp, 'dir');
    fs.renameSync(temp, path.join(root, 'current'));
    expect(publishedDir(root)).toBe(fs.realpathSync(path.join(root, 'builds', 'b3')));
    expect(servedDir(root, t + 100)).toBe(before);
    expect(servedDir(root, t + 250)).toBe(fs.realpathSync(path.join(root, 'builds', 'b3')));
    forgetServed(root);
  });
});
