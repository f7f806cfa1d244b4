/**
 * Crash recovery of agent jobs (issue 13), small: 4 jobs through a server process (`runServer`
 * with its in-process worker, as `folio serve`), SIGKILLed once while a job runs and started again,
 * pull requests on a GitHub stand-in. Nothing lost or opened twice, the interrupted job ends within
 * lease + 10 s of the restart and before the jobs that were waiting, queue messages stay within jobs +
 * kills, and a job on the idle restarted server ends within 10 s. The full size (200 jobs, 3 kills): `node --import tsx bench/job-crash.ts`.
 */
import { describe, expect, it } from 'vitest';
import { runCrashScenario } from './crash-scenario.js';

// Two start-ups of a server process from TypeScript sources: 57 s at load ~8 on 2 cores, over the
// suite's budget, so it runs when FOLIO_CRASH_TEST is set (FOLIO_CRASH_TEST=1 npx vitest run test/security/job-crash.test.ts).
describe.runIf(process.env.FOLIO_CRASH_TEST)('agent jobs across a SIGKILL of the server', () => {
  it('loses nothing, duplicates nothing, and finishes the interrupted job within lease + 10 s', async () => {
    const f = await runCrashScenario({ jobs: 4, kills: 1, backend: 'pglite', leaseMs: 3_000, verify: 'none' });
    const context = `${JSON.stringify({ ...f, serverLog: undefined })}\n${f.serverLog.slice(-4000)}`;
    expect(f.kills, context).toBe(1);
    expect(f.notCompleted, context).toEqual({});
    expect(f.completed).toBe(4);
    expect(f.afterRestart.status, context).toBe('completed');
    // One pull request per job, each job's link naming its own.
    expect(f.pulls).toBe(5);
    expect(f.duplicatedHeads).toBe(0);
    expect(f.unmatchedLinks).toBe(0);
    // The kill came mid-run, and the job it cut off ended soon after the restart.
    expect(f.interrupted.length, context).toBe(1);
    expect(f.interrupted[0]!.secondsAfterRestart, context).toBeLessThanOrEqual(f.leaseMs / 1000 + 10);
    // Recovered jobs run next: none of the jobs waiting at the kill ended first.
    expect(f.interrupted[0]!.overtakenBy, context).toBe(0);
    // Messages: one per job (4 + the one after the restart) and one per kill (the interrupted job's
    // re-send); the reaper adds none for a job that is waiting or being claimed.
    expect(f.queueMessages, context).toBeLessThanOrEqual(5 + 1);
    expect(f.afterRestart.seconds, context).toBeLessThan(10);
  }, 900_000);
});
