// A worker process for the crash test: started and SIGKILLed by the test.
// Settings come from the environment so the parent needs no IPC.
import { runMaintainer, startWorker } from '../../src/agent/index.js';
import { openDatabase } from '../../src/db/index.js';

const env = process.env;
const db = await openDatabase({ databaseUrl: env.CRASH_DATABASE_URL! });
const slowMs = Number(env.CRASH_SLOW_MS ?? 1000);
await startWorker({
  db,
  publicUrl: 'http://folio.test',
  concurrency: 2,
  leaseMs: Number(env.CRASH_LEASE_MS ?? 1500),
  reapIntervalMs: 300,
  pollIntervalSeconds: 0.5,
  workDir: env.CRASH_WORK_DIR!,
  verify: 'validate',
  llm: null,
  workerId: `child-${process.pid}`,
  log: env.CRASH_VERBOSE ? (line) => process.stderr.write(`[${process.pid}] ${line}\n`) : undefined,
  models: {
    // The maintainer, made slow so that kills land in the middle of jobs.
    'slow-maintainer': async (input) => {
      await new Promise((r) => setTimeout(r, slowMs * (0.5 + Math.random())));
      return runMaintainer(input);
    },
  },
});
process.stdout.write('ready\n');
