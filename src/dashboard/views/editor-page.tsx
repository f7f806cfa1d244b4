import type { ProjectRow } from '../../db/index.js';
import { assetUrl, stylesVersion } from '../assets/version.js';
import { FontPreload, Shell, type Viewer } from './layout.js';

export interface EditorPageProps {
  base: string;
  viewer: Pick<Viewer, 'email' | 'csrfToken' | 'theme'>;
  project: Pick<ProjectRow, 'id' | 'name' | 'branch'>;
  branch: string;
  /** Page to open first (docs-folder relative), or '' for the first of the navigation. */
  file: string;
  scriptHash: string;
  /** Component names completed in the source mode. */
  components: string[];
  maxTextBytes: number;
  /**
   * `folio dev`'s editor over the writer's own files: its routes, assets and the site it edits; no
   * branches, publishing, discarding or sign-in (those controls are left out and main.ts skips them).
   */
  local?: { api: string; assets: string; siteHref: string };
  /** In the dashboard: the signed-in shell around the editor (sidebar, drawer, theme switch). */
  shell?: { viewer: Viewer; project: ProjectRow };
  /**
   * A member without edit rights on the project (`access.ts`): the page read-only, with comments and
   * suggestions; no saving, publishing, page settings, images, new pages, arranging or history.
   */
  readOnly?: boolean;
}

/**
 * The editor's frame, drawn on the server; `src/client/editor/main.ts` fills the navigation, the
 * source editor and the preview from the JSON routes, using the settings in `data-*` attributes.
 */
const COLOUR = { pattern: '#([0-9a-fA-F]{3}){1,2}' };

/** The site settings form's fields (`client/editor/site-settings.ts` reads and writes them in docs.json). */
const SITE_SETTINGS_FIELDS: [name: string, label: string, extra: Record<string, string | boolean>][] = [
  ['name', 'Site name', { required: true }],
  ['primary', 'Primary colour', { ...COLOUR, placeholder: '#0D9373' }],
  ['light', 'Light colour', COLOUR],
  ['dark', 'Dark colour', COLOUR],
  ['logoLight', 'Logo (light mode)', { placeholder: '/logo/light.svg' }],
  ['logoDark', 'Logo (dark mode)', { placeholder: '/logo/dark.svg' }],
  ['favicon', 'Favicon', { placeholder: '/favicon.svg' }],
  ['buttonLabel', 'Navbar button', { placeholder: 'Dashboard' }],
  ['buttonHref', 'Navbar button link', { placeholder: 'https://' }],
];

export function EditorPage({ base, viewer, project, branch, file, scriptHash, components, maxTextBytes, local, shell, readOnly }: EditorPageProps) {
  const assets = local?.assets ?? `${base}/assets`;
  const app = <EditorApp base={base} viewer={viewer} project={project} branch={branch} file={file} components={components} maxTextBytes={maxTextBytes} local={local} readOnly={readOnly} />;
  return (
    <html lang="en" data-theme={viewer.theme && viewer.theme !== 'system' ? viewer.theme : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="same-origin" />
        <title>{`Editor · ${project.name} · Folio`}</title>
        <FontPreload base={local ? assets.replace(/\/assets$/, '') : base} />
        <link rel="stylesheet" href={`${assets}/app.css?v=${stylesVersion()}`} />
        <link rel="stylesheet" href={`${assets}/editor.css?v=${stylesVersion()}`} />
        <script type="module" src={`${assets}/editor.js?v=${scriptHash}`} />
        {shell ? <script type="module" src={assetUrl(base, 'main')} /> : null}
        {shell ? <link rel="icon" href={`${base}/assets/favicon.svg`} type="image/svg+xml" /> : null}
      </head>
      <body className={shell ? 'ed-body ed-in-shell' : 'ed-body'}>
        {shell ? (
          <Shell base={base} viewer={shell.viewer} project={shell.project} tab="editor">
            {app}
          </Shell>
        ) : (
          app
        )}
      </body>
    </html>
  );
}

/** The editor's own frame (`#editor-app`), filled by `client/editor/main.ts`. */
function EditorApp({ base, viewer, project, branch, file, components, maxTextBytes, local, readOnly = false }: Omit<EditorPageProps, 'scriptHash' | 'shell'>) {
  // docs.json's own entry and form: where the Site configuration manager is not mounted (folio dev, viewers).
  const siteEntry = Boolean(local) || readOnly;
  const api = local?.api ?? `${base}/projects/${project.id}/editor`;
  return (
        <div
          id="editor-app"
          className="ed-app"
          data-api={api}
          data-branch={branch}
          data-deployment-branch={project.branch}
          data-file={file}
          data-csrf={viewer.csrfToken}
          data-user={viewer.email}
          data-components={components.join(',')}
          data-max-text={String(maxTextBytes)}
          data-local={local ? '1' : undefined}
          data-read-only={readOnly ? '1' : undefined}
        >
          <header className="ed-top">
            <a className="ed-back" href={local?.siteHref ?? `${base}/projects/${project.id}`} title={local ? 'The site' : 'Back to the project'}>
              <span className="brand-mark" aria-hidden="true" /> {project.name}
            </a>
            <label className="ed-branch" hidden={Boolean(local)}>
              <svg className="ed-icon-branch" viewBox="0 0 16 16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.5">
                <circle cx="4" cy="3" r="1.6" />
                <circle cx="4" cy="13" r="1.6" />
                <circle cx="12" cy="5" r="1.6" />
                <path d="M4 4.6v6.8M12 6.6c0 3-4 2.4-7.2 5" />
              </svg>
              <span className="visually-hidden">Branch</span>
              <select id="ed-branch" aria-label="Branch">
                <option value={branch}>{branch}</option>
              </select>
            </label>
            <a id="ed-pr-link" className="ed-pr-link" target="_blank" rel="noopener" hidden>
              Draft pull request
            </a>
            <span id="ed-review-pill" className="ed-pill ed-review-pill" hidden />
            <span className="spacer" />
            <span id="ed-suggesting-pill" className="ed-pill" hidden>
              Suggesting
              <button id="ed-suggesting-off" type="button" className="ed-pill-x" title="Switch to Editing" aria-label="Switch to Editing">
                ×
              </button>
            </span>
            <span id="ed-status" className="ed-status" role="status" aria-live="polite">
              Loading…
            </span>
            {readOnly ? <span className="ed-pill ed-read-only" title="You can comment and suggest changes; an editor of the project decides.">Read-only</span> : null}
            <div className="ed-publish" hidden={Boolean(local) || readOnly}>
              <button id="ed-publish-toggle" type="button" className="btn ed-publish-btn" aria-expanded="false" aria-controls="ed-publish-menu">
                Publish <span className="ed-caret" aria-hidden="true" />
              </button>
              <div id="ed-publish-menu" className="ed-menu" hidden>
                <div id="ed-share" className="ed-share" hidden>
                  <div className="ed-share-row">
                    <svg className="ed-icon-globe" viewBox="0 0 16 16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.3">
                      <circle cx="8" cy="8" r="6.2" />
                      <path d="M1.8 8h12.4M8 1.8c2 2.2 2 10.2 0 12.4M8 1.8c-2 2.2-2 10.2 0 12.4" />
                    </svg>
                    <a id="ed-share-url" className="ed-share-url" target="_blank" rel="noopener" hidden />
                    <button id="ed-share-make" type="button" className="ed-link-btn">
                      Share preview link
                    </button>
                  </div>
                  <ul id="ed-share-links" className="ed-share-links" />
                </div>
                <p className="ed-menu-title" id="ed-changes-title">
                  No changes
                </p>
                <ul id="ed-changes" className="ed-changes" />
                <div id="ed-links" className="ed-links" role="status" hidden />
                <label className="ed-field">
                  <span>Commit message</span>
                  <input id="ed-message" type="text" placeholder="Update from the web editor" />
                </label>
                <button id="ed-publish" type="button" className="btn">
                  Publish
                </button>
                <div id="ed-branch-review" className="ed-branch-review" hidden>
                  <ul id="ed-reviews" className="ed-reviews" />
                  <div className="ed-review-ask" id="ed-review-ask">
                    <select id="ed-reviewer" aria-label="Reviewer" />
                    <button id="ed-request-review" type="button" className="btn">
                      Request review
                    </button>
                  </div>
                  <div className="ed-review-decide" id="ed-review-decide" hidden>
                    <button id="ed-approve" type="button" className="btn">
                      Approve
                    </button>
                    <button id="ed-request-changes" type="button" className="btn">
                      Request changes
                    </button>
                  </div>
                </div>
                <div id="ed-branch-actions" className="ed-branch-actions" hidden>
                  <button id="ed-save-branch" type="button" className="btn">
                    Save in branch
                  </button>
                  <button id="ed-branch-next" type="button" className="btn ed-primary">
                    Ready for review
                  </button>
                </div>
                <div id="ed-publish-result" className="ed-result" role="status" />
              </div>
            </div>
            {local ? null : <span className="ed-user">{viewer.email}</span>}
          </header>
          <aside id="ed-nav" className="ed-nav" aria-label="Navigation">
            <div className="ed-nav-head">
              <span>Navigation</span>
              <span className="ed-nav-tools" hidden={readOnly}>
                <button id="ed-arrange" type="button" className="ed-icon-btn" aria-pressed="false" title="Move pages, add and rename groups and tabs">
                  Arrange
                </button>
                <button id="ed-add" type="button" className="ed-icon-btn" title="Add page" aria-label="Add page">
                  +
                </button>
              </span>
              <button id="ed-nav-close" type="button" className="ed-icon-btn ed-nav-close" title="Back to the page" aria-label="Close the pages">
                ×
              </button>
            </div>
            <form id="ed-add-form" className="ed-add-form" hidden>
              <p id="ed-add-in" className="ed-arrange-note" hidden />
              <label className="ed-field">
                <span>Title</span>
                <input id="ed-add-title" type="text" required />
              </label>
              <label className="ed-field">
                <span>File</span>
                <input id="ed-add-file" type="text" placeholder="guides/new-page.mdx" required />
              </label>
              <div className="ed-row">
                <button type="submit" className="btn small">
                  Add page
                </button>
                <button id="ed-add-cancel" type="button" className="btn small secondary">
                  Cancel
                </button>
              </div>
            </form>
            <input id="ed-filter" className="ed-filter" type="search" placeholder="Filter pages" aria-label="Filter pages" />
            <nav id="ed-tree" className="ed-tree" />
            {/* In the dashboard, the Site configuration manager (client/editor/managers.ts) is the way to the site's settings. */}
            {siteEntry ? (
              <a id="ed-docs-json" className="ed-docs-json" href="?file=docs.json">
                Site settings (docs.json)
              </a>
            ) : null}
          </aside>
          <main className="ed-main" id="main">
            <div className="ed-bar">
              <ol id="ed-crumbs" className="ed-crumbs" aria-label="Breadcrumb" />
            <button id="ed-nav-toggle" type="button" className="ed-icon-btn ed-nav-toggle" aria-expanded="false" aria-controls="ed-nav" title="The site's pages and their order">
              Pages
            </button>
              <span className="spacer" />
              <div className="ed-modes" role="group" aria-label="View">
                <button id="ed-mode-visual" type="button" className="ed-icon-btn" aria-pressed="false" title="Visual mode: edit text, headings, callouts and code blocks in place">
                  Visual
                </button>
                <button id="ed-mode-source" type="button" className="ed-icon-btn" aria-pressed="true" title="Markdown source" aria-label="Markdown source">
                  {'</>'}
                </button>
                <span className="ed-sep" aria-hidden="true" />
                <button id="ed-mode-preview" type="button" className="ed-icon-btn" aria-pressed="true" title="Live preview">
                  Preview
                </button>
                <span className="ed-devices" role="group" aria-label="Preview width">
                  <button id="ed-device-desktop" type="button" className="ed-icon-btn" aria-pressed="true" title="The page at a laptop's width (1024 px)">
                    Desktop
                  </button>
                  <button id="ed-device-phone" type="button" className="ed-icon-btn" aria-pressed="false" title="The page at a phone's width (390 px)">
                    Phone
                  </button>
                </span>
                <button id="ed-settings-toggle" type="button" className="ed-icon-btn" aria-pressed="false" title="Page settings" hidden={readOnly}>
                  Settings
                </button>
                <label className="ed-icon-btn ed-upload" title="Add an image" hidden={readOnly}>
                  Image
                  <input id="ed-image" type="file" accept="image/png,image/jpeg,image/gif,image/webp" />
                </label>
                {local ? null : (
                  <>
                    <span className="ed-sep" aria-hidden="true" />
                    <button id="ed-comment" type="button" className="ed-icon-btn" title="Comment on the selected text">
                      Comment
                    </button>
                    <button id="ed-suggest" type="button" className="ed-icon-btn" aria-pressed="false" title="Switch to Suggesting">
                      Suggesting
                    </button>
                    <button id="ed-review-toggle" type="button" className="ed-icon-btn" aria-pressed="false" title="Comments and suggestions on this page">
                      Comments <span id="ed-review-count" className="ed-count" />
                    </button>
                    <button id="ed-history-toggle" type="button" className="ed-icon-btn" aria-pressed="false" title="The page's history on this branch" hidden={readOnly}>
                      History
                    </button>
                  </>
                )}
              </div>
            </div>
            <form id="ed-settings" className="ed-settings ed-page-settings" hidden aria-labelledby="ed-settings-title">
              <h2 id="ed-settings-title" className="ed-settings-title">
                Page settings
              </h2>
              <label className="ed-field ed-span-4">
                <span>Title</span>
                <input name="title" type="text" />
              </label>
              <label className="ed-field ed-span-2">
                <span>Sidebar title</span>
                <input name="sidebarTitle" type="text" placeholder="The title" />
              </label>
              <label className="ed-field ed-span-6">
                <span>Description</span>
                <input name="description" type="text" placeholder="One sentence under the title, and in search results" />
              </label>
              <label className="ed-field ed-span-2">
                <span>Icon</span>
                <input name="icon" type="text" placeholder="rocket" />
              </label>
              <label className="ed-field ed-span-2">
                <span>Layout</span>
                <select name="mode">
                  <option value="">Default</option>
                  <option value="wide">Wide (no table of contents)</option>
                  <option value="center">Centered</option>
                  <option value="custom">Custom (no sidebar)</option>
                  <option value="frame">Frame</option>
                </select>
              </label>
              <label className="ed-switch ed-span-2">
                <input name="hidden" type="checkbox" />
                <span>Hidden from the navigation</span>
              </label>
              <div className="ed-row ed-span-6 ed-settings-apply">
                <button type="submit" className="btn small">
                  Apply
                </button>
              </div>
              <div className="ed-row ed-settings-file">
                <label className="ed-field">
                  <span>File</span>
                  <input id="ed-rename-to" type="text" />
                </label>
                <button id="ed-rename" type="button" className="btn small secondary">
                  Rename
                </button>
                <button id="ed-discard" type="button" className="btn small secondary" hidden={Boolean(local)}>
                  Discard changes
                </button>
                <button id="ed-delete" type="button" className="btn small danger">
                  Delete page
                </button>
              </div>
            </form>
            {siteEntry ? (
              <form id="ed-site-settings" className="ed-settings" hidden aria-label="Site settings">
                {SITE_SETTINGS_FIELDS.map(([name, label, extra]) => (
                  <label className="ed-field" key={name}>
                    <span>{label}</span>
                    <input name={name} type="text" {...extra} />
                  </label>
                ))}
                <div className="ed-row">
                  <button type="submit" className="btn small">
                    Apply
                  </button>
                </div>
              </form>
            ) : null}
            <div id="ed-problems" className="ed-problems" role="alert" />
            <div id="ed-panes" className="ed-panes">
              <div id="ed-source" className="ed-source" />
              <div id="ed-visual" className="ed-visual" hidden />
              <div id="ed-preview-pane" className="ed-preview-pane" role="region" aria-label="Preview" tabIndex={0}>
                <div id="ed-preview-stage" className="ed-preview-stage">
                  <iframe id="ed-preview" className="ed-preview" title="Preview of the page" sandbox="allow-same-origin" />
                </div>
              </div>
              {local ? null : <ReviewAside />}
            </div>
          </main>
        </div>
  );
}

/** The comments (with the composer of a new one) and history panel, filled by `client/editor/review.ts`. */
function ReviewAside() {
  return (
    <aside id="ed-review" className="ed-review" aria-label="Comments and history" hidden>
      <div className="ed-review-head">
        <h2 id="ed-review-title" className="ed-review-title">
          Comments
        </h2>
        <span className="spacer" />
        <button id="ed-review-close" type="button" className="ed-icon-btn" title="Close the panel" aria-label="Close the panel">
          ×
        </button>
      </div>
      <div id="ed-review-comments">
        <form id="ed-composer" className="ed-composer" hidden>
          <blockquote className="ed-composer-quote" />
          <label className="ed-field" hidden>
            <span>Suggested text</span>
            <textarea name="replacement" rows={3} />
          </label>
          <textarea name="body" rows={2} aria-label="Comment" placeholder="Add a comment…" />
          <p className="ed-composer-problem ed-problem" role="alert" />
          <div className="ed-row">
            <button type="submit" className="btn small">
              Comment
            </button>
            <button type="button" className="btn small secondary ed-composer-cancel">
              Cancel
            </button>
          </div>
        </form>
        <div id="ed-threads" className="ed-threads" />
      </div>
      <div id="ed-history" className="ed-history" hidden>
        <ul id="ed-commits" className="ed-commits" />
        <div id="ed-diff" className="ed-diff" />
      </div>
    </aside>
  );
}

/** Styles of the editor page, on top of the dashboard's stylesheet (its colours and buttons). */
export const EDITOR_CSS = `
.ed-review{width:340px;flex:none;border-left:1px solid var(--border);background:var(--panel);overflow:auto;padding:.6rem .8rem;display:flex;flex-direction:column;gap:.6rem}
.ed-modes [hidden],.ed-nav-tools[hidden],.ed-review[hidden],.ed-pill[hidden],.ed-composer[hidden],.ed-history[hidden],#ed-review-comments[hidden]{display:none}
.ed-review-head{display:flex;align-items:center;gap:.5rem;margin:-.1rem 0 0}
.ed-review-title{font-weight:600;font-size:1rem;margin:0}
.ed-review-head .spacer{flex:1}
.ed-pill{display:inline-flex;align-items:center;gap:.3rem;border:1px solid var(--border);border-radius:999px;padding:.1rem .3rem .1rem .7rem;font-size:.85rem;font-weight:600}
.ed-pill-x{border:0;background:transparent;font:inherit;font-size:1rem;cursor:pointer;color:var(--muted);min-width:24px;min-height:24px}
.ed-count:not(:empty){display:inline-block;min-width:1.2em;padding:0 .3em;border-radius:999px;background:var(--border);font-size:.75rem}
.ed-composer,.ed-thread{border:1px solid var(--border);border-radius:14px;padding:.7rem;display:flex;flex-direction:column;gap:.45rem;background:var(--panel);box-shadow:0 4px 14px rgba(16,24,40,.06)}
.ed-composer textarea,.ed-reply{width:100%;box-sizing:border-box;font:inherit;border:1px solid var(--border);border-radius:10px;padding:.4rem .55rem;background:var(--bg,transparent);color:var(--text)}
.ed-composer-quote{margin:0;padding:.1rem .5rem;border-left:3px solid #f5c48a;color:var(--muted);max-height:4.5em;overflow:hidden}
.ed-problem{color:var(--danger);margin:0;font-size:.85rem}
.ed-problem:empty{display:none}
.ed-threads{display:flex;flex-direction:column;gap:.6rem}
.ed-thread.active{outline:2px solid #f5c48a}
.ed-thread-quote{font-size:.85rem;color:var(--muted);cursor:pointer;border-left:3px solid #f5c48a;padding-left:.5rem;overflow-wrap:anywhere}
.ed-thread-suggestion .ed-thread-quote{border-left-color:#16a34a}
.ed-thread-quote del{color:var(--danger)}
.ed-thread-quote ins{color:var(--ok);text-decoration:none;font-weight:600}
.ed-byline{display:flex;flex-wrap:wrap;align-items:center;gap:.4rem}
.ed-thread-tools{margin-left:auto;display:flex;gap:.3rem;align-items:center}
.ed-tool{display:inline-grid;place-items:center;width:30px;height:30px;padding:0;border:1px solid var(--border);border-radius:999px;background:var(--panel);color:var(--text);cursor:pointer}
.ed-tool:hover{background:var(--bg)}
.ed-tool svg{width:15px;height:15px}
.ed-tool.wide{width:auto;padding:0 .65rem;gap:.3rem;display:inline-flex;font:inherit;font-size:.82rem;font-weight:600}
.ed-tool.accept{background:#15803d;border-color:#15803d;color:#fff}
.ed-tool.accept:hover{background:#166534}
.ed-comment{position:relative}
.ed-comment p{margin:.2rem 0 0 1.9rem;white-space:pre-wrap;overflow-wrap:anywhere}
.ed-comment-del{position:absolute;right:0;top:0}
.ed-avatar{display:inline-grid;place-items:center;width:1.5rem;height:1.5rem;border-radius:999px;background:var(--border);color:var(--muted);font-size:.75rem;font-weight:600;flex:none}
.ed-reply-row{display:flex;gap:.4rem;align-items:center;border-top:1px solid var(--border);padding-top:.45rem}
.ed-muted{color:var(--muted);font-size:.85rem}
.ed-resolved summary{cursor:pointer;color:var(--muted);font-size:.9rem}
.ed-resolved .ed-thread{margin-top:.5rem;border-style:dashed}
.ed-hl-comment{background:rgba(245,158,11,.13);border-bottom:2px solid rgba(245,158,11,.45);cursor:pointer}
.ed-hl-del{text-decoration:line-through;text-decoration-color:var(--danger);background:rgba(220,38,38,.08);cursor:pointer}
/* The same highlights in the visual mode, painted as CSS custom highlights (review.ts paintVisual). */
::highlight(ed-hl-comment){background-color:rgba(245,158,11,.2);text-decoration:underline 2px rgba(245,158,11,.7)}
::highlight(ed-hl-del){background-color:rgba(220,38,38,.12);text-decoration:line-through 1.5px #dc2626}
.ed-hl-ins{color:light-dark(#166534,var(--ok));background:rgba(22,163,74,.12);border-bottom:2px solid rgba(22,163,74,.45)}
.ed-commits{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:.3rem}
.ed-commit{display:flex;flex-direction:column;align-items:flex-start;gap:.1rem;width:100%;text-align:left;border:1px solid var(--border);border-radius:10px;padding:.45rem .6rem;background:transparent;color:var(--text);font:inherit;cursor:pointer}
.ed-commit[aria-pressed=true]{border-color:var(--accent,#2563eb)}
.ed-diff{display:flex;flex-direction:column;gap:.5rem}
.ed-diff-lines{margin:0;font-size:.8rem;max-height:50vh;overflow:auto;border:1px solid var(--border);border-radius:10px;padding:.4rem}
.ed-diff-lines span{display:block;white-space:pre-wrap}
.ed-diff-add{background:var(--ok-soft);color:var(--ok)}
.ed-diff-del{background:var(--danger-soft);color:var(--danger)}
.ed-body{margin:0;height:100vh;overflow:hidden}
.ed-app{display:grid;grid-template-columns:280px minmax(0,1fr);grid-template-rows:56px 1fr;height:100vh}
.ed-top{grid-column:1/3;display:flex;align-items:center;gap:.75rem;padding:0 1rem;border-bottom:1px solid var(--border);background:var(--panel)}
.ed-top .spacer{flex:1}
.ed-bar .spacer{display:none}
.ed-back{display:flex;align-items:center;gap:.5rem;font-weight:600;color:var(--text);text-decoration:none}
.ed-branch{display:flex;align-items:center;gap:.35rem;border:1px solid var(--border);border-radius:10px;padding:0 .5rem;min-height:38px;background:var(--panel)}
.ed-branch select{border:0;background:transparent;font:inherit;font-weight:600;min-height:36px;color:var(--text)}
.ed-icon-branch{width:16px;height:16px;flex:none;color:var(--muted)}
.ed-status{color:var(--muted);font-size:.85rem}
.ed-status.error{color:var(--danger)}
.ed-user{color:var(--muted);font-size:.85rem}
.ed-publish{position:relative}
.ed-publish[hidden],.ed-branch[hidden],.ed-settings-file .btn[hidden]{display:none}
.ed-publish-btn{background:#15803d;border-color:#15803d;color:#fff;min-height:38px}
/* Darker on hover: the dashboard's .btn:hover fades a button to 0.9, which put white on this green under AA (axe, the menu open under the pointer). */
.ed-publish-btn:hover{opacity:1;background:#166534;border-color:#166534}
.ed-caret{width:7px;height:7px;border-right:2px solid currentColor;border-bottom:2px solid currentColor;transform:translateY(-2px) rotate(45deg);margin-left:.2rem}
.ed-publish-btn[aria-expanded=true] .ed-caret{transform:translateY(2px) rotate(-135deg)}
.ed-menu{position:absolute;right:0;top:calc(100% + 6px);width:340px;background:var(--panel);border:1px solid var(--border);border-radius:14px;box-shadow:0 10px 30px rgba(16,24,40,.15);padding:.9rem;z-index:10;display:flex;flex-direction:column;gap:.6rem}
.ed-menu[hidden]{display:none}
.ed-menu{max-height:calc(100vh - 90px);overflow:auto}
.ed-menu>*{flex:none}
.ed-pr-link{display:inline-flex;align-items:center;gap:.3rem;border:1px solid var(--border);border-radius:999px;padding:.2rem .65rem;font-size:.82rem;font-weight:600;color:var(--text);text-decoration:none;white-space:nowrap}
.ed-pr-link::after{content:"↗";color:var(--muted)}
.ed-pr-link[hidden],.ed-share[hidden],.ed-branch-review[hidden],.ed-branch-actions[hidden],.ed-review-decide[hidden],.ed-review-ask[hidden],.ed-share-url[hidden],.ed-link-btn[hidden],.ed-review-pill[hidden]{display:none}
.ed-review-pill.approved{color:var(--ok,#15803d);border-color:var(--ok,#15803d)}
.ed-review-pill.changes{color:var(--danger);border-color:var(--danger)}
.ed-share-row{display:flex;align-items:center;gap:.55rem;min-width:0}
.ed-icon-globe{width:18px;height:18px;flex:none;color:var(--muted)}
.ed-share-url{flex:1;min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap;color:var(--text);font-weight:500;text-decoration:none}
.ed-link-btn{border:0;background:transparent;padding:0;font:inherit;font-weight:600;color:var(--accent, #15803d);cursor:pointer;min-height:28px}
.ed-share-links{list-style:none;margin:0;padding:0;font-size:.8rem;color:var(--muted)}
.ed-share-links li{display:flex;justify-content:space-between;gap:.5rem;align-items:center}
.ed-share-links button{border:0;background:transparent;color:var(--danger);font:inherit;cursor:pointer;min-height:24px}
.ed-reviews{list-style:none;margin:0;padding:0;font-size:.88rem}
.ed-reviews li{display:flex;justify-content:space-between;gap:.5rem;padding:.1rem 0}
.ed-reviews .kind{color:var(--muted)}
.ed-branch-review{display:flex;flex-direction:column;gap:.5rem}
.ed-review-ask,.ed-review-decide{display:flex;gap:.4rem}
.ed-review-ask select{flex:1;min-width:0;min-height:36px;border:1px solid var(--border);border-radius:8px;background:var(--panel);color:var(--text);font:inherit}
.ed-review-decide .btn{flex:1}
.ed-branch-actions{display:flex;flex-direction:column;gap:.45rem}
.ed-branch-actions .btn{width:100%;justify-content:center;min-height:40px}
.ed-primary{background:var(--text);color:var(--panel);border-color:var(--text)}
.ed-primary:disabled{opacity:.55}
.ed-menu-title{margin:0;font-weight:600}
.ed-changes{list-style:none;margin:0;padding:0 0 0 .8rem;border-left:2px solid var(--border);max-height:180px;overflow:auto}
.ed-changes li{display:flex;justify-content:space-between;gap:.5rem;padding:.15rem 0;font-size:.9rem}
.ed-changes .kind{color:var(--muted)}
.ed-links{margin:.2rem 0 0;padding:.5rem .6rem;border-radius:6px;background:#fff7ed;color:#7c2d12;font-size:.85rem;max-height:140px;overflow:auto}
.ed-links ul{margin:.25rem 0 0;padding-left:1rem}
.ed-links code{font-size:.8rem}
.ed-result a{word-break:break-all}
.ed-result.error{color:var(--danger)}
.ed-result pre{white-space:pre-wrap;word-break:break-word;max-height:160px;overflow:auto;background:var(--bg);color:var(--text);padding:.4rem .5rem;border-radius:6px;font-size:.8rem;margin:.3rem 0}
.ed-result details{margin-top:.4rem}
.ed-nav{grid-row:2;border-right:1px solid var(--border);background:var(--panel);overflow:auto;padding:.75rem}
.ed-nav-head{display:flex;align-items:center;justify-content:space-between;color:var(--muted);font-size:.85rem;padding:.25rem .25rem .5rem}
.ed-icon-btn{white-space:nowrap;font:inherit;font-size:.85rem;border:1px solid transparent;background:transparent;color:var(--text);border-radius:8px;min-height:32px;min-width:32px;padding:0 .5rem;cursor:pointer}
.ed-icon-btn:hover{background:var(--bg)}
.ed-icon-btn[aria-pressed=true]{background:var(--accent-soft);border-color:var(--border)}
.ed-filter{width:100%;box-sizing:border-box;font:inherit;padding:.4rem .6rem;border:1px solid var(--border);border-radius:8px;margin-bottom:.5rem;background:var(--panel);color:var(--text)}
.ed-tree ul{list-style:none;margin:0;padding:0 0 0 .75rem}
.ed-tree>ul{padding:0}
.ed-tree .ed-group{margin:.6rem 0 .2rem;font-weight:600;font-size:.85rem;color:var(--text)}
.ed-tree .ed-section{margin:.8rem 0 .2rem;font-size:.75rem;text-transform:uppercase;letter-spacing:.04em;color:var(--muted)}
.ed-tree a{display:block;padding:.3rem .5rem;border-radius:8px;color:var(--text);text-decoration:none;font-size:.92rem;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.ed-tree a:hover{background:var(--bg)}
.ed-tree a[aria-current=page]{background:var(--accent-soft);font-weight:600}
.ed-tree a.draft::after{content:" •";color:#d97706}
.ed-tree .other{display:block;padding:.3rem .5rem;color:var(--muted);font-size:.92rem}
.ed-nav-tools{display:flex;gap:.25rem;align-items:center}
.ed-arrange-row{display:flex;align-items:center;gap:.25rem}
.ed-arrange-row>a,.ed-arrange-row>.ed-arrange-label{flex:1;min-width:0}
.ed-tree .ed-arrange-label{display:block;padding:.3rem .5rem;font-size:.92rem;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.ed-tree .ed-arrange-label.group{font-weight:600;font-size:.85rem}
.ed-tree .ed-arrange-label.division{font-weight:600}
.ed-tree .ed-arrange-label .kind{font-weight:400;color:var(--muted);font-size:.8rem}
.ed-tree .ed-arrange-label.other{color:var(--muted)}
.ed-row-menu{font:inherit;line-height:1;border:1px solid transparent;background:transparent;color:var(--text);border-radius:8px;min-width:32px;min-height:32px;cursor:pointer}
.ed-row-menu:hover,.ed-row-menu[aria-expanded=true]{background:var(--bg);border-color:var(--border)}
.ed-row-panel{display:flex;flex-direction:column;gap:.4rem;margin:.2rem 0 .4rem .5rem;padding:.5rem;border:1px solid var(--border);border-radius:10px;background:var(--panel);box-shadow:0 6px 18px rgba(16,24,40,.08)}
.ed-row-panel[hidden]{display:none}
.ed-row-panel input,.ed-row-panel select{font:inherit;font-size:.85rem;color:var(--text);padding:.3rem .45rem;border:1px solid var(--border);border-radius:8px;background:var(--panel);min-width:0;flex:1}
.ed-arrange-note{margin:.1rem .5rem .3rem;color:var(--muted);font-size:.8rem}
.ed-arrange-note[hidden]{display:none}
.ed-arrange-form{margin-top:.6rem}
.ed-arrange-adders{margin-top:.8rem}
.ed-row-panel .btn:disabled{opacity:.45;cursor:default}
.ed-arrange-title{margin:0;font-size:.85rem;font-weight:600;color:var(--text)}
.ed-arrange-title .ed-kind-icon{vertical-align:-3px}
.ed-kind-icon{width:16px;height:16px;flex:none;color:var(--muted)}
.ed-tree .ed-arrange-row{border-radius:8px;padding-left:.35rem;cursor:grab}
.ed-tree .ed-arrange-row:hover{background:var(--bg)}
.ed-tree .ed-arrange-row>a:hover{background:transparent}
.ed-tree li.dragging>.ed-arrange-row{opacity:.45}
.ed-tree li.drop-before>.ed-arrange-row{box-shadow:inset 0 3px 0 var(--accent)}
.ed-tree li.drop-after{box-shadow:inset 0 -3px 0 var(--accent)}
.ed-tree li.drop-inside>.ed-arrange-row{background:var(--accent-soft);outline:2px solid var(--accent);outline-offset:-2px}
.ed-arrange-head{display:flex;align-items:flex-start;justify-content:space-between;gap:.5rem;margin-bottom:.3rem}
.ed-arrange-head .ed-arrange-note{margin:.1rem 0}
.ed-arrange-head .btn:disabled{opacity:1;color:var(--muted);cursor:default}
.ed-nav-history{display:flex;gap:.3rem;flex:none}
.ed-add-new-wrap{position:relative;margin-top:.8rem}
.ed-add-new{display:flex;align-items:center;gap:.5rem;width:100%}
.ed-plus{display:inline-grid;place-items:center;width:18px;height:18px;border-radius:999px;background:var(--text);color:var(--panel);font-weight:700;line-height:1}
.ed-add-new-menu{position:absolute;top:calc(100% + 4px);left:0;right:0;z-index:5;display:flex;flex-direction:column;padding:.3rem;background:var(--panel);border:1px solid var(--border);border-radius:12px;box-shadow:0 10px 30px rgba(16,24,40,.15)}
.ed-add-new-menu[hidden]{display:none}
.ed-add-new-menu [role=menuitem]{display:flex;align-items:center;gap:.65rem;min-height:34px;padding:0 .6rem;border:0;border-radius:8px;background:transparent;color:var(--text);font:inherit;font-size:.92rem;text-align:left;cursor:pointer}
.ed-add-new-menu [role=menuitem]:hover,.ed-add-new-menu [role=menuitem]:focus{background:var(--bg)}
.ed-add-new-menu .ed-kind-icon{color:var(--text)}
.ed-field[hidden],.ed-filter[hidden]{display:none}
.ed-docs-json{display:block;margin-top:1rem;padding:.4rem .5rem;border-top:1px solid var(--border);color:var(--muted);font-size:.88rem;text-decoration:none}
.ed-docs-json[aria-current=page]{color:var(--text);font-weight:600}
.ed-add-form,.ed-settings{display:flex;flex-direction:column;gap:.5rem;padding:.6rem;border:1px solid var(--border);border-radius:10px;margin-bottom:.6rem;background:var(--bg)}
.ed-add-form[hidden],.ed-settings[hidden]{display:none}
.ed-field{display:flex;flex-direction:column;gap:.2rem;font-size:.85rem;color:var(--muted)}
.ed-field input,.ed-field select{font:inherit;color:var(--text);padding:.35rem .5rem;border:1px solid var(--border);border-radius:8px;background:var(--panel)}
.ed-check{font-size:.9rem;display:flex;gap:.4rem;align-items:center;align-self:end;min-height:36px}
.ed-row{display:flex;gap:.5rem;align-items:flex-end;flex-wrap:wrap}
.ed-main{grid-row:2;display:flex;flex-direction:column;min-width:0;min-height:0;max-width:none;margin:0;padding:0}
.ed-bar{display:flex;flex-wrap:wrap;row-gap:.25rem;align-items:center;gap:.5rem;padding:.5rem 1rem;border-bottom:1px solid var(--border);background:var(--panel)}
.ed-crumbs{display:flex;list-style:none;margin:0;padding:0;gap:.4rem;color:var(--muted);font-size:.95rem;min-width:0;flex:1 1 10rem;white-space:nowrap;overflow:hidden}
.ed-crumbs li{overflow:hidden;text-overflow:ellipsis;flex:none}
.ed-crumbs li:last-child{flex:0 1 auto}
.ed-crumbs li+li::before{content:"›";margin-right:.4rem}
.ed-crumbs li:last-child{color:var(--text);font-weight:500}
.ed-modes{display:flex;flex-wrap:wrap;justify-content:flex-end;gap:.25rem;align-items:center;margin-left:auto}
.ed-upload input{position:absolute;width:1px;height:1px;opacity:0}
.ed-upload{position:relative;display:inline-flex;align-items:center}
.ed-settings{margin:.6rem 1rem 0;display:grid;grid-template-columns:repeat(auto-fill,minmax(200px,1fr))}
.ed-settings[hidden]{display:none}
.ed-settings-file{grid-column:1/-1}
/* Page settings: six columns, each field spanning what it needs; one column on phones. */
.ed-page-settings{grid-template-columns:repeat(6,minmax(0,1fr));column-gap:.75rem;row-gap:.6rem;padding:.8rem 1rem}
.ed-settings-title{grid-column:1/-1;margin:0;font-size:.95rem;font-weight:600;color:var(--text)}
.ed-span-2{grid-column:span 2}.ed-span-4{grid-column:span 4}.ed-span-6{grid-column:1/-1}
.ed-page-settings .ed-field{min-width:0}
.ed-page-settings .ed-field input,.ed-page-settings .ed-field select{width:100%;box-sizing:border-box;min-height:38px}
.ed-switch{display:flex;align-items:center;gap:.55rem;align-self:end;min-height:38px;font-size:.9rem;color:var(--text);cursor:pointer;white-space:nowrap}
.ed-switch input{appearance:none;-webkit-appearance:none;flex:none;position:relative;width:36px;height:20px;margin:0;border-radius:999px;background:var(--border-strong);cursor:pointer;transition:background .15s}
.ed-switch input::after{content:"";position:absolute;top:2px;left:2px;width:16px;height:16px;border-radius:50%;background:#fff;box-shadow:0 1px 2px rgba(0,0,0,.3);transition:transform .15s}
.ed-switch input:checked{background:var(--accent)}
.ed-switch input:checked::after{transform:translateX(16px)}
.ed-switch input:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.ed-settings-apply{justify-content:flex-end}
.ed-page-settings .ed-settings-file{border-top:1px solid var(--border);padding-top:.6rem}
@media (max-width:700px){.ed-page-settings{grid-template-columns:1fr}.ed-span-2,.ed-span-4{grid-column:1/-1}.ed-switch{white-space:normal}}
.ed-problems{margin:0 1rem}
.ed-problems:not(:empty){margin-top:.6rem;padding:.5rem .75rem;border-radius:8px;background:var(--danger-soft);color:var(--danger);font-size:.88rem;white-space:pre-wrap;max-height:120px;overflow:auto}
.ed-panes{flex:1;display:flex;min-height:0}
.ed-source{flex:1;min-width:0;overflow:auto;border-right:1px solid var(--border);background:var(--panel)}
.ed-source[hidden],.ed-preview-pane[hidden]{display:none}
.ed-sep{width:1px;height:20px;background:var(--border);margin:0 .25rem}
.ed-visual{flex:1;min-width:0;overflow:auto;border-right:1px solid var(--border);background:var(--panel);padding:1.5rem 2rem 4rem}
.ed-visual[hidden]{display:none}
.ed-v-title{font-size:2.1rem;font-weight:700;margin:.2rem 0 .3rem;padding:0 .35rem}
.ed-v-description{font-size:1.1rem;color:var(--muted);margin:0 0 1.2rem;padding:0 .35rem}
.ed-v{outline:none;white-space:pre-wrap;border-radius:6px;padding:.15rem .35rem;margin:0 0 .6rem}
.ed-v:focus{box-shadow:0 0 0 2px var(--accent-soft)}
.ed-v-h1{font-size:1.9rem;font-weight:700;margin-top:.6rem}
.ed-v-h2{font-size:1.45rem;font-weight:650;margin-top:.9rem}
.ed-v-h3,.ed-v-h4,.ed-v-h5,.ed-v-h6{font-size:1.15rem;font-weight:600;margin-top:.7rem}
.ed-v-p{line-height:1.6}
.ed-v-box{border:1px solid var(--border);border-radius:10px;padding:.5rem .75rem;margin:0 0 .8rem;background:var(--bg)}
.ed-v-box.callout{background:var(--info-soft);border-color:color-mix(in srgb,var(--info) 35%,transparent)}
.ed-v-box.Warning{background:var(--warn-soft);border-color:color-mix(in srgb,var(--warn) 35%,transparent)}
.ed-v-box.Tip,.ed-v-box.Check{background:var(--ok-soft);border-color:color-mix(in srgb,var(--ok) 35%,transparent)}
.ed-v-box.Danger{background:var(--danger-soft);border-color:color-mix(in srgb,var(--danger) 35%,transparent)}
.ed-v-label{font-size:.75rem;font-weight:600;color:var(--muted);text-transform:uppercase;letter-spacing:.04em;margin-bottom:.25rem}
.ed-v-code{font-family:var(--mono);font-size:.85rem;background:#0f172a;color:#e2e8f0;border-radius:8px;padding:.6rem .8rem}
.ed-v-raw{font-family:var(--mono);font-size:.85rem}
.ed-v-box .ed-v{margin-bottom:0}
.ed-format{position:sticky;top:-1.5rem;z-index:2;display:flex;flex-wrap:wrap;gap:.3rem;margin:-1.5rem -2rem 1rem;padding:.45rem 2rem;background:var(--panel);border-bottom:1px solid var(--border)}
.ed-format[hidden]{display:none}
.ed-format-btn{min-width:2rem;height:1.9rem;padding:0 .55rem;border:1px solid var(--border);border-radius:6px;background:var(--bg);color:var(--text);font:inherit;font-size:.85rem;cursor:pointer}
.ed-format-btn:hover:not(:disabled){border-color:var(--accent)}
.ed-format-btn[aria-pressed=true]{background:var(--accent-soft);border-color:var(--accent);color:var(--text)}
.ed-format-btn:disabled{opacity:.55;cursor:default}
.ed-format-bold{font-weight:700}.ed-format-italic{font-style:italic;font-family:Georgia,serif}.ed-format-code{font-family:var(--mono);font-size:.8rem}
/* Rich text blocks (ProseMirror, rich-view.ts): the Markdown shown formatted. */
.ed-rich{word-wrap:break-word;white-space:pre-wrap;white-space:break-spaces;font-variant-ligatures:none}
.ed-rich>*+*,.ed-rich li>*+*{margin-top:.6rem}
.ed-rich p,.ed-rich h1,.ed-rich h2,.ed-rich h3,.ed-rich h4,.ed-rich h5,.ed-rich h6{margin:0;font:inherit}
.ed-rich ul,.ed-rich ol{margin:0;padding-left:1.5rem}
.ed-rich blockquote{margin:0;padding-left:.8rem;border-left:3px solid var(--border);color:var(--muted)}
.ed-rich code{font-family:var(--mono);font-size:.88em;background:color-mix(in srgb,var(--text) 8%,transparent);border-radius:4px;padding:.05em .3em}
.ed-rich pre{font-family:var(--mono);font-size:.85rem;background:#0f172a;color:#e2e8f0;border-radius:8px;padding:.6rem .8rem;white-space:pre-wrap}
.ed-rich pre code{background:none;padding:0;font-size:inherit}
.ed-rich a{color:var(--accent);text-decoration:underline}
.ed-rich hr{border:0;border-top:1px solid var(--border)}
.ProseMirror-hideselection *::selection{background:transparent}
@media (max-width:1599px){.ed-panes:has(>.ed-review:not([hidden]))>.ed-preview-pane{display:none}}
.ed-preview-pane{flex:1;min-width:0;position:relative;overflow:auto hidden;background:var(--bg)}
.ed-source .cm-editor{height:100%;font-size:14px}
.ed-source .cm-scroller{font-family:var(--mono)}
/* The page at the chosen device's width (main.ts fitPreview): real size when the pane is wide enough, else scaled
   down to the pane's width. The stage has the drawn size. */
.ed-preview-stage{position:relative;margin:0 auto;overflow:hidden}
.ed-preview{position:absolute;top:0;left:0;border:0;background:#fff;transform-origin:0 0}
.ed-app[data-device=phone] .ed-preview-stage{box-shadow:0 0 0 1px var(--border-strong)}
.ed-devices{display:inline-flex;gap:.25rem}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
.ed-nav-toggle,.ed-nav-close{display:none}
.ed-nav-head>span:first-child{margin-right:auto}
/* Under 900 px the outline is not beside the page: the Pages button opens it over the whole window (main.ts showNav). */
@media (max-width:900px){.ed-app{grid-template-columns:1fr}.ed-nav{display:none}.ed-top{grid-column:1}
.ed-nav-toggle,.ed-nav-close{display:inline-block}
.ed-app[data-nav=open] .ed-nav{display:block;position:fixed;inset:0;z-index:40;border-right:0}}
/* Phones: one pane at a time, the source (or visual mode) or the preview, switched by the mode buttons (main.ts). */
@media (max-width:700px){
.ed-app{grid-template-rows:auto 1fr}
.ed-top{flex-wrap:wrap;padding:.5rem .75rem;gap:.5rem;min-height:56px}
.ed-user{display:none}
.ed-menu{width:min(340px,calc(100vw - 1.5rem))}
.ed-menu{position:fixed;left:.75rem;right:.75rem;top:var(--ed-menu-top,9.5rem);width:auto;max-height:calc(100vh - var(--ed-menu-top,9.5rem) - .75rem)}
.ed-bar{flex-wrap:wrap;padding:.4rem .75rem}
.ed-crumbs{min-width:0;flex:1 1 0;overflow:hidden;white-space:nowrap}
.ed-bar .spacer{display:none}
.ed-modes{flex-wrap:wrap}
.ed-sep{display:none}
.ed-app:not([data-pane=preview]) .ed-preview-pane{display:none}
.ed-app[data-pane=preview] .ed-source,.ed-app[data-pane=preview] .ed-visual{display:none}
.ed-source,.ed-visual{border-right:0}
.ed-visual{padding:1rem 1rem 3rem}
.ed-format{margin:-1rem -1rem 1rem;padding:.45rem 1rem;top:-1rem}
/* The comments and history panel takes the whole width while open (its Close button gives the page back). */
.ed-review{width:auto;flex:1 1 auto;min-width:0;border-left:0}
.ed-panes:has(>.ed-review:not([hidden]))>:not(.ed-review){display:none}
/* So do the page settings (under them, the source was squeezed to nothing and the form's last row, Delete page, out of reach). */
.ed-main:has(>.ed-settings:not([hidden]))>.ed-panes{display:none}
.ed-settings{min-height:0;overflow:auto;margin-bottom:.6rem}
}
`;
