import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createAgentJob, createProject, getAgentJobById, openDatabase } from '../../src/db/index.js';
import { createJobQueue } from '../../src/jobs/index.js';
import { createBareRepo, gitOut, tempDir } from '../git/git-fixtures.js';
import { createFreshPostgresDatabase } from '../db/helpers.js';

const main = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/cli/main.ts');

describe('folio worker', () => {
  it('refuses to start without DATABASE_URL, with a coded message', async () => {
    const env = { ...process.env };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', main, 'worker'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const code = await new Promise<number | null>((r) => child.on('exit', r));
    expect(code).toBe(1);
    expect(err).toMatch(/^JOBS_DATABASE_REQUIRED: set DATABASE_URL/m);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('runs queued jobs from PostgreSQL and stops cleanly on SIGTERM', async () => {
    const fresh = await createFreshPostgresDatabase();
    const tmp = await tempDir('folio-worker-cli-');
    const db = await openDatabase({ databaseUrl: fresh.url, poolSize: 2 });
    let child: ReturnType<typeof spawn> | undefined;
    try {
      const bare = await createBareRepo(tmp.dir);
      const project = await createProject(db, { name: 'cli', repoUrl: bare });
      const job = await createAgentJob(db, { projectId: project.id, repository: bare, ref: null, model: 'folio-maintainer', prompt: 'add unlisted pages' });
      const queue = await createJobQueue({ db, supervise: false });
      await queue.enqueue(job.id);
      await queue.stop();
      const proc = spawn(process.execPath, ['--import', 'tsx', main, 'worker', '--verify', 'validate', '--public-url', 'https://docs-admin.example', '--work-dir', path.join(tmp.dir, 'work')], {
        env: { ...process.env, DATABASE_URL: fresh.url },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      child = proc;
      let log = '';
      proc.stderr.on('data', (c: Buffer) => (log += c.toString()));
      const exited = new Promise<number | null>((r) => proc.on('exit', r));
      for (;;) {
        const row = await getAgentJobById(db, job.id);
        if (row!.status !== 'active') break;
        await new Promise((r) => setTimeout(r, 200));
      }
      proc.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(await getAgentJobById(db, job.id)).toMatchObject({ status: 'completed', prLink: expect.stringMatching(/^https:\/\/docs-admin\.example\/pulls\//) });
      expect(gitOut(bare, ['rev-list', '--count', `main..folio/agent-${job.id}`])).toBe('1');
      expect(log).toMatch(/worker \S+ running \(2 at once, 30s lease\)/);
      expect(log).toContain('stopping: finishing running jobs');
    } finally {
      if (child && child.exitCode === null) child.kill('SIGKILL');
      await db.close();
      await fresh.drop();
      await tmp.cleanup();
    }
  }, 60_000);
});
