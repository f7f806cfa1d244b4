/**
 * The dashboard's Export PDF over HTTP, on each database backend, against a real built site (its
 * checkout for the navigation, its build folder as the live build's files) and real Chromium: an
 * owner starts an export of the whole site; a second while it runs is refused (409,
 * PDF_EXPORT_RUNNING); it ends with a Download served as an attachment whose PDF holds the pages'
 * headings; a viewer and an editor without rights on the project may not start one
 * (DASHBOARD_EDIT_RIGHTS_MISSING) but the viewer may download; past its keeping time the download is
 * gone (410, PDF_EXPORT_EXPIRED) and the row says expired; a print past its time limit fails with
 * PDF_PRINT_TIMEOUT in words; an export whose server stopped is recorded as interrupted; a project with
 * no published build says so. Slow (Chromium prints):
 * e2e tier.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAutomations } from '../../src/agent/index.js';
import { createAdminServices, KeyCache } from '../../src/api/index.js';
import { createDashboard, createUser } from '../../src/dashboard/index.js';
import { createProject, type ProjectRow } from '../../src/db/index.js';
import { UpdateRunner } from '../../src/hosting/index.js';
import { folderFiles } from '../../src/pdf/index.js';
import { hasChromium } from '../browser/chromium.js';
import { backends, openTestDatabase, type TestDatabase } from '../db/helpers.js';
import { FormClient } from '../dashboard/harness.js';

const PASSWORD = 'a long enough password';
const files: Record<string, string> = {
  'docs.json': JSON.stringify({
    name: 'Acme Cloud',
    theme: 'mint',
    colors: { primary: '#123456' },
    navigation: { tabs: [{ tab: 'Guides', groups: [{ group: 'Start', pages: ['intro', 'install'] }] }, { tab: 'Reference', groups: [{ group: 'CLI', pages: ['cli'] }] }] },
  }),
  'intro.mdx': '---\ntitle: Welcome to Acme\n---\n\nAcme runs containers. See [the install steps](/install).\n',
  'install.mdx': '---\ntitle: Install the agent\n---\n\n## Requirements\n\nA Linux host.\n',
  'cli.mdx': '---\ntitle: Command line reference\n---\n\nThe `acme` command.\n',
};

/** The live build's pages as `folio build` lays them out (the article is what the print keeps); written by hand, so no build is timed here. */
const builtPages: Record<string, string> = {
  'intro/index.html': '<h1>Welcome to Acme</h1><p>Acme runs containers. See <a href="/docs/install">the install steps</a>.</p>',
  'install/index.html': '<h1>Install the agent</h1><h2 id="requirements">Requirements</h2><p>A Linux host.</p>',
  'cli/index.html': '<h1>Command line reference</h1><p>The <code>acme</code> command.</p>',
};

let tmp = '';
let docs = '';
let built = '';
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-pdf-dash-'));
  docs = path.join(tmp, 'docs');
  built = path.join(tmp, 'built');
  fs.mkdirSync(docs);
  fs.mkdirSync(built);
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(docs, name), text);
  fs.writeFileSync(path.join(built, 'site.css'), 'body{font-family:sans-serif}');
  // Built for the base path /docs (as a hosted site can be): its links start with it, its files do not.
  fs.writeFileSync(path.join(built, '.folio-site.json'), JSON.stringify({ basePath: '/docs' }));
  for (const [name, body] of Object.entries(builtPages)) {
    fs.mkdirSync(path.join(built, path.dirname(name)), { recursive: true });
    fs.writeFileSync(path.join(built, name), `<!doctype html><html><head><link rel="stylesheet" href="/docs/site.css"></head><body><nav>Sidebar</nav><article class="content">${body}</article></body></html>`);
  }
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** The text of every sheet of a PDF, and how many of its links lead inside it. */
async function readPdf(bytes: Uint8Array): Promise<{ text: string; innerLinks: number }> {
  const doc = await getDocument({ data: bytes, disableFontFace: true }).promise;
  let text = '';
  let innerLinks = 0;
  for (let n = 1; n <= doc.numPages; n++) {
    const sheet = await doc.getPage(n);
    text += `${(await sheet.getTextContent()).items.map((i) => ('str' in i ? i.str : '')).join('')}\n`;
    innerLinks += ((await sheet.getAnnotations()) as { subtype: string; dest?: unknown }[]).filter((a) => a.subtype === 'Link' && a.dest).length;
  }
  await doc.destroy();
  return { text, innerLinks };
}

describe.skipIf(!hasChromium).each(backends)('Export PDF in the dashboard on %s', (kind) => {
  let testDb: TestDatabase;
  let app: Hono;
  let slowApp: Hono;
  let project: ProjectRow;
  let unpublished: ProjectRow;
  let owner: FormClient;

  async function signIn(on: Hono, email: string): Promise<FormClient> {
    const client = new FormClient(on);
    await client.get('/dashboard/login');
    const res = await client.post('/dashboard/login', { email, password: PASSWORD });
    expect(res.status).toBe(303);
    return client;
  }

  /** Poll the export's status until it is no longer running (the page's own poller reads the same JSON). */
  async function waitEnded(client: FormClient, projectId: string, id: string): Promise<{ status: string; summary: string; errorCode: string | null }> {
    for (const started = Date.now(); Date.now() - started < 90_000; ) {
      const res = await client.get(`/dashboard/projects/${projectId}/pdf/${id}/status.json`);
      const body = (await res.json()) as { status: string; summary: string; errorCode: string | null };
      if (body.status !== 'in_progress') return body;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error('export did not end in 90 s');
  }

  const exportIds = (html: string) => [...html.matchAll(/data-export="([^"]+)"/g)].map((m) => m[1]!);

  beforeAll(async () => {
    testDb = await openTestDatabase(kind);
    const db = testDb.db;
    const dashboard = (pdfExport?: { timeoutMs: number }) => {
      const updates = new UpdateRunner({ db, dataDir: path.join(tmp, `data-${kind}`) });
      const services = createAdminServices({ db, keyCache: new KeyCache(db), updates, defaultModel: 'folio-maintainer', automations: createAutomations({ db, defaultModel: 'folio-maintainer' }) });
      const on = new Hono();
      on.route(
        '/dashboard',
        createDashboard({
          db,
          services,
          editor: { workRoot: path.join(tmp, `editor-${kind}`) },
          // As the server wires them: the published checkout, and the live build's files (only the published project has them).
          siteCheckout: (p) => (p.id === project.id ? docs : null),
          publishedFiles: async (p) => (p.id === project.id ? folderFiles(built) : null),
          pdfExport,
        }),
      );
      return on;
    };
    app = dashboard();
    slowApp = dashboard({ timeoutMs: 50 });
    project = await createProject(db, { name: 'Acme', repoUrl: 'https://example.test/acme.git', branch: 'main' });
    unpublished = await createProject(db, { name: 'Draft', repoUrl: 'https://example.test/draft.git', branch: 'main' });
    await createUser(db, 'owner@example.test', PASSWORD);
    await createUser(db, 'viewer@example.test', PASSWORD, 'viewer');
    await createUser(db, 'editor@example.test', PASSWORD, 'editor');
    owner = await signIn(app, 'owner@example.test');
  }, 60_000);
  afterAll(() => testDb?.cleanup());

  it('prints the live build, refuses a second export while one runs, and serves the PDF as an attachment', async () => {
    const page = await owner.get(`/dashboard/projects/${project.id}/pdf`);
    expect(page.status).toBe(200);
    // The form offers the live navigation's tabs, groups and pages.
    expect(owner.lastHtml).toContain('value="tab:Reference"');
    expect(owner.lastHtml).toContain('value="group:Start"');
    expect(owner.lastHtml).toContain('value="page:/install"');
    const started = await owner.post(`/dashboard/projects/${project.id}/pdf`, { what: 'site:' });
    expect(started.status).toBe(303);
    expect(started.headers.get('location')).toBe(`/dashboard/projects/${project.id}/pdf?notice=pdf-started`);
    await owner.get(started.headers.get('location')!);
    const [id] = exportIds(owner.lastHtml);
    expect(id).toBeTruthy();

    // One at a time per project: refused while the first runs (it takes Chromium seconds).
    const second = await owner.post(`/dashboard/projects/${project.id}/pdf`, { what: 'tab:Reference' });
    expect(second.status).toBe(409);
    expect(owner.lastHtml).toContain('PDF_EXPORT_RUNNING');

    const ended = await waitEnded(owner, project.id, id!);
    expect(ended.status, ended.summary).toBe('completed');
    expect(ended.summary).toMatch(/^3 page\(s\)/);
    await owner.get(`/dashboard/projects/${project.id}/pdf`);
    expect(owner.lastHtml).toContain(`/dashboard/projects/${project.id}/pdf/${id}/download`);

    const download = await owner.get(`/dashboard/projects/${project.id}/pdf/${id}/download`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="acme-cloud-\d{4}-\d{2}-\d{2}\.pdf"$/);
    const bytes = new Uint8Array(await download.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const read = await readPdf(bytes);
    const text = read.text.replace(/\s+/g, ' ');
    for (const heading of ['Welcome to Acme', 'Install the agent', 'Command line reference', 'Contents']) expect(text).toContain(heading);
    // The contents' three entries and the body's link to /docs/install (under the base path) lead inside the PDF.
    expect(read.innerLinks).toBe(4);

  }, 60_000);

  it('lets only members with edit rights start an export; a viewer downloads', async () => {
    await owner.get(`/dashboard/projects/${project.id}/pdf`);
    const id = exportIds(owner.lastHtml).at(-1)!;
    for (const email of ['viewer@example.test', 'editor@example.test']) {
      const member = await signIn(app, email);
      expect((await member.get(`/dashboard/projects/${project.id}/pdf`)).status).toBe(200);
      expect(member.lastHtml).not.toContain('>Export PDF</button>');
      const refused = await member.post(`/dashboard/projects/${project.id}/pdf`, { what: 'site:' });
      expect(refused.status).toBe(403);
      expect(member.lastHtml).toContain('DASHBOARD_EDIT_RIGHTS_MISSING');
      const download = await member.get(`/dashboard/projects/${project.id}/pdf/${id}/download`);
      expect(download.status).toBe(200);
      expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);
    }
    // Nothing was started by them.
    const rows = await testDb.db.query<{ n: number | string }>('SELECT count(*) AS n FROM pdf_exports WHERE project_id = $1', [project.id]);
    expect(Number(rows[0]!.n)).toBe(1);
  }, 60_000);

  it('drops an export past its keeping time: the download is gone with PDF_EXPORT_EXPIRED', async () => {
    await owner.get(`/dashboard/projects/${project.id}/pdf`);
    const id = exportIds(owner.lastHtml).at(-1)!;
    // A day passes (the row's expiry moved to the past, as the clock would).
    await testDb.db.query(`UPDATE pdf_exports SET expires_at = now() - interval '1 minute' WHERE id = $1`, [id]);
    const gone = await owner.get(`/dashboard/projects/${project.id}/pdf/${id}/download`);
    expect(gone.status).toBe(410);
    expect(await gone.text()).toContain('PDF_EXPORT_EXPIRED');
    const [row] = await testDb.db.query<{ status: string; content: unknown }>('SELECT status, content FROM pdf_exports WHERE id = $1', [id]);
    expect(row).toEqual({ status: 'expired', content: null });
    await owner.get(`/dashboard/projects/${project.id}/pdf`);
    expect(owner.lastHtml).not.toContain(`/pdf/${id}/download`);
  });

  it('records an export whose server stopped mid-print as interrupted, which frees the project for the next', async () => {
    // A row left running by a server that died (no heartbeat for ten minutes).
    await testDb.db.query(
      `INSERT INTO pdf_exports (id, project_id, scope, status, progress, heartbeat_at) VALUES ('pdf_stale', $1, 'site', 'running', 'Printing', now() - interval '10 minutes')`,
      [project.id],
    );
    await owner.get(`/dashboard/projects/${project.id}/pdf`);
    expect(owner.lastHtml).toContain('PDF_EXPORT_INTERRUPTED');
    const status = (await (await owner.get(`/dashboard/projects/${project.id}/pdf/pdf_stale/status.json`)).json()) as { status: string; errorCode: string };
    expect(status).toMatchObject({ status: 'failed', errorCode: 'PDF_EXPORT_INTERRUPTED' });
    const running = await testDb.db.query(`SELECT id FROM pdf_exports WHERE project_id = $1 AND status = 'running'`, [project.id]);
    expect(running).toEqual([]);
  });

  it('says why in words: a print past its time limit, a project with nothing published', async () => {
    const slow = await signIn(slowApp, 'owner@example.test');
    await slow.get(`/dashboard/projects/${project.id}/pdf`);
    expect((await slow.post(`/dashboard/projects/${project.id}/pdf`, { what: 'site:' })).status).toBe(303);
    await slow.get(`/dashboard/projects/${project.id}/pdf`);
    const ended = await waitEnded(slow, project.id, exportIds(slow.lastHtml)[0]!);
    expect(ended).toMatchObject({ status: 'failed', errorCode: 'PDF_PRINT_TIMEOUT' });
    expect(ended.summary).toContain('longer than its limit');
    await slow.get(`/dashboard/projects/${project.id}/pdf`);
    expect(slow.lastHtml).toContain('PDF_PRINT_TIMEOUT');

    expect((await owner.get(`/dashboard/projects/${unpublished.id}/pdf`)).status).toBe(200);
    expect(owner.lastHtml).toContain('has not been published yet');
    expect((await owner.post(`/dashboard/projects/${unpublished.id}/pdf`, { what: 'site:' })).status).toBe(303);
    await owner.get(`/dashboard/projects/${unpublished.id}/pdf`);
    const none = await waitEnded(owner, unpublished.id, exportIds(owner.lastHtml)[0]!);
    expect(none).toMatchObject({ status: 'failed', errorCode: 'PDF_EXPORT_NO_BUILD' });
  }, 60_000);
});
