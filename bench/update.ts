/**
 * `npm run bench:update`: push → live through a real `folio serve` (issue 36, part 1). A generated
 * 1,000-page site (`bench/corpus.ts`, as `bench:build`) in a local bare repository, `bin/folio.js
 * serve` on an embedded database in a temporary data folder, and the generic push webhook to start
 * each update. Prints the cold first update beside a `folio build` of the same site, then N one-page
 * edits pushed → live (the served page polled until it shows the new text), p50/p95 and each phase
 * as the update's log records it (fetch, plan, compile, write, publish), then a docs.json change.
 * The load average is printed before and after: the machine is shared and figures are noisy.
 *
 *   npm run build && npm run bench:update -- [pages=1000] [--edits 10] [--shape one-section|tabs|languages]
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApiKey, createProject, getProject, openDatabase } from '../src/db/index.js';
import { generateCorpus, SHAPES, type Shape } from './corpus.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const BIN = path.join(ROOT, 'bin', 'folio.js');
const args = process.argv.slice(2);
const value = (flag: string) => {
  const i = args.indexOf(flag);
  return i >= 0 ? args[i + 1] : undefined;
};
const pages = Number(args.find((a, i) => /^\d+$/.test(a) && !['--edits', '--shape'].includes(args[i - 1] ?? '')) ?? 1000);
const edits = Number(value('--edits') ?? 10);
const shape = (value('--shape') ?? 'one-section') as Shape;
if (!SHAPES.includes(shape)) throw new Error(`--shape must be one of ${SHAPES.join(', ')}`);
if (!fs.existsSync(path.join(ROOT, 'dist', 'cli', 'main.js'))) throw new Error('Run `npm run build` first: the bench starts bin/folio.js.');

const load = () => execFileSync('uptime').toString().trim().replace(/^.*load average/, 'load average');
const git = (cwd: string, ...rest: string[]) =>
  execFileSync('git', ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.test', '-c', 'init.defaultBranch=main', ...rest], { cwd, stdio: 'pipe' }).toString().trim();
const ms = (n: number) => `${Math.round(n)} ms`;
const quantile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
};

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-update-'));
const bare = path.join(tmp, 'origin.git');
const work = path.join(tmp, 'work');
const dataDir = path.join(tmp, 'data');
let server: ChildProcess | null = null;

/** GET a path of the hosted site (by Host, as a browser on `<project>.localhost` would). */
function sitePage(port: number, host: string, pathname: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port, path: pathname, headers: { Host: host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });
}

async function main(): Promise<void> {
  console.log(`bench:update: ${pages} pages (${shape}), ${edits} one-page edits; ${os.cpus().length} cores; ${load()}`);
  git(tmp, 'init', '-q', '--bare', bare);
  git(tmp, 'clone', '-q', bare, work);
  const corpus = await generateCorpus(work, pages, shape);
  git(work, 'add', '-A');
  git(work, 'commit', '-q', '-m', 'Generated site');

  // `folio build` of the same site, cold, for the first update to be compared with.
  const out = path.join(tmp, 'build-out');
  let t = performance.now();
  execFileSync(process.execPath, [BIN, 'build', work, '--out', out], { stdio: 'pipe' });
  const buildMs = performance.now() - t;
  t = performance.now();
  execFileSync(process.execPath, [BIN, 'build', work, '--out', path.join(tmp, 'build-untrusted'), '--untrusted'], { stdio: 'pipe' });
  const untrustedMs = performance.now() - t;
  console.log(`folio build (cold): ${ms(buildMs)}; folio build --untrusted (cold): ${ms(untrustedMs)}`);

  // The project, its webhook secret and an admin key, before the server takes the data folder.
  const db = await openDatabase({ dataDir });
  const created = await createProject(db, { name: 'Bench', repoUrl: `file://${bare}`, branch: 'main', docsDir: '.' });
  const secret = (await getProject(db, created.id))!.webhookSecret;
  const { key } = await createApiKey(db, { projectIds: [created.id] });
  await db.close();
  const projectId = created.id;
  const host = `${projectId}.localhost`;

  server = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--no-worker', '--no-dashboard', '--data', dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
  server.stderr!.resume();
  const api = await new Promise<string>((resolve, reject) => {
    let text = '';
    server!.stdout!.on('data', (d: Buffer) => {
      text += d.toString();
      const m = /Admin API:\s+(http:\/\/\S+)/.exec(text);
      if (m) resolve(m[1]!.replace('localhost', '127.0.0.1'));
    });
    server!.once('exit', (code) => reject(new Error(`folio serve exited with ${code}`)));
  });
  const port = Number(new URL(api).port);

  /** Push the work clone and deliver a signed generic webhook for it; returns the update's status id. */
  let pushMs = 0;
  const pushAndNotify = async (): Promise<string> => {
    const pushStart = performance.now();
    git(work, 'push', '-q', 'origin', 'main');
    pushMs = performance.now() - pushStart;
    const body = JSON.stringify({ branch: 'main', sha: git(work, 'rev-parse', 'HEAD') });
    const stamp = String(Math.floor(Date.now() / 1000));
    const delivery = randomUUID();
    const signature = `sha256=${createHmac('sha256', secret).update(`${stamp}.${delivery}.${body}`).digest('hex')}`;
    const res = await fetch(`${api}/webhooks/generic/${projectId}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Folio-Timestamp': stamp, 'X-Folio-Delivery': delivery, 'X-Folio-Signature': signature },
      body,
    });
    if (res.status !== 202) throw new Error(`webhook answered ${res.status}: ${await res.text()}`);
    return ((await res.json()) as { statusId: string }).statusId;
  };
  /** Poll the served page until its HTML contains `text`; the time since `since`. */
  const liveAfter = async (since: number, pathname: string, text: string): Promise<number> => {
    for (;;) {
      const page = await sitePage(port, host, pathname);
      if (page.status === 200 && page.body.includes(text)) return performance.now() - since;
      if (performance.now() - since > 300_000) throw new Error(`${pathname} did not show "${text}" within 300 s`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  /** The finished update's record: its status and its `Phases:` log line. */
  const finished = async (statusId: string): Promise<{ status: string; phases: string; summary: string }> => {
    for (;;) {
      const res = await fetch(`${api}/v1/project/update-status/${statusId}`, { headers: { Authorization: `Bearer ${key}` } });
      const row = (await res.json()) as { status: string; summary: string; logs: string[] };
      if (row.status === 'success' || row.status === 'failure') {
        return { status: row.status, summary: row.summary, phases: row.logs.find((l) => l.startsWith('Phases: ')) ?? '(no phases line)' };
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const edit = (page: string, marker: string) => {
    const file = path.join(work, `${page}.mdx`);
    const text = fs.readFileSync(file, 'utf8').replace(/(## Section 1 of page \d+\n)(?:Edited: \S+\n)?/, `$1Edited: ${marker}\n`);
    fs.writeFileSync(file, text);
    git(work, 'commit', '-q', '-am', `Edit ${page}`);
  };

  // The first update: a full clone and a cold build (nothing to seed it).
  const first = corpus.pages[0]!;
  t = performance.now();
  const firstId = await pushAndNotify();
  const coldMs = await liveAfter(t, `/${first}`, 'Section 1 of page');
  const cold = await finished(firstId);
  console.log(`first update (cold): push → live ${ms(coldMs)}, of which git push ${ms(pushMs)} (folio build ${ms(buildMs)}, --untrusted ${ms(untrustedMs)}; compare with "build wall" below); ${cold.status}`);
  console.log(`  ${cold.phases}`);

  // One-page edits, each on another page.
  const times: number[] = [];
  const phases: Record<string, number[]> = {};
  for (let i = 0; i < edits; i++) {
    const page = corpus.pages[Math.floor(((i + 1) * corpus.pages.length) / (edits + 2))]!;
    const marker = `m${randomUUID().slice(0, 8)}`;
    edit(page, marker);
    const start = performance.now();
    const id = await pushAndNotify();
    const live = await liveAfter(start, `/${page}`, marker);
    const record = await finished(id);
    times.push(live);
    for (const m of record.phases.matchAll(/(fetch|plan|compile|write|publish|build wall) (\d+) ms/g)) (phases[m[1]!] ??= []).push(Number(m[2]));
    console.log(`  edit ${i + 1}: ${ms(live)} push → live; ${record.phases.replace(/^Phases: /, '')}`);
  }
  console.log(`one-page edit, push → live: p50 ${ms(quantile(times, 0.5))}, p95 ${ms(quantile(times, 0.95))}, max ${ms(Math.max(...times))} (goal p50 ≤ 2000 ms, p95 ≤ 4000 ms)`);
  console.log(`  phases (median): ${Object.entries(phases).map(([k, v]) => `${k} ${ms(quantile(v, 0.5))}`).join(', ')}`);

  // A docs.json change: every page's layout depends on it (the site name is in every page's head).
  const config = JSON.parse(fs.readFileSync(path.join(work, 'docs.json'), 'utf8')) as { name: string };
  const name = `Bench ${randomUUID().slice(0, 8)}`;
  fs.writeFileSync(path.join(work, 'docs.json'), JSON.stringify({ ...config, name }, null, 2));
  git(work, 'commit', '-q', '-am', 'Rename the site');
  t = performance.now();
  const configId = await pushAndNotify();
  const configMs = await liveAfter(t, `/${corpus.pages.at(-1)!}`, name);
  const configRecord = await finished(configId);
  console.log(`docs.json change: push → live ${ms(configMs)} (goal ≤ 10000 ms); ${configRecord.phases.replace(/^Phases: /, '')}`);
  const rss = fs.readFileSync(`/proc/${server!.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1];
  console.log(`folio serve resident memory after the updates (warm build worker included): ${rss ? Math.round(Number(rss) / 1024) : '?'} MB`);
  console.log(`after: ${load()}`);
}

try {
  await main();
} finally {
  if (server) {
    server.kill('SIGTERM');
    await new Promise((r) => server!.once('exit', r));
  }
  if (!args.includes('--keep')) fs.rmSync(tmp, { recursive: true, force: true });
  else console.log(`kept ${tmp}`);
}
