import { itemHref, type MenuItem } from '../page-menu.js';
import type { DirectoryView, PageView } from '../types.js';
import { NavIcon } from './icon.js';

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
}

/** The contextual menu: native `<details>`, real links; the client script adds copying and absolute URLs. */
function PageMenu({ items, markdownPath, pagePath }: PageMenuProps & { pagePath: string }) {
  return (
    <details className="page-menu" data-pagefind-ignore="" data-folio-page-menu={markdownPath}>
      <summary>Page actions</summary>
      <ul>
        {items.map((item) => (
          <li key={item.label}>
            {item.kind === 'copy' || item.kind === 'copy-mcp' ? (
              <button type="button" data-folio-menu-copy={item.kind === 'copy' ? 'page' : 'mcp'} title={item.description}>
                {item.label}
              </button>
            ) : (
              <a
                href={itemHref(item.href ?? '$md', markdownPath, pagePath)}
                data-folio-menu-href={item.kind === 'link' ? item.href!.replace(/\$md/g, markdownPath).replace(/\$path/g, encodeURIComponent(pagePath)) : undefined}
                title={item.description}
                {...(item.kind === 'link' ? { target: '_blank', rel: 'noopener' } : {})}
              >
                {item.label}
              </a>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** Title block, body, directory listing and previous/next links. */
export function Content({ page, menu }: { page: PageView; menu?: PageMenuProps }) {
  return (
    <article className="content" data-pagefind-body={page.noindex || page.unsearchable ? undefined : ''}>
      <header className="page-header">
        <Eyebrow items={page.eyebrow} />
        <h1 className="page-title" data-pagefind-weight={page.searchWeight}>
          {page.title}
          {page.deprecated ? <span className="badge badge-deprecated">Deprecated</span> : null}
        </h1>
        {menu ? <PageMenu {...menu} pagePath={page.href} /> : null}
        {page.description ? <p className="page-description">{page.description}</p> : null}
        {page.searchKeywords?.length ? (
          <p className="search-keywords" hidden data-pagefind-weight={page.searchWeight ?? '7'}>
            {page.searchKeywords.join(', ')}
          </p>
        ) : null}
        {page.rssHref ? (
          <a className="rss-link" href={page.rssHref} type="application/rss+xml">
            Subscribe with RSS
          </a>
        ) : null}
      </header>
      <div className="prose" dangerouslySetInnerHTML={{ __html: page.bodyHtml }} />
      {page.directory ? <Directory directory={page.directory} /> : null}
      {page.lastModified ? (
        <p className="last-modified" data-pagefind-ignore="">
          Last modified on <time dateTime={page.lastModified}>{formatDate(page.lastModified)}</time>
        </p>
      ) : null}
      {page.prev || page.next ? (
        <nav className="pager" aria-label="Previous and next pages" data-pagefind-ignore="">
          {page.prev ? (
            <a className="pager-prev" href={page.prev.href} rel="prev">
              <small>Previous</small>
              <span>{page.prev.label}</span>
            </a>
          ) : (
            <span />
          )}
          {page.next ? (
            <a className="pager-next" href={page.next.href} rel="next">
              <small>Next</small>
              <span>{page.next.label}</span>
            </a>
          ) : null}
        </nav>
      ) : null}
    </article>
  );
}

/** "On this page": h2 and h3 headings of the body. */
export function TableOfContents({ page }: { page: PageView }) {
  const items = page.headings.filter((h) => h.depth >= 2 && h.depth <= 3);
  if (items.length === 0 || page.mode === 'wide' || page.mode === 'custom') return null;
  return (
    <nav className="toc" aria-label="On this page">
      <p className="toc-title">On this page</p>
      <ul role="list">
        {items.map((h) => (
          <li key={h.id} className={`toc-depth-${h.depth}`}>
            <a href={`#${h.id}`}>{h.text}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** `2026-11-25T…` → `November 25, 2026` (UTC, the same on every machine that builds it). */
function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}
