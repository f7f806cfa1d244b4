/**
 * The server process of the crash test (`crash-scenario.ts`): `runServer`, as `folio serve` runs it
 * (API, in-process agent worker, pg-boss queue, embedded database or DATABASE_URL), with the worker
 * settings a test needs from `FOLIO_CRASH_SERVE` (JSON): a short lease and a GitHub stand-in for a
 * local repository. Writes `listening <url>` to stdout when ready and its log to stderr; the harness
 * ends it with SIGKILL (or SIGTERM at the end, which closes it cleanly).
 *   FOLIO_CRASH_SERVE='{"dataDir":"...","leaseMs":3000,...}' node --import tsx test/security/crash-serve.ts
 */
import { runServer } from '../../src/server/index.js';

interface CrashServeConfig {
  dataDir: string;
  databaseUrl?: string;
  workDir: string;
  leaseMs: number;
  reapIntervalMs: number;
  verify: 'validate' | 'build' | 'none';
  github: { apiUrl: string; token: string; repositories: Record<string, string> };
}

const config = JSON.parse(process.env.FOLIO_CRASH_SERVE ?? 'null') as CrashServeConfig | null;
if (!config) throw new Error('FOLIO_CRASH_SERVE (JSON settings) is not set');

const server = await runServer({
  dataDir: config.dataDir,
  databaseUrl: config.databaseUrl,
  port: 0,
  dashboard: false,
  log: (line) => process.stderr.write(`${new Date().toISOString()} ${line}\n`),
  workerOptions: {
    leaseMs: config.leaseMs,
    reapIntervalMs: config.reapIntervalMs,
    pollIntervalSeconds: 0.5,
    verify: config.verify,
    llm: null,
    github: config.github,
    workDir: config.workDir,
  },
});
process.stdout.write(`listening ${server.url}\n`);
process.once('SIGTERM', () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
