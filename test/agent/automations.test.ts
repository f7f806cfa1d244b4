import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAutomations, startAutomationScheduler } from '../../src/agent/index.js';
import { createApiKey, createProject, getAgentJobById, listAgentJobMessages, listAutomationRuns, listDeliveries, openDatabase, type ProjectRow } from '../../src/db/index.js';
import { createAutomation } from '../../src/db/index.js';
import type { BuildSite } from '../../src/hosting/index.js';
import { openTestDatabase } from '../db/helpers.js';
import { contractClient } from '../server/contract.js';
import { startTestServer, type TestServer } from '../server/helpers.js';

// Automations: scheduled or on-push agent runs per project, each an ordinary agent job.
const buildSite: BuildSite = async () => ({ ok: false, pages: 0, diagnostics: [], durationMs: 1 });

describe('automations', () => {
  let s: TestServer;
  let api: Awaited<ReturnType<typeof contractClient>>;
  let other: ProjectRow;
  let otherAuth: Record<string, string>;
  const queued: string[] = [];

  beforeAll(async () => {
    s = await startTestServer('pglite', { buildSite, models: ['folio-maintainer', 'local-llama'], enqueueAgentJob: (id) => void queued.push(id) });
    api = await contractClient(s.app);
    // A repository that does not exist: webhook-triggered updates fail at once, locally.
    other = await createProject(s.db, { name: 'Other', repoUrl: 'file:///nonexistent/folio-automations.git' });
    otherAuth = { Authorization: `Bearer ${(await createApiKey(s.db, { projectIds: [other.id] })).key}`, 'Content-Type': 'application/json' };
  });
  afterAll(() => s.cleanup());

  const create = (body: object, projectId = s.project.id, headers = s.auth) =>
    api.request(`/v1/workflow/${projectId}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const trigger = (id: string, projectId = s.project.id, headers: Record<string, string> = s.auth) =>
    api.request(`/v1/workflow/${projectId}/${id}/trigger`, { method: 'POST', headers });

  it('creates, lists and deletes automations, refusing a bad schedule, model or branch by field', async () => {
    const bad = await create({ name: 'Weekly', trigger: 'schedule', schedule: '0 25 * * 1', prompt: 'fix broken links' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe('Invalid request: schedule: "0 25 * * 1" is not a cron expression: hour: 25 is outside 0-23.');
    const noSchedule = await create({ name: 'Weekly', trigger: 'schedule', prompt: 'fix broken links' });
    expect((await noSchedule.json()).error).toMatch(/^Invalid request: schedule: a scheduled automation needs a cron expression/);
    const model = await create({ name: 'Weekly', trigger: 'schedule', schedule: '0 9 * * 1', prompt: 'fix broken links', model: 'gpt-9' });
    expect((await model.json()).error).toMatch(/^Invalid request: model: "gpt-9" is not offered/);
    const branch = await create({ name: 'Sync', trigger: 'push', branch: 'bad..branch', prompt: 'sync navigation' });
    expect(branch.status).toBe(400);
    expect((await branch.json()).error).toMatch(/^Invalid request: branch: "bad..branch" is not a usable branch name/);

    const res = await create({ name: 'Weekly links', trigger: 'schedule', schedule: '0 9 * * mon', prompt: 'fix broken links' });
    expect(res.status).toBe(201);
    const made = await res.json();
    expect(made).toMatchObject({ name: 'Weekly links', trigger: 'schedule', schedule: '0 9 * * mon', branch: null, active: true, lastRunAt: null, model: null });
    const next = new Date(made.nextRunAt);
    expect(next.getUTCDay()).toBe(1);
    expect(next.getUTCHours()).toBe(9);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(7 * 86_400_000);

    const listed = await (await api.request(`/v1/workflow/${s.project.id}`, { headers: s.auth })).json();
    expect(listed.automations.map((a: { id: string }) => a.id)).toContain(made.id);
    // Another project's key sees neither the list nor the automation.
    expect((await api.request(`/v1/workflow/${s.project.id}`, { headers: otherAuth })).status).toBe(404);
    expect((await api.request(`/v1/workflow/${s.project.id}/${made.id}`, { method: 'DELETE', headers: otherAuth })).status).toBe(404);
    expect((await api.request(`/v1/workflow/${other.id}/${made.id}`, { method: 'DELETE', headers: otherAuth })).status).toBe(404);
    expect((await api.request(`/v1/workflow/${s.project.id}/${made.id}`, { method: 'DELETE', headers: s.auth })).status).toBe(204);
    expect((await api.request(`/v1/workflow/${s.project.id}/${made.id}`, { method: 'DELETE', headers: s.auth })).status).toBe(404);
  });

  it('POST /v1/workflow/{projectId}/{workflowSchemaId}/trigger queues an ordinary agent job (202), and answers 400/401/404 as documented', async () => {
    const made = await (await create({ name: 'Changelog', trigger: 'schedule', schedule: '0 0 1 * *', prompt: 'add pages that are not in the navigation', model: 'local-llama' })).json();
    const res = await trigger(made.id);
    expect(res.status).toBe(202);
    const body = await res.json();
    expect(body.schemaId).toBe(made.id);
    expect(body.instanceId).not.toBe(body.jobId);
    expect(queued).toContain(body.jobId);
    const job = await (await api.request(`/v2/agent/${s.project.id}/job/${body.jobId}`, { headers: s.auth })).json();
    expect(job).toMatchObject({ id: body.jobId, status: 'active', model: 'local-llama', source: { repository: s.project.repoUrl, ref: null } });
    expect((await listAgentJobMessages(s.db, body.jobId)).map((m) => m.prompt)).toEqual(['add pages that are not in the navigation']);
    expect(await listAutomationRuns(s.db, made.id)).toMatchObject([{ id: body.instanceId, jobId: body.jobId, reason: 'api' }]);
    // A manual run leaves the schedule where it was.
    const after = (await (await api.request(`/v1/workflow/${s.project.id}`, { headers: s.auth })).json()).automations.find((a: { id: string }) => a.id === made.id);
    expect(after.nextRunAt).toBe(made.nextRunAt);
    expect(after.lastRunAt).not.toBeNull();

    expect((await trigger(made.id, s.project.id, {})).status).toBe(401);
    const malformed = await trigger('not-an-id');
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error).toMatch(/workflowSchemaId: "not-an-id" is not an automation ID/);
    expect((await trigger(randomUUID())).status).toBe(404);
    // The automation of one project through another project's path or key: 404 either way.
    expect((await trigger(made.id, other.id, otherAuth)).status).toBe(404);
    expect((await trigger(made.id, s.project.id, otherAuth)).status).toBe(404);

    const push = await (await create({ name: 'Sync', trigger: 'push', prompt: 'sync navigation with the OpenAPI spec' })).json();
    const notScheduled = await trigger(push.id);
    expect(notScheduled.status).toBe(400);
    expect((await notScheduled.json()).code).toBe('AUTOMATION_NOT_SCHEDULED');
    await s.services.setAutomationActive(s.project, made.id, false);
    const paused = await trigger(made.id);
    expect(paused.status).toBe(400);
    expect((await paused.json()).code).toBe('AUTOMATION_INACTIVE');
    expect(api.checked).toBeGreaterThan(10);
  });

  it('fires a due schedule once, at the injected clock, and moves it to the next time', async () => {
    const row = await createAutomation(s.db, {
      projectId: other.id,
      name: 'Monday links',
      trigger: 'schedule',
      schedule: '0 9 * * 1',
      branch: null,
      prompt: 'fix broken links',
      model: null,
      nextRunAt: new Date('2030-01-07T09:00:00Z'),
    });
    let clock = new Date('2030-01-07T08:59:30Z');
    const seen: string[] = [];
    const automations = createAutomations({ db: s.db, defaultModel: 'folio-maintainer', enqueue: (id) => void seen.push(id) });
    const scheduler = startAutomationScheduler({ automations, intervalMs: 3_600_000, now: () => clock });
    try {
      const mine = async () => (await scheduler.tick()).filter((r) => r.automationId === row.id);
      expect(await mine()).toEqual([]);
      clock = new Date('2030-01-07T09:00:10Z');
      // Two ticks at once (as two processes would): one run.
      const [a, b] = await Promise.all([automations.runDue(clock), automations.runDue(clock)]);
      const fired = [...a, ...b].filter((r) => r.automationId === row.id);
      expect(fired).toHaveLength(1);
      expect(await mine()).toEqual([]);
      const job = await getAgentJobById(s.db, fired[0]!.job.id);
      expect(job).toMatchObject({ projectId: other.id, status: 'active', model: 'folio-maintainer', prompt: 'fix broken links', repository: other.repoUrl });
      expect(seen).toContain(job!.id);
      const runs = await listAutomationRuns(s.db, row.id);
      expect(runs).toMatchObject([{ reason: 'schedule', jobId: job!.id }]);
      // After a week of downtime, one catch-up run, then the next Monday after the clock.
      clock = new Date('2030-01-16T12:00:00Z');
      expect(await mine()).toHaveLength(1);
      const listed = await (await api.request(`/v1/workflow/${other.id}`, { headers: otherAuth })).json();
      expect(listed.automations.find((x: { id: string }) => x.id === row.id).nextRunAt).toBe('2030-01-21T09:00:00.000Z');
    } finally {
      await scheduler.stop();
    }
  });

  it('a signed push delivery starts the push automations watching that branch', async () => {
    const mk = async (body: object) => (await (await create(body, other.id, otherAuth)).json()) as { id: string };
    const onMain = await mk({ name: 'Sync nav', trigger: 'push', prompt: 'sync navigation with the OpenAPI spec' });
    const onRelease = await mk({ name: 'Release notes', trigger: 'push', branch: 'release', prompt: 'draft the changelog' });
    const deliver = (branch: string, id = randomUUID()) => {
      const body = JSON.stringify({ ref: `refs/heads/${branch}`, after: 'a'.repeat(40), repository: { full_name: 'acme/docs' } });
      const signature = `sha256=${createHmac('sha256', other.webhookSecret!).update(body).digest('hex')}`;
      return s.app.request(`/webhooks/github/${other.id}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-GitHub-Event': 'push', 'X-GitHub-Delivery': id, 'X-Hub-Signature-256': signature },
        body,
      });
    };
    const delivery = randomUUID();
    const res = await deliver('main', delivery);
    expect(res.status).toBe(202);
    const body = await res.json();
    expect(body.automationJobs).toHaveLength(1);
    const job = await getAgentJobById(s.db, body.automationJobs[0]);
    expect(job).toMatchObject({ projectId: other.id, prompt: 'sync navigation with the OpenAPI spec', ref: null });
    expect(await listAutomationRuns(s.db, onMain.id)).toMatchObject([{ reason: 'push', jobId: job!.id }]);
    expect(await listAutomationRuns(s.db, onRelease.id)).toEqual([]);
    expect((await listDeliveries(s.db, other.id))[0]!.detail).toContain(`automation jobs ${job!.id}`);
    // A replayed delivery is refused and starts nothing.
    expect((await deliver('main', delivery)).status).toBe(401);
    expect(await listAutomationRuns(s.db, onMain.id)).toHaveLength(1);
    // A push to the release branch starts the release automation, on that branch.
    const release = await (await deliver('release')).json();
    expect(release.automationJobs).toHaveLength(1);
    expect(await getAgentJobById(s.db, release.automationJobs[0])).toMatchObject({ prompt: 'draft the changelog', ref: 'release' });
    // Unsigned: refused, nothing runs.
    const unsigned = await s.app.request(`/webhooks/github/${other.id}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-GitHub-Event': 'push', 'X-GitHub-Delivery': randomUUID(), 'X-Hub-Signature-256': 'sha256=00' },
      body: JSON.stringify({ ref: 'refs/heads/main', after: 'b'.repeat(40) }),
    });
    expect(unsigned.status).toBe(401);
    expect(await listAutomationRuns(s.db, onMain.id)).toHaveLength(1);
    await s.updates.idle();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('automation scheduler on PostgreSQL', () => {
  it('two processes ticking at once fire a due schedule once', async () => {
    const t = await openTestDatabase('postgres');
    const second = await openDatabase({ databaseUrl: t.url! });
    try {
      const project = await createProject(t.db, { name: 'Cron', repoUrl: 'https://example.test/docs.git' });
      const due = new Date('2030-03-04T09:00:00Z');
      for (let i = 0; i < 5; i++) {
        await createAutomation(t.db, { projectId: project.id, name: `a${i}`, trigger: 'schedule', schedule: '0 9 * * 1', branch: null, prompt: 'fix broken links', model: null, nextRunAt: due });
      }
      const one = createAutomations({ db: t.db, defaultModel: 'folio-maintainer' });
      const two = createAutomations({ db: second, defaultModel: 'folio-maintainer' });
      const clock = new Date('2030-03-04T09:00:05Z');
      const [a, b] = await Promise.all([one.runDue(clock), two.runDue(clock)]);
      expect([...a, ...b].map((r) => r.automationId).sort()).toHaveLength(5);
      expect(new Set([...a, ...b].map((r) => r.automationId)).size).toBe(5);
      const [{ count }] = await t.db.query<{ count: number }>('SELECT count(*)::int AS count FROM agent_jobs WHERE project_id = $1', [project.id]);
      expect(count).toBe(5);
    } finally {
      await second.close();
      await t.cleanup();
    }
  });
});
