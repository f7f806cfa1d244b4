/**
 * `folio build --watch`: the first build, then a rebuild of only the edited page within the same
 * process, and a clean exit on SIGINT. Runs the real CLI from the TypeScript sources.
 */
import { spawn } from 'node:child_process';
import { appendFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { exampleCopy } from './helpers.js';

const repo = path.resolve(import.meta.dirname, '../..');
let site: Awaited<ReturnType<typeof exampleCopy>> | undefined;
afterEach(async () => {
  await site?.dispose();
  site = undefined;
});

describe('folio build --watch', () => {
  it('rebuilds only the edited page and stops cleanly on SIGINT', async () => {
    site = await exampleCopy();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'build', site.root, '--out', site.out, '--watch', '--no-search'], {
      cwd: repo,
      env: { ...process.env, CI: 'true' },
    });
    let stderr = '';
    const waitFor = (pattern: RegExp) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`timed out waiting for ${pattern}; stderr so far:\n${stderr}`)), 90_000);
        const check = () => {
          if (!pattern.test(stderr)) return;
          clearTimeout(timer);
          child.stderr.off('data', check);
          resolve();
        };
        child.stderr.on('data', check);
        check();
      });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));

    await waitFor(/watching for changes/);
    expect(stderr).toMatch(/^built \d+ pages \(\d+ compiled, 0 unchanged\)/m);
    await appendFile(path.join(site.root, 'en/v2/quickstart.mdx'), '\nWatched edit paragraph.\n');
    await waitFor(/^rebuilt \d+ pages \(1 compiled, \d+ unchanged\)/m);
    const html = await readFile(path.join(site.out, 'en/v2/quickstart/index.html'), 'utf8');
    expect(html).toContain('Watched edit paragraph.');
    // Writing the output (inside or outside the root) never triggers another rebuild.
    expect(stderr.match(/^rebuilt /gm)).toHaveLength(1);

    child.kill('SIGINT');
    expect(await exited).toBe(0);
  }, 120_000);
});
