// The crash test of issue 13 at full size: agent jobs through a server process (`runServer` with
// its in-process worker, as `folio serve`), SIGKILLed while jobs run and started again, pull
// requests on a GitHub stand-in. Prints jobs lost, duplicated pull requests, each interrupted job's
// time from the restart to its end, queue messages, and a job submitted on the idle restarted server.
//   node --import tsx bench/job-crash.ts            BENCH_JOBS=200 BENCH_KILLS=3 BENCH_LEASE_MS=3000
// PGlite, and PostgreSQL too when TEST_DATABASE_URL is set (BENCH_BACKENDS=pglite or =postgres for one). The small version runs in
// test/security/job-crash.test.ts.
import os from 'node:os';
import { runCrashScenario, type CrashFigures } from '../test/security/crash-scenario.js';

const JOBS = Number(process.env.BENCH_JOBS ?? 200);
const KILLS = Number(process.env.BENCH_KILLS ?? 3);
const LEASE_MS = Number(process.env.BENCH_LEASE_MS ?? 3_000);
const VERIFY = (process.env.BENCH_VERIFY ?? 'validate') as 'validate' | 'build' | 'none';

function report(label: string, f: CrashFigures): boolean {
  const worst = Math.max(0, ...f.interrupted.map((i) => i.secondsAfterRestart));
  const lost = f.jobs - f.completed;
  const checks: Array<[string, boolean]> = [
    [`0 lost (${lost}${Object.keys(f.notCompleted).length ? ` ${JSON.stringify(f.notCompleted)}` : ''})`, lost === 0],
    [`0 duplicated pull requests (${f.duplicatedHeads} heads twice; ${f.pulls} pull requests for ${f.completed} + 1 jobs; ${f.unmatchedLinks} links to none)`, f.duplicatedHeads === 0 && f.unmatchedLinks === 0 && f.pulls === f.completed + (f.afterRestart.status === 'completed' ? 1 : 0)],
    [`interrupted jobs ended within lease + 10 s = ${(f.leaseMs / 1000 + 10).toFixed(0)} s of the restart (worst ${worst.toFixed(1)} s; ${f.interrupted.length} interrupted: ${f.interrupted.map((i) => `kill ${i.kill}: ${i.secondsAfterRestart.toFixed(1)} s`).join(', ')})`, worst <= f.leaseMs / 1000 + 10 && f.interrupted.length > 0],
    [`interrupted jobs ran next (${f.interrupted.reduce((n, i) => n + i.overtakenBy, 0)} overtaken by jobs that were waiting at the kill)`, f.interrupted.every((i) => i.overtakenBy === 0)],
    [`queue messages <= jobs + kills (${f.queueMessages} for ${f.jobs + 1} jobs and ${f.kills} kills)`, f.queueMessages <= f.jobs + 1 + f.kills],
    [`a job submitted after the last restart ended within 10 s (${f.afterRestart.seconds.toFixed(1)} s, ${f.afterRestart.status})`, f.afterRestart.seconds < 10 && f.afterRestart.status === 'completed'],
  ];
  console.log(`${label}: ${f.jobs} jobs, ${f.kills} SIGKILLs, lease ${f.leaseMs / 1000} s, verify=${VERIFY}: ${f.totalSeconds.toFixed(0)} s in all`);
  for (const [text, ok] of checks) console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${text}`);
  if (process.env.BENCH_SHOW_LOG) console.log(f.serverLog);
  return checks.every(([, ok]) => ok);
}

console.log(`${os.cpus().length} cores, load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}, Node ${process.version}`);
// BENCH_BACKENDS=postgres runs PostgreSQL alone (default both, PostgreSQL only with TEST_DATABASE_URL).
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'pglite,postgres').split(',').map((b) => b.trim());
let ok = true;
if (BACKENDS.includes('pglite')) ok = report('PGlite', await runCrashScenario({ jobs: JOBS, kills: KILLS, backend: 'pglite', leaseMs: LEASE_MS, verify: VERIFY, log: (l) => console.log(`  ${l}`) }));
if (!BACKENDS.includes('postgres')) console.log('PostgreSQL not asked for (BENCH_BACKENDS)');
else if (process.env.TEST_DATABASE_URL) {
  ok = report('PostgreSQL', await runCrashScenario({ jobs: JOBS, kills: KILLS, backend: 'postgres', leaseMs: LEASE_MS, verify: VERIFY, log: (l) => console.log(`  ${l}`) })) && ok;
} else console.log('PostgreSQL skipped (set TEST_DATABASE_URL to include it)');
console.log(`load average at the end ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}`);
process.exitCode = ok ? 0 : 1;
