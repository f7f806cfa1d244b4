/**
 * NUL and control characters in addresses (issue 48, item 2). Every route of the admin API and of
 * the dashboard, enumerated from the Hono apps' own route lists, is asked with `%00` and `%0d%0a` in
 * each path parameter (the others filled with real ids) and in a query value: each answers 400 with
 * a stable code (INVALID_REQUEST naming the parameter; the dashboard's error page with
 * DASHBOARD_REQUEST_INVALID), never a 500. A `next` with NUL, CR/LF, VT or DEL on the sign-in form
 * leads to the projects, and the server log escapes what a client sent. Both database backends.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiApp, registerAdminApi, type AdminApiContext } from '../../src/api/index.js';
import { serverLogLine } from '../../src/cli/commands/serve.js';
import { createDashboard, createUser } from '../../src/dashboard/index.js';
import { createAgentJob, createApiKey, createProject, createUpdate, type Database, type ProjectRow } from '../../src/db/index.js';
import { createAppBundle, type AppBundle } from '../../src/server/index.js';
import { backends, openTestDatabase, type TestDatabase } from '../db/helpers.js';
import { FormClient } from '../dashboard/harness.js';

const BAD = { NUL: 'a%00b', 'CR/LF': 'a%0d%0ab' } as const;
const PASSWORD = 'correct horse battery';

/** Method and Hono path of every route of an app (middleware and catch-alls left out). */
function routesOf(app: { routes: { method: string; path: string }[] }): { method: string; path: string }[] {
  const seen = new Set<string>();
  return app.routes
    .filter((r) => !r.path.includes('*'))
    .map((r) => ({ method: r.method === 'ALL' ? 'GET' : r.method, path: r.path }))
    .filter((r) => !seen.has(`${r.method} ${r.path}`) && seen.add(`${r.method} ${r.path}`));
}

/** The parameters of a Hono path (`:name`, `:name{regex}`, `:name?`), in order. */
const paramsOf = (route: string) => [...route.matchAll(/:(\w+)(\{[^}]*\})?\??/g)].map((m) => m[1]!);

/** `route` with each parameter filled from `values` (a dummy when there is none), `bad` in the one named `at`. */
function fill(route: string, values: Record<string, string>, at?: string, bad?: string): string {
  return route.replace(/:(\w+)(\{[^}]*\})?\??/g, (_m, name: string) => (name === at ? bad! : encodeURIComponent(values[name] ?? `dummy-${name}`)));
}

// The API's routes, from an admin API app of its own: the server's app holds the sites and the dashboard too.
const apiApp = createApiApp();
registerAdminApi(apiApp, {} as AdminApiContext);
const API_ROUTES = routesOf(apiApp).filter((r) => r.path.startsWith('/v1/') || r.path.startsWith('/v2/'));

describe.each(backends)('control characters in addresses on %s', (kind) => {
  let t: TestDatabase;
  let db: Database;
  let bundle: AppBundle;
  let app: Hono;
  let dashboard: Hono;
  let project: ProjectRow;
  let auth: Record<string, string>;
  let client: FormClient;
  let values: Record<string, string>;
  const logged: string[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-controls-'));

  beforeAll(async () => {
    t = await openTestDatabase(kind);
    db = t.db;
    project = await createProject(db, { name: 'Docs', repoUrl: 'https://example.test/docs.git' });
    const { key } = await createApiKey(db, { projectIds: [project.id], name: 'test' });
    auth = { Authorization: `Bearer ${key}` };
    const job = await createAgentJob(db, { projectId: project.id, repository: project.repoUrl, ref: null, model: 'folio-maintainer', prompt: 'fix links' });
    const update = await createUpdate(db, project.id);
    const log = (line: string) => void logged.push(line);
    bundle = createAppBundle({
      db,
      dataDir,
      analytics: false,
      log,
      mount: (root, shared) => {
        dashboard = createDashboard({ db, services: shared.services, editor: { workRoot: path.join(dataDir, 'editor') }, log }) as unknown as Hono;
        root.route('/dashboard', dashboard);
      },
    });
    app = bundle.app as unknown as Hono;
    const email = 'owner@example.com';
    await createUser(db, email, PASSWORD);
    client = new FormClient(app);
    await client.get('/dashboard/login');
    expect((await client.post('/dashboard/login', { email, password: PASSWORD })).status).toBe(303);
    values = { projectId: project.id, id: job.id, jobId: job.id, statusId: update.id, updateId: update.id, provider: 'github' };
  });
  afterAll(async () => {
    await bundle?.updates.idle();
    await t?.cleanup();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const cookie = () => ({ cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') });

  /** Every address of the app's routes with a bad value in one place: each parameter, then a query value. */
  function badAddresses(routes: { method: string; path: string }[], prefix: string): { method: string; url: string; field: string; what: string }[] {
    return routes.flatMap(({ method, path: route }) =>
      Object.entries(BAD).flatMap(([what, bad]) => [
        ...paramsOf(route).map((name) => ({ method, url: prefix + fill(route, values, name, bad), field: name, what })),
        { method, url: `${prefix}${fill(route, values)}?q=${bad}`, field: 'q', what },
      ]),
    );
  }

  it('the admin API answers 400 INVALID_REQUEST naming the parameter, on every route', async () => {
    expect(API_ROUTES.length).toBeGreaterThan(25);
    const wrong: string[] = [];
    for (const { method, url, field, what } of badAddresses(API_ROUTES, '')) {
      const res = await app.request(url, { method, headers: { ...auth, 'Content-Type': 'application/json' }, body: method === 'GET' || method === 'DELETE' ? undefined : '{}' });
      const body = (await res.json()) as { error: string; code: string };
      const problem = what === 'NUL' ? 'it contains a NUL character (U+0000), which cannot be stored; remove it' : 'it contains a control character (U+000D), which no id or value has; remove it';
      if (res.status !== 400 || body.code !== 'INVALID_REQUEST' || body.error !== `Invalid request: ${field}: ${problem}.`) wrong.push(`${method} ${url}: ${res.status} ${JSON.stringify(body)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('the dashboard answers its 400 page DASHBOARD_REQUEST_INVALID, on every route', async () => {
    const routes = routesOf(dashboard as unknown as { routes: { method: string; path: string }[] });
    expect(routes.length).toBeGreaterThan(50);
    const wrong: string[] = [];
    for (const { method, url } of badAddresses(routes, '/dashboard')) {
      const res = await app.request(url, { method, headers: cookie() });
      const text = await res.text();
      // The public assets (stylesheet, scripts, fonts) are answered before the dashboard's middleware,
      // from memory: a query is ignored, a name that cannot exist is a 404. No 500 there either.
      if (url.startsWith('/dashboard/assets/') && res.status < 500) continue;
      if (res.status !== 400 || !text.includes('data-code="DASHBOARD_REQUEST_INVALID"')) wrong.push(`${method} ${url}: ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('the webhooks refuse a control character without a 500', async () => {
    for (const bad of Object.values(BAD)) {
      for (const url of [`/webhooks/github/${bad}`, `/webhooks/${bad}/${project.id}`, `/webhooks/github/${project.id}?q=${bad}`]) {
        const res = await app.request(url, { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } });
        expect([400, 401, 404], url).toContain(res.status);
      }
    }
  });

  it('a sign-in `next` with NUL, CR/LF, VT or DEL leads to the projects, and nothing reaches the log', async () => {
    const email = `next-${kind}@example.com`;
    await createUser(db, email, PASSWORD);
    for (const next of ['/dashboard/x\u0000y', '/dashboard/x\r\n2026-01-01T00:00:00.000Z forged line', '/dashboard/x\u000by', '/dashboard/x\u007fy']) {
      const reader = new FormClient(app);
      await reader.get('/dashboard/login');
      const wrong = await reader.post('/dashboard/login', { email, password: 'wrong password', next });
      expect(wrong.status).toBe(401);
      expect(reader.lastHtml).not.toContain('/dashboard/x');
      const res = await reader.post('/dashboard/login', { email, password: PASSWORD, next });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/dashboard/projects');
    }
    // An email with a control character matches no account (it reached PostgreSQL before).
    const reader = new FormClient(app);
    await reader.get('/dashboard/login');
    expect((await reader.post('/dashboard/login', { email: 'a\u0000@example.com', password: PASSWORD })).status).toBe(401);
    expect(logged.filter((line) => /forged|\u0000|error/.test(line))).toEqual([]);
  });
});

describe('the server log', () => {
  it('escapes what a client sent, so no line passes for an entry of its own', () => {
    const at = new Date('2026-02-03T04:05:06.000Z');
    expect(serverLogLine('dashboard error: next=/x\r\n2026-01-01T00:00:00.000Z admin signed in\u0000\u001b[2J', at)).toBe(
      '2026-02-03T04:05:06.000Z dashboard error: next=/x\\r\n    2026-01-01T00:00:00.000Z admin signed in\\u0000\\u001b[2J\n',
    );
    expect(serverLogLine('TypeError: bad\n    at f (a.ts:1:2)', at)).toBe('2026-02-03T04:05:06.000Z TypeError: bad\n        at f (a.ts:1:2)\n');
  });
});
