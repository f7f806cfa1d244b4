// `npm run bench:abuse`: figures of issue 48's abuse cases, on the embedded database (PGlite on its
// own thread, as `folio serve` runs it) over loopback.
// (1) Password hashing and file reads: a published site's asset, read from disk on every request
//     (FOLIO_FILE_CACHE_MB=0, as an uncached asset is), timed by `bench/page-probe.ts` (one
//     connection, 100 requests a second, microseconds), alone and while 60 clients sign in to the
//     dashboard with wrong passwords as fast as they are answered, each attempt from another
//     X-Forwarded-For address (behind --trust-proxy), so the sign-in throttle lets every one through
//     to the hash. BENCH_ROUNDS rounds (default 3) of BENCH_SECONDS (default 10) each; the goal is
//     an asset p99 under 50 ms during the flood (it was 6.6 s p50, 10.8 s max). Each round also prints the
//     server thread's turns later than 100 ms with the CPU the thread used in each: a stall it mostly spent
//     waiting is the machine's, not the server's. The dashboard's assets are made before the server
//     listens, as folio serve does; BENCH_COLD_DASHBOARD=1 leaves them to the flood's first request.
// (2) Webhook refusals: the answer time of a wrong signature for a project with a secret and of a
//     delivery to a project that does not exist, 400 of each in a random order, one at a time; the
//     medians should agree (they were 7.7 and 5.4 ms: the time told whether a secret is set).
// (3) Database growth under a 15 s event flood: 60 clients send the beacon's events (half feedback
//     with a 2,000-character comment of random hex, which the database cannot compress, half searches with new queries) as fast as they are answered,
//     from 200 X-Forwarded-For addresses (so the per-address limit lets them through and the
//     server's budget of 100 accepted a second holds them); the database's size before and after
//     (pg_database_size), with the rows stored and what the storage caps allow a day at that cost a row.
//     It was 0.94 MB/s (about 80 GB a day) with feedback kept for ever.
// (4) Wrong-key flood: legitimate admin API throughput (autocannon, 16 keep-alive connections, GET of
//     a job with a valid key) alone and while 249 keep-alive connections, each from its own loopback
//     address (127.0.0.2-250), send admin API requests with wrong bearer keys as fast as they are
//     answered (minted keys with a valid checksum, fresh each time, and one fixed wrong key). Rounds
//     alternate (alone, flood, alone, flood...) so that load drift on a shared machine cancels; each
//     figure is printed with the load average and the server thread's busy share. Goal: >= 80 % of
//     alone (it was a median 48 %). BENCH_ONLY=keys (or sign-ins, webhooks, growth; comma-separated)
//     runs some sections only.
// The server is pinned to CPU 0 and the clients to the others (`bench/pin.ts`; BENCH_PIN=0: unpinned).
// `node --import tsx bench/abuse.ts --sign-in-flood <origin> <clients> <seconds>` is the flood's client.
import { execFile } from 'node:child_process';
import http from 'node:http';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { generator, pinning, pinServer, prober } from './pin.js';

const run = promisify(execFile);
const SELF = fileURLToPath(import.meta.url);
const PROBE = path.join(path.dirname(SELF), 'page-probe.ts');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const CLIENTS = 60;
const ONLY = new Set((process.env.BENCH_ONLY ?? 'keys,sign-ins,webhooks,growth').split(',').map((s) => s.trim()));
const FLOOD_ADDRESSES = 249;
const AUTOCANNON = fileURLToPath(new URL('../node_modules/autocannon/autocannon.js', import.meta.url));
const load = () => `load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The flood's client: `clients` sign-in loops with wrong passwords until `seconds` pass; prints their answers by status. */
async function signInFlood(origin: string, clients: number, seconds: number): Promise<void> {
  const until = Date.now() + seconds * 1000;
  const statuses: Record<number, number> = {};
  let n = 0;
  const address = () => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n++ & 255}`;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      const page = await fetch(`${origin}/dashboard/login`, { headers: { 'X-Forwarded-For': address() } });
      const cookie = page.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      const csrf = /name="_csrf" value="([^"]+)"/.exec(await page.text())?.[1] ?? '';
      while (Date.now() < until) {
        const body = new URLSearchParams({ _csrf: csrf, email: `${randomUUID()}@example.com`, password: 'not the password' });
        const res = await fetch(`${origin}/dashboard/login`, { method: 'POST', body, headers: { cookie, 'X-Forwarded-For': address(), 'Content-Type': 'application/x-www-form-urlencoded' } });
        await res.arrayBuffer();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      }
    }),
  );
  console.log(JSON.stringify(statuses));
}

async function main(): Promise<void> {
  // Read before the store module loads: every asset request reads the file, as an uncached one does.
  process.env.FOLIO_FILE_CACHE_MB = '0';
  const { createAgentJob, createApiKey, createProject, openDatabase } = await import('../src/db/index.js');
  const { createDashboard, createUser, dashboardAssets } = await import('../src/dashboard/index.js');
  const { publishBuild, siteDirFor } = await import('../src/hosting/index.js');
  const { createAppBundle, listen } = await import('../src/server/index.js');

  const pinned = pinServer(true);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-abuse-'));
  const db = await openDatabase({ dataDir, thread: true });
  try {
    const project = await createProject(db, { name: 'Abuse', repoUrl: 'https://example.test/docs.git' });
    const siteDir = siteDirFor(dataDir, project.id, null)!;
    const build = path.join(siteDir, 'builds', 'b1');
    fs.mkdirSync(path.join(build, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(build, 'index.html'), '<!doctype html><title>Home</title>');
    fs.writeFileSync(path.join(build, 'assets', 'site.css'), `body{margin:0}\n${'.c{color:#123}\n'.repeat(2000)}`);
    await publishBuild(siteDir, build);
    await createUser(db, 'owner@example.com', 'correct horse battery');
    const bundle = createAppBundle({
      db,
      dataDir,
      // On, for (3): the other figures were measured with it off, and a view of an asset is no page (not counted).
      analytics: {},
      trustProxy: true,
      mount: (app, shared) => void app.route('/dashboard', createDashboard({ db, services: shared.services, trustProxy: true, editor: { workRoot: path.join(dataDir, 'editor') } })),
    });
    // As folio serve does at start (src/server/run-server.ts): the dashboard's stylesheet and scripts made
    // before the first request. BENCH_COLD_DASHBOARD=1 leaves them to the first request, the flood's, as before.
    if (process.env.BENCH_COLD_DASHBOARD !== '1') await dashboardAssets();
    const server = await listen(bundle.app.fetch, { port: 0 });
    const origin = `http://127.0.0.1:${server.port}`;
    console.log(`bench:abuse: ${pinned ? pinning() : 'unpinned'}; ${os.cpus().length} CPUs, ${load()}`);
    try {
      if (ONLY.has('keys')) {
        const { key } = await createApiKey(db, { projectIds: [project.id] });
        const job = await createAgentJob(db, { projectId: project.id, repository: project.repoUrl, ref: 'main', model: 'folio-maintainer', prompt: 'bench' });
        await keysDuringWrongKeyFlood(`${origin}/v2/agent/${project.id}/job/${job.id}`, key);
      }
      if (ONLY.has('sign-ins')) await assetsDuringSignIns(origin, `${project.id}.localhost:${server.port}`);
      if (ONLY.has('webhooks')) await webhookTiming(origin, project.id);
      if (ONLY.has('growth')) await growthDuringEventFlood(db, bundle, origin, `${project.id}.localhost:${server.port}`, project.id);
    } finally {
      await server.close();
      await bundle.updates.idle();
    }
  } finally {
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    pinServer(false);
  }
}

/**
 * The wrong-key flood's client: one keep-alive connection from each of `addresses` loopback addresses
 * (127.0.0.2 on), each sending `GET url` with a wrong bearer key as soon as the answer before it is in,
 * until `seconds` pass. Three in four keys are minted with a valid checksum (fresh each time), the
 * fourth is one fixed wrong key. Writes `flooding` to stderr once started; prints the answers by status.
 */
async function keyFlood(url: string, addresses: number, seconds: number): Promise<void> {
  const { generateAdminKey } = await import('../src/db/key-format.js');
  const fixed = generateAdminKey();
  const until = Date.now() + seconds * 1000;
  const statuses: Record<number, number> = {};
  let n = 0;
  process.stderr.write('flooding\n');
  await Promise.all(
    Array.from({ length: addresses }, async (_, i) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const localAddress = `127.0.0.${2 + i}`;
      while (Date.now() < until) {
        const key = n++ % 4 === 3 ? fixed : generateAdminKey();
        const status = await new Promise<number>((resolve) => {
          const req = http.get(url, { agent, localAddress, headers: { authorization: `Bearer ${key}` } }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
            res.on('error', () => resolve(0));
          });
          req.on('error', () => resolve(0));
        });
        statuses[status] = (statuses[status] ?? 0) + 1;
        // A closed connection (the server may close an abusive one): open the next after a breath.
        if (status === 0) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      agent.destroy();
    }),
  );
  console.log(JSON.stringify(statuses));
}

/**
 * Legitimate throughput: autocannon's GETs of `url` with `key` on 16 connections for `seconds` (answers
 * other than 200 counted apart). Run as a probe (`prober`: ahead of the flood client on their shared
 * CPU where allowed), so what falls is the server's answers, not the client's share of its own CPU.
 */
async function legitimate(url: string, key: string, seconds: number): Promise<{ rps: number; p99: number; non2xx: number; errors: number }> {
  const { stdout } = await run(...prober([AUTOCANNON, '--json', '--duration', String(seconds), '-c', '16', '-H', `authorization=Bearer ${key}`, url]), { maxBuffer: 64 * 1024 * 1024 });
  const r = JSON.parse(stdout);
  return { rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

/** `work` with the server's CPU time (this process) and its main thread's busy share meanwhile. */
async function serverCost<T>(work: () => Promise<T>): Promise<{ value: T; cpuMs: number; busy: number }> {
  const cpu = process.cpuUsage();
  const elu = performance.eventLoopUtilization();
  const value = await work();
  const used = process.cpuUsage(cpu);
  return { value, cpuMs: (used.user + used.system) / 1000, busy: performance.eventLoopUtilization(elu).utilization };
}

async function keysDuringWrongKeyFlood(url: string, key: string): Promise<void> {
  // The server's CPU time a wall second: with its thread busy and this well under 100, other processes had its CPU.
  const share = (cpuMs: number) => Math.round(cpuMs / SECONDS / 10);
  await legitimate(url, key, 2); // warm-up: JIT, key cache
  const ratios: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const alone = await serverCost(() => legitimate(url, key, SECONDS));
    const a = alone.value;
    console.log(`round ${round} alone: ${a.rps.toFixed(0)} req/s, p99 ${a.p99} ms${a.non2xx ? `, ${a.non2xx} not 200` : ''}; server CPU ${Math.round((1000 * alone.cpuMs) / Math.max(1, a.rps * SECONDS))} µs a request, ${share(alone.cpuMs)} % of a core, thread busy ${Math.round(alone.busy * 100)} %; ${load()}`);
    const child = execFile(...generator(['--import', 'tsx', SELF, '--key-flood', url, String(FLOOD_ADDRESSES), String(SECONDS + 3)]), { maxBuffer: 1024 * 1024 });
    const answers = new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.on('close', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(`key flood exited with ${code}`))));
    });
    await new Promise<void>((resolve) => child.stderr!.on('data', (chunk: Buffer) => chunk.toString().includes('flooding') && resolve()));
    await new Promise((resolve) => setTimeout(resolve, 1500)); // its connections open, its steady rate
    const during = await serverCost(() => legitimate(url, key, SECONDS));
    const d = during.value;
    const statuses = await answers;
    const flood = Object.values(JSON.parse(statuses) as Record<string, number>).reduce((x, y) => x + y, 0);
    const ratio = (100 * d.rps) / a.rps;
    ratios.push(ratio);
    console.log(`round ${round} flood: ${d.rps.toFixed(0)} req/s (${ratio.toFixed(0)} % of alone), p99 ${d.p99} ms${d.non2xx ? `, ${d.non2xx} not 200` : ''}; flood ${Math.round(flood / (SECONDS + 3))} req/s from ${FLOOD_ADDRESSES} addresses, answers by status ${statuses}; server CPU ${share(during.cpuMs)} % of a core, thread busy ${Math.round(during.busy * 100)} %; ${load()}`);
  }
  const goal = median(ratios) >= 80 ? 'met' : 'NOT met';
  console.log(`legitimate admin API throughput during the wrong-key flood, median of ${ROUNDS} alternating rounds: ${median(ratios).toFixed(0)} % of alone (${ratios.map((r) => r.toFixed(0)).join('/')}); goal >= 80 % ${goal}`);
}

/** The event flood's client: `clients` loops posting beacon events until `seconds` pass; prints the answers by status. */
async function eventFlood(origin: string, host: string, clients: number, seconds: number): Promise<void> {
  const until = Date.now() + seconds * 1000;
  const statuses: Record<number, number> = {};
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  let n = 0;
  const post = (body: string, address: string) =>
    new Promise<number>((resolve, reject) => {
      const req = http.request(`${origin}/__folio/analytics`, { method: 'POST', agent, headers: { host, origin: `http://${host}`, 'content-type': 'text/plain', 'content-length': Buffer.byteLength(body), 'x-forwarded-for': address } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end(body);
    });
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (Date.now() < until) {
        const i = n++;
        const event = i % 2
          ? { type: 'feedback', path: '/', source: 'contextual', helpful: false, comment: randomBytes(1_000).toString('hex') }
          : { type: 'search', path: '/', query: `${randomUUID()} how do i`, results: i % 7 };
        const status = await post(JSON.stringify(event), `10.7.${(i % 200) >> 8}.${i % 200}`).catch(() => 0);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  agent.destroy();
  console.log(JSON.stringify(statuses));
}

async function growthDuringEventFlood(db: import('../src/db/index.js').Database, bundle: { analytics: { collector: { flush(): Promise<void> } } | null }, origin: string, host: string, projectId: string): Promise<void> {
  const SECONDS_FLOOD = 15;
  const size = async () => Number((await db.query<{ n: string }>('SELECT pg_database_size(current_database())::text AS n'))[0]!.n);
  const rows = async () => (await db.query<{ events: number; feedback: number; event_bytes: string; feedback_bytes: string }>(
    `SELECT (SELECT count(*)::int FROM analytics_events WHERE project_id = $1) AS events, (SELECT count(*)::int FROM analytics_feedback WHERE project_id = $1) AS feedback,
            (SELECT coalesce(sum(pg_column_size(e.*)), 0)::text FROM analytics_events e WHERE project_id = $1) AS event_bytes,
            (SELECT coalesce(sum(pg_column_size(f.*)), 0)::text FROM analytics_feedback f WHERE project_id = $1) AS feedback_bytes`, [projectId]))[0]!;
  await bundle.analytics?.collector.flush();
  await db.query('CHECKPOINT');
  const before = await size();
  const { stdout } = await run(...generator(['--import', 'tsx', SELF, '--event-flood', origin, host, String(CLIENTS), String(SECONDS_FLOOD)]), { maxBuffer: 1024 * 1024 });
  await bundle.analytics?.collector.flush();
  await db.query('CHECKPOINT');
  const after = await size();
  const stored = await rows();
  const mb = (after - before) / 1e6;
  const eventRow = stored.events > 0 ? Number(stored.event_bytes) / stored.events : 0;
  const feedbackRow = stored.feedback > 0 ? Number(stored.feedback_bytes) / stored.feedback : 0;
  // Indexes, rollups and pages' free space on top of the rows' own bytes, as this flood left them.
  const overhead = (after - before) / Math.max(1, Number(stored.event_bytes) + Number(stored.feedback_bytes));
  const gb = (rowsAllowed: number, rowBytes: number) => ((rowsAllowed * rowBytes * overhead) / 1e9).toFixed(2);
  console.log(`database growth under a ${SECONDS_FLOOD} s event flood (${CLIENTS} clients, 200 addresses; answers by status ${stdout.trim()}): ${mb.toFixed(2)} MB = ${(mb / SECONDS_FLOOD).toFixed(3)} MB/s; stored ${stored.events} raw events (${Math.round(eventRow)} bytes a row) and ${stored.feedback} feedback entries (${Math.round(feedbackRow)} bytes a row), ×${overhead.toFixed(2)} on disk; so the default caps bound a site to about ${gb(500_000, eventRow)} GB of raw events a day (deleted after 90 days) and ${gb(20_000, feedbackRow)} GB of feedback in all (deleted after 365 days)`);
}

async function probe(url: string, host: string, seconds: number): Promise<{ sent: number; errors: number; p50: number; p99: number; max: number }> {
  const { stdout } = await run(...prober(['--import', 'tsx', PROBE, url, host, '100', String(seconds)]));
  return JSON.parse(stdout);
}

/**
 * The server thread's stalls and what it did in them: a 10 ms timer notes each turn later than 100 ms,
 * with the CPU time the thread itself used meanwhile (Linux: /proc/self/task/<pid>/stat, 10 ms ticks).
 * A stall the thread spent running is the server's own work; one it spent waiting is the machine's
 * (other processes had the CPU).
 */
function watchStalls(): () => { count: number; worst: { ms: number; cpuMs: number }[] } {
  const stat = `/proc/self/task/${process.pid}/stat`;
  const threadCpuMs = () => {
    try {
      const fields = fs.readFileSync(stat, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10; // utime + stime, in ticks of 10 ms
    } catch {
      return NaN;
    }
  };
  const stalls: { ms: number; cpuMs: number }[] = [];
  let last = performance.now();
  let lastCpu = threadCpuMs();
  const timer = setInterval(() => {
    const now = performance.now();
    const cpu = threadCpuMs();
    if (now - last > 100) stalls.push({ ms: Math.round(now - last), cpuMs: cpu - lastCpu });
    last = now;
    lastCpu = cpu;
  }, 10);
  return () => {
    clearInterval(timer);
    return { count: stalls.length, worst: stalls.sort((a, b) => b.ms - a.ms).slice(0, 3) };
  };
}

async function assetsDuringSignIns(origin: string, host: string): Promise<void> {
  const asset = `${origin}/assets/site.css`;
  await probe(asset, host, 2); // warm-up: modules compiled, the path located
  const alone: number[] = [];
  const during: number[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const a = await probe(asset, host, SECONDS);
    const flood = run(...generator(['--import', 'tsx', SELF, '--sign-in-flood', origin, String(CLIENTS), String(SECONDS + 3)]), { maxBuffer: 1024 * 1024 });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    // The server's event-loop delay meanwhile (it runs in this process): a stall of its thread, told from a wait elsewhere.
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const stalls = watchStalls();
    const busy = performance.eventLoopUtilization();
    const d = await probe(asset, host, SECONDS);
    const utilization = performance.eventLoopUtilization(busy).utilization;
    loop.disable();
    const stalled = stalls();
    const answers = (await flood).stdout.trim();
    alone.push(a.p99);
    during.push(d.p99);
    console.log(`round ${round}: asset alone p50 ${a.p50} ms, p99 ${a.p99} ms; during ${CLIENTS} concurrent wrong sign-ins (answers by status ${answers}) p50 ${d.p50} ms, p99 ${d.p99} ms, max ${d.max} ms, ${d.errors} errors; server event-loop delay p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, max ${(loop.max / 1e6).toFixed(1)} ms, its thread busy ${Math.round(utilization * 100)} %; ${stalled.count} turns later than 100 ms, the longest ${stalled.worst.map((w) => `${w.ms} ms (the thread ran ${w.cpuMs} ms of it)`).join(', ') || 'none'}; ${load()}`);
  }
  const goal = median(during) < 50 ? 'met' : 'NOT met';
  console.log(`asset p99, median of ${ROUNDS}: alone ${median(alone)} ms (${alone.join('/')}), during the sign-in flood ${median(during)} ms (${during.join('/')}); goal < 50 ms ${goal}`);
}

async function webhookTiming(origin: string, projectId: string): Promise<void> {
  const body = '{"ref":"refs/heads/main"}';
  const send = async (id: string) => {
    const started = process.hrtime.bigint();
    const res = await fetch(`${origin}/webhooks/github/${id}`, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json', 'X-GitHub-Event': 'push', 'X-GitHub-Delivery': randomUUID(), 'X-Hub-Signature-256': `sha256=${'0'.repeat(64)}` },
    });
    await res.arrayBuffer();
    if (res.status !== 401) throw new Error(`webhook answered ${res.status}`);
    return Number(process.hrtime.bigint() - started) / 1e6;
  };
  for (let i = 0; i < 20; i++) await send(i % 2 ? projectId : 'no-such-project'); // warm-up
  const withSecret: number[] = [];
  const missing: number[] = [];
  // 400 of each in a random order: alternating, each delivery to the missing project would follow one
  // to the project with a secret, and meet the database work that one left behind.
  const order = [...Array(400).fill(true), ...Array(400).fill(false)].sort(() => Math.random() - 0.5);
  for (const secret of order) (secret ? withSecret : missing).push(await send(secret ? projectId : 'no-such-project'));
  const ms = (v: number) => `${v.toFixed(2)} ms`;
  console.log(`webhook refusal, median of 400: wrong signature for a project with a secret ${ms(median(withSecret))}, project that does not exist ${ms(median(missing))}`);
}

if (process.argv[2] === '--event-flood') await eventFlood(process.argv[3]!, process.argv[4]!, Number(process.argv[5]), Number(process.argv[6]));
else if (process.argv[2] === '--key-flood') await keyFlood(process.argv[3]!, Number(process.argv[4]), Number(process.argv[5]));
else if (process.argv[2] === '--sign-in-flood') await signInFlood(process.argv[3]!, Number(process.argv[4]), Number(process.argv[5]));
else await main();
