/**
 * `npm run bench:update`: push → live through a real `folio serve` (issue 36, part 1). A generated
 * 1,000-page site (`bench/corpus.ts`, as `bench:build`) in a local bare repository, `bin/folio.js
 * serve` on an embedded database in a temporary data folder, and the generic push webhook to start
 * each update. Prints the cold first update beside a `folio build` of the same site, then N one-page
 * edits pushed → live (the served page polled until it shows the new text), p50/p95, the CPU of
 * `folio serve` with every process under it (the sandboxed build, Pagefind, git; from /proc), and
 * each phase's wall and CPU as the update's log records it (queued, fetch, sandbox start, plan,
 * compile, write with its search index, retrieval and llms parts, publish), then a docs.json change.
 * The load average is printed before and after: the machine is shared and wall times are noisy.
 *
 *   npm run build && npm run bench:update -- [pages=1000] [--edits 10] [--shape one-section|tabs|languages]
 *     [--src: run Folio from its sources, no build needed] [--no-compare: skip the two `folio build`s]
 *     [--no-config: skip the docs.json change]
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
// `--src`: Folio from its TypeScript sources (through tsx; the sandboxed builds then run the compiled copy
// of `compiled-sources.ts`), so a change is measured without rebuilding the shared `dist/`.
const fromSrc = args.includes('--src');
// `--no-compare`: skip the two `folio build`s of the same site the cold update is compared with.
const compare = !args.includes('--no-compare');
if (!fromSrc && !fs.existsSync(path.join(ROOT, 'dist', 'cli', 'main.js'))) throw new Error('Run `npm run build` first (or pass --src): the bench starts bin/folio.js.');
/** `node` and the arguments that run the Folio CLI. */
const folio = (...rest: string[]) => (fromSrc ? ['--import', 'tsx', path.join(ROOT, 'src', 'cli', 'main.ts'), ...rest] : [BIN, ...rest]);

const load = () => execFileSync('uptime').toString().trim().replace(/^.*load average/, 'load average');
const git = (cwd: string, ...rest: string[]) =>
  execFileSync('git', ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.test', '-c', 'init.defaultBranch=main', ...rest], { cwd, stdio: 'pipe' }).toString().trim();
const ms = (n: number) => `${Math.round(n)} ms`;
const quantile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
};

/** CPU milliseconds of `pid` and every process under it, live or ended (utime, stime, cutime, cstime of each). */
function treeCpuMs(pid: number): number {
  let total = 0;
  const visit = (p: number) => {
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(f[14 - 3]) + Number(f[15 - 3]) + Number(f[16 - 3]) + Number(f[17 - 3])) * 10;
      for (const task of fs.readdirSync(`/proc/${p}/task`)) {
        for (const child of fs.readFileSync(`/proc/${p}/task/${task}/children`, 'utf8').split(' ').filter(Boolean)) visit(Number(child));
      }
    } catch {
      // Ended meanwhile: its parent's cutime has it.
    }
  };
  visit(pid);
  return total;
}

/** The figures of an update's `Phases:` log line, by name (wall unless the name says CPU). */
function phaseFigures(line: string): Record<string, number> {
  const out: Record<string, number> = {};
  const grab = (name: string, re: RegExp) => {
    const m = re.exec(line);
    if (m) out[name] = Number(m[1]);
  };
  grab('queued', /queued (\d+) ms/);
  grab('fetch', /fetch (\d+) ms/);
  grab('fetch CPU (server + git)', /fetch \d+ ms \([^)]*\), server CPU (\d+) ms/);
  grab('sandbox start', /sandbox start (\d+) ms/);
  grab('plan', /plan (\d+) ms/);
  grab('compile', /compile (\d+) ms/);
  grab('write', /write (\d+) ms/);
  grab('  search', /search (\d+) ms/);
  grab('  retrieval', /retrieval (\d+) ms/);
  grab('  llms', /llms (\d+) ms/);
  grab('build CPU (threads)', /build CPU (\d+) ms/);
  grab('build CPU (children: Pagefind)', /\+ children (\d+) ms/);
  grab('publish', /publish (\d+) ms/);
  grab('publish CPU (server)', /publish \d+ ms, server CPU (\d+) ms/);
  grab('build wall', /build wall (\d+) ms/);
  grab('between: start (row, workspace)', /between the phases: start (\d+) ms/);
  grab('between: record (seed)', /, record (\d+) ms/);
  grab('to live (trigger → published)', /to live (\d+) ms/);
  return out;
}

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
  let buildMs = NaN;
  let untrustedMs = NaN;
  if (compare) {
    execFileSync(process.execPath, folio('build', work, '--out', out), { stdio: 'pipe', cwd: ROOT });
    buildMs = performance.now() - t;
    t = performance.now();
    execFileSync(process.execPath, folio('build', work, '--out', path.join(tmp, 'build-untrusted'), '--untrusted'), { stdio: 'pipe', cwd: ROOT });
    untrustedMs = performance.now() - t;
    console.log(`folio build (cold): ${ms(buildMs)}; folio build --untrusted (cold): ${ms(untrustedMs)}`);
  }

  // The project, its webhook secret and an admin key, before the server takes the data folder.
  const db = await openDatabase({ dataDir });
  const created = await createProject(db, { name: 'Bench', repoUrl: `file://${bare}`, branch: 'main', docsDir: '.' });
  const secret = (await getProject(db, created.id))!.webhookSecret;
  const { key } = await createApiKey(db, { projectIds: [created.id] });
  await db.close();
  const projectId = created.id;
  const host = `${projectId}.localhost`;

  server = spawn(process.execPath, folio('serve', '--port', '0', '--no-worker', '--no-dashboard', '--data', dataDir), { stdio: ['ignore', 'pipe', 'pipe'], cwd: ROOT });
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
  /** The webhook's round trip (sent → 202 read), of the last `pushAndNotify`. */
  let webhookMs = 0;
  const pushAndNotify = async (): Promise<string> => {
    const pushStart = performance.now();
    git(work, 'push', '-q', 'origin', 'main');
    pushMs = performance.now() - pushStart;
    const body = JSON.stringify({ branch: 'main', sha: git(work, 'rev-parse', 'HEAD') });
    const stamp = String(Math.floor(Date.now() / 1000));
    const delivery = randomUUID();
    const signature = `sha256=${createHmac('sha256', secret).update(`${stamp}.${delivery}.${body}`).digest('hex')}`;
    const sent = performance.now();
    const res = await fetch(`${api}/webhooks/generic/${projectId}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Folio-Timestamp': stamp, 'X-Folio-Delivery': delivery, 'X-Folio-Signature': signature },
      body,
    });
    if (res.status !== 202) throw new Error(`webhook answered ${res.status}: ${await res.text()}`);
    const statusId = ((await res.json()) as { statusId: string }).statusId;
    webhookMs = performance.now() - sent;
    return statusId;
  };
  /**
   * The last `liveAfter`'s polling: from the start of the last request that did not see the page yet to the end of
   * the first that did (the publish fell in between), and that first request's own time.
   */
  let pollGapMs = 0;
  let seenRequestMs = 0;
  /**
   * Poll the served page until its HTML contains `text`; the time since `since`. It asks again at once when the
   * site's `current` link is switched (a publish of the local store), so the figure is the publish plus one
   * reader's request, not the publish plus up to a poll interval; else every 100 ms (20 ms when the site's
   * folder cannot be watched yet: the first update).
   */
  const siteDir = path.join(dataDir, 'sites', projectId);
  const liveAfter = async (since: number, pathname: string, text: string): Promise<number> => {
    let missedAt = since;
    let wake: () => void = () => {};
    // Set by a switch while a request is out, so the next one goes at once.
    let switched = false;
    let watcher: fs.FSWatcher | null = null;
    try {
      watcher = fs.watch(siteDir, () => ((switched = true), wake()));
    } catch {
      // No site folder yet (the first update): polling alone.
    }
    try {
      for (;;) {
        switched = false;
        const asked = performance.now();
        const page = await sitePage(port, host, pathname);
        if (page.status === 200 && page.body.includes(text)) {
          const now = performance.now();
          pollGapMs = now - missedAt;
          seenRequestMs = now - asked;
          return now - since;
        }
        missedAt = asked;
        // A cold update of a large site on a loaded machine takes minutes: 30 ms a page, at least 300 s.
        const limit = Math.max(300_000, pages * 30);
        if (performance.now() - since > limit) throw new Error(`${pathname} did not show "${text}" within ${Math.round(limit / 1000)} s`);
        if (!switched) {
          await new Promise<void>((r) => {
            // With the link watched, polls are only a fallback: 50 a second took server CPU from the update itself.
            const timer = setTimeout(r, watcher ? 100 : 20);
            wake = () => (clearTimeout(timer), r());
          });
        }
      }
    } finally {
      watcher?.close();
    }
  };
  /** The finished update's record: its status, its `Phases:` log line, and what the build and the publish said they did. */
  const finished = async (statusId: string): Promise<{ status: string; phases: string; summary: string; how: string }> => {
    for (;;) {
      const res = await fetch(`${api}/v1/project/update-status/${statusId}`, { headers: { Authorization: `Bearer ${key}` } });
      const row = (await res.json()) as { status: string; summary: string; logs: string[] };
      if (row.status === 'success' || row.status === 'failure') {
        const how = [row.logs.find((l) => /^built \d+ pages/.test(l)), row.logs.find((l) => l.startsWith('Published '))].filter(Boolean).join('; ');
        return { status: row.status, summary: row.summary, phases: row.logs.find((l) => l.startsWith('Phases: ')) ?? '(no phases line)', how };
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
  const coldCpu0 = treeCpuMs(server!.pid!);
  const firstId = await pushAndNotify();
  const coldMs = await liveAfter(t, `/${first}`, 'Section 1 of page');
  const cold = await finished(firstId);
  console.log(`  CPU of folio serve and its processes: ${ms(treeCpuMs(server!.pid!) - coldCpu0)}`);
  console.log(`first update (cold): push → live ${ms(coldMs)}, of which git push ${ms(pushMs)} (folio build ${ms(buildMs)}, --untrusted ${ms(untrustedMs)}; compare with "build wall" below); ${cold.status}`);
  console.log(`  ${cold.phases}`);
  console.log(`  ${cold.how}`);

  // One-page edits, each on another page.
  const times: number[] = [];
  const cpus: number[] = [];
  const pushes: number[] = [];
  const fromWebhook: number[] = [];
  const phases: Record<string, number[]> = {};
  for (let i = 0; i < edits; i++) {
    const page = corpus.pages[Math.floor(((i + 1) * corpus.pages.length) / (edits + 2))]!;
    const marker = `m${randomUUID().slice(0, 8)}`;
    edit(page, marker);
    const start = performance.now();
    const cpu0 = treeCpuMs(server!.pid!);
    const id = await pushAndNotify();
    const live = await liveAfter(start, `/${page}`, marker);
    const record = await finished(id);
    const cpu = treeCpuMs(server!.pid!) - cpu0;
    times.push(live);
    cpus.push(cpu);
    pushes.push(pushMs);
    fromWebhook.push(live - pushMs);
    const figures = phaseFigures(record.phases);
    // What the server's phases leave out: the webhook's way to the update's trigger, and from the publish to the
    // reader's request that saw the page (at most the poll gap: the publish fell between the last miss and it).
    if (figures['to live (trigger → published)'] !== undefined) {
      figures['outside the server (webhook, poll)'] = live - pushMs - figures['to live (trigger → published)'];
      figures['  webhook round trip'] = webhookMs;
      figures['  last miss → seen'] = pollGapMs;
      figures['  the seeing request'] = seenRequestMs;
    }
    for (const [k, v] of Object.entries(figures)) (phases[k] ??= []).push(v);
    console.log(`  edit ${i + 1}: ${ms(live)} push → live (git push ${ms(pushMs)}, webhook ${ms(webhookMs)}, last miss → seen ${ms(pollGapMs)}), CPU of folio serve and its processes ${ms(cpu)}; ${record.phases.replace(/^Phases: /, '')}`);
    console.log(`    ${record.how}`);
  }
  console.log(`one-page edit, push → live: p50 ${ms(quantile(times, 0.5))}, p95 ${ms(quantile(times, 0.95))}, max ${ms(Math.max(...times))} (goal p50 ≤ 500 ms at 1,000 pages, ≤ 2000 ms at 25,000); git push alone p50 ${ms(quantile(pushes, 0.5))}; from the webhook (push → live less git push) p50 ${ms(quantile(fromWebhook, 0.5))}, p95 ${ms(quantile(fromWebhook, 0.95))}`);
  console.log(`  CPU of folio serve and its processes (sandboxed build, Pagefind, git) per edit: p50 ${ms(quantile(cpus, 0.5))} (the page polls included)`);
  console.log('  phases, median of the edits (wall unless CPU):');
  for (const [k, v] of Object.entries(phases)) console.log(`    ${k.padEnd(32)} ${ms(quantile(v, 0.5)).padStart(9)}`);

  // A docs.json change: every page's layout depends on it (the site name is in every page's head).
  if (args.includes('--no-config')) return void console.log(`after: ${load()}`);
  const config = JSON.parse(fs.readFileSync(path.join(work, 'docs.json'), 'utf8')) as { name: string };
  const name = `Bench ${randomUUID().slice(0, 8)}`;
  fs.writeFileSync(path.join(work, 'docs.json'), JSON.stringify({ ...config, name }, null, 2));
  git(work, 'commit', '-q', '-am', 'Rename the site');
  t = performance.now();
  const configId = await pushAndNotify();
  const configMs = await liveAfter(t, `/${corpus.pages.at(-1)!}`, name);
  const configRecord = await finished(configId);
  console.log(`docs.json change: push → live ${ms(configMs)} (goal ≤ 10000 ms)`);
  console.log(`  ${configRecord.phases}`);
  console.log(`  ${configRecord.how}`);
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
