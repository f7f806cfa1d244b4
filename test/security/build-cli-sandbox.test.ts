/**
 * Issue 35: `folio build --sandbox` runs the whole build in the sandboxed child process `folio serve`
 * builds in (`buildSiteIsolated`), untrusted: the site is written from inside that process (seen
 * running while the command waits), no page code runs, and `--sandbox --watch` is refused.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runFolioBuild } from './cli-build.js';
import { sandboxProcesses } from './sandbox-processes.js';

const ENTRY = path.resolve(import.meta.dirname, '../../src/site-build/build-process.ts');
let dir: string;
let repo: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-cli-sandbox-'));
  repo = path.join(dir, 'repo');
  const root = path.join(repo, 'docs');
  fs.mkdirSync(root, { recursive: true });
  fs.writeFileSync(path.join(root, 'docs.json'), JSON.stringify({ theme: 'mint', name: 'Walled', colors: { primary: '#224466' }, navigation: { pages: ['index'] } }));
  fs.writeFileSync(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nBuilt behind the wall. Home is {process.env.HOME}.\n');
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.test', '-c', 'init.defaultBranch=main', ...args], { cwd: repo, stdio: 'pipe' });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '-m', 'site');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Whether a build process (build-process.ts) runs as this process's child or grandchild (under `unshare`). */
const buildRunning = () => sandboxProcesses(ENTRY).length > 0;

it('folio build --sandbox builds in the sandboxed build process, untrusted', async () => {
  const out = path.join(dir, 'out');
  let seen = false;
  const watch = setInterval(() => (seen ||= process.platform === 'linux' && buildRunning()), 50);
  const run = await runFolioBuild([path.join(repo, 'docs'), '--sandbox', '--no-search', '--out', out]).finally(() => clearInterval(watch));
  expect(run.stderr).toMatch(/built 1 pages/);
  expect(run.exitCode).toBe(0);
  if (process.platform === 'linux') expect(seen).toBe(true);
  const html = fs.readFileSync(path.join(out, 'index.html'), 'utf8');
  expect(html).toContain('Built behind the wall.');
  // Untrusted: the expression is left out, nothing of the environment is shown.
  expect(html).toContain('folio-untrusted-code');
  expect(html).not.toContain(os.homedir());
}, 120_000);

it('refuses --sandbox with --watch', async () => {
  const run = await runFolioBuild([path.join(repo, 'docs'), '--sandbox', '--watch', '--out', path.join(dir, 'out-watch')]);
  expect(run.exitCode).toBe(2);
  expect(run.stderr).toContain('--sandbox builds once');
});
