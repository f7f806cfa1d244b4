import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentJob, createApiKey, createProject, generateAdminKey } from '../../src/db/index.js';
import { backends } from '../db/helpers.js';
import { contractClient } from './contract.js';
import { startTestServer, type TestServer } from './helpers.js';

describe.each(backends)('admin API authentication on %s', (kind) => {
  let s: TestServer;
  let api: Awaited<ReturnType<typeof contractClient>>;
  let jobId: string;
  beforeAll(async () => {
    s = await startTestServer(kind);
    api = await contractClient(s.app);
    jobId = (await createAgentJob(s.db, { projectId: s.project.id, repository: 'r', ref: null, model: 'm', prompt: 'p' })).id;
  });
  afterAll(() => s.cleanup());

  const get = (authorization?: string, url = `/v2/agent/${s.project.id}/job/${jobId}`) =>
    api.request(url, { headers: authorization === undefined ? {} : { Authorization: authorization } });

  async function expect401(res: Response, body: { error: string; code: string }) {
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await res.json()).toEqual(body);
  }

  it('accepts its own key', async () => {
    expect((await get(`Bearer ${s.key}`)).status).toBe(200);
  });

  it('401 without credentials', async () => {
    const res = await get();
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="folio"');
    await expect401(res, { error: 'Missing credentials: send `Authorization: Bearer <admin key>`.', code: 'AUTH_MISSING' });
  });

  it('marks wrong credentials as invalid_token', async () => {
    expect((await get(`Bearer ${generateAdminKey()}`)).headers.get('www-authenticate')).toBe('Bearer realm="folio", error="invalid_token"');
  });

  it('401 for malformed credentials: other schemes, wrong prefix, truncation', async () => {
    const body = {
      error: 'Malformed credentials: expected `Authorization: Bearer folio_...` with a complete admin key.',
      code: 'AUTH_MALFORMED',
    };
    for (const header of [`Basic ${s.key}`, `Bearer`, `Bearer sk_${s.key.slice(6)}`, `Bearer ${s.key.slice(0, -1)}`, s.key]) {
      await expect401(await get(header), body);
    }
  });

  it('accepts the scheme in any case, and calls a key with one wrong character unknown, not malformed', async () => {
    expect((await get(`bearer ${s.key}`)).status).toBe(200);
    expect((await get(`BEARER  ${s.key}`)).status).toBe(200);
    const tampered = s.key.slice(0, 10) + (s.key[10] === 'A' ? 'B' : 'A') + s.key.slice(11);
    await expect401(await get(`Bearer ${tampered}`), { error: 'Invalid credentials: no admin key matches this token.', code: 'AUTH_UNKNOWN_KEY' });
  });

  it('401 for a well-formed key that was never issued', async () => {
    await expect401(await get(`Bearer ${generateAdminKey()}`), {
      error: 'Invalid credentials: no admin key matches this token.',
      code: 'AUTH_UNKNOWN_KEY',
    });
  });

  it('401 for a revoked key, at once (cache invalidated)', async () => {
    const { key, row } = await createApiKey(s.db, { projectIds: [s.project.id] });
    expect((await get(`Bearer ${key}`)).status).toBe(200);
    await s.services.revokeKey(row.id);
    await expect401(await get(`Bearer ${key}`), {
      error: 'This admin key was revoked; create a new one with `folio keys create`.',
      code: 'AUTH_REVOKED_KEY',
    });
  });

  it('401 for an expired key', async () => {
    const { key } = await createApiKey(s.db, { projectIds: [s.project.id], expiresAt: new Date(Date.now() - 1000) });
    await expect401(await get(`Bearer ${key}`), {
      error: 'This admin key has expired; create a new one with `folio keys create`.',
      code: 'AUTH_EXPIRED_KEY',
    });
  });

  it('401 on every admin route, before validation', async () => {
    for (const [method, url] of [
      ['POST', `/v2/agent/${s.project.id}/job`],
      ['GET', `/v2/agent/${s.project.id}/jobs`],
      ['POST', `/v2/agent/${s.project.id}/job/${jobId}/message`],
      ['POST', `/v2/agent/${s.project.id}/job/${jobId}/archive`],
      ['POST', `/v1/project/update/${s.project.id}`],
      ['GET', `/v1/project/update-status/whatever`],
      ['POST', `/v1/agent/${s.project.id}/job`],
      ['GET', `/v1/agent/${s.project.id}/job/${jobId}`],
      ['GET', `/v1/agent/${s.project.id}/jobs`],
    ] as const) {
      const res = await api.request(url, { method, body: method === 'POST' ? '{}' : undefined });
      expect(res.status, `${method} ${url}`).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
  });

  it("answers a key of another project with the missing-job 404, identical to a job that does not exist", async () => {
    const other = await createProject(s.db, { name: 'Other', repoUrl: 'https://example.test/o.git' });
    const { key: otherKey } = await createApiKey(s.db, { projectIds: [other.id] });
    const foreign = await get(`Bearer ${otherKey}`);
    const missing = await get(`Bearer ${s.key}`, `/v2/agent/${s.project.id}/job/does-not-exist`);
    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    const body = await foreign.json();
    expect(body).toEqual(await missing.json());
    expect(body).toEqual({ error: 'Job not found. Check the job id and that your key belongs to this project.', code: 'NOT_FOUND' });
    // The same for the other job routes.
    for (const suffix of ['/message', '/archive']) {
      const res = await api.request(`/v2/agent/${s.project.id}/job/${jobId}${suffix}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${otherKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ prompt: 'x' }),
      });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual(body);
    }
    const list = await api.request(`/v2/agent/${s.project.id}/jobs`, { headers: { Authorization: `Bearer ${otherKey}` } });
    expect(list.status).toBe(404);
  });

  it('lets a key scoped to two projects act on both', async () => {
    const second = await createProject(s.db, { name: 'Second', repoUrl: 'https://example.test/s.git' });
    const { key } = await createApiKey(s.db, { projectIds: [s.project.id, second.id] });
    for (const id of [s.project.id, second.id]) {
      expect((await api.request(`/v2/agent/${id}/jobs`, { headers: { Authorization: `Bearer ${key}` } })).status).toBe(200);
    }
  });
});
