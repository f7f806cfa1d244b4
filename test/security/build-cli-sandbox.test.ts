/**
 * Issue 35: `folio build --sandbox` runs the whole build in the sandboxed child process `folio serve`
 * builds in (`buildSiteIsolated`), untrusted: the site is written from inside that process (seen
 * running while the command waits), no page code runs, and `--sandbox --watch` is refused.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Command } from 'commander';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { registerBuild } from '../../src/cli/commands/build.js';

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

/** `folio build <args>` in this process; its exit code and what it wrote to stderr. */
async function folioBuild(args: string[]): Promise<{ exitCode: number | undefined; stderr: string }> {
  const program = new Command().exitOverride();
  registerBuild(program);
  let stderr = '';
  const outSpy = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  const errSpy = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((stderr += String(chunk)), true));
  try {
    await program.parseAsync(['build', ...args], { from: 'user' });
  } finally {
    outSpy.mockRestore();
    errSpy.mockRestore();
  }
  const exitCode = process.exitCode as number | undefined;
  process.exitCode = undefined;
  return { exitCode, stderr };
}

/** Whether a build process (build-process.ts) runs as this process's child or grandchild (under `unshare`). */
function buildRunning(): boolean {
  const parentOf = (pid: number) => {
    try {
      return Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
    } catch {
      return 0;
    }
  };
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .some((pid) => {
      try {
        const argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        return argv.includes(ENTRY) && (parentOf(Number(pid)) === process.pid || parentOf(parentOf(Number(pid))) === process.pid);
      } catch {
        return false;
      }
    });
}

it('folio build --sandbox builds in the sandboxed build process, untrusted', async () => {
  const out = path.join(dir, 'out');
  let seen = false;
  const watch = setInterval(() => (seen ||= process.platform === 'linux' && buildRunning()), 50);
  const run = await folioBuild([path.join(repo, 'docs'), '--sandbox', '--no-search', '--out', out]).finally(() => clearInterval(watch));
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
  const run = await folioBuild([path.join(repo, 'docs'), '--sandbox', '--watch', '--out', path.join(dir, 'out-watch')]);
  expect(run.exitCode).toBe(2);
  expect(run.stderr).toContain('--sandbox builds once');
});
