import type { ReactNode } from 'react';
import type { ProjectRow } from '../../db/index.js';
import { ASSET_VERSION } from '../assets/version.js';

export type ProjectTab = 'overview' | 'editor' | 'keys' | 'jobs' | 'automations' | 'updates' | 'analytics';

export interface Viewer {
  email: string;
  csrfToken: string;
  /** `owner`, `editor` or `viewer`: pages show only the actions the role allows (the server checks again). */
  role: string;
  /** Edit rights on the project of the page (owners: always). */
  canEdit: boolean;
}

export interface Notice {
  kind: 'ok' | 'error' | 'warn';
  text: string;
  /** Stable error code (codes.ts) shown beside the message. */
  code?: string;
}

export interface LayoutProps {
  title: string;
  base: string;
  viewer?: Viewer;
  project?: ProjectRow;
  tab?: ProjectTab;
  notice?: Notice | null;
  children: ReactNode;
}

/** The agent model field of the job and automation forms: the models this server offers, the first chosen. */
export function ModelField({ models }: { models: string[] }) {
  return (
    <div className="field">
      <label htmlFor="model">Model</label>
      <select id="model" name="model" defaultValue={models[0]}>
        {models.map((m) => (
          <option key={m} value={m}>
            {m}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Hidden CSRF field every dashboard form carries. */
export function Csrf({ token }: { token: string }) {
  return <input type="hidden" name="_csrf" value={token} />;
}

/** A status message above the page content, announced to screen readers. */
export function NoticeBox({ notice }: { notice: Notice | null | undefined }) {
  if (!notice) return null;
  return (
    <div className={`notice ${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
      {notice.text}
      {notice.code ? <span className="hint" data-code={notice.code}>{` (${notice.code})`}</span> : null}
    </div>
  );
}

/** Project tabs; `shown` leaves out the ones the viewer's role cannot open. */
const TABS: { id: ProjectTab; label: string; path: string; shown?: (viewer: Viewer) => boolean }[] = [
  { id: 'overview', label: 'Overview', path: '' },
  { id: 'editor', label: 'Editor', path: '/editor', shown: (v) => v.canEdit },
  { id: 'keys', label: 'API keys', path: '/keys', shown: (v) => v.role === 'owner' },
  { id: 'jobs', label: 'Agent jobs', path: '/jobs' },
  { id: 'automations', label: 'Automations', path: '/automations' },
  { id: 'updates', label: 'Updates', path: '/updates' },
  { id: 'analytics', label: 'Analytics', path: '/analytics' },
];

/** The page frame: top bar with the account menu, project tabs, and the main region. */
export function Layout({ title, base, viewer, project, tab, notice, children }: LayoutProps) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="same-origin" />
        <title>{`${title} · Folio`}</title>
        <link rel="stylesheet" href={`${base}/assets/app.css?v=${ASSET_VERSION}`} />
        <script src={`${base}/assets/app.js?v=${ASSET_VERSION}`} defer />
      </head>
      <body>
        <a className="skip" href="#main">
          Skip to content
        </a>
        {viewer ? (
          <header className="topbar">
            <div className="topbar-inner">
              <a className="brand" href={`${base}/projects`}>
                <span className="brand-mark" aria-hidden="true" />
                Folio
              </a>
              {project ? (
                <span aria-label="Current project">
                  / <a href={`${base}/projects/${project.id}`}>{project.name}</a>
                </span>
              ) : null}
              <span className="spacer" />
              <div className="user">
                {viewer.role === 'owner' ? <a href={`${base}/members`}>Members</a> : null}
                <span>
                  {viewer.email} <span className="hint">({viewer.role})</span>
                </span>
                <form method="post" action={`${base}/logout`}>
                  <Csrf token={viewer.csrfToken} />
                  <button className="linklike" type="submit">
                    Sign out
                  </button>
                </form>
              </div>
            </div>
            {project ? (
              <nav className="tabs" aria-label="Project">
                {TABS.filter((t) => !t.shown || t.shown(viewer)).map((t) => (
                  <a key={t.id} href={`${base}/projects/${project.id}${t.path}`} aria-current={t.id === tab ? 'page' : undefined}>
                    {t.label}
                  </a>
                ))}
              </nav>
            ) : null}
          </header>
        ) : null}
        <main id="main" className={viewer ? undefined : 'auth'} tabIndex={-1}>
          {viewer ? null : (
            <p className="brand auth-brand">
              <span className="brand-mark" aria-hidden="true" />
              Folio
            </p>
          )}
          <NoticeBox notice={notice} />
          {children}
        </main>
      </body>
    </html>
  );
}
