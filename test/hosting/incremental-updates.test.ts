import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, createProject, type ProjectRow } from '../../src/db/index.js';
import { commitAndPush } from '../git/git-fixtures.js';
import { startTestServer, type TestServer } from '../server/helpers.js';

// Issue 36, part 1: an update builds on the site's last successful build (its output and cache) and
// fetches into the kept checkout, so a one-page push compiles one page; a failed build seeds nothing.
// The real build (sandbox worker, untrusted) through the admin API, on PGlite.

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.test', '-c', 'init.defaultBranch=main', ...args], { cwd, stdio: 'pipe' }).toString();
const pages = ['index', 'a', 'b', 'c', 'd'];
const docsJson = JSON.stringify({ theme: 'mint', name: 'Incremental', colors: { primary: '#123456' }, navigation: { pages } });
const page = (title: string, text: string) => `---\ntitle: ${title}\n---\n\n${text}\n`;

describe('incremental hosted updates', () => {
  let s: TestServer;
  let tmp: string;
  let work: string;
  let project: ProjectRow;
  let auth: Record<string, string>;

  beforeAll(async () => {
    s = await startTestServer('pglite');
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-incremental-'));
    const bare = path.join(tmp, 'origin.git');
    work = path.join(tmp, 'work');
    git(tmp, 'init', '-q', '--bare', bare);
    git(tmp, 'clone', '-q', bare, work);
    commitAndPush(work, { 'docs.json': docsJson, ...Object.fromEntries(pages.map((p) => [`${p}.mdx`, page(`Page ${p}`, `Text of ${p}, version one.`)])) }, 'v1');
    project = await createProject(s.db, { name: 'Incremental', repoUrl: `file://${bare}`, branch: 'main', docsDir: '.' });
    const { key } = await createApiKey(s.db, { projectIds: [project.id] });
    auth = { Authorization: `Bearer ${key}` };
  });
  afterAll(async () => {
    await s.cleanup();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  async function runUpdate(): Promise<{ status: string; summary: string; logs: string[] }> {
    const res = await s.app.request(`/v1/project/update/${project.id}`, { method: 'POST', headers: auth });
    expect(res.status).toBe(202);
    const { statusId } = (await res.json()) as { statusId: string };
    for (;;) {
      const status = (await (await s.app.request(`/v1/project/update-status/${statusId}`, { headers: auth })).json()) as { status: string; summary: string; logs: string[] };
      if (status.status === 'success' || status.status === 'failure') return status;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const site = async (url: string) => (await s.app.request(url, { headers: { Host: `${project.id}.localhost` } })).text();
  const phases = (logs: string[]) => logs.find((l) => l.startsWith('Phases: ')) ?? '';
  const workspace = () => path.join(s.dataDir, 'work', 'projects', project.id, '_');
  /** Pagefind processes under this test's process (the sandboxed build's children), from /proc. */
  const pagefindProcesses = (): number[] => {
    const found: number[] = [];
    const visit = (pid: number) => {
      let children: string[] = [];
      try {
        if (pid !== process.pid && /pagefind/.test(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'))) found.push(pid);
        for (const task of fs.readdirSync(`/proc/${pid}/task`)) children.push(...fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean));
      } catch {
        children = [];
      }
      for (const child of children) visit(Number(child));
    };
    visit(process.pid);
    return found;
  };
  const liveBuild = () => fs.realpathSync(path.join(s.dataDir, 'sites', project.id, 'current'));
  /** Every file of a tree (posix paths) but the build cache's compiled bodies, which are never published. */
  const filesOf = (root: string): string[] =>
    (fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[])
      .filter((e) => e.isFile())
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
      .filter((f) => !f.startsWith('.folio-cache/bodies/'))
      .sort();
  /** The live build holds exactly the workspace's output: the same files with the same bytes. */
  const expectLiveIsOutput = () => {
    const live = liveBuild();
    const out = path.join(workspace(), 'out');
    expect(filesOf(live)).toEqual(filesOf(out));
    const differ = filesOf(out).filter((f) => !fs.readFileSync(path.join(live, f)).equals(fs.readFileSync(path.join(out, f))));
    expect(differ).toEqual([]);
  };

  it('a one-page push compiles that page only, fetches incrementally and publishes only what changed', async () => {
    const first = await runUpdate();
    expect(first.status, first.logs.join('\n')).toBe('success');
    // Each phase with its wall, and the CPU of the server's and the build's parts.
    expect(phases(first.logs)).toMatch(/fetch \d+ ms \(full clone\), server CPU \d+ ms; sandbox start \d+ ms \(new process\); plan \d+ ms, compile \d+ ms \(5 compiled, 0 unchanged\), write \d+ ms \(search \d+ ms \w+, retrieval \d+ ms, llms \d+ ms, links \d+ ms\); build CPU \d+ ms \+ children \d+ ms \(.*\); publish \d+ ms, server CPU \d+ ms; build wall \d+ ms/);
    expect(await site('/b')).toContain('Text of b, version one.');
    const firstBuild = liveBuild();

    commitAndPush(work, { 'b.mdx': page('Page b', 'Text of b, version two.') }, 'v2');
    const second = await runUpdate();
    expect(second.status, second.logs.join('\n')).toBe('success');
    expect(second.logs).toContain('Building on the output and cache of the last successful update');
    // The warm build process kept the site it loaded: only the edited page was read, planned and compiled.
    expect(second.logs).toContain('built 5 pages (1 compiled, 4 unchanged): a body-only edit of 1 page(s), nothing else read');
    expect(phases(second.logs)).toMatch(/fetch \d+ ms \(incremental\), .*; sandbox start 0 ms \(warm\); .* \(1 compiled, 4 unchanged\)/);
    // The warm build process keeps Pagefind's process for the next delta index: no process start per push.
    expect(phases(second.logs)).toMatch(/search \d+ ms delta/);
    expect(pagefindProcesses().length).toBe(1);
    expect(await site('/b')).toContain('Text of b, version two.');
    expect(await site('/c')).toContain('Text of c, version one.');
    // Unchanged files are the live build's own (hard links), changed ones copies: the earlier build is left as it was.
    // The publish looks only at what the build wrote, not at every file of the output.
    const published = second.logs.find((l) => /^Published /.test(l)) ?? '';
    const [, looked, copied, kept] = /^Published what the build changed: (\d+) file\(s\) looked at, (\d+) new or changed copied, (\d+) unchanged kept, \d+ removed/.exec(published) ?? [];
    expect(Number(copied) + Number(kept), published).toBe(Number(looked));
    const secondBuild = liveBuild();
    expect(Number(looked), published).toBeLessThan(filesOf(secondBuild).length / 2);
    expectLiveIsOutput();
    expect(fs.statSync(path.join(secondBuild, 'c', 'index.html')).ino).toBe(fs.statSync(path.join(firstBuild, 'c', 'index.html')).ino);
    expect(fs.readFileSync(path.join(firstBuild, 'b', 'index.html'), 'utf8')).toContain('version one.');
    // The compiled bodies of the cache stay in the workspace, out of the published site.
    expect(fs.existsSync(path.join(workspace(), 'out', '.folio-cache', 'bodies'))).toBe(true);
    expect(fs.existsSync(path.join(secondBuild, '.folio-cache', 'bodies'))).toBe(false);
    expect(fs.existsSync(path.join(secondBuild, '.folio-cache', 'api-hosts.json'))).toBe(true);
  }, 120_000);

  it('a failed build does not seed the next update, and the live site stays', async () => {
    commitAndPush(work, { 'docs.json': '{ "name": ', 'c.mdx': page('Page c', 'Text of c, broken push.') }, 'broken');
    const failed = await runUpdate();
    expect(failed.status).toBe('failure');
    expect(failed.summary).toMatch(/^UPDATE_BUILD_FAILED/);
    expect(fs.existsSync(path.join(workspace(), 'seed.json'))).toBe(false);
    expect(await site('/c')).toContain('Text of c, version one.');

    commitAndPush(work, { 'docs.json': docsJson, 'd.mdx': page('Page d', 'Text of d, version three.') }, 'v3');
    const next = await runUpdate();
    expect(next.status, next.logs.join('\n')).toBe('success');
    // Built from an empty output: every page compiled again, nothing taken from the failed attempt.
    expect(next.logs).toContain('Building from scratch (no earlier successful build of these settings)');
    expect(phases(next.logs)).toMatch(/\(incremental\), .* \(5 compiled, 0 unchanged\)/);
    expect(await site('/c')).toContain('Text of c, broken push.');
    expect(await site('/d')).toContain('Text of d, version three.');
    expectLiveIsOutput();
    expect(JSON.parse(fs.readFileSync(path.join(workspace(), 'seed.json'), 'utf8')).updateId).toBeTruthy();

    // A page removed: gone from the next published build (made from links to the live one), kept in the earlier build.
    const before = liveBuild();
    fs.rmSync(path.join(work, 'a.mdx'));
    commitAndPush(work, { 'docs.json': JSON.stringify({ ...JSON.parse(docsJson), navigation: { pages: pages.filter((p) => p !== 'a') } }) }, 'v4');
    const removed = await runUpdate();
    expect(removed.status, removed.logs.join('\n')).toBe('success');
    expect(fs.existsSync(path.join(liveBuild(), 'a', 'index.html'))).toBe(false);
    expect(fs.existsSync(path.join(before, 'a', 'index.html'))).toBe(true);
    expect(await site('/d')).toContain('Text of d, version three.');
    expectLiveIsOutput();

    // A static file added, then a page added and the file removed: each publish brings over exactly what the build changed.
    commitAndPush(work, { 'images/one.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>', 'c.mdx': page('Page c', 'Text of c with ![one](/images/one.svg).') }, 'v5');
    const added = await runUpdate();
    expect(added.status, added.logs.join('\n')).toBe('success');
    expect(fs.existsSync(path.join(liveBuild(), 'images', 'one.svg'))).toBe(true);
    expectLiveIsOutput();
    fs.rmSync(path.join(work, 'images'), { recursive: true });
    commitAndPush(work, { 'docs.json': JSON.stringify({ ...JSON.parse(docsJson), navigation: { pages: [...pages.filter((p) => p !== 'a'), 'e'] } }), 'e.mdx': page('Page e', 'Text of e.'), 'c.mdx': page('Page c', 'Text of c, no image.') }, 'v6');
    const moved = await runUpdate();
    expect(moved.status, moved.logs.join('\n')).toBe('success');
    expect(moved.logs.some((l) => l.startsWith('Published what the build changed'))).toBe(true);
    expect(await site('/e')).toContain('Text of e.');
    expectLiveIsOutput();
  }, 120_000);
});
