import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ReactElement } from 'react';
import type { PdfCode } from '../pdf/index.js';
import type { DashboardCode } from './codes.js';
import type { DashboardContext, DashboardEnv } from './context.js';
import { renderPage } from './views/html.js';
import { getCookie } from 'hono/cookie';
import { Layout, type ThemeChoice, type Viewer } from './views/layout.js';

/** Send a rendered page. */
export function html(c: Context, element: ReactElement, status: ContentfulStatusCode = 200): Response {
  return c.html(renderPage(element), status);
}

/** The signed-in viewer (email and CSRF token) for layouts. */
export function viewerOf(c: Context<DashboardEnv>): Viewer {
  const user = c.get('user');
  const session = c.get('session');
  return {
    email: user?.email ?? '',
    csrfToken: session?.csrfToken ?? '',
    role: user?.role ?? 'viewer',
    canEdit: c.get('canEdit') ?? false,
    theme: themeOf(c),
    projects: c.get('projectList'),
    docsUrl: c.get('docsUrl'),
  };
}

/** The colour theme the reader picked in the sidebar (cookie `folio_theme`), else the system's. */
export function themeOf(c: Context): ThemeChoice {
  const value = getCookie(c, 'folio_theme');
  return value === 'light' || value === 'dark' ? value : 'system';
}

/** An error page with a stable code (the dashboard's, or the PDF export's it serves) and a message that says what to do. */
export function errorPage(c: Context<DashboardEnv>, ctx: DashboardContext, status: ContentfulStatusCode, code: DashboardCode | PdfCode, message: string): Response {
  const viewer = c.get('user') ? viewerOf(c) : undefined;
  return html(
    c,
    <Layout title="Error" base={ctx.base} viewer={viewer}>
      <div className="panel">
        <h1>{status === 404 ? 'Not found' : status === 403 ? 'Not allowed' : 'Something went wrong'}</h1>
        <p className="notice error" role="alert" data-code={code}>
          {message}
        </p>
        <p className="hint">Error code {code}</p>
        <a className="btn secondary" href={`${ctx.base}/projects`}>
          Back to projects
        </a>
      </div>
    </Layout>,
    status,
  );
}
