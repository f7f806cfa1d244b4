import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runMaintainer, startWorker, type AgentWorker } from '../../src/agent/index.js';
import { addAgentJobMessage, createAgentJob, createProject, getAgentJobById, openDatabase, type Database } from '../../src/db/index.js';
import { createBareRepo, gitOut, tempDir } from '../git/git-fixtures.js';

let db: Database | undefined;
let worker: AgentWorker | undefined;
let tmp: { dir: string; cleanup: () => Promise<void> } | undefined;
afterEach(async () => {
  await worker?.stop();
  await db?.close();
  await tmp?.cleanup();
});

// Whole tests start a worker on a fresh database and repository: up to 30 s on a loaded 2-core machine; the
// figures the tests are about (the takeover within 20 s) are asserted inside.
describe('recovery on PGlite after the serving process died', { timeout: 60_000 }, () => {
  it('takes over a job leased by a worker of an earlier process at start, without waiting for the lease', async () => {
    tmp = await tempDir('folio-recovery-');
    db = await openDatabase({ memory: true });
    const bare = await createBareRepo(tmp.dir);
    const project = await createProject(db, { name: 'r', repoUrl: bare });
    const job = await createAgentJob(db, { projectId: project.id, repository: bare, ref: null, model: 'folio-maintainer', prompt: 'add unlisted pages' });
    // What a SIGKILLed `folio serve` leaves behind: a lease with most of its time left.
    await db.query(`UPDATE agent_jobs SET lease_owner = 'host:4242:dead', lease_expires_at = now() + interval '10 minutes', attempts = 1 WHERE id = $1`, [job.id]);
    const started = Date.now();
    worker = await startWorker({ db, publicUrl: 'http://folio.test', workDir: path.join(tmp.dir, 'work'), pollIntervalSeconds: 0.5, verify: 'validate', llm: null });
    for (;;) {
      const row = await getAgentJobById(db, job.id);
      if (row!.status !== 'active') {
        expect(row).toMatchObject({ status: 'completed', attempts: 2 });
        expect(row!.prLink).toMatch(/\/pulls\//);
        break;
      }
      expect(Date.now() - started).toBeLessThan(20_000);
      await new Promise((r) => setTimeout(r, 100));
    }
  });
});

describe('a follow-up that arrives while the job runs', { timeout: 60_000 }, () => {
  it('is carried out in a second run on the same branch before the job completes, once', async () => {
    tmp = await tempDir('folio-followup-');
    db = await openDatabase({ memory: true });
    const bare = await createBareRepo(tmp.dir);
    const project = await createProject(db, { name: 'f', repoUrl: bare });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const prompts: string[] = [];
    worker = await startWorker({
      db,
      publicUrl: 'http://folio.test',
      workDir: path.join(tmp.dir, 'work'),
      pollIntervalSeconds: 0.5,
      verify: 'validate',
      llm: null,
      models: {
        // Holds the first run until the test has sent its follow-up.
        gated: async (input) => {
          prompts.push(input.prompt);
          if (prompts.length === 1) await gate;
          return runMaintainer(input);
        },
      },
    });
    const job = await createAgentJob(db, { projectId: project.id, repository: bare, ref: null, model: 'gated', prompt: 'add unlisted pages' });
    await worker.enqueue(job.id);
    while (prompts.length === 0) await new Promise((r) => setTimeout(r, 50));
    const sent = await addAgentJobMessage(db, project.id, job.id, 'normalize docs.json formatting');
    expect('job' in sent && sent.job.status).toBe('active');
    await worker.enqueue(job.id);
    release();
    for (;;) {
      const row = await getAgentJobById(db, job.id);
      if (row!.status !== 'active') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(prompts).toEqual(['add unlisted pages', 'normalize docs.json formatting']);
    const events = await db.query<{ kind: string }>('SELECT kind FROM agent_job_events WHERE job_id = $1 ORDER BY id', [job.id]);
    expect(events.map((e) => e.kind)).toEqual(['claimed', 'claimed', 'completed']);
    expect((await getAgentJobById(db, job.id))!.prLink).toMatch(/\/pulls\//);
    const pending = await db.query('SELECT id FROM agent_job_messages WHERE job_id = $1 AND handled_at IS NULL', [job.id]);
    expect(pending).toEqual([]);
  });
});

describe('a run that takes too long', { timeout: 60_000 }, () => {
  it('is stopped and fails with AGENT_TIMEOUT, pushing nothing', async () => {
    tmp = await tempDir('folio-timeout-');
    db = await openDatabase({ memory: true });
    const bare = await createBareRepo(tmp.dir);
    const project = await createProject(db, { name: 't', repoUrl: bare });
    worker = await startWorker({
      db,
      publicUrl: 'http://folio.test',
      workDir: path.join(tmp.dir, 'work'),
      pollIntervalSeconds: 0.5,
      verify: 'validate',
      llm: null,
      jobTimeoutMs: 1500,
      models: {
        // Never finishes on its own; only the abort signal ends it.
        stuck: ({ signal }) => new Promise((_, reject) => signal!.addEventListener('abort', () => reject(new Error('aborted')))),
      },
    });
    const job = await createAgentJob(db, { projectId: project.id, repository: bare, ref: null, model: 'stuck', prompt: 'anything' });
    await worker.enqueue(job.id);
    for (;;) {
      const row = await getAgentJobById(db, job.id);
      if (row!.status !== 'active') {
        expect(row).toMatchObject({ status: 'failed', prLink: null });
        expect(row!.failureReason).toMatch(/^AGENT_TIMEOUT: the run took longer than 0\.03 minutes/);
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(gitOut(bare, ['branch', '--list', 'folio/*'])).toBe('');
  });
});
