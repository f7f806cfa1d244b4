/**
 * API latency of `folio serve` while an update builds a hostile repository (issue 13): 40 pages
 * plus one page with a 40 KB line of `*_` (over a minute to parse in-process). A separate client
 * process sends sequential GET /v2/agent/<project>/jobs during the update; prints p50/p99/max.
 *
 *   npx tsx bench/untrusted-update.ts [--files N] [--no-slow] [--updates K]
 *
 * `--files N` adds N small files beside the pages (issue 35 item 11: the API froze 0.5-1.45 s at the
 * end of each update of a 20,000-file repository), `--no-slow` leaves out the slow page, `--updates K`
 * runs K updates one after the other (each after a one-page commit) and prints each one's figures.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApiKey, createProject } from '../src/db/index.js';
import { runServer } from '../src/server/index.js';

const argv = process.argv.slice(2);
const option = (name: string, fallback: number) => (argv.includes(name) ? Number(argv[argv.indexOf(name) + 1]) : fallback);
const FILES = option('--files', 0);
const UPDATES = option('--updates', 1);
const SLOW = !argv.includes('--no-slow');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-untrusted-'));
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=B', '-c', 'user.email=b@example.test', '-c', 'init.defaultBranch=main', ...args], { cwd, stdio: 'pipe' }).toString();
const bare = path.join(tmp, 'origin.git');
const work = path.join(tmp, 'work');
git(tmp, 'init', '-q', '--bare', bare);
git(tmp, 'clone', '-q', bare, work);
const pages = Array.from({ length: 40 }, (_, i) => `p${i}`);
fs.writeFileSync(path.join(work, 'docs.json'), JSON.stringify({ name: 'Bench', colors: { primary: '#000000' }, navigation: { pages: [...(SLOW ? ['slow'] : []), ...pages] } }));
if (SLOW) fs.writeFileSync(path.join(work, 'slow.mdx'), `---\ntitle: Slow\n---\n\n${'*_'.repeat(20_000)}\n`);
for (let i = 0; i < FILES; i++) {
  const dir = path.join(work, 'assets', String(i % 100));
  if (i < 100) fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `file-${i}.txt`), `asset ${i}\n`);
}
for (const p of pages) fs.writeFileSync(path.join(work, `${p}.mdx`), `---\ntitle: ${p}\n---\n\n## Section\n\nText with **bold** and \`code\`.\n\n\`\`\`ts\nconst x = 1;\n\`\`\`\n`);
git(work, 'add', '-A');
git(work, 'commit', '-q', '-m', 'bench');
git(work, 'push', '-q', 'origin', 'main');

const server = await runServer({ dataDir: path.join(tmp, 'data'), port: 0, worker: false, dashboard: false });
try {
  const project = await createProject(server.db, { name: 'Bench', repoUrl: `file://${bare}`, branch: 'main', docsDir: '.' });
  const { key } = await createApiKey(server.db, { projectIds: [project.id] });
  const headers = { Authorization: `Bearer ${key}` };
  // The client runs in its own process, so its timing does not share this event loop.
  const startClient = () => spawn(
    process.execPath,
    [
      '-e',
      `const url = ${JSON.stringify(`${server.url}/v2/agent/${project.id}/jobs`)}; const h = ${JSON.stringify(headers)}; const out = [];
       process.on('SIGTERM', () => { process.stdout.write(JSON.stringify(out)); process.exit(0); });
       (async () => { for (;;) { const t = performance.now(); const r = await fetch(url, { headers: h }); await r.text(); out.push(performance.now() - t); if (r.status !== 200) out.push(-r.status); } })();`,
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const stop = async (client: ReturnType<typeof startClient>, output: () => string, label: string) => {
    client.kill('SIGTERM');
    await new Promise((r) => client.once('exit', r));
    const all = JSON.parse(output() || '[]') as number[];
    const failures = all.filter((v) => v < 0);
    const ms = all.filter((v) => v >= 0).sort((a, b) => a - b);
    const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!.toFixed(1);
    console.log(`GET /v2/agent/<id>/jobs ${label}: ${ms.length} requests, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${ms.at(-1)!.toFixed(1)} ms, non-200: ${failures.length}`);
  };
  const collect = (client: ReturnType<typeof startClient>) => {
    let text = '';
    client.stdout!.on('data', (d: Buffer) => (text += d.toString()));
    return () => text;
  };
  // Baseline: the same client for 15 s with no update running (same machine load).
  const idle = startClient();
  const idleOut = collect(idle);
  await new Promise((r) => setTimeout(r, 15_000));
  await stop(idle, idleOut, 'with no update (baseline, 15 s)');
  for (let round = 1; round <= UPDATES; round++) {
    if (round > 1) {
      fs.appendFileSync(path.join(work, 'p0.mdx'), `\nEdit ${round}.\n`);
      git(work, 'commit', '-q', '-am', `edit ${round}`);
      git(work, 'push', '-q', 'origin', 'main');
    }
    const started = performance.now();
    const res = await fetch(`${server.url}/v1/project/update/${project.id}`, { method: 'POST', headers });
    const { statusId } = (await res.json()) as { statusId: string };
    const client = startClient();
    const output = collect(client);
    let status: { status: string; summary: string };
    for (;;) {
      status = (await (await fetch(`${server.url}/v1/project/update-status/${statusId}`, { headers })).json()) as { status: string; summary: string };
      if (status.status === 'success' || status.status === 'failure') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    // The end of an update (publish, clean-up) is where the API froze: keep measuring a moment past it.
    await new Promise((r) => setTimeout(r, 2_000));
    const seconds = (performance.now() - started) / 1000;
    console.log(`update ${round}${FILES ? ` (${FILES} extra files)` : ''}: ${status.status} in ${seconds.toFixed(1)} s (${status.summary.split('\n')[0]})`);
    await stop(client, output, `during update ${round} and 2 s after`);
  }
} finally {
  await server.close();
  fs.rmSync(tmp, { recursive: true, force: true });
}
