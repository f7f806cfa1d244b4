import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addAgentJobSteps, claimAgentJob, createAgentJob, createProject, failAgentJob, getAgentJob, listApiKeys, listAssistantKeys, listProjects, recordDelivery, upsertLocalPullRequest } from '../../src/db/index.js';
import { ensureDashboardOwner } from '../../src/dashboard/index.js';
import { backends } from '../db/helpers.js';
import { dashboardStack, FormClient, type Stack } from './harness.js';
import { createBareRepo, tempDir } from '../git/git-fixtures.js';
import { createCheapUser } from '../server/test-passwords.js';

const EMAIL = 'owner@example.com';
const PASSWORD = 'correct horse battery';

describe.each(backends)('dashboard over HTTP on %s', (kind) => {
  let stack: Stack;

  /** A fresh account (unique email, so tests sharing a database stay independent) and a signed-in client. */
  async function signedIn(): Promise<FormClient> {
    const email = `user-${randomUUID()}@example.com`;
    await createCheapUser(stack.db, email, PASSWORD);
    const client = new FormClient(stack.app);
    await client.get('/dashboard/login');
    const res = await client.post('/dashboard/login', { email, password: PASSWORD });
    expect(res.status).toBe(303);
    return client;
  }

  /** Owner set-up needs an empty account table: a database per test. */
  describe('owner account', () => {
    beforeEach(async () => {
      stack = await dashboardStack({ kind });
    });
    afterEach(async () => {
      await stack.close();
    });

    it('creates the owner through the one-time setup link, then refuses the link', async () => {
      const result = await ensureDashboardOwner(stack.db, { env: {} });
      expect(result.kind).toBe('setup-link');
      const setupPath = (result as { setupPath: string }).setupPath;
      expect(setupPath).toMatch(/^\/dashboard\/setup\/[A-Za-z0-9_-]{43}$/);

      const client = new FormClient(stack.app);
      expect((await client.get(setupPath)).status).toBe(200);
      const short = await client.post(setupPath, { email: EMAIL, password: 'short' });
      expect(short.status).toBe(400);
      expect(client.lastHtml).toContain('at least 12 characters');

      const ok = await client.post(setupPath, { email: EMAIL, password: PASSWORD });
      expect(ok.status).toBe(303);
      expect(ok.headers.get('location')).toBe('/dashboard/projects');
      const cookie = ok.headers.getSetCookie().find((c) => c.startsWith('folio_session='))!;
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).toMatch(/Path=\/;/);
      expect(cookie).not.toMatch(/Secure/);
      expect((await client.get('/dashboard/projects')).status).toBe(200);

      const again = new FormClient(stack.app);
      expect((await again.get(setupPath)).status).toBe(404);
      expect(await ensureDashboardOwner(stack.db, { env: {} })).toEqual({ kind: 'exists' });
    });

    it('creates exactly one owner when two setup links are used at once', async () => {
      const links = [await ensureDashboardOwner(stack.db, { env: {} }), await ensureDashboardOwner(stack.db, { env: {} })].map(
        (r) => (r as { setupPath: string }).setupPath,
      );
      const clients = [new FormClient(stack.app), new FormClient(stack.app)];
      await Promise.all(clients.map((client, i) => client.get(links[i]!)));
      const results = await Promise.all(clients.map((client, i) => client.post(links[i]!, { email: `racer${i}@example.com`, password: PASSWORD })));
      expect(results.map((r) => r.status).sort()).toEqual([303, 404]);
      const [row] = await stack.db.query<{ n: number }>('SELECT count(*)::int AS n FROM dashboard_users');
      expect(row!.n).toBe(1);
    });

    it('creates the owner from FOLIO_OWNER_EMAIL / FOLIO_OWNER_PASSWORD and rejects half-set variables', async () => {
      await expect(ensureDashboardOwner(stack.db, { env: { FOLIO_OWNER_EMAIL: EMAIL } })).rejects.toMatchObject({ code: 'DASHBOARD_OWNER_ENV_INVALID' });
      const env = { FOLIO_OWNER_EMAIL: 'Owner@Example.com', FOLIO_OWNER_PASSWORD: PASSWORD };
      expect(await ensureDashboardOwner(stack.db, { env })).toEqual({ kind: 'created-from-env', email: EMAIL });
      expect(await ensureDashboardOwner(stack.db, { env })).toEqual({ kind: 'exists' });
      const client = new FormClient(stack.app);
      await client.get('/dashboard/login');
      expect((await client.post('/dashboard/login', { email: EMAIL, password: PASSWORD })).status).toBe(303);
    });
  });

  /** The rest share one database (opening PGlite costs seconds); each test uses its own account and project. */
  describe('with a shared database', () => {
    beforeAll(async () => {
      stack = await dashboardStack({ kind });
    });
    afterAll(async () => {
      await stack.close();
    });

    describe('sign-in and sessions', () => {
      it('sends anonymous visitors to sign in and back to where they were going', async () => {
        const EMAIL = `a-${randomUUID()}@example.com`;
        await createCheapUser(stack.db, EMAIL, PASSWORD);
        const client = new FormClient(stack.app);
        const res = await client.get('/dashboard/projects?x=1');
        expect(res.status).toBe(303);
        expect(res.headers.get('location')).toBe('/dashboard/login?next=%2Fdashboard%2Fprojects%3Fx%3D1');
        expect((await client.get('/dashboard/projects/abc/jobs/j/status.json')).status).toBe(401);

        await client.get(res.headers.get('location')!);
        const anonymous = client.cookies.get('folio_session');
        const wrong = await client.post('/dashboard/login?next=%2Fdashboard%2Fprojects%3Fx%3D1', { email: EMAIL, password: 'nope nope nope' });
        expect(wrong.status).toBe(401);
        expect(client.lastHtml).toContain('Email or password is wrong');
        // The form carries `next` as a hidden field, so the POST needs no query string.
      expect(client.lastHtml).toContain('name="next" value="/dashboard/projects?x=1"');
      const ok = await client.post('/dashboard/login', { email: EMAIL, password: PASSWORD, next: '/dashboard/projects?x=1' });
        expect(ok.headers.get('location')).toBe('/dashboard/projects?x=1');
        // A fresh session id at sign-in: a planted cookie cannot become a signed-in session.
        expect(client.cookies.get('folio_session')).not.toBe(anonymous);
      });

      it('never redirects to another site after sign-in', async () => {
        const EMAIL = `b-${randomUUID()}@example.com`;
        await createCheapUser(stack.db, EMAIL, PASSWORD);
        const client = new FormClient(stack.app);
        await client.get('/dashboard/login');
        const res = await client.post('/dashboard/login?next=%2F%2Fevil.example%2F', { email: EMAIL, password: PASSWORD });
        expect(res.headers.get('location')).toBe('/dashboard/projects');
      });

      it('signs out and the old cookie stops working', async () => {
        const client = await signedIn();
        const cookie = client.cookies.get('folio_session')!;
        await client.get('/dashboard/projects');
        expect((await client.post('/dashboard/logout', {})).status).toBe(303);
        const replay = await stack.app.request('/dashboard/projects', { headers: { cookie: `folio_session=${cookie}` } });
        expect(replay.status).toBe(303);
      });

      it('marks the cookie Secure when served over https', async () => {
        const res = await stack.app.request('https://docs.example.com/dashboard/login');
        expect(res.headers.getSetCookie().join()).toMatch(/Secure/);
      });

      it('throttles repeated failed sign-ins for one email', async () => {
        const EMAIL = `c-${randomUUID()}@example.com`;
        await createCheapUser(stack.db, EMAIL, PASSWORD);
        const client = new FormClient(stack.app);
        await client.get('/dashboard/login');
        for (let i = 0; i < 10; i++) await client.post('/dashboard/login', { email: EMAIL, password: `wrong-${i}-password` });
        const blocked = await client.post('/dashboard/login', { email: EMAIL, password: PASSWORD });
        expect(blocked.status).toBe(429);
      });
    });

    describe('CSRF protection', () => {
      it('refuses a POST without the token, with a wrong token, or from another origin', async () => {
        const client = await signedIn();
        await client.get('/dashboard/projects');
        const fields = { name: `Docs ${randomUUID()}`, repoUrl: 'https://example.com/docs.git', branch: 'main', docsDir: '.' };
        const missing = await client.post('/dashboard/projects', fields, { csrf: false });
        expect(missing.status).toBe(403);
        expect(await missing.text()).toContain('DASHBOARD_CSRF_INVALID');
        expect((await client.post('/dashboard/projects', { ...fields, _csrf: 'x'.repeat(43) })).status).toBe(403);
        await client.get('/dashboard/projects');
        expect((await client.post('/dashboard/projects', fields, { origin: 'https://evil.example' })).status).toBe(403);
        const named = async () => (await listProjects(stack.db)).filter((p) => p.name === fields.name);
        expect(await named()).toHaveLength(0);
        await client.get('/dashboard/projects');
        expect((await client.post('/dashboard/projects', fields, { origin: 'http://localhost' })).status).toBe(303);
        expect(await named()).toHaveLength(1);
      });

      it('sends a strict Content-Security-Policy and no-store on pages', async () => {
        const res = await stack.app.request('/dashboard/login');
        expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
        expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
        expect(res.headers.get('cache-control')).toBe('no-store');
        const css = await stack.app.request('/dashboard/assets/app.css');
        expect(css.headers.get('content-type')).toMatch(/text\/css/);
        expect(css.headers.get('cache-control')).toMatch(/immutable/);
      });
    });

    describe('projects, keys and jobs', () => {
      it('validates the project form and names the field', async () => {
        const client = await signedIn();
        await client.get('/dashboard/projects');
        const res = await client.post('/dashboard/projects', { name: 'Docs', repoUrl: '--upload-pack=evil', branch: 'main', docsDir: '.' });
        expect(res.status).toBe(400);
        expect(client.lastHtml).toContain('Repository: ');
        await client.get('/dashboard/projects');
        await client.post('/dashboard/projects', { name: 'Docs', repoUrl: 'https://example.com/d.git', branch: 'main', docsDir: '../up' });
        expect(client.lastHtml).toContain('Docs folder: ');
      });

      it('creates a project, shows a key once, lists it by last four characters and revokes it', async () => {
        const client = await signedIn();
        await client.get('/dashboard/projects');
        const created = await client.post('/dashboard/projects', { name: 'Acme Docs', repoUrl: 'https://example.com/acme.git', branch: 'main', docsDir: 'docs' });
        const projectUrl = created.headers.get('location')!.split('?')[0]!;
        const project = (await listProjects(stack.db)).find((p) => p.name === 'Acme Docs');
        expect(projectUrl).toBe(`/dashboard/projects/${project!.id}`);
        await client.get(projectUrl);
        expect(client.lastHtml).toContain(project!.id);

        await client.get(`${projectUrl}/keys`);
        const res = await client.post(`${projectUrl}/keys`, { name: 'CI', expiresInDays: '30' });
        expect(res.status).toBe(201);
        const key = /id="new-key-value">(folio_[^<]+)</.exec(client.lastHtml)?.[1];
        expect(key).toBeDefined();
        const [row] = await listApiKeys(stack.db, project!.id);
        expect(row!.name).toBe('CI');
        expect(row!.last4).toBe(key!.slice(-4));
        expect(row!.expiresAt!.getTime() - Date.now()).toBeGreaterThan(29 * 86_400_000);

        await client.get(`${projectUrl}/keys`);
        expect(client.lastHtml).not.toContain(key!);
        expect(client.lastHtml).toContain(`folio_…${row!.last4}`);
        expect((await client.post(`${projectUrl}/keys/${row!.id}/revoke`, {})).status).toBe(303);
        expect((await listApiKeys(stack.db, project!.id))[0]!.revokedAt).not.toBeNull();
      });

      it('creates an assistant key with its origins, shows it once, refuses a bad origin and revokes it', async () => {
        const client = await signedIn();
        await client.get('/dashboard/projects');
        const created = await client.post('/dashboard/projects', { name: 'Widget Docs', repoUrl: 'https://example.com/w.git', branch: 'main', docsDir: '.' });
        const projectUrl = created.headers.get('location')!.split('?')[0]!;
        const projectId = projectUrl.split('/').at(-1)!;
        await client.get(`${projectUrl}/keys`);
        const bad = await client.post(`${projectUrl}/assistant-keys`, { name: 'Widget', origins: 'https://docs.example.com/path' });
        expect(bad.status).toBe(400);
        expect(client.lastHtml).toContain('Allowed origins: ');
        await client.get(`${projectUrl}/keys`);
        const res = await client.post(`${projectUrl}/assistant-keys`, { name: 'Widget', origins: 'https://docs.example.com/\nhttps://www.example.com' });
        expect(res.status).toBe(201);
        const key = /id="new-key-value">(folio_pub_[^<]+)</.exec(client.lastHtml)?.[1];
        expect(key).toBeDefined();
        expect(client.lastHtml).toContain(`/v1/search/${projectId}`);
        const [row] = await listAssistantKeys(stack.db, projectId);
        expect(row).toMatchObject({ name: 'Widget', last4: key!.slice(-4), allowedOrigins: ['https://docs.example.com', 'https://www.example.com'] });
        await client.get(`${projectUrl}/keys`);
        expect(client.lastHtml).not.toContain(key!);
        expect(client.lastHtml).toContain(`folio_pub_…${row!.last4}`);
        expect((await client.post(`${projectUrl}/assistant-keys/${row!.id}/revoke`, {})).status).toBe(303);
        expect((await listAssistantKeys(stack.db, projectId))[0]!.revokedAt).not.toBeNull();
      });

      it('starts a job, polls its status, sends a follow-up and archives it', async () => {
        const client = await signedIn();
        await client.get('/dashboard/projects');
        const created = await client.post('/dashboard/projects', { name: 'Jobs', repoUrl: 'https://example.com/j.git', branch: 'main', docsDir: '.' });
        const projectUrl = created.headers.get('location')!.split('?')[0]!;
        await client.get(`${projectUrl}/jobs`);
        expect(client.lastHtml).toMatch(/<select id="model" name="model"><option value="folio-maintainer" selected="">folio-maintainer<\/option><\/select>/);
        const refused = await client.post(`${projectUrl}/jobs`, { prompt: 'Fix broken internal links', model: 'gpt-9', branch: '' });
        expect(refused.status).toBe(400);
        expect(client.lastHtml).toContain('Model: &quot;gpt-9&quot; is not offered here; choose one of &quot;folio-maintainer&quot;.');
        const started = await client.post(`${projectUrl}/jobs`, { prompt: 'Fix broken internal links', model: 'folio-maintainer', branch: '' });
        expect(started.status).toBe(303);
        const jobUrl = started.headers.get('location')!.split('?')[0]!;
        const jobId = jobUrl.split('/').pop()!;

        const poll = async () => (await (await client.get(`${jobUrl}/status.json`)).json()) as { status: string; failureReason: string | null; logs: string[] };
        expect((await poll()).status).toBe('active');
        await claimAgentJob(stack.db, { workerId: 'w', leaseMs: 60_000, jobId });
        // While the job runs, the page polls its steps (the badge's data-log fills the live list).
        await addAgentJobSteps(stack.db, jobId, [{ kind: 'read', text: 'docs.json' }, { kind: 'check', text: 'validate: no errors', ok: true }]);
        expect((await poll()).logs).toEqual(['Prompt: Fix broken internal links', 'Read: docs.json', 'Check ✓: validate: no errors']);
        await client.get(jobUrl);
        expect(client.lastHtml).toContain('data-log="steps-live"');
        expect(client.lastHtml).toContain('<pre class="prewrap" id="steps-live" aria-live="polite">Prompt: Fix broken internal links');
        const summary = 'The job failed and opened no pull request: no such maintenance task';
        await failAgentJob(stack.db, { jobId, reason: 'AGENT_UNKNOWN_PROMPT: no such maintenance task', workerId: 'w', summary });
        expect(await poll()).toMatchObject({ status: 'failed', failureReason: 'AGENT_UNKNOWN_PROMPT: no such maintenance task' });
        await client.get(jobUrl);
        expect(client.lastHtml).toContain('AGENT_UNKNOWN_PROMPT: no such maintenance task');
        expect(client.lastHtml).toContain(`<div class="markdown" id="job-summary"><p>${summary}</p></div>`);
        expect(client.lastHtml).toContain('none (the job failed, see above)');
        expect(client.lastHtml).not.toContain('no file changed');
        expect(client.lastHtml).toContain('Fix broken internal links');

        expect((await client.post(`${jobUrl}/message`, { prompt: 'Try again please' })).status).toBe(303);
        expect((await poll()).status).toBe('active');
        await client.get(jobUrl);
        expect(client.lastHtml).toContain('Try again please');

        await client.get(`${projectUrl}/jobs?status=active`);
        expect(client.lastHtml).toContain(jobId);
        await client.get(`${projectUrl}/jobs?status=completed`);
        expect(client.lastHtml).not.toContain(jobId);

        await client.get(jobUrl);
        expect((await client.post(`${jobUrl}/archive`, {})).status).toBe(303);
        expect((await poll()).status).toBe('archived');
        await client.get(jobUrl);
        expect(client.lastHtml).not.toContain('Send a follow-up');
      });

      it('creates an automation, runs it now as an agent job, pauses and deletes it', async () => {
        const client = await signedIn();
        await client.get('/dashboard/projects');
        const created = await client.post('/dashboard/projects', { name: 'Auto', repoUrl: 'https://example.com/a.git', branch: 'main', docsDir: '.' });
        const projectUrl = created.headers.get('location')!.split('?')[0]!;
        await client.get(`${projectUrl}/automations`);
        expect(client.lastHtml).toContain('No automations yet.');
        const form = { name: 'Weekly links', trigger: 'schedule', schedule: '0 9 * * 8', branch: '', prompt: 'fix broken links', model: 'folio-maintainer' };
        const bad = await client.post(`${projectUrl}/automations`, form);
        expect(bad.status).toBe(400);
        expect(client.lastHtml).toContain('schedule: &quot;0 9 * * 8&quot; is not a cron expression: day of week: 8 is outside 0-7.');
        const made = await client.post(`${projectUrl}/automations`, { ...form, schedule: '0 9 * * 1' });
        expect(made.status).toBe(303);
        await client.get(made.headers.get('location')!);
        expect(client.lastHtml).toContain('Weekly links');
        expect(client.lastHtml).toContain('<code>0 9 * * 1</code>');
        const id = /data-automation="([^"]+)"/.exec(client.lastHtml)![1]!;
        const run = await client.post(`${projectUrl}/automations/${id}/run`, {});
        expect(run.status).toBe(303);
        const jobId = run.headers.get('location')!.split('?')[0]!.split('/').pop()!;
        expect(await getAgentJob(stack.db, projectUrl.split('/').pop()!, jobId)).toMatchObject({ prompt: 'fix broken links', status: 'active' });
        await client.get(`${projectUrl}/automations`);
        expect(client.lastHtml).toContain(`job ${jobId}`);
        expect((await client.post(`${projectUrl}/automations/${id}/pause`, {})).status).toBe(303);
        await client.get(`${projectUrl}/automations`);
        expect(client.lastHtml).toContain('Paused');
        expect(client.lastHtml).not.toContain('Run now');
        expect((await client.post(`${projectUrl}/automations/${id}/run`, {})).status).toBe(400);
        expect(client.lastHtml).toContain('AUTOMATION_INACTIVE');
        await client.get(`${projectUrl}/automations`);
        expect((await client.post(`${projectUrl}/automations/${id}/delete`, {})).status).toBe(303);
        await client.get(`${projectUrl}/automations`);
        expect(client.lastHtml).toContain('No automations yet.');
        expect((await client.post(`${projectUrl}/automations/${id}/delete`, {})).status).toBe(404);
      });

      it('saves settings, links custom domains and reports bad ones by field', async () => {
        const client = await signedIn();
        await client.get('/dashboard/projects');
        const created = await client.post('/dashboard/projects', { name: 'Settings', repoUrl: 'https://example.com/s.git', branch: 'main', docsDir: '.' });
        const projectUrl = created.headers.get('location')!.split('?')[0]!;
        await client.get(projectUrl);
        const fields = { name: 'Settings 2', repoUrl: 'https://example.com/s.git', branch: 'release', docsDir: 'docs', agentRatePerHour: '7' };
        const bad = await client.post(`${projectUrl}/settings`, { ...fields, hostNames: 'ok.example.com, bad_host!' });
        expect(bad.status).toBe(400);
        expect(client.lastHtml).toContain('Custom domains: &quot;bad_host!&quot; is not a host name');
        await client.get(projectUrl);
        expect((await client.post(`${projectUrl}/settings`, { ...fields, hostNames: 'Help.Example.com' })).status).toBe(303);
        await client.get(projectUrl);
        expect(client.lastHtml).toContain('href="http://help.example.com/"');
        const project = (await listProjects(stack.db)).find((p) => p.name === 'Settings 2')!;
        expect(project).toMatchObject({ branch: 'release', docsDir: 'docs', agentRatePerHour: 7, hostNames: ['help.example.com'] });
      });

      it('shows the API refusal when the project is over its agent rate', async () => {
        const client = await signedIn();
        await client.get('/dashboard/projects');
        const created = await client.post('/dashboard/projects', { name: 'Rate', repoUrl: 'https://example.com/r.git', branch: 'main', docsDir: '.' });
        const projectUrl = created.headers.get('location')!.split('?')[0]!;
        await client.get(projectUrl);
        await client.post(`${projectUrl}/settings`, { name: 'Rate', repoUrl: 'https://example.com/r.git', branch: 'main', docsDir: '.', agentRatePerHour: '1' });
        await client.get(`${projectUrl}/jobs`);
        expect((await client.post(`${projectUrl}/jobs`, { prompt: 'fix broken links' })).status).toBe(303);
        await client.get(`${projectUrl}/jobs`);
        const refused = await client.post(`${projectUrl}/jobs`, { prompt: 'fix broken links again' });
        expect(refused.status).toBe(429);
        expect(client.lastHtml).toContain('allows 1 agent requests per hour');
        expect(client.lastHtml).toContain('data-code="RATE_LIMITED"');
        await client.get(projectUrl);
        expect(client.lastHtml).toContain('1 running');
      });

      it('opens Folio-recorded pull requests for signed-in users only', async () => {
        const client = await signedIn();
        const project = await createProject(stack.db, { name: 'Pulls', repoUrl: '/srv/git/pulls.git' });
        const job = await createAgentJob(stack.db, { projectId: project.id, repository: project.repoUrl, ref: null, model: 'folio-maintainer', prompt: 'fix links' });
        const pr = await upsertLocalPullRequest(stack.db, {
          jobId: job.id,
          projectId: project.id,
          repository: project.repoUrl,
          baseBranch: 'main',
          headBranch: `folio/agent-${job.id}`,
          title: 'Fix broken internal links',
          body: 'Two links fixed.',
          diff: '',
        });
        const signedInPage = await client.get(`/pulls/${pr.id}`);
        expect(signedInPage.status).toBe(200);
        expect(await signedInPage.text()).toContain('Fix broken internal links');
        const anonymous = await stack.app.request(`/pulls/${pr.id}`);
        expect(anonymous.status).toBe(303);
        expect(anonymous.headers.get('location')).toBe(`/dashboard/login?next=%2Fpulls%2F${pr.id}`);
        // After sign-in the login page sends the user on to the pull request (and nowhere off-site).
        expect((await client.get(anonymous.headers.get('location')!)).headers.get('location')).toBe(`/pulls/${pr.id}`);
        expect((await client.get('/dashboard/login?next=%2Fpulls%2F..%2F..%2Fx')).headers.get('location')).toBe('/dashboard/projects');
      });

      it('builds a preview of a branch and lists it with its address and status', async () => {
        const { dir, cleanup } = await tempDir('folio-dash-preview-');
        try {
          const bare = await createBareRepo(dir);
          const client = await signedIn();
          await client.get('/dashboard/projects');
          const created = await client.post('/dashboard/projects', { name: 'Previewed', repoUrl: `file://${bare}`, branch: 'main', docsDir: '.' });
          const projectUrl = created.headers.get('location')!.split('?')[0]!;
          const projectId = projectUrl.split('/').pop()!;
          await client.get(`${projectUrl}/updates`);
          expect(client.lastHtml).toContain('No previews yet.');
          expect((await client.post(`${projectUrl}/previews`, { branch: 'no-such-branch' })).status).toBe(400);
          await client.get(`${projectUrl}/updates`);
          const started = await client.post(`${projectUrl}/previews`, { branch: 'main' });
          expect(started.status).toBe(303);
          expect(started.headers.get('location')).toMatch(/\/updates\/[0-9a-f-]+\?notice=preview-started$/);
          await stack.updates.idle();
          await client.get(`${projectUrl}/updates`);
          const table = /<table[^>]*id="previews-table"[\s\S]*?<\/table>/.exec(client.lastHtml)?.[0] ?? '';
          expect(table).toContain(`http://main--${projectId}.localhost/`);
          expect(table).toContain('>main<');
          expect(table).toMatch(/class="badge success"/);
          expect(table).toContain(`action="/dashboard/projects/${projectId}/previews/delete"`);
          // Deleting it: gone from the table, and a second delete is refused.
          const deleted = await client.post(`${projectUrl}/previews/delete`, { branch: 'main' });
          expect(deleted.status).toBe(303);
          expect(deleted.headers.get('location')).toBe(`${projectUrl}/updates?notice=preview-deleted#previews`);
          await client.get(`${projectUrl}/updates?notice=preview-deleted`);
          expect(client.lastHtml).toContain('Preview deleted.');
          expect(client.lastHtml).toContain('No previews yet.');
          expect((await client.post(`${projectUrl}/previews/delete`, { branch: 'main' })).status).toBe(404);
        } finally {
          await cleanup();
        }
      });

      it('shows the webhook addresses and secret, rotates the secret, and lists deliveries', async () => {
        const client = await signedIn();
        await client.get('/dashboard/projects');
        const created = await client.post('/dashboard/projects', { name: 'Hooked', repoUrl: 'https://example.com/h.git', branch: 'main', docsDir: '.' });
        const projectUrl = created.headers.get('location')!.split('?')[0]!;
        const projectId = projectUrl.split('/').pop()!;
        const secretOf = () => /<code id="webhook-secret">([a-z0-9]+)<\/code>/.exec(client.lastHtml)?.[1];
        await client.get(`${projectUrl}/updates`);
        expect(client.lastHtml).toContain(`<code id="webhook-github">http://localhost/webhooks/github/${projectId}</code>`);
        expect(client.lastHtml).toContain(`<code id="webhook-gitlab">http://localhost/webhooks/gitlab/${projectId}</code>`);
        const first = secretOf();
        expect(first).toMatch(/^[a-z0-9]{40}$/);
        expect(client.lastHtml).toContain('No deliveries yet.');
        await recordDelivery(stack.db, { projectId, provider: 'github', deliveryId: 'd-1', event: 'push', outcome: 'refused', httpStatus: 401, detail: 'DELIVERY_SIGNATURE_INVALID: bad' });
        const rotated = await client.post(`${projectUrl}/webhook-secret`, {});
        expect(rotated.status).toBe(303);
        await client.get(rotated.headers.get('location')!);
        expect(secretOf()).toMatch(/^[a-z0-9]{40}$/);
        expect(secretOf()).not.toBe(first);
        expect(client.lastHtml).toContain('New webhook secret.');
        const table = /<table[^>]*id="deliveries-table"[\s\S]*?<\/table>/.exec(client.lastHtml)?.[0] ?? '';
        expect(table).toContain('refused (401)');
        expect(table).toContain('DELIVERY_SIGNATURE_INVALID: bad');
      });

      it('answers 404 pages for unknown projects and jobs', async () => {
        const client = await signedIn();
        expect((await client.get('/dashboard/projects/nope')).status).toBe(404);
        expect(client.lastHtml).toContain('DASHBOARD_NOT_FOUND');
      });
    });
  });
});
