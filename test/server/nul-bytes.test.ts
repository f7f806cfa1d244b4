import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../db/helpers.js';
import { startTestServer, type TestServer } from './helpers.js';

// PostgreSQL's text holds no U+0000: a NUL that reached a query answered 500. Every door refuses it
// first, with 400 INVALID_REQUEST naming the field.
describe.each(backends)('NUL characters in requests on %s', (kind) => {
  let s: TestServer;
  let jobId: string;
  beforeAll(async () => {
    s = await startTestServer(kind, { enqueueAgentJob: () => {} });
    const created = await s.app.request(`/v2/agent/${s.project.id}/job`, { method: 'POST', headers: s.auth, body: JSON.stringify({ prompt: 'fix broken internal links' }) });
    expect(created.status).toBe(201);
    jobId = ((await created.json()) as { id: string }).id;
  });
  afterAll(() => s.cleanup());

  const refused = (field: string) => ({
    error: `Invalid request: ${field}: it contains a NUL character (U+0000), which cannot be stored; remove it.`,
    code: 'INVALID_REQUEST',
  });
  const send = async (method: string, url: string, body?: unknown) => {
    const res = await s.app.request(url, { method, headers: s.auth, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, body: await res.json() };
  };

  it('refuses a NUL in job prompts, branches and models', async () => {
    const p = s.project.id;
    expect(await send('POST', `/v2/agent/${p}/job`, { prompt: 'a\u0000b' })).toEqual({ status: 400, body: refused('prompt') });
    expect(await send('POST', `/v2/agent/${p}/job`, { prompt: 'ok', model: 'folio\u0000' })).toEqual({ status: 400, body: refused('model') });
    expect(await send('POST', `/v2/agent/${p}/job/${jobId}/message`, { prompt: 'a\u0000b' })).toEqual({ status: 400, body: refused('prompt') });
    expect(await send('POST', `/v1/agent/${p}/job`, { messages: [{ role: 'user', content: 'a\u0000b' }] })).toEqual({ status: 400, body: refused('messages.0.content') });
  });

  it('refuses a NUL in automation names, prompts, schedules and models', async () => {
    const p = s.project.id;
    const base = { name: 'Weekly', trigger: 'schedule', schedule: '0 9 * * 1', prompt: 'fix broken internal links' };
    expect(await send('POST', `/v1/workflow/${p}`, { ...base, name: 'a\u0000b' })).toEqual({ status: 400, body: refused('name') });
    expect(await send('POST', `/v1/workflow/${p}`, { ...base, prompt: 'a\u0000b' })).toEqual({ status: 400, body: refused('prompt') });
    expect(await send('POST', `/v1/workflow/${p}`, { ...base, schedule: '0 9 * * 1\u0000' })).toEqual({ status: 400, body: refused('schedule') });
    expect(await send('POST', `/v1/workflow/${p}`, { ...base, model: 'm\u0000' })).toEqual({ status: 400, body: refused('model') });
  });

  it('refuses a NUL in path parameters and queries', async () => {
    const p = s.project.id;
    expect(await send('GET', `/v2/agent/${p}/job/a%00b`)).toEqual({ status: 400, body: refused('id') });
    expect(await send('GET', `/v2/agent/${p}/job/a%00b/messages`)).toEqual({ status: 400, body: refused('id') });
    expect(await send('POST', `/v2/agent/${p}/job/a%00b/archive`)).toEqual({ status: 400, body: refused('id') });
    expect(await send('GET', `/v1/agent/${p}/job/a%00b`)).toEqual({ status: 400, body: refused('id') });
    expect(await send('GET', `/v1/project/update-status/a%00b`)).toEqual({ status: 400, body: refused('statusId') });
    expect(await send('DELETE', `/v1/project/preview/${p}?branch=a%00b`)).toEqual({ status: 400, body: refused('branch') });
    expect(await send('GET', `/v2/agent/${p}/jobs?cursor=a%00b`)).toEqual({ status: 400, body: refused('cursor') });
    expect(await send('DELETE', `/v1/workflow/${p}/a%00b`)).toEqual({ status: 400, body: refused('workflowSchemaId') });
    expect(await send('POST', `/v2/agent/a%00b/job`, { prompt: 'x' })).toEqual({ status: 400, body: refused('projectId') });
  });

  it('stored nothing for the refused requests, and the server still answers', async () => {
    const [{ n }] = await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM agent_jobs');
    expect(n).toBe(1);
    const [{ a }] = await s.db.query<{ a: number }>('SELECT count(*)::int AS a FROM agent_automations');
    expect(a).toBe(0);
    expect((await send('GET', `/v2/agent/${s.project.id}/job/${jobId}`)).status).toBe(200);
  });
});
