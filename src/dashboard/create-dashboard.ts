import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { listProjects, type Database, type ProjectRow } from '../db/index.js';
import { EditorService, type EditorServiceOptions } from '../editor/index.js';
import { enforceRoles } from './access.js';
import { registerAssetRoutes } from './assets/routes.js';
import { dashboardAssets } from './assets/version.js';
import type { DashboardContext, DashboardEnv } from './context.js';
import { csrfProtection, loadSession, refusedAddress, requireUser, securityHeaders } from './middleware.js';
import { errorPage } from './respond.js';
import { registerAnalyticsRoutes } from './routes/analytics-routes.js';
import { registerAuthRoutes } from './routes/auth-routes.js';
import { registerAutomationRoutes } from './routes/automation-routes.js';
import { EDITOR_BODY_LIMIT, isEditorPath, registerEditorRoutes, registerShareRoutes } from './routes/editor-routes.js';
import { registerInviteRoutes, registerMemberRoutes } from './routes/member-routes.js';
import { registerJobRoutes } from './routes/job-routes.js';
import { registerProductRoutes } from './routes/product-routes.js';
import { DEFAULT_PDF_EXPORT_LIMITS, PdfExportJobs, type PdfExportLimits } from './routes/pdf-export-job.js';
import { registerPdfExportRoutes } from './routes/pdf-export-routes.js';
import { registerProjectRoutes } from './routes/project-routes.js';
import { registerSlackRoutes } from './routes/slack-routes.js';
import { registerSuggestionRoutes } from './routes/suggestion-routes.js';
import { registerTranslationRoutes } from './routes/translation-routes.js';
import { registerUpdateRoutes } from './routes/update-routes.js';
import type { AdminServices } from '../api/index.js';

export interface DashboardDeps {
  db: Database;
  /** Path the app is mounted at; links, redirects and the cookie path use it. */
  basePath?: string;
  /** The admin API's services (the same instance the API uses: rate limits, queueing, key cache, updates). */
  services: AdminServices;
  /** Model names offered when starting a job; the first is the default. */
  models?: string[];
  /** `auto`: Secure cookies when the request arrived over https. */
  secureCookies?: boolean | 'auto';
  /** Believe X-Forwarded-Proto / X-Forwarded-Host (only behind a proxy you run). */
  trustProxy?: boolean;
  /** Sites answer on `<projectId>.<siteDomain>` (as `AppDeps.siteDomain`); default `localhost`. */
  siteDomain?: string;
  /** URL of a project's published site, from the dashboard request URL; overrides `siteDomain`. */
  siteUrl?: (project: ProjectRow, requestUrl: URL) => string;
  /** Called after a project is created or its settings change (e.g. `hosts.refresh()` for custom domains). */
  onProjectChanged?: (project: ProjectRow) => void | Promise<void>;
  /** Where the sidebar's Documentation entry leads (Folio's own docs site), if anywhere; a function when it is known only once the server listens. */
  docsUrl?: string | (() => string | undefined);
  /** The retrieval index of a project's live build, for the assistant screen's topics (hosting's, handed in by the server). */
  sectionIndexOf?: DashboardContext['sectionIndexOf'];
  /** The docs root of a project's published checkout, for the translations page (hosting's workspace, handed in by the server). */
  siteCheckout?: DashboardContext['siteCheckout'];
  /** The files of a project's live build, for Export PDF (hosting's site store, handed in by the server); the page says there is nothing to print without. */
  publishedFiles?: DashboardContext['publishedFiles'];
  /** Export PDF's limits (time per print, hours kept, largest PDF, prints at once); `DEFAULT_PDF_EXPORT_LIMITS` otherwise. */
  pdfExport?: Partial<PdfExportLimits>;
  /** Names for topics from the configured model, when the server has one. */
  nameTopics?: DashboardContext['nameTopics'];
  /** Server log for unexpected errors (one line each). */
  log?: (line: string) => void;
  /**
   * The web editor's checkouts (`workRoot`, default a folder under the system's temporary one) and
   * git access (credentials, GitHub for pull requests).
   */
  editor?: Omit<EditorServiceOptions, 'db' | 'assetBase' | 'log'>;
  /** The Slack app's settings service (the server's, from src/slack); the Slack page says the app is off without it. */
  slack?: DashboardContext['slack'];
}

/** Site address: the first custom domain, else `<project id>.<siteDomain>`, on the dashboard's scheme and port. */
export function defaultSiteUrl(project: ProjectRow, requestUrl: URL, siteDomain = 'localhost'): string {
  const port = requestUrl.port ? `:${requestUrl.port}` : '';
  const host = project.hostNames[0] ?? `${project.id}.${siteDomain}`;
  return `${requestUrl.protocol}//${host}${port}/`;
}

/** Preview address: `<slug>--<project id>.<siteDomain>`, on the dashboard's scheme and port. */
export function defaultPreviewUrl(project: ProjectRow, slug: string, requestUrl: URL, siteDomain = 'localhost'): string {
  const port = requestUrl.port ? `:${requestUrl.port}` : '';
  return `${requestUrl.protocol}//${slug}--${project.id}.${siteDomain}${port}/`;
}

/** The dashboard as a Hono sub-app; mount it with `app.route('/dashboard', createDashboard(deps))`. */
export function createDashboard({
  db,
  basePath = '/dashboard',
  services,
  models = ['folio-maintainer'],
  secureCookies = 'auto',
  trustProxy = false,
  siteDomain = 'localhost',
  siteUrl = (project, url) => defaultSiteUrl(project, url, siteDomain),
  onProjectChanged = () => {},
  log = () => {},
  docsUrl,
  sectionIndexOf,
  siteCheckout,
  publishedFiles,
  pdfExport,
  nameTopics,
  editor = { workRoot: path.join(os.tmpdir(), `folio-editor-${process.pid}`) },
  slack,
}: DashboardDeps): Hono<DashboardEnv> {
  const base = basePath.replace(/\/+$/, '');
  const ctx: DashboardContext = {
    db,
    base,
    services,
    models,
    secureCookies,
    trustProxy,
    siteUrl,
    previewUrl: (project, slug, url) => defaultPreviewUrl(project, slug, url, siteDomain),
    onProjectChanged,
    sectionIndexOf,
    siteCheckout,
    publishedFiles,
    nameTopics,
    slack,
    editor: new EditorService({ ...editor, db, log, assetBase: (projectId, key) => `${base}/projects/${projectId}/editor/site/${key}` }),
  };
  const app = new Hono<DashboardEnv>();
  app.use('*', securityHeaders());
  // The stylesheet and scripts are made on the first request (pages link them by content hash).
  app.use('*', async (_c, next) => {
    await dashboardAssets();
    await next();
  });
  // A control character in the address is refused before any route, the public assets' included.
  app.use('*', async (c, next) => refusedAddress(c, ctx) ?? next());
  registerAssetRoutes(app);

  // Forms are small; 64 KiB leaves room for a long prompt and refuses anything bigger early. The
  // editor's page texts and images have their own limit (a 20 MB paste is refused there).
  const formLimit = bodyLimit({ maxSize: 64 * 1024, onError: (c) => c.text('Form too large (limit 64 KiB).', 413) });
  const editorLimit = bodyLimit({
    maxSize: EDITOR_BODY_LIMIT,
    onError: (c) => c.json({ error: { code: 'EDITOR_TOO_LARGE', message: `The request is over the editor's ${EDITOR_BODY_LIMIT / 1024 / 1024} MB limit; nothing was saved. Split the page or make the image smaller.` } }, 413),
  });
  app.use('*', (c, next) => (isEditorPath(c.req.path) ? editorLimit(c, next) : formLimit(c, next)));
  app.use('*', loadSession(ctx));
  app.use('*', csrfProtection(ctx));

  const open = new Hono<DashboardEnv>();
  registerAuthRoutes(open, ctx);
  registerInviteRoutes(open, ctx);
  registerShareRoutes(open, ctx);
  app.route('/', open);

  app.use('*', requireUser(ctx));
  app.use('*', enforceRoles(ctx));
  // The sidebar's project switcher and Documentation entry, for pages: what a browser asks for as a
  // document (not JSON, CSV, form posts, or the files of the editor's preview).
  app.use('*', async (c, next) => {
    if (c.req.method === 'GET' && c.req.header('accept')?.includes('text/html')) {
      c.set('projectList', (await listProjects(db)).map((p) => ({ id: p.id, name: p.name })));
      c.set('docsUrl', typeof docsUrl === 'function' ? docsUrl() : docsUrl);
    }
    await next();
  });
  registerProjectRoutes(app, ctx);
  registerJobRoutes(app, ctx);
  registerAutomationRoutes(app, ctx);
  registerSuggestionRoutes(app, ctx);
  registerUpdateRoutes(app, ctx);
  registerAnalyticsRoutes(app, ctx);
  registerEditorRoutes(app, ctx);
  registerMemberRoutes(app, ctx);
  registerProductRoutes(app, ctx);
  registerSlackRoutes(app, ctx);
  registerTranslationRoutes(app, ctx);
  const pdfSources = { checkout: (project: ProjectRow) => siteCheckout?.(project) ?? null, files: async (project: ProjectRow) => (publishedFiles ? publishedFiles(project) : null) };
  registerPdfExportRoutes(app, ctx, new PdfExportJobs(db, pdfSources, { ...DEFAULT_PDF_EXPORT_LIMITS, ...pdfExport }, log));

  app.onError((err, c) => {
    log(`dashboard error: ${c.req.method} ${c.req.path}: ${err.stack ?? String(err)}`);
    return errorPage(c, ctx, 500, 'DASHBOARD_INTERNAL', 'Something went wrong on the server. Try again; if it keeps failing, the server log has the details.');
  });
  app.notFound((c) => errorPage(c, ctx, 404, 'DASHBOARD_NOT_FOUND', 'There is no dashboard page at this address.'));
  return app;
}
