import fs from 'node:fs';
import path from 'node:path';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentJob, createProject, updateProject, upsertLocalPullRequest, type ProjectRow } from '../../src/db/index.js';
import { createPullRequestRoutes, type HostMap } from '../../src/hosting/index.js';
import { cheapPasswordHash } from '../server/test-passwords.js';
import { backends } from '../db/helpers.js';
import { startTestServer, type TestServer } from '../server/helpers.js';

// The sign-in of protected sites, and framing, through the app: where `next` may send a reader, what the
// attempt limit counts, and which answers other sites may put in a frame.
const PASSWORD = 'correct horse battery';

describe.each(backends)('site sign-in on %s', (kind) => {
  let s: TestServer;
  let guarded: ProjectRow;
  let open: ProjectRow;
  let docs: ProjectRow;
  let hosts: HostMap;

  /** Publish a small hand-made build (two pages) through the store, as an update does. */
  async function publish(project: ProjectRow, settings: object): Promise<void> {
    const dir = s.updates.store.buildDir({ projectId: project.id, preview: null }, 'b1')!;
    fs.mkdirSync(path.join(dir, 'guide'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Home</title><p>Home page.</p>');
    fs.writeFileSync(path.join(dir, 'guide', 'index.html'), '<!doctype html><title>Guide</title><p>The guide.</p>');
    fs.writeFileSync(path.join(dir, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    fs.writeFileSync(path.join(dir, '.folio-site.json'), JSON.stringify(settings));
    await s.updates.store.publish({ projectId: project.id, preview: null }, 'b1', dir);
  }

  beforeAll(async () => {
    let mounted: Hono | undefined;
    s = await startTestServer(kind, {
      mount: (app, shared) => {
        mounted = app;
        hosts = shared.hosts;
      },
    });
    // Mounted as folio serve does; any caller may view (who may is covered by the agent tests).
    mounted!.route('/', createPullRequestRoutes({ db: s.db, authorize: async () => true }));
    const passwordHash = await cheapPasswordHash(PASSWORD);
    guarded = await createProject(s.db, { name: 'Guarded', repoUrl: 'https://example.test/g.git' });
    await updateProject(s.db, guarded.id, { siteAccess: 'password', siteAccessScope: 'site', sitePasswordHash: passwordHash });
    await publish(guarded, { basePath: '', access: { scope: 'site', protected: [], public: [] } });
    docs = await createProject(s.db, { name: 'Under docs', repoUrl: 'https://example.test/d.git' });
    await updateProject(s.db, docs.id, { siteAccess: 'password', siteAccessScope: 'site', sitePasswordHash: passwordHash, basePath: '/docs' });
    await publish(docs, { basePath: '/docs', access: { scope: 'site', protected: [], public: [] } });
    open = await createProject(s.db, { name: 'Open', repoUrl: 'https://example.test/o.git' });
    await publish(open, { basePath: '' });
  });
  afterAll(() => s.cleanup());

  const host = (project: ProjectRow) => `${project.id}.localhost`;
  // Every request through app.request comes from one (unknown) address: an office behind one NAT.
  const signIn = (project: ProjectRow, fields: Record<string, string>) =>
    s.app.request(`http://${host(project)}/${project === docs ? 'docs/' : ''}__folio/sign-in`, {
      method: 'POST',
      headers: { Host: host(project), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });

  it('sends a reader only to a path of the site after sign-in, whatever `next` holds', async () => {
    const cases: [string, string][] = [
      ['/guide?tab=2#setup', '/guide?tab=2#setup'],
      ['/\t/evil.example', '/'],
      ['/\n/evil.example', '/'],
      ['/%09/evil.example', '/%09/evil.example'],
      ['//evil.example/x', '/'],
      ['/\\evil.example', '/'],
      ['https://evil.example/', '/'],
      ['/a\r\nSet-Cookie: x=1', '/'],
      ['/a\u000bb', '/'],
      ['/a\u000cb', '/'],
      ['/a b', '/'],
      ['/guide/../../x', '/x'],
    ];
    for (const [next, location] of cases) {
      const res = await signIn(guarded, { password: PASSWORD, next });
      expect([next, res.status, res.headers.get('location')]).toEqual([next, 303, location]);
    }
    // Under a base path, only paths under it.
    for (const [next, location] of [['/docs/guide', '/docs/guide'], ['/elsewhere', '/docs/'], ['/docs\t/x', '/docs/']]) {
      const res = await signIn(docs, { password: PASSWORD, next: next! });
      expect([next, res.status, res.headers.get('location')]).toEqual([next, 303, location]);
    }
    // One scrypt check per case: ~2 s quiet, past 30 s on a loaded 2-core machine.
  }, 120_000);

  it('the sign-in form carries only a safe `next`', async () => {
    const res = await s.app.request(`http://${host(guarded)}/__folio/sign-in?next=${encodeURIComponent('/\t/evil.example')}`, { headers: { Host: host(guarded) } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<input type="hidden" name="next" value="/">');
  });

  it('counts failed sign-ins only: one address signs in as often as it needs, and ten failures lock it out', async () => {
    const fresh = await createProject(s.db, { name: 'Office', repoUrl: 'https://example.test/f.git' });
    await updateProject(s.db, fresh.id, { siteAccess: 'password', siteAccessScope: 'site', sitePasswordHash: await cheapPasswordHash(PASSWORD) });
    await publish(fresh, { basePath: '', access: { scope: 'site', protected: [], public: [] } });
    for (let i = 0; i < 15; i++) expect((await signIn(fresh, { password: PASSWORD, next: '/' })).status, `sign-in ${i + 1}`).toBe(303);
    for (let i = 0; i < 10; i++) expect((await signIn(fresh, { password: 'wrong guess', next: '/' })).status, `failure ${i + 1}`).toBe(401);
    const locked = await signIn(fresh, { password: PASSWORD, next: '/' });
    expect(locked.status).toBe(429);
    expect(await locked.text()).toContain('SITE_SIGN_IN_THROTTLED');
    // 26 scrypt checks, at the fixtures' low cost (`test-passwords.ts`; ~90 ms each at the default cost,
    // over 30 s in all when other test files kept both cores busy); the limit is for a hang, not for speed.
  }, 120_000);

  it('lets the origins a project lists frame its pages, never its sign-in page, and no one else\'s', async () => {
    const embedded = await createProject(s.db, { name: 'Embedded', repoUrl: 'https://example.test/e.git' });
    await updateProject(s.db, embedded.id, { frameAncestors: ['https://app.example.test', 'https://*.example.org'] });
    await publish(embedded, { basePath: '' });
    await updateProject(s.db, guarded.id, { frameAncestors: ['https://app.example.test'] });
    await hosts.refresh();
    try {
      for (const file of ['/guide', '/logo.svg']) {
        const res = await s.app.request(`http://${host(embedded)}${file}`, { headers: { Host: host(embedded) } });
        expect(res.headers.get('x-frame-options'), file).toBeNull();
        const csp = res.headers.get('content-security-policy')!;
        expect(csp, file).toContain('frame-ancestors https://app.example.test https://*.example.org');
        // The rest of the policy stays.
        expect(csp, file).toContain("object-src 'none'");
      }
      // A preview of the project follows its setting.
      const preview = `docs-x--${embedded.id}.localhost`;
      expect((await hosts.siteFor(preview))?.frameAncestors).toEqual(['https://app.example.test', 'https://*.example.org']);
      // Its sign-in page never.
      const form = await s.app.request(`http://${host(guarded)}/__folio/sign-in`, { headers: { Host: host(guarded) } });
      expect(form.headers.get('x-frame-options')).toBe('DENY');
      expect(form.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      // Another project's pages: no one.
      const other = await s.app.request(`http://${host(open)}/guide`, { headers: { Host: host(open) } });
      expect(other.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    } finally {
      await updateProject(s.db, guarded.id, { frameAncestors: [] });
      await hosts.refresh();
    }
  });

  it('keeps hosted pages, their SVGs and the sign-in page out of other sites\' frames', async () => {
    const page = await s.app.request(`http://${host(open)}/guide`, { headers: { Host: host(open) } });
    expect(page.status).toBe(200);
    const svg = await s.app.request(`http://${host(open)}/logo.svg`, { headers: { Host: host(open) } });
    const form = await s.app.request(`http://${host(guarded)}/__folio/sign-in`, { headers: { Host: host(guarded) } });
    const wall = await s.app.request(`http://${host(guarded)}/guide`, { headers: { Host: host(guarded), Accept: 'text/html' } });
    expect(wall.status).toBe(401);
    for (const res of [page, svg, form, wall]) {
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
  });

  it('keeps the pages of Folio-recorded pull requests (merge and close buttons) out of frames', async () => {
    const job = await createAgentJob(s.db, { projectId: open.id, repository: open.repoUrl, ref: null, model: 'folio-maintainer', prompt: 'fix links' });
    const pr = await upsertLocalPullRequest(s.db, { jobId: job.id, projectId: open.id, repository: open.repoUrl, title: 'Fix links', body: 'Body', baseBranch: 'main', headBranch: 'folio/x', diff: '' });
    const res = await s.app.request(`/pulls/${pr.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
    expect((await s.app.request('/pulls/a%00b')).status).toBe(404);
  });
});
