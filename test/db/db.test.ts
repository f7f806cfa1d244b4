import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addAgentJobMessage,
  apiKeyUnusableReason,
  archiveAgentJob,
  claimAgentJob,
  completeAgentJob,
  countAgentRequestsSince,
  createAgentJob,
  createApiKey,
  createUpdate,
  createProject,
  failUnfinishedUpdates,
  finishUpdate,
  getUpdate,
  failAgentJob,
  findApiKeyByHash,
  getAgentJob,
  hashAdminKey,
  listAgentJobs,
  pendingAgentJobMessages,
  revokeApiKey,
  takeAgentRequestSlot,
  type Database,
} from '../../src/db/index.js';
import { backends, openTestDatabase, type TestDatabase } from './helpers.js';

// `pglite-thread`: the same statements through the database thread a server uses.
describe.each([...backends, 'pglite-thread' as const])('database on %s', (kind) => {
  let t: TestDatabase;
  let db: Database;
  beforeAll(async () => {
    t = await openTestDatabase(kind);
    db = t.db;
  });
  afterAll(() => t.cleanup());

  const newJob = async (projectId: string, prompt = 'fix links') =>
    createAgentJob(db, { projectId, repository: 'https://example.test/r.git', ref: 'main', model: 'folio-maintainer', prompt });

  it('stores keys only as a hash and finds them by it', async () => {
    const project = await createProject(db, { name: 'Keys', repoUrl: 'https://example.test/k.git' });
    const { key, row } = await createApiKey(db, { projectIds: [project.id], name: 'ci' });
    expect(row.hash).toBe(hashAdminKey(key));
    expect(row.last4).toBe(key.slice(-4));
    expect(JSON.stringify(row)).not.toContain(key);
    expect((await findApiKeyByHash(db, row.hash))?.id).toBe(row.id);
    expect(apiKeyUnusableReason(row)).toBeNull();
    expect((await revokeApiKey(db, row.id))?.revokedAt).toBeInstanceOf(Date);
    expect(await revokeApiKey(db, row.id)).toBeNull();
    expect(apiKeyUnusableReason((await findApiKeyByHash(db, row.hash))!)).toBe('revoked');
  });

  it('pages jobs newest first with a status filter', async () => {
    const project = await createProject(db, { name: 'Pages', repoUrl: 'https://example.test/p.git' });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await newJob(project.id, `p${i}`)).id);
    await archiveAgentJob(db, project.id, ids[1]!);
    const first = await listAgentJobs(db, { projectId: project.id, limit: 2 });
    expect(first.jobs.map((j) => j.id)).toEqual([ids[4], ids[3]]);
    const second = await listAgentJobs(db, { projectId: project.id, limit: 2, after: first.next });
    expect(second.jobs.map((j) => j.id)).toEqual([ids[2], ids[1]]);
    const third = await listAgentJobs(db, { projectId: project.id, limit: 2, after: second.next });
    expect(third.jobs.map((j) => j.id)).toEqual([ids[0]]);
    expect(third.next).toBeNull();
    const archived = await listAgentJobs(db, { projectId: project.id, status: 'archived' });
    expect(archived.jobs.map((j) => j.id)).toEqual([ids[1]]);
  });

  it('claims with a lease, completes once, and reopens on a follow-up', async () => {
    const project = await createProject(db, { name: 'Work', repoUrl: 'https://example.test/w.git' });
    const job = await newJob(project.id);
    const claimed = await claimAgentJob(db, { workerId: 'w1', leaseMs: 60_000, jobId: job.id });
    expect(claimed?.id).toBe(job.id);
    expect(await claimAgentJob(db, { workerId: 'w2', leaseMs: 60_000, jobId: job.id })).toBeNull();
    const [message] = await pendingAgentJobMessages(db, job.id);
    expect(message?.prompt).toBe('fix links');
    expect(await completeAgentJob(db, { jobId: job.id, workerId: 'w2', prLink: null, throughMessageId: message!.id })).toBe('not-active');
    expect(await completeAgentJob(db, { jobId: job.id, workerId: 'w1', prLink: 'https://example.test/pr/1', throughMessageId: message!.id })).toBe('completed');
    expect(await failAgentJob(db, { jobId: job.id, reason: 'late' })).toBe(false);
    const done = await getAgentJob(db, project.id, job.id);
    expect(done).toMatchObject({ status: 'completed', prLink: 'https://example.test/pr/1', failureReason: null });

    const reopened = await addAgentJobMessage(db, project.id, job.id, 'also fix typos');
    expect('job' in reopened && reopened.job.status).toBe('active');
    expect((await pendingAgentJobMessages(db, job.id)).map((m) => m.prompt)).toEqual(['also fix typos']);
    expect(await addAgentJobMessage(db, 'other-project', job.id, 'x')).toEqual({ error: 'not-found' });
  });

  it('keeps a job active when a follow-up arrives during a run', async () => {
    const project = await createProject(db, { name: 'Race', repoUrl: 'https://example.test/r.git' });
    const job = await newJob(project.id);
    await claimAgentJob(db, { workerId: 'w1', leaseMs: 60_000, jobId: job.id });
    const [first] = await pendingAgentJobMessages(db, job.id);
    await addAgentJobMessage(db, project.id, job.id, 'second');
    expect(await completeAgentJob(db, { jobId: job.id, workerId: 'w1', prLink: null, throughMessageId: first!.id })).toBe('more-messages');
    expect((await getAgentJob(db, project.id, job.id))?.status).toBe('active');
    expect((await claimAgentJob(db, { workerId: 'w2', leaseMs: 60_000, jobId: job.id }))?.leaseOwner).toBe('w2');
  });

  it('lets an expired lease be claimed again and fails a job once', async () => {
    const project = await createProject(db, { name: 'Lease', repoUrl: 'https://example.test/l.git' });
    const job = await newJob(project.id);
    await claimAgentJob(db, { workerId: 'w1', leaseMs: 1, jobId: job.id });
    await new Promise((r) => setTimeout(r, 20));
    const again = await claimAgentJob(db, { workerId: 'w2', leaseMs: 60_000, jobId: job.id });
    expect(again).toMatchObject({ leaseOwner: 'w2', attempts: 2 });
    expect(await failAgentJob(db, { jobId: job.id, workerId: 'w1', reason: 'stale worker' })).toBe(false);
    expect(await failAgentJob(db, { jobId: job.id, workerId: 'w2', reason: 'AGENT_REPO_UNREACHABLE' })).toBe(true);
    expect(await failAgentJob(db, { jobId: job.id, workerId: 'w2', reason: 'twice' })).toBe(false);
    expect((await getAgentJob(db, project.id, job.id))?.failureReason).toBe('AGENT_REPO_UNREACHABLE');
  });

  it('admits agent requests up to the hourly limit, per project, and says when to retry', async () => {
    const project = await createProject(db, { name: 'Budget', repoUrl: 'https://example.test/b.git' });
    const other = await createProject(db, { name: 'Budget 2', repoUrl: 'https://example.test/b2.git' });
    const t0 = Date.parse('2030-01-01T10:00:30Z');
    expect((await takeAgentRequestSlot(db, project.id, 2, t0)).admitted).toBe(true);
    expect((await takeAgentRequestSlot(db, project.id, 2, t0 + 60_000)).admitted).toBe(true);
    const refused = await takeAgentRequestSlot(db, project.id, 2, t0 + 120_000);
    expect(refused).toEqual({ admitted: false, used: 2, retryAfterSeconds: 3600 - 150 });
    expect((await takeAgentRequestSlot(db, other.id, 2, t0 + 120_000)).admitted).toBe(true);
    // An hour after its minute began (11:00), the first request no longer counts; the second still does.
    expect((await takeAgentRequestSlot(db, project.id, 2, t0 + 3600_000)).admitted).toBe(true);
    expect((await takeAgentRequestSlot(db, project.id, 2, t0 + 3600_000)).admitted).toBe(false);
  });

  it('counts agent requests of the last hour per project', async () => {
    const project = await createProject(db, { name: 'Rate', repoUrl: 'https://example.test/x.git' });
    const job = await newJob(project.id);
    await addAgentJobMessage(db, project.id, job.id, 'again');
    const { count, oldest } = await countAgentRequestsSince(db, project.id, new Date(Date.now() - 3600_000));
    expect(count).toBe(2);
    expect(oldest).toBeInstanceOf(Date);
  });
});

describe.each(backends)('unfinished updates on %s', (kind) => {
  it('fails only those created before the cutoff, once', async () => {
    const t = await openTestDatabase(kind);
    try {
      const project = await createProject(t.db, { name: 'D', repoUrl: 'https://example.test/d.git' });
      const old = await createUpdate(t.db, project.id);
      await t.db.query("UPDATE updates SET created_at = now() - interval '2 hours' WHERE id = $1", [old.id]);
      const fresh = await createUpdate(t.db, project.id);
      expect(await failUnfinishedUpdates(t.db, 'UPDATE_INTERRUPTED: x', new Date(Date.now() - 3_600_000))).toBe(1);
      expect((await getUpdate(t.db, old.id))?.status).toBe('failure');
      expect((await getUpdate(t.db, fresh.id))?.status).toBe('queued');
      expect(await failUnfinishedUpdates(t.db, 'UPDATE_INTERRUPTED: x')).toBe(1);
      expect(await finishUpdate(t.db, fresh.id, { status: 'success', summary: 'late' })).toBe(false);
    } finally {
      await t.cleanup();
    }
  });
});
