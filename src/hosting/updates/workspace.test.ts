import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { localPlaceTag } from '../../jobs/index.js';
import { openWorkspace, workspaceDir, type SeedSettings } from './workspace.js';

const data = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-workspace-'));
afterAll(() => fs.rmSync(data, { recursive: true, force: true }));
const settings: SeedSettings = { repoUrl: 'file:///r.git', branch: 'main', docsDir: '.', basePath: '', protect: 'public' };
const site = { projectId: 'p1', preview: null };

describe('site workspaces', () => {
  it('names a folder per site, and none for ids that could leave it', () => {
    expect(workspaceDir(data, site)).toBe(path.join(data, 'work', 'projects', 'p1', '_'));
    expect(workspaceDir(data, { projectId: 'p1', preview: 'fix-typo' })).toBe(path.join(data, 'work', 'projects', 'p1', 'fix-typo'));
    for (const bad of [{ projectId: '../p2', preview: null }, { projectId: 'p1/x', preview: null }, { projectId: 'p1', preview: '../_' }]) expect(workspaceDir(data, bad)).toBeNull();
  });

  it('seeds only after a published build of the same settings; a build started and not finished seeds nothing', async () => {
    const ws = openWorkspace(data, site)!;
    expect(ws.seeded(settings)).toBe(false);
    await ws.startBuild(false);
    fs.mkdirSync(ws.out, { recursive: true });
    fs.writeFileSync(path.join(ws.out, 'index.html'), 'built');
    ws.seed('u1', settings);
    expect(ws.seeded(settings)).toBe(true);
    expect(ws.seeded({ ...settings, basePath: '/docs' })).toBe(false);
    // The next build begins: killed now, its half-written output must not seed the one after.
    await ws.startBuild(true);
    expect(ws.seeded(settings)).toBe(false);
    expect(fs.readFileSync(path.join(ws.out, 'index.html'), 'utf8')).toBe('built');
    await ws.discardOutput();
    expect(fs.existsSync(ws.out)).toBe(false);
    ws.release();
  });

  it('is held by one process at a time; a dead holder’s lock is taken over', async () => {
    const first = openWorkspace(data, site)!;
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    try {
      first.release();
      // Another live process of this machine holds it (a second server on the same data folder).
      fs.writeFileSync(path.join(first.dir, 'lock'), `${localPlaceTag()} ${sleeper.pid}`);
      expect(openWorkspace(data, site)).toBeNull();
      sleeper.kill('SIGKILL');
      await new Promise((resolve) => sleeper.once('exit', resolve));
      const taken = openWorkspace(data, site);
      expect(taken).not.toBeNull();
      taken!.release();
      expect(fs.existsSync(path.join(first.dir, 'lock'))).toBe(false);
    } finally {
      sleeper.kill('SIGKILL');
    }
  });
});
