import { itemHref, type MenuItem } from '../page-menu.js';
import type { DirectoryView, PageView } from '../types.js';
import type { UiIconName } from '../ui-icons.js';
import { NavIcon, UiIcon } from './icon.js';
import { modeParts, type LayoutMode } from '../page-mode.js';
import { assistantStrings } from '../assistant-strings.js';
import { feedbackStrings, reasonChoices, type FeedbackStrings } from '../feedback-strings.js';
import { translationNoticeStrings } from '../translation-strings.js';
import { uiStrings, type UiStrings } from '../ui-strings.js';

function Eyebrow({ items }: { items: PageView['eyebrow'] }) {
  if (items.length === 0) return null;
  return (
    <nav className="eyebrow" aria-label="Breadcrumb">
      <ol role="list">
        {items.map((crumb, i) => (
          <li key={`${i}${crumb.label}`}>{crumb.href ? <a href={crumb.href}>{crumb.label}</a> : <span>{crumb.label}</span>}</li>
        ))}
      </ol>
    </nav>
  );
}

/** Child pages of a group root page, as cards or as an accordion list. */
function Directory({ directory }: { directory: DirectoryView }) {
  if (directory.items.length === 0) return null;
  if (directory.style === 'card') {
    return (
      <div className="directory directory-card">
        {directory.items.map((item) => (
          <a className="directory-card-item" href={item.href} key={item.href}>
            <NavIcon name={item.icon} />
            <strong>{item.title}</strong>
            {item.description ? <span>{item.description}</span> : null}
          </a>
        ))}
      </div>
    );
  }
  return (
    <div className="directory directory-accordion">
      {directory.items.map((item) =>
        item.children && item.children.length > 0 ? (
          <details key={item.href} className="directory-accordion-item">
            <summary>{item.title}</summary>
            <ul role="list">
              {item.children.map((c) => (
                <li key={c.href}>
                  <a href={c.href}>{c.title}</a>
                </li>
              ))}
            </ul>
          </details>
        ) : (
          <a key={item.href} className="directory-accordion-item" href={item.href}>
            <strong>{item.title}</strong>
            {item.description ? <span>{item.description}</span> : null}
          </a>
        ),
      )}
    </div>
  );
}

interface PageMenuProps {
  items: MenuItem[];
  markdownPath: string;
  /** The site's name: the MCP server's name in install links. */
  siteName?: string;
  /** Endpoint pages: where their spec file is (`download-spec`). */
  specHref?: string;
}

/**
 * The contextual menu: native `<details>`, real links; the client script adds copying, printing and
 * absolute URLs (`data-folio-menu-href` keeps the template it fills).
 */
function PageMenu({ items, markdownPath, pagePath, siteName = 'docs', specHref }: PageMenuProps & { pagePath: string }) {
  const shown = items.filter((item) => item.kind !== 'spec' || specHref);
  if (shown.length === 0) return null;
  const template = (href: string) => href.replace(/\$md/g, markdownPath).replace(/\$path/g, encodeURIComponent(pagePath));
  const copy = shown.find((item) => item.kind === 'copy' && item.copy === 'page');
  return (
    <div className="page-actions" data-pagefind-ignore="">
      {/* "Copy page" beside the menu, as the platform draws it; it needs the script, so it is hidden until the script runs. */}
      {copy ? (
        <button type="button" className="page-copy" data-folio-page-copy="" hidden>
          <UiIcon name="copy" />
          <span className="page-menu-label">{copy.label}</span>
        </button>
      ) : null}
    <details className="page-menu" data-pagefind-ignore="" data-folio-page-menu={markdownPath} data-folio-site-name={siteName}>
      <summary aria-label="Page actions">
        {copy ? null : <span>Page actions</span>}
        <UiIcon name="chevron-down" />
      </summary>
      <ul>
        {shown.map((item, i) => {
          const text = <MenuText item={item} />;
          return (
            <li key={`${item.id}-${i}`} data-folio-menu-item={item.id}>
              {item.kind === 'copy' ? (
                <button type="button" data-folio-menu-copy={item.copy}>
                  {text}
                </button>
              ) : item.kind === 'print' ? (
                <button type="button" data-folio-menu-print="">
                  {text}
                </button>
              ) : (
                <a
                  href={item.kind === 'spec' ? specHref : itemHref(item.href ?? '$md', markdownPath, pagePath, siteName)}
                  data-folio-menu-href={item.kind === 'link' || item.kind === 'install' ? template(item.href!) : undefined}
                  {...(item.kind === 'link' ? { target: '_blank', rel: 'noopener' } : {})}
                  {...(item.kind === 'spec' ? { download: '' } : {})}
                >
                  {text}
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </details>
    </div>
  );
}

/** Each kind of menu entry's tile glyph: what it does, not whose brand it opens. */
function menuGlyph(item: MenuItem): UiIconName {
  if (item.kind === 'copy') return item.copy === 'page' ? 'copy' : 'plug';
  if (item.kind === 'view') return 'markdown';
  if (item.kind === 'install') return 'plug';
  if (item.kind === 'print') return 'printer';
  if (item.kind === 'spec') return 'download';
  return item.id === 'custom' ? 'link' : 'chat';
}

/** A menu entry's icon tile, label (with ↗ when it opens another site) and description. */
function MenuText({ item }: { item: MenuItem }) {
  return (
    <>
      <span className="page-menu-tile">
        <UiIcon name={menuGlyph(item)} />
      </span>
      <span className="page-menu-text">
        <span className="page-menu-label">
          {item.label}
          {item.kind === 'link' ? <UiIcon name="external" /> : null}
        </span>
        {item.description ? <span className="page-menu-description">{item.description}</span> : null}
      </span>
    </>
  );
}

/** The notice above a stale translation's body (`translations.staleNotice`): one sentence and the source page's link. */
function StaleTranslationNotice({ sourceHref, lang }: { sourceHref: string; lang?: string }) {
  const words = translationNoticeStrings(lang);
  return (
    <aside className="translation-notice" role="note" data-pagefind-ignore="">
      {words.message} <a href={sourceHref}>{words.link}</a>
    </aside>
  );
}

/** Title block, body, directory listing and previous/next links, as the page's layout mode keeps them. */
export function Content({ page, menu, ui = uiStrings('en'), layout = 'default', lang }: { page: PageView; menu?: PageMenuProps; ui?: UiStrings; layout?: LayoutMode; lang?: string }) {
  if (layout === 'assistant') return <AssistantPage page={page} ui={ui} lang={lang} />;
  const parts = modeParts(layout);
  return (
    <article className="content" data-pagefind-body={page.noindex || page.unsearchable ? undefined : ''}>
      {parts.titleBlock ? (
        <header className="page-header">
          <div className="page-header-top">
            <Eyebrow items={page.eyebrow} />
            {menu ? <PageMenu {...menu} pagePath={page.href} /> : null}
          </div>
          <h1 className="page-title" data-pagefind-weight={page.searchWeight}>
            {page.title}
            {page.deprecated ? <span className="badge badge-deprecated">Deprecated</span> : null}
          </h1>
          {page.description ? <p className="page-description">{page.description}</p> : null}
          <SearchHints page={page} />
          {page.rssHref ? (
            <a className="rss-link" href={page.rssHref} type="application/rss+xml">
              Subscribe with RSS
            </a>
          ) : null}
        </header>
      ) : (
        // Frame and custom pages draw their own heading; the title stays for search and screen readers.
        <header className="page-header page-header-hidden">
          <h1 className="page-title visually-hidden" data-pagefind-weight={page.searchWeight}>
            {page.title}
          </h1>
          <SearchHints page={page} />
        </header>
      )}
      {page.staleTranslation ? <StaleTranslationNotice sourceHref={page.staleTranslation.sourceHref} lang={lang} /> : null}
      <div className="prose" dangerouslySetInnerHTML={{ __html: page.bodyHtml }} />
      {page.directory ? <Directory directory={page.directory} /> : null}
      {page.lastModified ? (
        <p className="last-modified" data-pagefind-ignore="">
          Last modified on <time dateTime={page.lastModified}>{formatDate(page.lastModified)}</time>
        </p>
      ) : null}
      {page.feedback ? <PageFeedback links={page.feedback} words={feedbackStrings(lang)} /> : null}
      {parts.pager && (page.prev || page.next) ? (
        <nav className="pager" aria-label="Previous and next pages" data-pagefind-ignore="">
          {page.prev ? (
            <a className="pager-prev" href={page.prev.href} rel="prev">
              <small>{ui.previous}</small>
              <span>{page.prev.label}</span>
            </a>
          ) : (
            <span />
          )}
          {page.next ? (
            <a className="pager-next" href={page.next.href} rel="next">
              <small>{ui.next}</small>
              <span>{page.next.label}</span>
            </a>
          ) : null}
        </nav>
      ) : null}
    </article>
  );
}

/**
 * "Was this page helpful?" (styles-feedback.ts), in the page's language (feedback-strings.ts): a
 * thumb opens the form with that thumb's preset reasons (the platform's contextual feedback) and a comment.
 * Hidden until the beacon served with the site (`/__folio/beacon.js`) shows it, so a page that
 * cannot send feedback never offers to. With `codeSnippets`, a `<template>` holds the control the
 * beacon puts under each code block, so its words come from the page and not the script.
 */
function PageFeedback({ links, words }: { links: NonNullable<PageView['feedback']>; words: FeedbackStrings }) {
  return (
    <section className="feedback" data-folio-feedback="" data-pagefind-ignore="" aria-labelledby="folio-feedback-title" hidden>
      <div className="feedback-row">
        <h2 id="folio-feedback-title" className="feedback-title">{words.title}</h2>
        <button type="button" className="feedback-thumb" data-folio-helpful="true" aria-pressed="false">
          <span className="feedback-icon feedback-icon-up" aria-hidden="true" />
          {words.yes}
        </button>
        <button type="button" className="feedback-thumb" data-folio-helpful="false" aria-pressed="false">
          <span className="feedback-icon feedback-icon-down" aria-hidden="true" />
          {words.no}
        </button>
        {links.editUrl ? (
          <a className="feedback-link" href={links.editUrl} target="_blank" rel="noopener">
            {words.suggestEdit}
          </a>
        ) : null}
        {links.issueUrl ? (
          <a className="feedback-link" href={links.issueUrl} target="_blank" rel="noopener">
            {words.raiseIssue}
          </a>
        ) : null}
      </div>
      <form className="feedback-form" hidden>
        {/* The preset reasons of the thumb pressed (the beacon shows that group): radios, so arrow keys move between them and a screen reader names the group. */}
        {[true, false].map((up) => (
          <fieldset key={String(up)} className="feedback-reasons" data-folio-reasons={String(up)} hidden>
            <legend>{up ? words.reasonsUp : words.reasonsDown}</legend>
            {reasonChoices(words, up).map((r) => (
              <label key={r.id} className="feedback-reason">
                <input type="radio" name={up ? 'reason-up' : 'reason-down'} value={r.id} />
                {r.label}
              </label>
            ))}
          </fieldset>
        ))}
        <label htmlFor="folio-feedback-comment">{words.tellMore}</label>
        <textarea id="folio-feedback-comment" name="comment" rows={3} maxLength={2000} />
        <button type="submit" className="feedback-send">
          {words.send}
        </button>
      </form>
      <p className="feedback-thanks" role="status" data-thanks={words.thanks} />
      {links.codeSnippets ? (
        <template data-folio-code-feedback="">
          <div className="code-feedback">
            <button type="button" className="code-feedback-open">
              {words.codeButton}
            </button>
            <form className="feedback-form" hidden>
              <label>
                {words.codeLabel}
                <textarea name="comment" rows={3} maxLength={2000} required />
              </label>
              <button type="submit" className="feedback-send">
                {words.send}
              </button>
            </form>
            <p className="feedback-thanks" role="status" data-thanks={words.thanks} />
          </div>
        </template>
      ) : null}
    </section>
  );
}

/** What search reads and readers never see: the page's section labels (product, version, tab...) as filters, and frontmatter keywords. */
function SearchHints({ page }: { page: PageView }) {
  return (
    <>
      {page.searchScope?.map((s) => (
        <span key={s.kind} hidden data-pagefind-filter={`folio_${s.kind}[data-label]`} data-label={s.label} />
      ))}
      {page.searchDefaultVersion ? <span hidden data-folio-default-version={page.searchDefaultVersion} /> : null}
      {page.searchKeywords?.length ? (
        <p className="search-keywords" hidden data-pagefind-weight={page.searchWeight ?? '7'}>
          {page.searchKeywords.join(', ')}
        </p>
      ) : null}
    </>
  );
}

/**
 * `mode: assistant`: a full-page entry to ask the docs; as on the platform, it replaces the page's
 * content. On a server with a model the main script makes it the assistant itself
 * (`data-assistant-page`); without one it opens the site search (the platform shows a disabled
 * field there; a working search serves readers better).
 */
function AssistantPage({ page, ui, lang }: { page: PageView; ui: UiStrings; lang?: string }) {
  return (
    <article className="content assistant-page" data-assistant-page="" data-folio-hosted={page.feedback ? '' : undefined} data-pagefind-body={page.noindex || page.unsearchable ? undefined : ''}>
      <h1 className="page-title">{page.title}</h1>
      {page.description ? <p className="page-description">{page.description}</p> : null}
      <SearchHints page={page} />
      <button type="button" className="assistant-entry" data-search-proxy="" data-assistant-entry="" data-pagefind-ignore="" aria-haspopup="dialog">
        <UiIcon name="search" />
        <span>{ui.search}</span>
      </button>
      <p className="assistant-note" data-pagefind-ignore="">
        {assistantStrings(lang).notSetUp}
      </p>
    </article>
  );
}

/** "On this page": h2 and h3 headings of the body. */
export function TableOfContents({ page, ui = uiStrings('en'), layout = 'default' }: { page: PageView; ui?: UiStrings; layout?: LayoutMode }) {
  const items = page.headings.filter((h) => h.depth >= 2 && h.depth <= 3);
  if (items.length === 0 || !modeParts(layout).toc) return null;
  return (
    <nav className="toc" aria-label={ui.onThisPage}>
      <p className="toc-title">
        <UiIcon name="list" />
        {ui.onThisPage}
      </p>
      <ul role="list">
        {items.map((h) => (
          <li key={h.id} className={`toc-depth-${h.depth}`}>
            <a href={`#${h.id}`}>{breakable(h.text)}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A heading's text with a break opportunity after the dots, slashes and underscores inside names (`markdown.schema.enabled`), as inline code has in the body. */
function breakable(text: string) {
  const parts = text.split(/(?<=\w(?:[./_]|::))(?=\w)/);
  return parts.length === 1 ? text : parts.flatMap((part, i) => (i ? [<wbr key={i} />, part] : [part]));
}

/** `2026-11-25T…` → `November 25, 2026` (UTC, the same on every machine that builds it). */
function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}
