import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import type { Database } from '../../src/db/index.js';
import { createAutomations } from '../../src/agent/index.js';
import { createAdminServices, KeyCache, type AdminServices } from '../../src/api/index.js';
import { createDashboard, dashboardMayActOn, dashboardSignedIn, type DashboardDeps } from '../../src/dashboard/index.js';
import { bearerKeyAuthorizer, createPullRequestRoutes, signedInOr, UpdateRunner, type BuildSite } from '../../src/hosting/index.js';
import { openTestDatabase } from '../db/helpers.js';

export interface Stack {
  db: Database;
  services: AdminServices;
  updates: UpdateRunner;
  app: Hono;
  dataDir: string;
  close(): Promise<void>;
}

/** A fresh real database (in-memory PGlite, or a new PostgreSQL database), the API's services and the dashboard at /dashboard. */
export async function dashboardStack({ kind = 'pglite', buildSite, editor }: { kind?: 'pglite' | 'postgres'; buildSite?: BuildSite; editor?: Omit<DashboardDeps['editor'] & object, 'workRoot'> } = {}): Promise<Stack> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-dash-'));
  const testDb = await openTestDatabase(kind);
  const db = testDb.db;
  const updates = new UpdateRunner({ db, dataDir, buildSite });
  const services = createAdminServices({ db, keyCache: new KeyCache(db), updates, defaultModel: 'folio-maintainer', automations: createAutomations({ db, defaultModel: 'folio-maintainer' }) });
  const app = new Hono();
  app.route('/dashboard', createDashboard({ db, services, editor: { ...editor, workRoot: path.join(dataDir, 'editor') } }));
  // As `folio serve` wires them: a dashboard session, else an admin key for the project.
  const signIn = { url: (next: string) => `/dashboard/login?next=${encodeURIComponent(next)}`, signedIn: dashboardSignedIn(db) };
  app.route('/', createPullRequestRoutes({ db, authorize: signedInOr(dashboardMayActOn(db), bearerKeyAuthorizer(db)), signIn }));
  return {
    db,
    services,
    updates,
    app,
    dataDir,
    async close() {
      await updates.idle();
      await testDb.cleanup();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A cookie-keeping client over `app.request`, enough to walk the dashboard's forms without a browser. */
export class FormClient {
  readonly cookies = new Map<string, string>();
  lastHtml = '';

  constructor(private readonly app: Hono) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private remember(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      if (/Max-Age=0|expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
  }

  /** GET a page, remembering cookies and the HTML. */
  async get(url: string): Promise<Response> {
    const res = await this.app.request(url, { headers: { cookie: this.cookieHeader() } });
    this.remember(res);
    if ((res.headers.get('content-type') ?? '').includes('text/html')) this.lastHtml = await res.clone().text();
    return res;
  }

  /** The CSRF token in the last page's forms. */
  csrf(): string {
    const match = /name="_csrf" value="([^"]+)"/.exec(this.lastHtml);
    if (!match) throw new Error('no CSRF token on the last page');
    return match[1]!;
  }

  /** POST a form; `_csrf` is taken from the last page unless given. */
  async post(url: string, fields: Record<string, string>, { csrf = true, origin }: { csrf?: boolean; origin?: string } = {}): Promise<Response> {
    const body = new URLSearchParams(csrf && !('_csrf' in fields) ? { _csrf: this.csrf(), ...fields } : fields);
    const headers: Record<string, string> = { cookie: this.cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' };
    if (origin) headers.origin = origin;
    const res = await this.app.request(url, { method: 'POST', body: body.toString(), headers });
    this.remember(res);
    if ((res.headers.get('content-type') ?? '').includes('text/html')) this.lastHtml = await res.clone().text();
    return res;
  }
}
