/**
 * A repository with thousands of assets builds under a low open-file limit: assets are copied a few
 * at a time (a build sandbox allows 4,096 open files; 20,000 assets copied at once failed with EMFILE).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const hasPrlimit = fs.existsSync('/usr/bin/prlimit');

describe.skipIf(!hasPrlimit)('copying assets', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-assets-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('copies 3,000 assets with at most 256 files open', async () => {
    const root = path.join(dir, 'docs');
    for (let i = 0; i < 3000; i++) {
      const folder = path.join(root, 'assets', String(i % 10));
      if (i < 10) fs.mkdirSync(folder, { recursive: true });
      fs.writeFileSync(path.join(folder, `file-${i}.png`), `image ${i}`);
    }
    const out = path.join(dir, 'out');
    const module = new URL('../../src/site-build/static-files.ts', import.meta.url).pathname;
    const script = `import { copyStaticFiles } from ${JSON.stringify(module)}; const n = await copyStaticFiles(${JSON.stringify(root)}, ${JSON.stringify(out)}); process.stdout.write(String(n));`;
    const { stdout } = await run('prlimit', ['--nofile=256', '--', process.execPath, '--import', 'tsx', '--input-type=module', '-e', script], { cwd: path.resolve(import.meta.dirname, '../..') });
    expect(Number(stdout)).toBe(3000);
    expect(fs.readFileSync(path.join(out, 'assets', '7', 'file-2997.png'), 'utf8')).toBe('image 2997');
  }, 60_000);
});
