// `npm run bench:dashboard` (and the last phase of `npm run bench:analytics`): the dashboard's
// analytics screens answering over a busy project, through the real app, signed in.
// A project gets DASHBOARD_BENCH_EVENTS (default 1,000,000) events in the last 30 days and as many in
// the 30 days before (the change badges read both ranges), seeded straight into the tables the
// store and the assistant write, in their shapes, by generate_series (the collector would take
// minutes): views and unique visitors of 2,000 pages a day, humans and agents; site visitors;
// referrers; readers' searches of 3,000 queries with clicks; agents' MCP searches; feedback; the
// assistant's threads with questions, answers and ratings. Raw events are not seeded: no screen reads
// them. Then each screen is asked DASHBOARD_BENCH_REQUESTS times (default 100, after 10 unmeasured)
// for the default range (the last 30 days), one request at a time: the first request (which reads
// the closed days, `src/analytics/closed-days.ts`) and p50/p95 printed; the goal for the traffic page
// is p95 < 150 ms (issue 43). Before the pages, the traffic page's analytics calls alone, the same way. PGlite on its own thread (as `folio serve` runs it), and
// PostgreSQL when TEST_DATABASE_URL is set.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { Hono } from 'hono';
import { createAutomations } from '../src/agent/index.js';
import { dailyTraffic, forgetClosedDays, parseRange, trafficSummary, viewsByPage } from '../src/analytics/index.js';
import { createAdminServices, KeyCache } from '../src/api/index.js';
import { createDashboard, createUser } from '../src/dashboard/index.js';
import { createProject, openDatabase, type Database } from '../src/db/index.js';
import { UpdateRunner } from '../src/hosting/index.js';
import { createFreshPostgresDatabase } from '../test/db/helpers.js';
import { FormClient } from '../test/dashboard/harness.js';

const EVENTS = Number(process.env.DASHBOARD_BENCH_EVENTS ?? 1_000_000);
const REQUESTS = Math.max(50, Number(process.env.DASHBOARD_BENCH_REQUESTS ?? 100));
const PAGES = 2_000;
const DAYS = 30;

/**
 * A project's 60 days (30 in the range, 30 before), about `events` in each 30: 93 % page views, 5 %
 * readers' searches, 1 % agents' searches, 0.5 % feedback, 0.5 % questions to the assistant (and as
 * many answers). Every row in the shape the store (`store.ts`) and the assistant
 * (`assistant-threads.ts`) write. Returns the events the range holds.
 */
export async function seedDashboardHistory(db: Database, projectId: string, events: number): Promise<number> {
  // Views per page, day and audience so that 2,000 pages × 30 days × 2 audiences hold 91 % of the
  // events: a few pages far more read than the rest, agents a fifth of the humans.
  // (0.92: the mean of the page weights below.)
  const perRow = (0.93 * events) / (PAGES * DAYS * 2) / 0.92;
  const today = `date_trunc('day', now() AT TIME ZONE 'UTC')::date`;
  const day = (d: string) => `(${today} - ${d})`;
  const views = `greatest(1, round(${perRow} * CASE WHEN a = 0 THEN 1.66 ELSE 0.34 END * CASE WHEN p < 50 THEN 8 WHEN p < 500 THEN 1.2 ELSE 0.6 END * (0.8 + ((p * 7 + d * 13) % 5) * 0.1)))::bigint`;
  const grid = `generate_series(0, ${2 * DAYS - 1}) AS d, generate_series(0, ${PAGES - 1}) AS p, generate_series(0, 1) AS a`;
  const audience = `CASE WHEN a = 0 THEN 'human' ELSE 'agent' END`;
  await db.query(`INSERT INTO analytics_daily_views (project_id, preview, day, path, audience, views) SELECT $1, '', ${day('d')}, '/page-' || p, ${audience}, ${views} FROM ${grid}`, [projectId]);
  await db.query(`INSERT INTO analytics_daily_page_uniques (project_id, preview, day, path, audience, visitors) SELECT $1, '', ${day('d')}, '/page-' || p, ${audience}, greatest(1, (${views}) * 6 / 10) FROM ${grid}`, [projectId]);
  await db.query(
    `INSERT INTO analytics_daily_site_uniques (project_id, preview, day, audience, visitors)
     SELECT $1, '', ${day('d')}, ${audience}, CASE WHEN a = 0 THEN $2::bigint ELSE $2::bigint / 8 END FROM generate_series(0, ${2 * DAYS - 1}) AS d, generate_series(0, 1) AS a`,
    [projectId, Math.round((0.3 * events) / DAYS)],
  );
  await db.query(
    `INSERT INTO analytics_daily_referrers (project_id, preview, day, referrer_host, views)
     SELECT $1, '', ${day('d')}, 'site-' || h || '.example', 1 + (h * 31 + d) % 200 FROM generate_series(0, ${2 * DAYS - 1}) AS d, generate_series(0, 99) AS h`,
    [projectId],
  );
  // Readers' searches: 3,000 queries, each searched on a third of the days, some without results, some clicked.
  const searchesPerRow = Math.max(1, Math.round((0.05 * events) / (3_000 * DAYS / 3)));
  await db.query(
    `INSERT INTO analytics_daily_searches (project_id, preview, day, query, searches, no_results, clicks, last_at)
     SELECT $1, '', ${day('d')}, 'query ' || q, $2::bigint, CASE WHEN q % 10 = 0 THEN $2::bigint ELSE 0 END, CASE WHEN q % 3 = 0 THEN $2::bigint / 2 ELSE 0 END, ${day('d')} + interval '12 hours'
     FROM generate_series(0, ${2 * DAYS - 1}) AS d, generate_series(0, 2999) AS q WHERE (q + d) % 3 = 0`,
    [projectId, searchesPerRow],
  );
  await db.query(
    `INSERT INTO analytics_daily_search_clicks (project_id, preview, day, query, path, clicks)
     SELECT project_id, preview, day, query, '/page-' || (abs(hashtext(query)) % ${PAGES}), clicks FROM analytics_daily_searches WHERE project_id = $1 AND clicks > 0`,
    [projectId],
  );
  // Agents' MCP searches: 500 queries, each on half of the days.
  await db.query(
    `INSERT INTO analytics_daily_agent_searches (project_id, preview, day, query, searches, last_at)
     SELECT $1, '', ${day('d')}, 'agent query ' || q, $2::bigint, ${day('d')} + interval '12 hours'
     FROM generate_series(0, ${2 * DAYS - 1}) AS d, generate_series(0, 499) AS q WHERE (q + d) % 2 = 0`,
    [projectId, Math.max(1, Math.round((0.01 * events) / (500 * DAYS / 2)))],
  );
  // Feedback: thumbs and comments on pages, code snippets, agents' reports.
  const feedback = Math.round(0.005 * events * 2);
  await db.query(
    `INSERT INTO analytics_feedback (id, project_id, preview, path, source, helpful, comment, code, status, created_at)
     SELECT 'bench-' || $1 || '-' || i, $1, '', '/page-' || (i * 7 % ${PAGES}),
            (ARRAY['thumbs_only', 'contextual', 'code_snippet', 'agent'])[1 + i % 4], CASE WHEN i % 4 = 3 THEN false ELSE i % 3 <> 0 END,
            CASE WHEN i % 4 IN (1, 3) THEN 'comment ' || i END, CASE WHEN i % 4 = 2 THEN 'npm install widgets' END,
            (ARRAY['pending', 'in_progress', 'resolved', 'dismissed'])[1 + i % 4], now() - (i % ${2 * DAYS}) * interval '1 day' - (i % 86400) * interval '1 second'
     FROM generate_series(1, $2::int) AS i`,
    [projectId, feedback],
  );
  // The assistant: threads of two questions each, each answered (one in ten not found), some rated.
  const questions = Math.round(0.005 * events * 2);
  await db.query(
    `INSERT INTO assistant_threads (id, project_id, fp, page_path, outcome, caller, reader, created_at, updated_at)
     SELECT 'bench-t-' || $1 || '-' || i, $1, 'fp', '/page-' || (i % ${PAGES}), 'answered', CASE WHEN i % 5 = 0 THEN 'api' ELSE 'web' END, 'r' || i,
            now() - (i % ${2 * DAYS}) * interval '1 day' - (i % 80000) * interval '1 second', now()
     FROM generate_series(1, $2::int) AS i`,
    [projectId, Math.ceil(questions / 2)],
  );
  await db.query(
    `INSERT INTO assistant_messages (id, thread_id, role, content, citations, outcome, rating, created_at)
     SELECT 'bench-m-' || t.id || '-' || k || '-' || r, t.id, CASE WHEN r = 0 THEN 'user' ELSE 'assistant' END,
            CASE WHEN r = 0 THEN 'How do I use feature ' || (abs(hashtext(t.id)) % 300) || '?' ELSE 'An answer.' END,
            CASE WHEN r = 1 THEN '[{"path": "/page-1", "title": "Page 1"}]'::jsonb ELSE '[]'::jsonb END,
            CASE WHEN r = 0 THEN NULL WHEN abs(hashtext(t.id || k)) % 10 = 0 THEN 'not_found' ELSE 'answered' END,
            CASE WHEN r = 0 THEN NULL WHEN abs(hashtext(t.id || k)) % 7 = 0 THEN 'up' WHEN abs(hashtext(t.id || k)) % 11 = 0 THEN 'down' END,
            t.created_at + (k * 60 + r) * interval '1 second'
     FROM assistant_threads t, generate_series(0, 1) AS k, generate_series(0, 1) AS r WHERE t.project_id = $1`,
    [projectId],
  );
  if (db.kind === 'postgres') await db.query('ANALYZE');
  const [inRange] = await db.query<{ n: string }>(
    `SELECT (SELECT sum(views) FROM analytics_daily_views WHERE project_id = $1 AND day > ${day(String(DAYS))})
          + (SELECT sum(searches) FROM analytics_daily_searches WHERE project_id = $1 AND day > ${day(String(DAYS))})
          + (SELECT sum(searches) FROM analytics_daily_agent_searches WHERE project_id = $1 AND day > ${day(String(DAYS))})
          + (SELECT count(*) FROM analytics_feedback WHERE project_id = $1 AND created_at > now() - interval '${DAYS} days')
          + (SELECT count(*) FROM assistant_messages m JOIN assistant_threads t ON t.id = m.thread_id WHERE t.project_id = $1 AND m.role = 'user' AND m.created_at > now() - interval '${DAYS} days') AS n`,
    [projectId],
  );
  return Number(inRange?.n ?? 0);
}

/** The dashboard as `folio serve` mounts it, over `db`, and a client signed in as its owner. */
async function signedInDashboard(db: Database, dataDir: string): Promise<FormClient> {
  const updates = new UpdateRunner({ db, dataDir });
  const services = createAdminServices({ db, keyCache: new KeyCache(db), updates, defaultModel: 'folio-maintainer', automations: createAutomations({ db, defaultModel: 'folio-maintainer' }) });
  const app = new Hono();
  app.route('/dashboard', createDashboard({ db, services, editor: { workRoot: path.join(dataDir, 'editor') } }));
  await createUser(db, 'bench@example.test', 'a long enough password');
  const client = new FormClient(app);
  await client.get('/dashboard/login');
  const signedIn = await client.post('/dashboard/login', { email: 'bench@example.test', password: 'a long enough password' });
  if (signedIn.status !== 303) throw new Error(`sign-in answered ${signedIn.status}`);
  return client;
}

/** p50 and p95 of `REQUESTS` runs of `work`, after 10 unmeasured; `first`: the first run (closed days not read yet). */
async function timed(work: () => Promise<number>): Promise<{ first: number; p50: number; p95: number; bytes: number }> {
  const times: number[] = [];
  let bytes = 0;
  let first = 0;
  for (let i = 0; i < REQUESTS + 10; i++) {
    const started = performance.now();
    bytes = await work();
    const ms = performance.now() - started;
    if (i === 0) first = ms;
    if (i >= 10) times.push(ms);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
  return { first, p50: at(0.5), p95: at(0.95), bytes };
}

/** A dashboard page, as the browser gets it: the whole body read; its size. */
const page = (client: FormClient, url: string) => async () => {
  const res = await client.get(url);
  const body = await res.text();
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${body.slice(0, 300)}`);
  return body.length;
};

/** Seed a project on `db`, then time each analytics screen of the dashboard; prints one line each. */
export async function dashboardPhase(db: Database, kind: string, events = EVENTS): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-dashboard-'));
  try {
    const project = await createProject(db, { name: 'Dashboard bench', repoUrl: 'https://example.test/docs.git' });
    const started = performance.now();
    const seeded = await seedDashboardHistory(db, project.id, events);
    console.log(`${kind}: dashboard: seeded ${seeded.toLocaleString('en')} events in the last 30 days (and as many in the 30 before) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    // The analytics calls the traffic page makes (as `src/dashboard/routes/analytics-routes.ts` does
    // at the time of writing), alone: what the page's figures cost apart from sign-in checks and HTML.
    const site = { projectId: project.id, preview: null };
    const range = parseRange(undefined, undefined);
    const queries = await timed(async () => (await Promise.all([trafficSummary(db, site, range), dailyTraffic(db, site, range), viewsByPage(db, site, range, { limit: 50 })])).length);
    console.log(`${kind}: dashboard: the traffic page's analytics calls alone (trafficSummary, dailyTraffic, viewsByPage; 30 days, ${REQUESTS} times): first ${queries.first.toFixed(0)} ms (closed days read), then p50 ${queries.p50.toFixed(1)} ms, p95 ${queries.p95.toFixed(1)} ms`);
    forgetClosedDays(db, [project.id]);
    const client = await signedInDashboard(db, dataDir);
    const base = `/dashboard/projects/${project.id}/analytics`;
    const screens: [string, string][] = [
      ['traffic page', base],
      ['traffic page, searches ranked', `${base}?rank=searches`],
      ['traffic page, MCP searches ranked', `${base}?rank=mcp`],
      ['searches page', `${base}/searches`],
      ['feedback page', `${base}/feedback`],
      ['assistant page', `${base}/assistant`],
    ];
    for (const [name, url] of screens) {
      const t = await timed(page(client, url)).catch((error: unknown) => ({ error: (error as Error).message }));
      if ('error' in t) console.log(`${kind}: dashboard: GET ${name}: not measured (${t.error.slice(0, 200)})`);
      else console.log(`${kind}: dashboard: GET ${name} (30 days, ${REQUESTS} requests): first ${t.first.toFixed(0)} ms, then p50 ${t.p50.toFixed(1)} ms, p95 ${t.p95.toFixed(1)} ms (${(t.bytes / 1024).toFixed(0)} KB)${name === 'traffic page' ? `; goal p95 < 150 ms: ${t.p95 < 150 ? 'met' : 'NOT met'}` : ''}`);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onBackend(kind: 'pglite' | 'postgres'): Promise<void> {
  const fresh = kind === 'postgres' ? await createFreshPostgresDatabase() : null;
  const db = await openDatabase(fresh ? { databaseUrl: fresh.url } : { memory: true, thread: true });
  try {
    await dashboardPhase(db, kind);
  } finally {
    await db.close();
    await fresh?.drop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const only = process.env.DASHBOARD_BENCH_BACKENDS;
  if (!only || only.includes('pglite')) await onBackend('pglite');
  if (process.env.TEST_DATABASE_URL && (!only || only.includes('postgres'))) await onBackend('postgres');
}
