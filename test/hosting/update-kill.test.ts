import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createApiKey, createProject, openDatabase } from '../../src/db/index.js';
import { commitAndPush } from '../git/git-fixtures.js';
import { startFolioServe, type ServeProcess } from './serve-process.js';

// Issue 36, part 1, crash safety of the kept workspace: `folio serve` killed (SIGKILL) while an update
// builds into the site's workspace. After a restart the killed update reads UPDATE_INTERRUPTED, the next
// update takes the dead server's workspace over, fetches into the kept checkout, builds from scratch
// (the half-written output seeds nothing), and the one after builds on it again: one page compiled.

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.test', '-c', 'init.defaultBranch=main', ...args], { cwd, stdio: 'pipe' }).toString();
const PAGES = 300;
const names = Array.from({ length: PAGES }, (_, i) => `p${i}`);
const page = (n: string, text: string) => `---\ntitle: Page ${n}\n---\n\n## About ${n}\n\n${text}\n\n${'A paragraph of words to render. '.repeat(40)}\n`;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-update-kill-'));
let server: ServeProcess | null = null;
afterAll(() => {
  server?.child.kill('SIGKILL');
  fs.rmSync(tmp, { recursive: true, force: true });
});

it('an update killed mid-build seeds nothing; the next ones take the workspace over and build on it again', async () => {
  const bare = path.join(tmp, 'origin.git');
  const work = path.join(tmp, 'work');
  const dataDir = path.join(tmp, 'data');
  git(tmp, 'init', '-q', '--bare', bare);
  git(tmp, 'clone', '-q', bare, work);
  commitAndPush(work, { 'docs.json': JSON.stringify({ name: 'Kill', colors: { primary: '#123456' }, navigation: { pages: names } }), ...Object.fromEntries(names.map((n) => [`${n}.mdx`, page(n, `Version one of ${n}.`)])) }, 'v1');
  const db = await openDatabase({ dataDir });
  const project = await createProject(db, { name: 'Kill', repoUrl: `file://${bare}`, branch: 'main', docsDir: '.' });
  const { key } = await createApiKey(db, { projectIds: [project.id] });
  await db.close();
  const auth = { Authorization: `Bearer ${key}` };
  const trigger = async () => ((await (await fetch(`${server!.url}/v1/project/update/${project.id}`, { method: 'POST', headers: auth })).json()) as { statusId: string }).statusId;
  const status = async (id: string) => (await (await fetch(`${server!.url}/v1/project/update-status/${id}`, { headers: auth })).json()) as { status: string; summary: string; logs: string[] };
  const settled = async (id: string) => {
    for (;;) {
      const row = await status(id);
      if (row.status === 'success' || row.status === 'failure') return row;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const workspace = path.join(dataDir, 'work', 'projects', project.id, '_');

  server = await startFolioServe(dataDir, {});
  const killed = await trigger();
  // Killed once the build writes into the workspace (pages are being compiled).
  for (;;) {
    const row = await status(killed);
    if (row.logs.some((l) => l.startsWith('Building the repository root')) && fs.existsSync(path.join(workspace, 'out'))) break;
    expect(row.status).not.toBe('success');
    await new Promise((r) => setTimeout(r, 50));
  }
  // A moment into the compile (a cold build of 300 pages takes seconds on the sandbox worker).
  await new Promise((r) => setTimeout(r, 200));
  server.child.kill('SIGKILL');
  await new Promise((r) => server!.child.once('exit', r));
  expect(fs.existsSync(path.join(workspace, 'lock'))).toBe(true);
  expect(fs.existsSync(path.join(workspace, 'seed.json'))).toBe(false);

  server = await startFolioServe(dataDir, {});
  expect((await status(killed)).summary).toMatch(/^UPDATE_INTERRUPTED/);
  commitAndPush(work, { 'p7.mdx': page('p7', 'Version two of p7.') }, 'v2');
  const next = await settled(await trigger());
  expect(next.status, next.logs.join('\n')).toBe('success');
  expect(next.logs).toContain('Building from scratch (no earlier successful build of these settings)');
  expect(next.logs.find((l) => l.startsWith('Phases: '))).toMatch(/\(incremental\), .* \(300 compiled, 0 unchanged\)/);

  commitAndPush(work, { 'p9.mdx': page('p9', 'Version two of p9.') }, 'v3');
  const after = await settled(await trigger());
  expect(after.status, after.logs.join('\n')).toBe('success');
  expect(after.logs.find((l) => l.startsWith('Phases: '))).toMatch(/\(incremental\), .* \(1 compiled, 299 unchanged\)/);
  const live = fs.realpathSync(path.join(dataDir, 'sites', project.id, 'current'));
  expect(fs.readFileSync(path.join(live, 'p9', 'index.html'), 'utf8')).toContain('Version two of p9.');
  expect(fs.readFileSync(path.join(live, 'p7', 'index.html'), 'utf8')).toContain('Version two of p7.');
}, 240_000);
