import { existsSync } from 'node:fs';
import type { Context, Hono } from 'hono';
import { createElement } from 'react';
import { expirePdfExports, getPdfExport, listPdfExports, pdfExportContent, settleStalePdfExports, type PdfExportScope, type ProjectRow } from '../../db/index.js';
import type { PdfCode } from '../../pdf/index.js';
import type { DashboardContext, DashboardEnv } from '../context.js';
import { errorPage, html, viewerOf } from '../respond.js';
import type { Notice } from '../views/layout.js';
import { EXPORT_STATUS, PdfExportPage, type PdfFormView } from '../views/pdf-export-page.js';
import { STALE_MS, type PdfExportJobs, type PdfExportRequest } from './pdf-export-job.js';
import { loadProject } from './project-routes.js';

const SCOPES: readonly PdfExportScope[] = ['site', 'tab', 'group', 'page'];

/** The form's choices from the published checkout's navigation (no OpenAPI specs read: names and pages only). */
async function formView(root: string | null): Promise<PdfFormView> {
  if (!root || !existsSync(root)) return { kind: 'none', reason: 'The site has not been published yet: run an update on the Updates page, then come back to export it.' };
  // The site and PDF layers load with the export form, not with the dashboard.
  const [{ loadSite }, { pdfChoices }] = await Promise.all([import('../../site/index.js'), import('../../pdf/index.js')]);
  const loaded = await loadSite(root, { openapi: false });
  if (!loaded.site) return { kind: 'none', reason: 'The published checkout has no usable docs.json; the Updates page shows the last update’s problems.' };
  return { kind: 'choices', choices: pdfChoices(loaded.site.model) };
}

/** `what` of the form (`site:`, `tab:Guides`, `group:Setup`, `page:/intro`) and `language`, or null when malformed. */
function requestOf(form: Record<string, string>): PdfExportRequest | null {
  const what = form.what ?? 'site:';
  const colon = what.indexOf(':');
  const scope = (colon < 0 ? what : what.slice(0, colon)) as PdfExportScope;
  const target = colon < 0 ? '' : what.slice(colon + 1).trim();
  if (!SCOPES.includes(scope) || (scope !== 'site' && !target) || target.length > 500) return null;
  const language = (form.language ?? '').trim();
  if (language.length > 40) return null;
  return { scope, target: scope === 'site' ? null : target, language: scope === 'page' || !language ? null : language };
}

/**
 * Export PDF: the page (form and recent exports), starting an export (edit rights, access.ts), its
 * status for the page's poller, and the download (`Content-Disposition: attachment`). Exports past
 * their keeping time lose their PDF when the page, a download or a new export next looks.
 */
export function registerPdfExportRoutes(app: Hono<DashboardEnv>, ctx: DashboardContext, jobs: PdfExportJobs): void {
  const keepHours = Math.round(jobs.limits.keepMs / 3_600_000);
  const page = async (c: Context<DashboardEnv>, project: ProjectRow, notice: Notice | null, status: 200 | 400 | 409 = 200) => {
    await expirePdfExports(ctx.db, new Date());
    // An export whose server stopped mid-print is said to be interrupted, not shown running for ever.
    await settleStalePdfExports(ctx.db, project.id, new Date(Date.now() - STALE_MS));
    const [form, exports] = await Promise.all([formView(ctx.siteCheckout?.(project) ?? null), listPdfExports(ctx.db, project.id)]);
    return html(c, createElement(PdfExportPage, { base: ctx.base, viewer: viewerOf(c), project, form, exports, keepHours, notice }), status);
  };

  app.get('/projects/:projectId/pdf', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    const notice: Notice | null = c.req.query('notice') === 'pdf-started' ? { kind: 'ok', text: 'Export started. Its progress shows below; the Download link appears when it is ready.' } : null;
    return page(c, project, notice);
  });

  app.post('/projects/:projectId/pdf', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    const request = requestOf(c.get('form'));
    if (!request) return page(c, project, { kind: 'error', text: 'Choose what to print: the whole site, a tab, a group or a page.', code: 'DASHBOARD_ACTION_REFUSED' }, 400);
    await expirePdfExports(ctx.db, new Date());
    const started = await jobs.start(project, request, c.get('user')?.id ?? null, ctx.siteUrl(project, new URL(c.req.url)));
    if (!started) return page(c, project, { kind: 'error', text: 'An export of this project is running already; one at a time per project. Wait for it to end, then start another.', code: 'PDF_EXPORT_RUNNING' }, 409);
    return c.redirect(`${ctx.base}/projects/${project.id}/pdf?notice=pdf-started`, 303);
  });

  app.get('/projects/:projectId/pdf/:exportId/status.json', async (c) => {
    const row = await getPdfExport(ctx.db, c.req.param('projectId'), c.req.param('exportId'));
    if (!row) return c.json({ error: 'Export not found.' }, 404);
    const status = EXPORT_STATUS[row.status];
    return c.json({ id: row.id, status: status.badge, statusLabel: status.label, summary: row.status === 'failed' ? `${row.error ?? ''} (${row.errorCode ?? ''})` : row.progress, pages: row.pages, bytes: row.bytes, errorCode: row.errorCode });
  });

  app.get('/projects/:projectId/pdf/:exportId/download', async (c) => {
    const project = await loadProject(c, ctx);
    if (project instanceof Response) return project;
    const now = new Date();
    await expirePdfExports(ctx.db, now);
    const row = await getPdfExport(ctx.db, project.id, c.req.param('exportId'));
    const file = row ? await pdfExportContent(ctx.db, project.id, row.id, now) : null;
    if (!row || !file) {
      if (!row) return errorPage(c, ctx, 404, 'DASHBOARD_NOT_FOUND', 'This project has no export with that id.');
      if (row.status === 'expired') return errorPage(c, ctx, 410, 'PDF_EXPORT_EXPIRED', `This export is older than the ${keepHours} hours exports are kept, and its PDF is gone. Export again.`);
      const code = (row.errorCode as PdfCode | null) ?? 'PDF_EXPORT_RUNNING';
      return errorPage(c, ctx, 409, code, row.status === 'failed' ? `This export failed: ${row.error ?? ''}` : 'This export is not finished yet.');
    }
    return c.body(file.content as Uint8Array<ArrayBuffer>, 200, {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${file.fileName}"`,
      'content-length': String(file.content.byteLength),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    });
  });
}

