import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeAgentJob, claimAgentJob, createProject, pendingAgentJobMessages, updateProject } from '../../src/db/index.js';
import { backends } from '../db/helpers.js';
import { contractClient } from './contract.js';
import { startTestServer, type TestServer } from './helpers.js';

describe.each(backends)('admin API on %s', (kind) => {
  let s: TestServer;
  let api: Awaited<ReturnType<typeof contractClient>>;
  const queued: string[] = [];
  beforeAll(async () => {
    s = await startTestServer(kind, { enqueueAgentJob: (id) => void queued.push(id) });
    api = await contractClient(s.app);
  });
  afterAll(async () => {
    await s.cleanup();
  });

  const post = (url: string, body: unknown, headers = s.auth) =>
    api.request(url, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const jobUrl = (id: string) => `/v2/agent/${s.project.id}/job/${id}`;

  it('creates a job exactly as the spec shapes it and hands it to the queue', async () => {
    const res = await post(`/v2/agent/${s.project.id}/job`, { prompt: 'Fix broken links', branch: 'docs/links', model: 'folio-maintainer' });
    expect(res.status).toBe(201);
    const job = await res.json();
    // The spec's fields, plus Folio's `failureReason` (null unless the job failed) and `summary` (null while active).
    expect(Object.keys(job).sort()).toEqual(['archivedAt', 'createdAt', 'failureReason', 'id', 'model', 'prLink', 'source', 'status', 'summary']);
    expect(job).toMatchObject({
      status: 'active',
      source: { repository: 'https://example.test/docs.git', ref: 'docs/links' },
      model: 'folio-maintainer',
      prLink: null,
      archivedAt: null,
      failureReason: null,
      summary: null,
    });
    expect(queued).toContain(job.id);
    expect(res.headers.get('location')).toBe(jobUrl(job.id));
  });

  it('gets a job with an ETag and answers 304 while it is unchanged', async () => {
    const job = await (await post(`/v2/agent/${s.project.id}/job`, { prompt: 'Poll me' })).json();
    const first = await api.request(jobUrl(job.id), { headers: s.auth });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual(job);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    const again = await api.request(jobUrl(job.id), { headers: { ...s.auth, 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');

    await claimAgentJob(s.db, { workerId: 'w', leaseMs: 60_000, jobId: job.id });
    const [message] = await pendingAgentJobMessages(s.db, job.id);
    await completeAgentJob(s.db, { jobId: job.id, workerId: 'w', prLink: 'https://example.test/pr/7', throughMessageId: message!.id });
    const changed = await api.request(jobUrl(job.id), { headers: { ...s.auth, 'If-None-Match': etag } });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ status: 'completed', prLink: 'https://example.test/pr/7' });
  });

  it('never serves a stale job after any write, even raw SQL from elsewhere', async () => {
    const job = await (await post(`/v2/agent/${s.project.id}/job`, { prompt: 'Cache me' })).json();
    for (const status of ['failed', 'completed', 'archived'] as const) {
      expect((await api.request(jobUrl(job.id), { headers: s.auth })).status).toBe(200);
      await s.db.query('UPDATE agent_jobs SET status = $1, updated_at = now() WHERE id = $2', [status, job.id]);
      // PostgreSQL notifications arrive after the commit; PGlite's before the write resolves.
      if (kind === 'postgres') await new Promise((r) => setTimeout(r, 50));
      expect((await (await api.request(jobUrl(job.id), { headers: s.auth })).json()).status).toBe(status);
    }
    await s.db.query('DELETE FROM agent_jobs WHERE id = $1', [job.id]);
    if (kind === 'postgres') await new Promise((r) => setTimeout(r, 50));
    expect((await api.request(jobUrl(job.id), { headers: s.auth })).status).toBe(404);
  });

  it('reopens a finished job on a follow-up, hiding prLink while active', async () => {
    const job = await (await post(`/v2/agent/${s.project.id}/job`, { prompt: 'First' })).json();
    await claimAgentJob(s.db, { workerId: 'w', leaseMs: 60_000, jobId: job.id });
    const [message] = await pendingAgentJobMessages(s.db, job.id);
    await completeAgentJob(s.db, { jobId: job.id, workerId: 'w', prLink: 'https://example.test/pr/8', throughMessageId: message!.id });
    queued.length = 0;
    const res = await post(`${jobUrl(job.id)}/message`, { prompt: 'Also fix typos' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: job.id, status: 'active', prLink: null });
    expect(queued).toEqual([job.id]);
  });

  it('archives a job, sets archivedAt, and refuses messages to it', async () => {
    const job = await (await post(`/v2/agent/${s.project.id}/job`, { prompt: 'Archive me' })).json();
    const res = await post(`${jobUrl(job.id)}/archive`, '');
    expect(res.status).toBe(200);
    const archived = await res.json();
    expect(archived.status).toBe('archived');
    expect(Date.parse(archived.archivedAt)).toBeGreaterThanOrEqual(Date.parse(job.createdAt));
    const twice = await (await post(`${jobUrl(job.id)}/archive`, '')).json();
    expect(twice.archivedAt).toBe(archived.archivedAt);
    const refused = await post(`${jobUrl(job.id)}/message`, { prompt: 'more' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: 'This job is archived and takes no more messages; create a new job instead.',
      code: 'JOB_ARCHIVED',
    });
  });

  it('lists jobs newest first with cursor pagination and a status filter', async () => {
    const project = await createProject(s.db, { name: 'List', repoUrl: 'https://example.test/l.git' });
    await s.db.query('UPDATE api_keys SET project_ids = project_ids || $1::text[]', [[project.id]]);
    s.keyCache.invalidate((await s.db.query<{ id: string }>('SELECT id FROM api_keys'))[0]!.id);
    const ids: string[] = [];
    for (const prompt of ['a', 'b', 'c']) ids.push((await (await post(`/v2/agent/${project.id}/job`, { prompt })).json()).id);
    await post(`/v2/agent/${project.id}/job/${ids[0]}/archive`, '');
    const page1 = await (await api.request(`/v2/agent/${project.id}/jobs?limit=2`, { headers: s.auth })).json();
    expect(page1.jobs.map((j: { id: string }) => j.id)).toEqual([ids[2], ids[1]]);
    const page2 = await (
      await api.request(`/v2/agent/${project.id}/jobs?limit=2&cursor=${page1.nextCursor}`, { headers: s.auth })
    ).json();
    expect(page2).toMatchObject({ jobs: [{ id: ids[0] }], nextCursor: null });
    const archived = await (await api.request(`/v2/agent/${project.id}/jobs?status=archived`, { headers: s.auth })).json();
    expect(archived.jobs.map((j: { id: string }) => j.id)).toEqual([ids[0]]);
    const bad = await api.request(`/v2/agent/${project.id}/jobs?cursor=nonsense`, { headers: s.auth });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toContain('cursor');
  });

  it('names the field in 400s', async () => {
    const cases: Array<[unknown, string]> = [
      [{}, 'Invalid request: prompt: Invalid input: expected string, received undefined.'],
      [{ prompt: '' }, 'Invalid request: prompt: it is empty; write what the agent should do, for example "fix broken internal links".'],
      [{ prompt: ' \n ' }, 'Invalid request: prompt: it is empty; write what the agent should do, for example "fix broken internal links".'],
      [{ prompt: 'x', branch: '-delete' }, 'Invalid request: branch: "-delete" is not a usable branch name: it starts with "-".'],
      ['{"prompt": ', 'Invalid request: body: Malformed JSON in request body; send a JSON object.'],
      [{ prompt: 'x', brnach: 'main' }, 'Invalid request: body: Unrecognized key: "brnach".'],
    ];
    for (const [body, error] of cases) {
      const res = await post(`/v2/agent/${s.project.id}/job`, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error, code: 'INVALID_REQUEST' });
    }
  });

  it('answers 415 when the body is not sent as JSON', async () => {
    const res = await api.request(`/v2/agent/${s.project.id}/job`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${s.key}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: '{"prompt":"x"}',
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      error: 'Invalid request: body: send it as JSON with the header `Content-Type: application/json`.',
      code: 'INVALID_REQUEST',
    });
  });

  it('answers 413 for an oversized body', async () => {
    const res = await post(`/v2/agent/${s.project.id}/job`, { prompt: 'x'.repeat(2 * 1024 * 1024) });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: 'Request body too large: the limit is 1048576 bytes.', code: 'BODY_TOO_LARGE' });
  });

  it('answers 429 with Retry-After once the project rate is used up', async () => {
    await updateProject(s.db, s.project.id, { agentRatePerHour: 0 });
    s.projects.invalidate(s.project.id);
    try {
      const res = await post(`/v2/agent/${s.project.id}/job`, { prompt: 'one too many' });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
      expect((await res.json()).code).toBe('RATE_LIMITED');
    } finally {
      await updateProject(s.db, s.project.id, { agentRatePerHour: 1000 });
      s.projects.invalidate(s.project.id);
    }
  });

  it('counts follow-ups against the same hourly rate', async () => {
    const project = await createProject(s.db, { name: 'Rate', repoUrl: 'https://example.test/r.git', agentRatePerHour: 2 });
    await s.db.query('UPDATE api_keys SET project_ids = project_ids || $1::text[]', [[project.id]]);
    s.keyCache.invalidate((await s.db.query<{ id: string }>('SELECT id FROM api_keys'))[0]!.id);
    const job = await (await post(`/v2/agent/${project.id}/job`, { prompt: 'one' })).json();
    expect((await post(`/v2/agent/${project.id}/job/${job.id}/message`, { prompt: 'two' })).status).toBe(200);
    expect((await post(`/v2/agent/${project.id}/job/${job.id}/message`, { prompt: 'three' })).status).toBe(429);
  });

  it('keeps the deprecated v1 agent API: create streams status events, get and list map jobs to sessions', async () => {
    const res = await post(`/v1/agent/${s.project.id}/job`, {
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Fix the broken links' },
      ],
      model: 'sonnet',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const id = res.headers.get('x-session-id')!;
    expect(res.headers.get('x-branch-name')).toBe(`folio/agent-${id}`);
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
    expect(first).toContain('event: status');
    const event = JSON.parse(/data: (.*)/.exec(first)![1]!);
    expect(event).toMatchObject({ sessionId: id, haulted: false, haultReason: 'processing', title: 'Fix the broken links' });

    await s.db.query("UPDATE agent_jobs SET status = 'failed', failure_reason = 'AGENT_X: broke', updated_at = now() WHERE id = $1", [id]);
    const got = await (await api.request(`/v1/agent/${s.project.id}/job/${id}`, { headers: s.auth })).json();
    expect(got).toMatchObject({ sessionId: id, subdomain: s.project.id, haulted: true, haultReason: 'error', messageToUser: 'AGENT_X: broke', todos: [] });
    const job = await (await api.request(jobUrl(id), { headers: s.auth })).json();
    expect(job.model).toBe('folio-maintainer');
    const list = await (await api.request(`/v1/agent/${s.project.id}/jobs?take=1`, { headers: s.auth })).json();
    expect(list.allSessions).toHaveLength(1);
    const none = await post(`/v1/agent/${s.project.id}/job`, { messages: [{ role: 'system', content: 'x' }] });
    expect(none.status).toBe(400);
    expect((await none.json()).error).toContain('messages');
  });

  it('serves its own OpenAPI 3.1 document with every route', async () => {
    const doc = await (await s.app.request('/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/v1/agent/{projectId}/job',
      '/v1/agent/{projectId}/job/{id}',
      '/v1/agent/{projectId}/jobs',
      '/v1/analytics/{projectId}/assistant',
      '/v1/analytics/{projectId}/assistant/caller-stats',
      '/v1/analytics/{projectId}/assistant/threads',
      '/v1/analytics/{projectId}/assistant/threads/{threadId}',
      '/v1/analytics/{projectId}/feedback',
      '/v1/analytics/{projectId}/feedback/by-page',
      '/v1/analytics/{projectId}/referrers',
      '/v1/analytics/{projectId}/searches',
      '/v1/analytics/{projectId}/views',
      '/v1/analytics/{projectId}/visitors',
      '/v1/project/preview/{projectId}',
      '/v1/project/update-status/{statusId}',
      '/v1/project/update/{projectId}',
      '/v1/suggestions/{projectId}',
      '/v1/workflow/{projectId}',
      '/v1/workflow/{projectId}/{workflowSchemaId}',
      '/v1/workflow/{projectId}/{workflowSchemaId}/trigger',
      '/v2/agent/{projectId}/job',
      '/v2/agent/{projectId}/job/{id}',
      '/v2/agent/{projectId}/job/{id}/archive',
      '/v2/agent/{projectId}/job/{id}/message',
      '/v2/agent/{projectId}/job/{id}/messages',
      '/v2/agent/{projectId}/jobs',
    ]);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(api.checked).toBeGreaterThan(10);
  });
});
