import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { getAgentJobById, openDatabase } from '../../src/db/index.js';
import { createBareRepo, gitOut, tempDir } from '../git/git-fixtures.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const temps: { cleanup: () => Promise<void> }[] = [];
afterAll(async () => {
  for (const t of temps) await t.cleanup();
});

/** Run the child until `until` appears on its stdout, then SIGKILL it (or let it exit); resolves with its output. */
function runChild(env: Record<string, string>, until: RegExp | null): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'pglite-child.ts')], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (until && until.test(out)) child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('exit', () => resolve(out));
  });
}

describe('folio serve on PGlite killed mid-job', () => {
  it('survives SIGKILL: the restarted process takes the job over at once and finishes it once', async () => {
    const tmp = await tempDir('folio-pglite-crash-');
    temps.push(tmp);
    const bare = await createBareRepo(tmp.dir);
    const base = { PGLITE_DATA_DIR: path.join(tmp.dir, 'data'), PGLITE_WORK_DIR: path.join(tmp.dir, 'work') };
    const first = await runChild({ ...base, PGLITE_CREATE_REPO: bare, PGLITE_SLOW_MS: '60000' }, /model started/);
    const jobId = /model started (\S+)/.exec(first)![1]!;
    expect(first).not.toContain('done');
    const started = Date.now();
    const second = await runChild({ ...base, PGLITE_JOB_ID: jobId, PGLITE_SLOW_MS: '0' }, null);
    expect(second).toContain(`recovered job ${jobId} from a worker of an earlier process`);
    expect(second).toContain(`done ${jobId}`);
    // Far below the 30 s lease: the new process knows no other can hold a PGlite lease.
    expect(Date.now() - started).toBeLessThan(25_000);

    const db = await openDatabase({ dataDir: base.PGLITE_DATA_DIR });
    try {
      expect(await getAgentJobById(db, jobId)).toMatchObject({ status: 'completed', attempts: 2 });
      const events = await db.query<{ kind: string }>('SELECT kind FROM agent_job_events WHERE job_id = $1 ORDER BY id', [jobId]);
      expect(events.map((e) => e.kind)).toEqual(['claimed', 'claimed', 'completed']);
      expect(await db.query('SELECT id FROM agent_pull_requests WHERE job_id = $1', [jobId])).toHaveLength(1);
    } finally {
      await db.close();
    }
    expect(gitOut(bare, ['rev-list', '--count', `main..folio/agent-${jobId}`])).toBe('1');
  }, 90_000);
});
