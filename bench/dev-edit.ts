/**
 * `npm run bench:dev`: how long `folio dev` takes from a saved edit to the served page showing it.
 * Generates a one-section corpus (`bench/corpus.ts`), starts `folio dev` on it in a child process
 * (as a user runs it), then for each edit writes the page file and asks for the page back to back
 * until the answer has the edit. Prints median, p90, min and max per kind of edit, the dev
 * process's CPU per edit (from /proc, Linux) and the load average before and after.
 *
 * Usage: tsx bench/dev-edit.ts [pages=1000] [--edits 20] [--title-edits 5] [--keep]
 * Kinds: a body-only edit (a sentence appended; swapped into the loaded site) and a title edit
 * (frontmatter changes, so the site is loaded again). Edits are 250 ms apart so each is a lone save.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateCorpus } from './corpus.js';

const args = process.argv.slice(2);
const value = (name: string, fallback: number) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const pages = Number(args.find((a, i) => /^\d+$/.test(a) && !['--edits', '--title-edits'].includes(args[i - 1] ?? '')) ?? 1000);
const edits = value('--edits', 20);
const titleEdits = value('--title-edits', 5);
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

/** CPU time (user + system, ms) of process `pid` so far, or NaN off Linux. */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function get(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () => resolve(body));
      })
      .on('error', reject);
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Save `text` to `file`, then ask for `url` until `done(body)`; milliseconds from the write to that answer. */
async function timeEdit(file: string, text: string, url: string, done: (body: string) => boolean): Promise<number> {
  const t0 = performance.now();
  await writeFile(file, text);
  for (;;) {
    if (done(await get(url))) return performance.now() - t0;
    if (performance.now() - t0 > 30_000) throw new Error(`the edit did not show in ${url} within 30 s`);
  }
}

function summary(label: string, times: number[], cpu: number): string {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return `  ${label.padEnd(11)} n=${sorted.length}  median ${at(0.5).toFixed(1)} ms  p90 ${at(0.9).toFixed(1)} ms  min ${sorted[0]!.toFixed(1)}  max ${sorted.at(-1)!.toFixed(1)}  dev CPU ${(cpu / sorted.length).toFixed(0)} ms/edit (incl. the polling requests)`;
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'folio-bench-dev-'));
let child: ReturnType<typeof spawn> | undefined;
try {
  const corpus = await generateCorpus(dir, pages, 'one-section');
  const page = corpus.pages[Math.floor(corpus.pages.length / 2)]!;
  const file = path.join(dir, `${page}.mdx`);
  const original = await readFile(file, 'utf8');
  child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'dev', dir, '--port', '0'], { cwd: repo, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, NODE_ENV: 'production' } });
  let stderr = '';
  const base = await new Promise<string>((resolve, reject) => {
    child!.stderr!.on('data', (d: Buffer) => {
      stderr += d.toString();
      const m = / at (http:\/\/\S+)/.exec(stderr);
      if (m) resolve(m[1]!.replace('localhost', '127.0.0.1'));
    });
    child!.once('exit', (code) => reject(new Error(`folio dev exited with ${code}: ${stderr}`)));
  });
  const url = `${base}/${page}`;
  // Load the site and the MDX pipeline, and compile the page once, as a reader's first visit does.
  await get(url);
  await get(`${base}/${corpus.pages[0]}`);
  console.log(`${os.availableParallelism()} cores; folio dev on ${pages} generated pages (one section), editing /${page}; load average before: ${load()}`);

  const body: number[] = [];
  let cpu0 = cpuMs(child.pid!);
  for (let i = 0; i < edits; i++) {
    const marker = `Bench edit marker ${i} ${Date.now()}.`;
    body.push(await timeEdit(file, `${original}\n${marker}\n`, url, (html) => html.includes(marker)));
    await wait(250);
  }
  const bodyCpu = cpuMs(child.pid!) - cpu0;
  // Each report of the watcher logs `changed: ...`; ` (site loaded again)` when it was not a body-only patch.
  const reports = (text: string) => `${text.match(/^changed: /gm)?.length ?? 0} watcher reports, ${text.match(/\(site loaded again\)/g)?.length ?? 0} of them loading the site again`;
  const bodyLog = stderr;
  const title: number[] = [];
  cpu0 = cpuMs(child.pid!);
  for (let i = 0; i < titleEdits; i++) {
    const marker = `Retitled ${i} ${Date.now()}`;
    title.push(await timeEdit(file, original.replace(/^title: .*$/m, `title: ${marker}`), url, (html) => html.includes(marker)));
    await wait(250);
  }
  const titleCpu = cpuMs(child.pid!) - cpu0;
  console.log(summary('body edit', body, bodyCpu) + `; ${reports(bodyLog)}`);
  if (title.length) console.log(summary('title edit', title, titleCpu) + `; ${reports(stderr.slice(bodyLog.length))}`);
  for (const line of bodyLog.split('\n').filter((l) => l.includes('(site loaded again)')).slice(0, 3)) console.log(`  reload during body edits: ${line}`);
  console.log(`  load average after: ${load()}`);
} finally {
  child?.kill('SIGTERM');
  agent.destroy();
  if (!args.includes('--keep')) await rm(dir, { recursive: true, force: true });
  else console.log(`  kept ${dir}`);
}
