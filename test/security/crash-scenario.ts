/**
 * The crash scenario of issue 13, shared by test/security/job-crash.test.ts (small) and
 * bench/job-crash.ts (200 jobs, 3 kills): agent jobs submitted over HTTP to a server process
 * (`crash-serve.ts`: `runServer` with its in-process worker, as `folio serve`), the process
 * SIGKILLed while jobs run and started again, pull requests opened on a GitHub stand-in. Measures
 * what the issue asks: jobs lost, pull requests duplicated, how long each interrupted job took to
 * finish after the restart, queue messages per job, and how long a job submitted on the idle
 * restarted server takes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AGENT_QUEUE } from '../../src/jobs/index.js';
import { createApiKey, createProject, openDatabase, type Database } from '../../src/db/index.js';
import { startGithubStandIn } from '../agent/github-stand-in.js';
import { createFreshPostgresDatabase } from '../db/helpers.js';
import { createBareRepo, tempDir } from '../git/git-fixtures.js';

const CHILD = fileURLToPath(new URL('./crash-serve.ts', import.meta.url));
const TOKEN = 'ghs_crashTestToken_0123456789';
const PROMPT = 'add the pages missing from the navigation';

export interface CrashOptions {
  jobs: number;
  kills: number;
  backend: 'pglite' | 'postgres';
  /** The worker's lease (default 3 s) and reap interval (default 1 s). */
  leaseMs?: number;
  reapIntervalMs?: number;
  verify?: 'validate' | 'build' | 'none';
  /** Progress lines (bench). */
  log?: (line: string) => void;
}

export interface CrashFigures {
  jobs: number;
  kills: number;
  leaseMs: number;
  /** Jobs that ended `completed` with a pull request link. */
  completed: number;
  /** Jobs that ended otherwise (status: count), or never ended. */
  notCompleted: Record<string, number>;
  /** Pull requests on the stand-in; heads opened more than once; jobs whose link names no stand-in pull request. */
  pulls: number;
  duplicatedHeads: number;
  unmatchedLinks: number;
  /**
   * Each kill: jobs that held a lease when it came, seconds from the restart (listening) to each one's
   * end, and how many jobs that were waiting at the kill ended before it.
   */
  interrupted: Array<{ kill: number; jobId: string; secondsAfterRestart: number; overtakenBy: number }>;
  /** Rows pg-boss holds for the agent queue (waiting, active, done and archived). */
  queueMessages: number;
  /** The job submitted once all others ended, after the last restart: seconds to its end, and its status. */
  afterRestart: { seconds: number; status: string };
  totalSeconds: number;
  /** The server process's log (stderr), for a failing assertion's message. */
  serverLog: string;
}

interface JobView {
  id: string;
  status: string;
  prLink: string | null;
}

/** Start the server process; resolves once it listens. */
function startServer(env: NodeJS.ProcessEnv, log: string[]): Promise<{ child: ChildProcess; url: string; readyAt: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stderr!.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening (\S+)/.exec(out);
      if (m) resolve({ child, url: m[1]!, readyAt: performance.now() });
    });
    child.once('exit', (code, signal) => reject(new Error(`server process exited before listening (${code ?? signal}): ${log.join('').slice(-2000)}`)));
  });
}

function killHard(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

function stopGently(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const force = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Run the scenario; everything it started is stopped and removed before it returns. */
export async function runCrashScenario({ jobs, kills, backend, leaseMs = 3_000, reapIntervalMs = 1_000, verify = 'validate', log = () => {} }: CrashOptions): Promise<CrashFigures> {
  const tmp = await tempDir('folio-crash-');
  const github = await startGithubStandIn(TOKEN);
  const fresh = backend === 'postgres' ? await createFreshPostgresDatabase() : null;
  const dataDir = path.join(tmp.dir, 'data');
  const serverLog: string[] = [];
  let child: ChildProcess | null = null;
  // PostgreSQL: one connection of the harness's own for the checks. PGlite belongs to the server
  // process, so the harness opens it only while that process is down.
  let shared: Database | null = null;
  const withDb = async <T>(work: (db: Database) => Promise<T>): Promise<T> => {
    if (shared) return work(shared);
    const db = await openDatabase({ dataDir });
    try {
      return await work(db);
    } finally {
      await db.close();
    }
  };
  try {
    const repository = await createBareRepo(tmp.dir);
    if (fresh) shared = await openDatabase({ databaseUrl: fresh.url });
    const { projectId, key } = await withDb(async (db) => {
      const project = await createProject(db, { name: 'crash', repoUrl: repository, agentRatePerHour: 1_000_000 });
      return { projectId: project.id, key: (await createApiKey(db, { projectIds: [project.id] })).key };
    });
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TMPDIR: process.env.TMPDIR,
      NODE_ENV: 'production',
      ...(fresh ? { DATABASE_URL: fresh.url } : {}),
      FOLIO_CRASH_SERVE: JSON.stringify({
        dataDir,
        databaseUrl: fresh?.url,
        workDir: path.join(tmp.dir, 'work'),
        leaseMs,
        reapIntervalMs,
        verify,
        github: { apiUrl: github.apiUrl, token: TOKEN, repositories: { [repository]: 'acme/docs' } },
      }),
    };
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const started = performance.now();
    let server = await startServer(env, serverLog);
    child = server.child;

    const submit = async (): Promise<string> => {
      const res = await fetch(`${server.url}/v2/agent/${projectId}/job`, { method: 'POST', headers, body: JSON.stringify({ prompt: PROMPT }) });
      if (res.status !== 201) throw new Error(`job creation answered ${res.status}: ${await res.text()}`);
      return ((await res.json()) as { id: string }).id;
    };
    const ids: string[] = [];
    for (let i = 0; i < jobs; i += 10) ids.push(...(await Promise.all(Array.from({ length: Math.min(10, jobs - i) }, submit))));
    log(`${jobs} jobs submitted in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    /** Ids of the project's active jobs, through the list endpoint. */
    const activeIds = async (): Promise<Set<string>> => {
      const active = new Set<string>();
      let cursor: string | null = null;
      do {
        const query: string = `status=active&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const res = await fetch(`${server.url}/v2/agent/${projectId}/jobs?${query}`, { headers });
        const page = (await res.json()) as { jobs: JobView[]; nextCursor: string | null };
        for (const job of page.jobs) active.add(job.id);
        cursor = page.nextCursor;
      } while (cursor);
      return active;
    };

    const midRunLines = () => serverLog.join('').split(': maintainer: ').length;
    const endedAt = new Map<string, number>();
    const interruptedAt: Array<{ kill: number; jobId: string; restartAt: number }> = [];
    const waitingAtKill: string[][] = [];
    let killsDone = 0;
    // A safety net only (a job takes about a second on a quiet machine, ten on a very busy one).
    const deadline = performance.now() + Math.max(600_000, jobs * 30_000);
    while (endedAt.size < ids.length) {
      if (performance.now() > deadline) break;
      const active = await activeIds();
      const now = performance.now();
      for (const id of ids) if (!active.has(id) && !endedAt.has(id)) endedAt.set(id, now);
      const due = Math.floor((ids.length * (killsDone + 1)) / (kills + 1));
      if (killsDone < kills && endedAt.size >= due) {
        // Kill while a job is mid-run: once the server logs the maintainer's edit of a job (before its
        // verify, commit, push and pull request), not right after a job ended.
        const seen = midRunLines();
        const waitUntil = performance.now() + 60_000;
        while (midRunLines() === seen && performance.now() < waitUntil) await sleep(20);
        await killHard(server.child);
        killsDone++;
        // Jobs leased at the kill: interrupted mid-run.
        const atKill = await withDb((db) => db.query<{ id: string; leased: boolean }>(`SELECT id, lease_owner IS NOT NULL AS leased FROM agent_jobs WHERE status = 'active'`));
        const leased = atKill.filter((row) => row.leased);
        waitingAtKill.push(atKill.filter((row) => !row.leased).map((row) => row.id));
        server = await startServer(env, serverLog);
        child = server.child;
        for (const { id } of leased) interruptedAt.push({ kill: killsDone, jobId: id, restartAt: server.readyAt });
        log(`kill ${killsDone} after ${endedAt.size} jobs ended: ${leased.length} job(s) interrupted; restarted`);
        continue;
      }
      await sleep(200);
    }
    log(`all jobs ended ${((performance.now() - started) / 1000).toFixed(1)} s after the start`);

    // A job on the idle, restarted server.
    const lateStart = performance.now();
    const late = await submit();
    let lateStatus = 'active';
    while (performance.now() - lateStart < 60_000) {
      const res = await fetch(`${server.url}/v2/agent/${projectId}/job/${late}`, { headers });
      lateStatus = ((await res.json()) as JobView).status;
      if (lateStatus !== 'active') break;
      await sleep(100);
    }
    const afterRestart = { seconds: (performance.now() - lateStart) / 1000, status: lateStatus };

    const views = new Map<string, JobView>();
    let cursor: string | null = null;
    do {
      const res = await fetch(`${server.url}/v2/agent/${projectId}/jobs?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { headers });
      const page = (await res.json()) as { jobs: JobView[]; nextCursor: string | null };
      for (const job of page.jobs) views.set(job.id, job);
      cursor = page.nextCursor;
    } while (cursor);
    const totalSeconds = (performance.now() - started) / 1000;

    await stopGently(server.child);
    child = null;
    const queueMessages = await withDb(async (db) => {
      const rows = await db.query<{ n: number }>(
        `SELECT (SELECT count(*) FROM pgboss.job WHERE name = $1)::int + (SELECT count(*) FROM pgboss.archive WHERE name = $1)::int AS n`,
        [AGENT_QUEUE],
      );
      return Number(rows[0]!.n);
    });

    const notCompleted: Record<string, number> = {};
    let completed = 0;
    const links = new Set<string>();
    for (const id of ids) {
      const view = views.get(id);
      const status = view?.status ?? 'missing';
      if (status === 'completed' && view?.prLink) {
        completed++;
        links.add(view.prLink);
      } else notCompleted[status] = (notCompleted[status] ?? 0) + 1;
    }
    const heads = new Map<string, number>();
    for (const pull of github.pulls) heads.set(pull.head, (heads.get(pull.head) ?? 0) + 1);
    const pullUrls = new Set(github.pulls.map((p) => `https://github.test/${p.owner}/${p.repo}/pull/${p.number}`));
    return {
      jobs,
      kills: killsDone,
      leaseMs,
      completed,
      notCompleted,
      pulls: github.pulls.length,
      duplicatedHeads: [...heads.values()].filter((n) => n > 1).length,
      unmatchedLinks: [...links].filter((link) => !pullUrls.has(link)).length,
      interrupted: interruptedAt.map(({ kill, jobId, restartAt }) => ({
        kill,
        jobId,
        secondsAfterRestart: endedAt.has(jobId) ? (endedAt.get(jobId)! - restartAt) / 1000 : Number.POSITIVE_INFINITY,
        // Jobs that were waiting at the kill and ended before this one (0 when recovered jobs run next;
        // the harness sees ends at its polls, 200 ms apart, so two ends in one poll count as a tie).
        overtakenBy: (waitingAtKill[kill - 1] ?? []).filter((id) => (endedAt.get(id) ?? Number.POSITIVE_INFINITY) < (endedAt.get(jobId) ?? Number.POSITIVE_INFINITY)).length,
      })),
      queueMessages,
      afterRestart,
      totalSeconds,
      serverLog: serverLog.join(''),
    };
  } finally {
    if (child) await killHard(child);
    await shared?.close();
    await fresh?.drop();
    await github.close();
    await tmp.cleanup();
  }
}
