import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { publishBuild, servedDir } from './publish.js';

describe('servedDir: the live build as requests see it', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-served-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const build = (id: string) => {
    const dir = path.join(root, 'builds', id);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'index.html'), id);
    return dir;
  };
  const real = (id: string) => fs.realpathSync(path.join(root, 'builds', id));

  it('is null before the first publish, then each published build from the next request', async () => {
    expect(servedDir(root)).toBeNull();
    await publishBuild(root, build('b1'));
    expect(servedDir(root)).toBe(real('b1'));
    expect(servedDir(root)).toBe(real('b1'));
    await publishBuild(root, build('b2'));
    expect(servedDir(root)).toBe(real('b2'));
  });

  it('serves a link another process swapped from the next request, and nothing once the link is gone', () => {
    expect(servedDir(root)).toBe(real('b2'));
    // Another process publishes: the link is replaced on disk behind this one's back.
    build('b3');
    const temp = path.join(root, '.current-other');
    fs.symlinkSync(path.join('builds', 'b3'), temp, 'dir');
    fs.renameSync(temp, path.join(root, 'current'));
    expect(servedDir(root)).toBe(real('b3'));
    fs.rmSync(path.join(root, 'current'));
    expect(servedDir(root)).toBeNull();
  });
});
