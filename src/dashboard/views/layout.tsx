import type { ReactNode } from 'react';
import type { ProjectRow } from '../../db/index.js';
import { assetUrl, firstFontUrl } from '../assets/version.js';
import { Icon } from './icon.js';

export type ProjectTab = 'overview' | 'editor' | 'keys' | 'jobs' | 'suggestions' | 'automations' | 'updates' | 'pdf' | 'analytics' | 'translations' | 'settings' | 'assistant' | 'mcp' | 'slack';
/** The analytics screens, each a sidebar entry under Analytics. */
export type AnalyticsTab = 'traffic' | 'searches' | 'feedback' | 'assistant';
/** The reader's choice in the sidebar's switch (`system`: follow the operating system). */
export type ThemeChoice = 'light' | 'dark' | 'system';

export interface Viewer {
  email: string;
  csrfToken: string;
  /** `owner`, `editor` or `viewer`: pages show only the actions the role allows (the server checks again). */
  role: string;
  /** Edit rights on the project of the page (owners: always). */
  canEdit: boolean;
  /** Light, dark or the system's scheme, from the `folio_theme` cookie. */
  theme?: ThemeChoice;
  /** The projects for the switcher (id and name), when the page has them. */
  projects?: { id: string; name: string }[];
  /** Where the sidebar's Documentation entry leads (Folio's own docs), when the server knows. */
  docsUrl?: string;
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
  /** Which analytics screen is open (under `tab="analytics"`). */
  analytics?: AnalyticsTab;
  /** The analytics screen's range (`range=7d`, `from=…&to=…`): the sidebar's other analytics screens keep it. */
  range?: string;
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

/** A page's title row: the heading, an optional line under it, and its actions on the right. */
export function PageHead({ title, sub, children }: { title: string; sub?: ReactNode; children?: ReactNode }) {
  return (
    <>
      <div className="page-head">
        <h1>{title}</h1>
        {children ? <div className="actions">{children}</div> : null}
      </div>
      {sub ? <p className="sub">{sub}</p> : null}
    </>
  );
}

interface SideItem {
  id: string;
  label: string;
  icon: string;
  href: string;
  current: boolean;
  sub?: { id: string; label: string; href: string; current: boolean }[];
}

const ANALYTICS: { id: AnalyticsTab; label: string; path: string }[] = [
  { id: 'traffic', label: 'Traffic', path: '' },
  { id: 'searches', label: 'Searches', path: '/searches' },
  { id: 'feedback', label: 'Feedback', path: '/feedback' },
  { id: 'assistant', label: 'Assistant', path: '/assistant' },
];

/** The project's sections, leaving out the ones the viewer's role cannot open. */
function projectItems(base: string, viewer: Viewer, project: ProjectRow, tab: ProjectTab | undefined, analytics: AnalyticsTab | undefined, range: string | undefined): { main: SideItem[]; products: SideItem[] } {
  const at = `${base}/projects/${project.id}`;
  const item = (id: ProjectTab, label: string, icon: string, path: string): SideItem => ({ id, label, icon, href: `${at}${path}`, current: tab === id });
  const main: SideItem[] = [item('overview', 'Overview', 'house', '')];
  // Every member opens the editor: read-only without edit rights, to comment and suggest (access.ts).
  main.push(item('editor', 'Editor', 'file-pen-line', '/editor'));
  main.push({
    ...item('analytics', 'Analytics', 'chart-line', '/analytics'),
    sub: tab === 'analytics' ? ANALYTICS.map((a) => ({ id: a.id, label: a.label, href: `${at}/analytics${a.path}${range ? `?${range}` : ''}`, current: analytics === a.id })) : undefined,
  });
  main.push(item('jobs', 'Agent jobs', 'bot', '/jobs'), item('suggestions', 'Suggestions', 'lightbulb', '/suggestions'), item('automations', 'Automations', 'zap', '/automations'), item('updates', 'Updates', 'rocket', '/updates'));
  main.push(item('translations', 'Translations', 'languages', '/translations'));
  main.push(item('pdf', 'Export PDF', 'file-down', '/pdf'));
  if (viewer.role === 'owner') main.push(item('settings', 'Settings', 'settings', '/settings'));
  const products: SideItem[] = [item('assistant', 'Assistant', 'message-circle', '/products/assistant'), { ...item('settings', 'Authentication', 'lock', '/settings#site-access'), current: false }, item('mcp', 'MCP server', 'server', '/products/mcp')];
  if (viewer.role === 'owner') products.push(item('slack', 'Slack', 'slack', '/products/slack'), item('keys', 'API keys', 'key-round', '/keys'));
  return { main, products };
}

function SideLink({ item }: { item: SideItem }) {
  const childCurrent = item.sub?.some((s) => s.current);
  return (
    <>
      <a className="side-link" href={item.href} aria-current={item.current && !childCurrent ? 'page' : item.current ? 'true' : undefined}>
        <Icon name={item.icon} />
        {item.label}
      </a>
      {item.sub ? (
        <div className="side-sub">
          {item.sub.map((s) => (
            <a key={s.id} className="side-link" href={s.href} aria-current={s.current ? 'page' : undefined}>
              {s.label}
            </a>
          ))}
        </div>
      ) : null}
    </>
  );
}

/** The project switcher: the current project, the others, and all projects. */
function Switcher({ base, viewer, project }: { base: string; viewer: Viewer; project?: ProjectRow }) {
  const others = (viewer.projects ?? []).filter((p) => p.id !== project?.id).slice(0, 12);
  return (
    <details className="pop switcher">
      <summary aria-label={`${project?.name ?? 'Folio'}: switch project`}>
        <span className="brand-mark" aria-hidden="true" />
        <span className="name">{project?.name ?? 'Folio'}</span>
        <Icon name="chevrons-up-down" className="icon chev" />
      </summary>
      <div className="pop-panel">
        <ul className="menu-list">
          {others.map((p) => (
            <li key={p.id}>
              <a href={`${base}/projects/${p.id}`}>{p.name}</a>
            </li>
          ))}
          <li>
            <a href={`${base}/projects`} aria-current={project ? undefined : 'true'}>
              <Icon name="layout-grid" /> All projects
            </a>
          </li>
        </ul>
      </div>
    </details>
  );
}

const THEMES: { id: ThemeChoice; label: string; icon: string }[] = [
  { id: 'system', label: 'System theme', icon: 'monitor' },
  { id: 'light', label: 'Light theme', icon: 'sun' },
  { id: 'dark', label: 'Dark theme', icon: 'moon' },
];

function Sidebar({ base, viewer, project, tab, analytics, range }: { base: string; viewer: Viewer; project?: ProjectRow; tab?: ProjectTab; analytics?: AnalyticsTab; range?: string }) {
  const docsUrl = viewer.docsUrl;
  const items = project ? projectItems(base, viewer, project, tab, analytics, range) : null;
  const theme = viewer.theme ?? 'system';
  return (
    <nav className="sidebar" id="sidebar" aria-label="Dashboard">
      <div className="side-top">
        <Switcher base={base} viewer={viewer} project={project} />
        <button type="button" className="icon-btn mobile-only" data-drawer-close="" aria-label="Close menu">
          <Icon name="x" />
        </button>
      </div>
      <div className="side-nav">
        {items ? (
          items.main.map((i) => <SideLink key={i.id + i.label} item={i} />)
        ) : (
          <a className="side-link" href={`${base}/projects`} aria-current="page">
            <Icon name="layout-grid" /> Projects
          </a>
        )}
      </div>
      {items ? (
        <>
          <p className="side-label">Products</p>
          <div className="side-nav">
            {items.products.map((i) => (
              <SideLink key={i.label} item={i} />
            ))}
          </div>
        </>
      ) : null}
      <div className="side-bottom">
        {docsUrl ? (
          <a className="side-link" href={docsUrl}>
            <Icon name="book-open" /> Documentation
          </a>
        ) : null}
        {viewer.role === 'owner' ? (
          <a className="side-link" href={`${base}/members`}>
            <Icon name="user-plus" /> Invite members
          </a>
        ) : null}
        <div className="side-foot">
          <div className="theme-switch" role="group" aria-label="Colour theme">
            {THEMES.map((t) => (
              <button key={t.id} type="button" data-theme-choice={t.id} aria-pressed={theme === t.id} aria-label={t.label} title={t.label}>
                <Icon name={t.icon} />
              </button>
            ))}
          </div>
          <form method="post" action={`${base}/logout`}>
            <Csrf token={viewer.csrfToken} />
            <button className="icon-btn" type="submit" aria-label={`Sign out ${viewer.email}`} title={`Sign out ${viewer.email} (${viewer.role})`}>
              <Icon name="log-out" />
            </button>
          </form>
        </div>
        <div className="account">
          <span className="who">{viewer.email}</span>
          <span>{viewer.role}</span>
        </div>
      </div>
    </nav>
  );
}

/** Preload Inter's Latin file, which every page's first text needs (no redraw, nothing moving under a click). */
export function FontPreload({ base }: { base: string }) {
  const href = firstFontUrl(base);
  return href ? <link rel="preload" href={href} as="font" type="font/woff2" crossOrigin="anonymous" /> : null;
}

/** The document around every page: fonts, the stylesheet, the main script, the theme the reader chose. */
function Document({ title, base, theme, children }: { title: string; base: string; theme?: ThemeChoice; children: ReactNode }) {
  return (
    <html lang="en" data-theme={theme && theme !== 'system' ? theme : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="same-origin" />
        <title>{`${title} · Folio`}</title>
        <link rel="icon" href={`${base}/assets/favicon.svg`} type="image/svg+xml" />
        <FontPreload base={base} />
        <link rel="stylesheet" href={assetUrl(base, 'app.css')} />
        <script type="module" src={assetUrl(base, 'main')} />
      </head>
      {children}
    </html>
  );
}

/** The page frame: the sidebar (a drawer on phones) and the content panel; sign-in pages get a centred card. */
export function Layout({ title, base, viewer, project, tab, analytics, range, notice, children }: LayoutProps) {
  if (!viewer) {
    return (
      <Document title={title} base={base}>
        <body>
          <a className="skip" href="#main">
            Skip to content
          </a>
          <div className="auth-shell">
            <p className="brand auth-brand">
              <span className="brand-mark" aria-hidden="true" />
              Folio
            </p>
            <main id="main" tabIndex={-1}>
              <NoticeBox notice={notice} />
              {children}
            </main>
          </div>
        </body>
      </Document>
    );
  }
  return (
    <Document title={title} base={base} theme={viewer.theme}>
      <body>
        <Shell base={base} viewer={viewer} project={project} tab={tab} analytics={analytics} range={range}>
          <main id="main" tabIndex={-1}>
            <NoticeBox notice={notice} />
            {children}
          </main>
        </Shell>
      </body>
    </Document>
  );
}

/**
 * The signed-in frame: the skip link, the phone's bar, the sidebar (a drawer on phones) and the
 * content panel holding `children` (a page's main region, or the editor's whole app).
 */
export function Shell({ base, viewer, project, tab, analytics, range, children }: { base: string; viewer: Viewer; project?: ProjectRow; tab?: ProjectTab; analytics?: AnalyticsTab; range?: string; children: ReactNode }) {
  return (
    <>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <div className="app">
        <div className="mobile-bar">
          <button type="button" className="icon-btn" data-drawer-open="" aria-expanded="false" aria-controls="sidebar" aria-label="Open menu">
            <Icon name="menu" />
          </button>
          <span className="title">{project?.name ?? 'Folio'}</span>
        </div>
        <Sidebar base={base} viewer={viewer} project={project} tab={tab} analytics={analytics} range={range} />
        <div className="scrim" />
        <div className="content">{children}</div>
      </div>
    </>
  );
}
