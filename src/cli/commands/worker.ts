import type { Command } from 'commander';
import { startWorker } from '../../agent/index.js';
import { openDatabase } from '../../db/index.js';
import { reportCliError } from '../support.js';

interface WorkerFlags {
  concurrency: string;
  lease: string;
  publicUrl: string;
  workDir?: string;
  verify: string;
}

/** `folio worker`: a standalone agent worker on the PostgreSQL that `folio serve` uses. */
export function registerWorker(program: Command): void {
  program
    .command('worker')
    .description('Run an agent worker against DATABASE_URL (PostgreSQL); start any number, on any machines')
    .option('-c, --concurrency <n>', 'jobs run at once', '2')
    .option('--lease <seconds>', 'job lease; a killed worker\'s job is taken up again within lease + 5 s', '30')
    .option('--public-url <url>', 'Folio\'s public URL, base of recorded pull request links', process.env.FOLIO_PUBLIC_URL ?? 'http://localhost:3000')
    .option('--work-dir <dir>', 'folder for per-job git workspaces (default: <tmp>/folio-agent)')
    .option('--verify <level>', 'check edits with `validate` or a full `build` before pushing', 'build')
    .action(async (flags: WorkerFlags) => {
      try {
        const databaseUrl = process.env.DATABASE_URL;
        if (!databaseUrl) {
          throw Object.assign(new Error('set DATABASE_URL to the PostgreSQL database `folio serve` uses; PGlite cannot be shared between processes.'), { code: 'JOBS_DATABASE_REQUIRED' });
        }
        const concurrency = Number(flags.concurrency);
        const lease = Number(flags.lease);
        if (!Number.isInteger(concurrency) || concurrency < 1) throw Object.assign(new Error(`--concurrency "${flags.concurrency}" must be a whole number ≥ 1.`), { code: 'INVALID_REQUEST' });
        if (!(lease >= 2 && lease <= 600)) throw Object.assign(new Error(`--lease "${flags.lease}" must be between 2 and 600 seconds.`), { code: 'INVALID_REQUEST' });
        if (flags.verify !== 'build' && flags.verify !== 'validate') throw Object.assign(new Error(`--verify must be "build" or "validate".`), { code: 'INVALID_REQUEST' });
        const db = await openDatabase({ databaseUrl });
        const log = (line: string) => process.stderr.write(`${new Date().toISOString()} ${line}\n`);
        const worker = await startWorker({ db, publicUrl: flags.publicUrl, concurrency, leaseMs: lease * 1000, workDir: flags.workDir, verify: flags.verify, log });
        log(`worker ${worker.workerId} running (${concurrency} at once, ${lease}s lease)`);
        if (flags.verify === 'build') {
          const { describeWall, sandboxWall } = await import('../../site-build/index.js');
          log(describeWall(await sandboxWall()));
        }
        const stop = () => {
          log('stopping: finishing running jobs (unfinished ones go back to the queue)');
          worker
            .stop()
            .then(() => db.close())
            .then(
              () => process.exit(0),
              () => process.exit(1),
            );
        };
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      } catch (error) {
        reportCliError(error);
      }
    });
}
