// `npm run bench:analytics`: (1) ingestion: events pushed through the collector as fast as its
// bounded queue takes them, for BENCH_SECONDS (default 10), written in batches with their rollups:
// sustained events/s = events written / time until the last was written; (2) the analytics API's
// p50/p99 over generated history: ANALYTICS_BENCH_EVENTS (default 1,000,000) raw events over 30 days
// (500 pages, 20,000 visitors a day, humans and agents, 5 % searches), rolled up as ingestion rolls
// them, then 100 requests per route for the 30-day range through the app (no network).
// (3) page serving under an event flood: a published page's p50/p99 over loopback, from child
// processes: autocannon's 10 connections at full rate, then `page-probe.ts`'s one connection at
// 100 req/s timed in microseconds (autocannon's latencies are whole milliseconds), alone and
// while 100 more connections post valid events as fast as they are answered (the per-address limit is
// lifted, as a flood from many addresses would get past it; the server-wide budget of accepted events
// a second, ANALYTICS_BENCH_BUDGET or the server's default, still applies and refusals are held), the
// two alternating ANALYTICS_BENCH_ROUNDS times (default 5) after one unmeasured flood (warm-up), and
// the change between the medians of the page's p99 (issue 33: < 20 %), with the server's event-loop
// delay beside each figure. The probe runs ahead of the load generators on their CPU (`prober`).
// (4) the dashboard's analytics screens over a project with 1,000,000 events in the last 30 days
// (`dashboard-analytics.ts`, also `npm run bench:dashboard`; ANALYTICS_BENCH_DASHBOARD=0 skips it),
// on the same database as the history above, so its tables hold another project's rows too.
// On PGlite (in memory) and, when TEST_DATABASE_URL is set, on PostgreSQL. The server (and a local
// PostgreSQL) pinned to CPU 0, the clients to the others (`bench/pin.ts`; BENCH_PIN=0: unpinned).
import { execFile } from 'node:child_process';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { SiteAnalytics } from '../src/analytics/index.js';
import { createApiKey, createProject, openDatabase, type Database } from '../src/db/index.js';
import { publishBuild, siteDirFor } from '../src/hosting/index.js';
import { createApp, createAppBundle, listen } from '../src/server/index.js';
import { createFreshPostgresDatabase } from '../test/db/helpers.js';
import { generator, pinning, pinPostgres, pinServer, prober } from './pin.js';
import { dashboardPhase } from './dashboard-analytics.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const EVENTS = Number(process.env.ANALYTICS_BENCH_EVENTS ?? 1_000_000);
const ROUNDS = Math.max(1, Number(process.env.ANALYTICS_BENCH_ROUNDS ?? 5));
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

async function ingestion(db: Database, projectId: string): Promise<{ events: number; seconds: number; perSecond: number; dropped: number }> {
  const analytics = new SiteAnalytics({ db });
  const started = performance.now();
  let offered = 0;
  while (performance.now() - started < SECONDS * 1000) {
    if (analytics.collector.full) {
      await new Promise((r) => setTimeout(r, 5));
      continue;
    }
    for (let i = 0; i < 500; i++, offered++) {
      const n = offered;
      if (n % 20 === 0) {
        analytics.collector.offer({ kind: 'beacon', projectId, preview: null, at: Date.now(), address: `10.0.${(n >> 8) & 255}.${n & 255}`, userAgent: UA, event: { type: 'search', path: '/', query: `query ${n % 300}`, results: n % 7 } });
      } else {
        analytics.collector.offer({ kind: 'view', projectId, preview: null, at: Date.now(), path: `/page-${n % 500}`, audience: n % 5 === 0 ? 'agent' : 'human', channel: n % 5 === 0 ? 'markdown' : 'html', referrerHost: n % 3 === 0 ? 'www.google.com' : '', address: `10.0.${(n >> 8) & 255}.${n & 255}`, userAgent: UA });
      }
    }
    // Let the flusher run between bursts, as request handling would.
    await new Promise((r) => setImmediate(r));
  }
  await analytics.close();
  const seconds = (performance.now() - started) / 1000;
  const { written, dropped } = analytics.collector.stats();
  return { events: written, seconds, perSecond: written / seconds, dropped };
}

/** History as ingestion would have written it: raw events, then each rollup from them. */
async function generateHistory(db: Database, projectId: string, events: number): Promise<number> {
  const started = performance.now();
  const chunk = 500_000;
  for (let done = 0; done < events; done += chunk) {
    const n = Math.min(chunk, events - done);
    await db.query(
      `INSERT INTO analytics_events (project_id, preview, kind, at, path, audience, channel, visitor, referrer_host, query, results, opened)
       SELECT $1, '', CASE WHEN i % 20 = 0 THEN 'search' ELSE 'view' END,
              date_trunc('day', now()) - ((i % 30) || ' days')::interval + ((i % 86400) || ' seconds')::interval,
              '/page-' || (i * 7919 % 500), CASE WHEN i % 5 = 0 THEN 'agent' ELSE 'human' END, 'html',
              md5((i % 30)::text || ':' || (i * 31 % 20000)::text), CASE WHEN i % 3 = 0 THEN 'www.google.com' ELSE '' END,
              CASE WHEN i % 20 = 0 THEN 'query ' || (i % 3000) END, CASE WHEN i % 20 = 0 THEN i % 7 END, NULL
       FROM generate_series($2::bigint, $3::bigint) AS i`,
      [projectId, done, done + n - 1],
    );
  }
  const day = `(at AT TIME ZONE 'UTC')::date`;
  await db.query(`INSERT INTO analytics_daily_views SELECT project_id, preview, ${day}, path, audience, count(*) FROM analytics_events WHERE project_id = $1 AND kind = 'view' GROUP BY 1, 2, 3, 4, 5`, [projectId]);
  // Unique visitors per day (what the ingestion's visitor sets count).
  await db.query(`INSERT INTO analytics_daily_page_uniques SELECT project_id, preview, ${day}, path, audience, count(DISTINCT visitor) FROM analytics_events WHERE project_id = $1 AND kind = 'view' GROUP BY 1, 2, 3, 4, 5`, [projectId]);
  await db.query(`INSERT INTO analytics_daily_site_uniques SELECT project_id, preview, ${day}, audience, count(DISTINCT visitor) FROM analytics_events WHERE project_id = $1 AND kind = 'view' GROUP BY 1, 2, 3, 4`, [projectId]);
  await db.query(`INSERT INTO analytics_daily_searches SELECT project_id, preview, ${day}, query, count(*), count(*) FILTER (WHERE results = 0), 0, max(at) FROM analytics_events WHERE project_id = $1 AND kind = 'search' GROUP BY 1, 2, 3, 4`, [projectId]);
  await db.query(
    `INSERT INTO analytics_feedback (id, project_id, preview, path, source, helpful, comment, created_at)
     SELECT 'f' || i, $1, '', '/page-' || (i % 500), CASE WHEN i % 4 = 0 THEN 'contextual' ELSE 'thumbs_only' END, i % 3 <> 0,
            CASE WHEN i % 4 = 0 THEN 'comment ' || i END, now() - ((i % 30) || ' days')::interval
     FROM generate_series(1, $2::int) AS i`,
    [projectId, Math.max(1, Math.round(events / 1000))],
  );
  if (db.kind === 'postgres') await db.query('ANALYZE');
  return (performance.now() - started) / 1000;
}

async function apiLatency(db: Database, projectId: string): Promise<Record<string, { p50: number; p99: number }>> {
  const dataDir = fs.mkdtempSync(`${os.tmpdir()}/folio-bench-analytics-`);
  const app = createApp({ db, dataDir, analytics: false });
  const { key } = await createApiKey(db, { projectIds: [projectId] });
  const headers = { Authorization: `Bearer ${key}` };
  const to = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const from = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
  const out: Record<string, { p50: number; p99: number }> = {};
  for (const route of ['views', 'visitors', 'searches', 'feedback', 'feedback/by-page']) {
    const times: number[] = [];
    for (let i = 0; i < 100; i++) {
      const t = performance.now();
      const res = await app.request(`/v1/analytics/${projectId}/${route}?dateFrom=${from}&dateTo=${to}&limit=50`, { headers });
      if (res.status !== 200) throw new Error(`${route}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    out[route] = { p50: times[49]!, p99: times[98]! };
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  return out;
}

const run = promisify(execFile);
const AUTOCANNON = fileURLToPath(new URL('../node_modules/autocannon/autocannon.js', import.meta.url));
const PROBE = fileURLToPath(new URL('./page-probe.ts', import.meta.url));

/** The server's event-loop delay while `work` runs (it runs in this process). */
async function withLoopDelay<T>(work: () => Promise<T>): Promise<{ result: T; loop: string }> {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  try {
    const result = await work();
    const ms = (ns: number) => (ns / 1e6).toFixed(0);
    return { result, loop: `server event-loop delay p99 ${ms(delay.percentile(99))} ms, max ${ms(delay.max)} ms` };
  } finally {
    delay.disable();
  }
}

/** The paced probe (`page-probe.ts`): one connection at `rate` requests a second, latencies in microseconds. */
async function probe(url: string, host: string, rate: number): Promise<{ rps: number; p50: number; p99: number; non2xx: number; loop: string }> {
  const { result, loop } = await withLoopDelay(() => run(...prober(['--import', 'tsx', PROBE, url, host, String(rate), String(SECONDS)])));
  const r = JSON.parse(result.stdout) as { sent: number; errors: number; p50: number; p99: number };
  return { rps: r.sent / SECONDS, p50: r.p50, p99: r.p99, non2xx: r.errors, loop };
}

/**
 * One autocannon run; `loop` is the server's event-loop delay meanwhile (it runs in this process):
 * its p99 and max tell a stall of the server's thread (a long synchronous task) from a wait outside it
 * (the CPU taken by another process, the network).
 */
async function autocannon(args: string[]): Promise<{ rps: number; p50: number; p99: number; non2xx: number; loop: string }> {
  const { result, loop } = await withLoopDelay(() => run(...generator([AUTOCANNON, '--json', ...args]), { maxBuffer: 64 * 1024 * 1024 }));
  const r = JSON.parse(result.stdout);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, loop };
}

async function servingUnderFlood(db: Database, kind: string): Promise<void> {
  const project = await createProject(db, { name: 'Flood', repoUrl: 'https://example.test/docs.git' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-flood-'));
  const siteDir = siteDirFor(dataDir, project.id, null)!;
  const build = path.join(siteDir, 'builds', 'b1');
  fs.mkdirSync(build, { recursive: true });
  fs.writeFileSync(path.join(build, 'index.html'), `<!doctype html><title>Home</title><main>${'<p>Some text of the page.</p>'.repeat(200)}</main>`);
  fs.writeFileSync(path.join(build, 'guide.html'), '<!doctype html><title>Guide</title>');
  await publishBuild(siteDir, build);
  // ANALYTICS_BENCH_LIMIT=default keeps the per-address limit (a flood from one address is then mostly 429s).
  const limited = process.env.ANALYTICS_BENCH_LIMIT === 'default';
  // The server-wide budget stays as configured (ANALYTICS_BENCH_BUDGET, default the server's 100 a second): it is what holds a flood from many addresses.
  const budget = process.env.ANALYTICS_BENCH_BUDGET ? { eventsPerSecond: Number(process.env.ANALYTICS_BENCH_BUDGET) } : {};
  const bundle = createAppBundle({ db, dataDir, analytics: limited ? budget : { eventsPerMinute: Number.MAX_SAFE_INTEGER, ...budget } });
  const server = await listen(bundle.app.fetch, { port: 0 });
  const host = `${project.id}.localhost:${server.port}`;
  const page = ['-c', '10', '-d', String(SECONDS), '-H', `Host=${host}`, '-H', `User-Agent=${UA}`, `http://127.0.0.1:${server.port}/`];
  // The page at full rate (10 connections, as fast as answered: throughput and its latency; on 2
  // cores the page and flood clients then share one CPU), then as a probe a reader's view: one
  // connection at 100 requests a second, which takes little CPU of its own, so what it sees is the
  // server's latency, not the clients' fight for their CPU.
  const events = [
    '-c', '100', '-d', String(SECONDS + 2), '-m', 'POST', '-H', `Host=${host}`, '-H', `Origin=http://${host}`, '-H', 'Content-Type=text/plain',
    '-b', JSON.stringify({ type: 'search', path: '/guide', query: 'flood', results: 2 }), `http://127.0.0.1:${server.port}/__folio/analytics`,
  ];
  try {
    // Each phase starts with the events of the one before written: a backlog drained meanwhile
    // (a full-rate phase leaves tens of thousands of page views) is not what the phase measures.
    const settled = () => bundle.analytics!.collector.flush();
    const rate = 100;
    type Measured = Awaited<ReturnType<typeof autocannon>>;
    const full = () => autocannon(page);
    const paced = () => probe(`http://127.0.0.1:${server.port}/`, host, rate);
    const under = async (measure: () => Promise<Measured>) => {
      await settled();
      const flood = autocannon(events);
      await new Promise((r) => setTimeout(r, 1000));
      const during = await measure();
      return { during, sent: await flood };
    };
    const alone = async (measure: () => Promise<Measured>) => {
      await settled();
      return measure();
    };
    // Alone and during the flood alternate, ROUNDS times each (ANALYTICS_BENCH_ROUNDS, default 5):
    // one run of each on this machine moved by tens of per cent from run to run, so the change is
    // read between the medians of the rounds.
    // One flood first, not measured: the server's event path is compiled and its statements prepared
    // before round 1 (unwarmed, round 1 read several times the later rounds during the flood).
    await autocannon(events.map((a, i) => (events[i - 1] === '-d' ? '3' : a)));
    const rounds: { alone: Measured; full: Awaited<ReturnType<typeof under>>; probeAlone: Measured; probe: Awaited<ReturnType<typeof under>> }[] = [];
    for (let i = 0; i < ROUNDS; i++) rounds.push({ alone: await alone(full), full: await under(full), probeAlone: await alone(paced), probe: await under(paced) });
    await bundle.analytics!.close();
    const change = (during: number, before: number) => {
      const c = (during - before) / before;
      return `${c >= 0 ? '+' : ''}${(c * 100).toFixed(0)} %`;
    };
    const median = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      return sorted[Math.floor(sorted.length / 2)]!;
    };
    const list = (values: number[]) => values.join('/');
    for (const [i, r] of rounds.entries()) {
      console.log(`${kind}: round ${i + 1}: page alone, full rate: ${Math.round(r.alone.rps)} req/s, p50 ${r.alone.p50} ms, p99 ${r.alone.p99} ms (${r.alone.loop})`);
      console.log(`${kind}: round ${i + 1}: page during an event flood of 100 connections (${Math.round(r.full.sent.rps)} events/s offered, ${r.full.sent.non2xx} refused), full rate: ${Math.round(r.full.during.rps)} req/s, p50 ${r.full.during.p50} ms, p99 ${r.full.during.p99} ms (${r.full.during.loop})`);
      console.log(`${kind}: round ${i + 1}: page probe alone (1 connection, ${rate} req/s): p50 ${r.probeAlone.p50} ms, p99 ${r.probeAlone.p99} ms (${r.probeAlone.loop})`);
      console.log(`${kind}: round ${i + 1}: page probe during the flood (${Math.round(r.probe.sent.rps)} events/s offered, ${r.probe.sent.non2xx} refused): p50 ${r.probe.during.p50} ms, p99 ${r.probe.during.p99} ms (${r.probe.during.loop})`);
    }
    const fullAlone = median(rounds.map((r) => r.alone.p99));
    const fullDuring = median(rounds.map((r) => r.full.during.p99));
    const probeAlone = median(rounds.map((r) => r.probeAlone.p99));
    const probeDuring = median(rounds.map((r) => r.probe.during.p99));
    console.log(`${kind}: page p99 at full rate, median of ${ROUNDS}: alone ${fullAlone} ms (${list(rounds.map((r) => r.alone.p99))}), during the flood ${fullDuring} ms (${list(rounds.map((r) => r.full.during.p99))}): ${change(fullDuring, fullAlone)}`);
    console.log(`${kind}: page p99 of the probe, median of ${ROUNDS}: alone ${probeAlone} ms (${list(rounds.map((r) => r.probeAlone.p99))}), during the flood ${probeDuring} ms (${list(rounds.map((r) => r.probe.during.p99))}): ${change(probeDuring, probeAlone)}`);
    console.log(`${kind}:   events written ${bundle.analytics!.collector.stats().written}, refused ${JSON.stringify(bundle.analytics!.collector.stats().refused)}`);
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onBackend(kind: 'pglite' | 'postgres'): Promise<void> {
  const fresh = kind === 'postgres' ? await createFreshPostgresDatabase() : null;
  // PGlite on its own thread, as `folio serve` runs it.
  const db = await openDatabase(fresh ? { databaseUrl: fresh.url } : { memory: true, thread: true });
  try {
    const ingest = await createProject(db, { name: 'Bench', repoUrl: 'https://example.test/docs.git' });
    const r = await ingestion(db, ingest.id);
    console.log(`${kind}: ingestion ${r.events.toLocaleString('en')} events in ${r.seconds.toFixed(1)} s = ${Math.round(r.perSecond).toLocaleString('en')} events/s sustained (${r.dropped} dropped)`);
    if (process.env.ANALYTICS_BENCH_FLOOD !== '0') {
      // The server (with PGlite inside it, or with a local PostgreSQL beside it) on its own CPU, the
      // page and flood clients on the others (`bench/pin.ts`).
      const pinned = pinServer(true);
      const database = pinned && kind === 'postgres' ? await pinPostgres((sql) => db.query(sql), true) : false;
      if (pinned && kind === 'postgres' && !database) pinServer(false);
      console.log(`${kind}: flood measured ${pinning()}${database ? ', PostgreSQL with the server' : ''}`);
      try {
        await servingUnderFlood(db, kind);
      } finally {
        if (database) await pinPostgres((sql) => db.query(sql), false);
        if (pinned) pinServer(false);
      }
    }
    const history = await createProject(db, { name: 'History', repoUrl: 'https://example.test/docs.git' });
    const seconds = await generateHistory(db, history.id, EVENTS);
    console.log(`${kind}: generated ${EVENTS.toLocaleString('en')} events over 30 days with their rollups in ${seconds.toFixed(1)} s`);
    for (const [route, t] of Object.entries(await apiLatency(db, history.id))) console.log(`${kind}:   GET ${route} (30 days): p50 ${t.p50.toFixed(1)} ms, p99 ${t.p99.toFixed(1)} ms`);
    if (process.env.ANALYTICS_BENCH_DASHBOARD !== '0') await dashboardPhase(db, kind);
  } finally {
    await db.close();
    await fresh?.drop();
  }
}

// ANALYTICS_BENCH_BACKENDS=postgres skips PGlite (10 million events do not fit an in-memory PGlite).
const only = process.env.ANALYTICS_BENCH_BACKENDS;
if (!only || only.includes('pglite')) await onBackend('pglite');
if (process.env.TEST_DATABASE_URL && (!only || only.includes('postgres'))) await onBackend('postgres');
