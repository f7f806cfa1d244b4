/**
 * Credentials in repository URLs (issue 48, item 6). Two spellings got past the check: a user part with a
 * space or a non-breaking space in it (`https://us er:TOKEN@host/...`), and a token in the query
 * (`https://host/r.git?access_token=TOKEN`). Both were stored, and the token showed in the update's log and
 * summary, `GET /v1/project/update-status`, the server log and the project's pages. Now the project form
 * (create and settings) refuses them with GIT_BAD_REPOSITORY, and a URL stored before that (or written to
 * the database by hand) is shown masked everywhere and refused by the update before git sees it.
 * Both database backends.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentJob, createApiKey, createProject, listProjects } from '../../src/db/index.js';
import { createUser } from '../../src/dashboard/index.js';
import { backends } from '../db/helpers.js';
import { dashboardStack, FormClient, type Stack } from '../dashboard/harness.js';
import { startTestServer, type TestServer } from '../server/helpers.js';

const TOKEN = 'glpat-Zq7TokenValue93';
const VARIANTS = {
  'space in the user part': `https://us er:${TOKEN}@git.example.invalid/acme/docs.git`,
  'non-breaking space in the user part': `https://us\u00a0er:${TOKEN}@git.example.invalid/acme/docs.git`,
  'token in the query': `https://git.example.invalid/acme/docs.git?access_token=${TOKEN}`,
  'token in the fragment': `https://git.example.invalid/acme/docs.git#private_token=${TOKEN}`,
};

describe.each(backends)('credentials in repository URLs on %s', (kind) => {
  let stack: Stack;
  let server: TestServer;
  const serverLog: string[] = [];

  beforeAll(async () => {
    stack = await dashboardStack({ kind });
    server = await startTestServer(kind, { log: (line) => void serverLog.push(line) });
  });
  afterAll(async () => {
    await stack?.close();
    await server?.cleanup();
  });

  async function signedIn(): Promise<FormClient> {
    const email = `creds-${randomUUID()}@example.com`;
    await createUser(stack.db, email, 'correct horse battery');
    const client = new FormClient(stack.app);
    await client.get('/dashboard/login');
    expect((await client.post('/dashboard/login', { email, password: 'correct horse battery' })).status).toBe(303);
    return client;
  }

  it('the project form refuses every spelling, on create and in settings, with GIT_BAD_REPOSITORY and the token masked', async () => {
    const client = await signedIn();
    await client.get('/dashboard/projects');
    const created = await client.post('/dashboard/projects', { name: 'Creds', repoUrl: 'https://git.example.invalid/acme/docs.git', branch: 'main', docsDir: '.' });
    expect(created.status).toBe(303);
    const projectUrl = created.headers.get('location')!.split('?')[0]!;
    for (const [what, repoUrl] of Object.entries(VARIANTS)) {
      await client.get('/dashboard/projects');
      const res = await client.post('/dashboard/projects', { name: `Creds ${what}`, repoUrl, branch: 'main', docsDir: '.' });
      expect(res.status, what).toBe(400);
      expect(client.lastHtml, what).toContain('Repository: GIT_BAD_REPOSITORY: Repository &quot;https://');
      expect(client.lastHtml, what).toContain('it carries credentials');
      expect(client.lastHtml, what).toContain('FOLIO_GITHUB_TOKEN');
      expect(client.lastHtml, what).not.toContain(TOKEN);

      await client.get(`${projectUrl}/settings`);
      const changed = await client.post(`${projectUrl}/settings`, { name: 'Creds', repoUrl, branch: 'main', docsDir: '.', agentRatePerHour: '5' });
      expect(changed.status, what).toBe(400);
      expect(client.lastHtml, what).toContain('GIT_BAD_REPOSITORY');
      expect(client.lastHtml, what).not.toContain(TOKEN);
    }
    const projects = await listProjects(stack.db);
    expect(projects.some((p) => p.repoUrl.includes(TOKEN))).toBe(false);
  });

  it('a URL stored before the check is masked on every page that shows it', async () => {
    const client = await signedIn();
    for (const [what, repoUrl] of Object.entries(VARIANTS)) {
      const project = await createProject(stack.db, { name: `Stored ${what}`, repoUrl });
      const job = await createAgentJob(stack.db, { projectId: project.id, repository: repoUrl, ref: null, model: 'folio-maintainer', prompt: 'fix links' });
      for (const page of ['/dashboard/projects', `/dashboard/projects/${project.id}`, `/dashboard/projects/${project.id}/settings`, `/dashboard/projects/${project.id}/jobs`, `/dashboard/projects/${project.id}/jobs/${job.id}`, `/dashboard/projects/${project.id}/updates`]) {
        const res = await client.get(page);
        expect(res.status, `${what} ${page}`).toBe(200);
        expect(await res.text(), `${what} ${page}`).not.toContain(TOKEN);
      }
    }
  });

  it('an update of such a project is refused before git runs; the token reaches no log, summary, status or job body', async () => {
    for (const [what, repoUrl] of Object.entries(VARIANTS)) {
      const project = await createProject(server.db, { name: `Update ${what}`, repoUrl });
      const { key } = await createApiKey(server.db, { projectIds: [project.id] });
      const auth = { Authorization: `Bearer ${key}` };
      const res = await server.app.request(`/v1/project/update/${project.id}`, { method: 'POST', headers: auth });
      expect(res.status, what).toBe(202);
      const { statusId } = (await res.json()) as { statusId: string };
      await server.updates.idle();
      const body = await (await server.app.request(`/v1/project/update-status/${statusId}`, { headers: auth })).text();
      const status = JSON.parse(body) as { status: string; summary: string; logs: string[] };
      expect(status.status, what).toBe('failure');
      expect(status.summary, what).toMatch(/^UPDATE_BAD_SOURCE: Repository "https:\/\/[^"]*" is refused: it carries credentials/);
      expect(body, what).not.toContain(TOKEN);

      const job = await createAgentJob(server.db, { projectId: project.id, repository: repoUrl, ref: null, model: 'folio-maintainer', prompt: 'fix links' });
      const jobRes = await server.app.request(`/v2/agent/${project.id}/job/${job.id}`, { headers: auth });
      expect(jobRes.status, what).toBe(200);
      const jobBody = await jobRes.text();
      expect(jobBody, what).toContain('git.example.invalid/acme/docs.git');
      expect(jobBody, what).not.toContain(TOKEN);
    }
    expect(serverLog.join('\n')).toContain('UPDATE_BAD_SOURCE');
    expect(serverLog.join('\n')).not.toContain(TOKEN);
  });
});
