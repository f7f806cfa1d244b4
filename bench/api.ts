// `npm run bench:api`: authenticated job GETs, job creation, and job GETs during a flood of
// unknown keys (100 connections, `bench/unknown-key-flood.ts`) over loopback,
// measured with autocannon in a separate process (so the load generator does
// not share the server's event loop), on PGlite and, when TEST_DATABASE_URL is
// set, on PostgreSQL. Prints req/s, p50 and p99 per scenario, the server's CPU time per request
// (steadier than wall-clock figures on a shared machine) and whether the flood target
// of issue 35 is met: valid p99 < 50 ms and >= 80 % of the no-flood throughput, the flood from 100 addresses.
// On PGlite the server is pinned to one CPU and the load generators to the others (`bench/pin.ts`);
// PostgreSQL runs unpinned (its processes share the generators' CPU).
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { createAgentJob, createApiKey, createProject, openDatabase, randomBase36, type Database } from '../src/db/index.js';
import { createApp, listen } from '../src/server/index.js';
import { generator, pinning, pinServer } from './pin.js';

const run = promisify(execFile);
const AUTOCANNON = fileURLToPath(new URL('../node_modules/autocannon/autocannon.js', import.meta.url));
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const FLOOD = fileURLToPath(new URL('./unknown-key-flood.ts', import.meta.url));

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  total: number;
}

async function autocannon(args: string[]): Promise<Figures> {
  const { stdout } = await run(...generator([AUTOCANNON, '--json', '--duration', String(DURATION), ...args]), { maxBuffer: 64 * 1024 * 1024 });
  const r = JSON.parse(stdout);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors, total: r.requests.total };
}

const FLOOD_LEAD_SECONDS = 1;

/** `bench/unknown-key-flood.ts` on 100 connections, each from its own loopback address, for `seconds`: `started` once it sends, `done` with its counts. */
function startFlood(url: string, seconds: number): { started: Promise<void>; done: Promise<{ sent: number; statuses: Record<string, number> }> } {
  const child = spawn(...generator(['--import', 'tsx', FLOOD, url, '100', String(seconds), '100']), { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const started = new Promise<void>((resolve) => child.stderr.on('data', (chunk: Buffer) => chunk.toString().includes('flooding') && resolve()));
  const done = new Promise<{ sent: number; statuses: Record<string, number> }>((resolve, reject) =>
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(stdout)) : reject(new Error(`flood exited with ${code}`)))),
  );
  return { started, done };
}

/**
 * `work` with the CPU time this process (the server: the load generators are child processes) spent
 * meanwhile. On a shared machine the wall-clock figures move with other load; CPU per request does not much.
 */
async function withServerCpu<T>(work: () => Promise<T>): Promise<{ value: T; cpuMs: number }> {
  const start = process.cpuUsage();
  const value = await work();
  const used = process.cpuUsage(start);
  return { value, cpuMs: (used.user + used.system) / 1000 };
}

async function openBackend(kind: 'pglite' | 'postgres'): Promise<{ db: Database; done(): Promise<void> }> {
  if (kind === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-'));
    const db = await openDatabase({ dataDir: dir });
    return { db, done: async () => { await db.close(); fs.rmSync(dir, { recursive: true, force: true }); } };
  }
  const admin = process.env.TEST_DATABASE_URL!;
  const name = `folio_bench_${randomBase36(8)}`;
  const exec = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await exec(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.toString(), poolSize: 16 });
  return { db, done: async () => { await db.close(); await exec(`DROP DATABASE ${name} WITH (FORCE)`); } };
}

async function benchBackend(kind: 'pglite' | 'postgres'): Promise<void> {
  const { db, done } = await openBackend(kind);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-data-'));
  try {
    const project = await createProject(db, { name: 'Bench', repoUrl: 'https://example.test/bench.git', agentRatePerHour: 1_000_000_000 });
    const { key } = await createApiKey(db, { projectIds: [project.id] });
    // Some history so the job lookup is an index probe, not a scan of one row.
    for (let i = 0; i < 200; i++) await createAgentJob(db, { projectId: project.id, repository: project.repoUrl, ref: null, model: 'folio-maintainer', prompt: `p${i}` });
    const job = await createAgentJob(db, { projectId: project.id, repository: project.repoUrl, ref: 'main', model: 'folio-maintainer', prompt: 'bench' });
    const app = createApp({ db, dataDir });
    const server = await listen(app.fetch, { port: 0 });
    const auth = ['-H', `authorization=Bearer ${key}`];
    try {
      // Warm up JIT, pools and the key cache.
      await run(...generator([AUTOCANNON, '--json', '--duration', '2', '-c', '16', ...auth, `${server.url}/v2/agent/${project.id}/job/${job.id}`]));
      const plain = await withServerCpu(() => autocannon(['-c', '32', ...auth, `${server.url}/v2/agent/${project.id}/job/${job.id}`]));
      const get = plain.value;
      // Valid GETs while 100 other connections send well-formed keys nobody issued (a fresh one each), from 100 addresses.
      const during = await withServerCpu(async () => {
        const flooder = startFlood(`${server.url}/v2/agent/${project.id}/job/${job.id}`, DURATION + FLOOD_LEAD_SECONDS + 1);
        await flooder.started;
        // Measured once the flood runs at its steady rate, not during its first second.
        await new Promise((resolve) => setTimeout(resolve, FLOOD_LEAD_SECONDS * 1000));
        const valid = await autocannon(['-c', '32', ...auth, `${server.url}/v2/agent/${project.id}/job/${job.id}`]);
        return { valid, flood: await flooder.done };
      });
      const { valid: flooded, flood } = during.value;
      // Job creation last: the jobs it adds (hundreds) would otherwise weigh on the GETs measured after it.
      const create = await autocannon([
        '-c', '16', '-m', 'POST', ...auth, '-H', 'content-type=application/json', '-b', JSON.stringify({ prompt: 'Fix broken links' }),
        `${server.url}/v2/agent/${project.id}/job`,
      ]);
      const line = (name: string, f: Figures) =>
        `${kind.padEnd(8)} ${name.padEnd(26)} ${f.rps.toFixed(0).padStart(8)} req/s   p50 ${String(f.p50).padStart(3)} ms   p99 ${String(f.p99).padStart(3)} ms` +
        (f.non2xx || f.errors ? `   (non-2xx ${f.non2xx}, errors ${f.errors})` : '');
      const ratio = (100 * flooded.rps) / get.rps;
      const perRequest = (cpuMs: number, requests: number) => `${Math.round((1000 * cpuMs) / Math.max(1, requests))} µs`;
      console.log(line('GET job (authenticated)', get) + `   (server CPU ${perRequest(plain.cpuMs, get.total)} a request)`);
      console.log(line('POST job (create)', create));
      console.log(
        line('GET job during key flood', flooded) +
          `   (flood: ${Math.round(flood.sent / (DURATION + 1))} req/s on 100 connections, answers ${JSON.stringify(flood.statuses)}; ` +
          `server CPU ${perRequest(during.cpuMs, flooded.total)} a valid request; ${Math.round(ratio)} % of the no-flood GETs)`,
      );
      const ok = flooded.p99 < 50 && ratio >= 80 && flooded.non2xx === 0 && flooded.errors === 0;
      console.log(`${kind.padEnd(8)} flood target (valid p99 < 50 ms, >= 80 % of the no-flood throughput, no failures): ${ok ? 'met' : 'NOT met'}`);
    } finally {
      await server.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await done();
  }
}

console.log(`Admin API on loopback, ${DURATION} s per scenario, ${os.cpus().length} cores, Node ${process.version}`);
const pinned = pinServer(true);
console.log(`pglite: ${pinning()}`);
await benchBackend('pglite');
// PostgreSQL and the site-serving bench (servers of its own): every CPU again.
if (pinned) pinServer(false);
if (process.env.TEST_DATABASE_URL) {
  console.log('postgres: unpinned');
  await benchBackend('postgres');
} else console.log('postgres: skipped (set TEST_DATABASE_URL to include it)');

// Static sites through `folio serve`: local storage on one server, S3 shared by two (bench/site-serving.ts).
const { benchSiteServing } = await import('./site-serving.js');
await benchSiteServing(DURATION);
