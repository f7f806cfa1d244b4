import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, createProject } from '../../src/db/index.js';
import { createBareRepo, gitOut, tempDir } from '../git/git-fixtures.js';
import { startTestServer, type TestServer } from './helpers.js';

// Requests that can only fail later are refused at the door, naming the field and the choices.
describe('agent job validation at the door', () => {
  let s: TestServer;
  let tmp: Awaited<ReturnType<typeof tempDir>>;
  let auth: Record<string, string>;
  let projectId: string;
  const queued: string[] = [];

  beforeAll(async () => {
    tmp = await tempDir('folio-validation-');
    const repo = await createBareRepo(tmp.dir);
    gitOut(repo, ['branch', 'release/v2', 'main']);
    s = await startTestServer('pglite', { models: ['folio-maintainer', 'local-llama'], enqueueAgentJob: (id) => void queued.push(id) });
    const project = await createProject(s.db, { name: 'Repo', repoUrl: repo, agentRatePerHour: 1000 });
    const { key } = await createApiKey(s.db, { projectIds: [project.id] });
    projectId = project.id;
    auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  });
  afterAll(async () => {
    await s.cleanup();
    await tmp.cleanup();
  });

  const create = (body: object) => s.app.request(`/v2/agent/${projectId}/job`, { method: 'POST', headers: auth, body: JSON.stringify(body) });

  it('refuses a model the server does not offer, listing the ones it does', async () => {
    const res = await create({ prompt: 'fix broken internal links', model: 'gpt-9' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'Invalid request: model: "gpt-9" is not offered by this server; choose one of "folio-maintainer", "local-llama".',
      code: 'INVALID_REQUEST',
    });
  });

  it('refuses a branch the repository does not have, listing its branches', async () => {
    const res = await create({ prompt: 'fix broken internal links', branch: 'relase/v2' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'Invalid request: branch: the repository has no branch "relase/v2"; choose one of "main", "release/v2", or leave branch out to use the project\'s branch.',
      code: 'INVALID_REQUEST',
    });
  });

  it('refuses a follow-up with a blank prompt', async () => {
    const created = await create({ prompt: 'fix broken internal links' });
    const { id } = (await created.json()) as { id: string };
    const res = await s.app.request(`/v2/agent/${projectId}/job/${id}/message`, { method: 'POST', headers: auth, body: JSON.stringify({ prompt: '   ' }) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toMatch(/^Invalid request: prompt: it is empty/);
  });

  it('accepts an offered model on an existing branch, and creates nothing for the refused requests', async () => {
    const before = queued.length;
    const res = await create({ prompt: 'fix broken internal links', model: 'local-llama', branch: 'release/v2' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ model: 'local-llama', source: { ref: 'release/v2' } });
    expect(queued.length).toBe(before + 1);
    const [{ n }] = await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM agent_jobs WHERE project_id = $1', [projectId]);
    expect(n).toBe(2);
  });
});
