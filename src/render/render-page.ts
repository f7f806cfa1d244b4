/**
 * Assembles a whole HTML document for one page. The parts that depend only on the section
 * (sidebar, tab bar) or the language (banner, footer) are rendered once and reused as strings;
 * a page only marks its own sidebar entry and opens its ancestor groups with string edits.
 * At 3,000 pages this is what keeps layout work per page to the header, content and TOC.
 */
import { markdownFileFor } from '../markdown/index.js';
import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { HEAD_SCRIPT } from '../shared/index.js';
import { siteColors, siteColorsCss } from '../shared/index.js';
import { layoutMode, modeParts } from './page-mode.js';
import { uiIconHtml } from './ui-icons.js';
import { Banner, Footer } from './layout/chrome.js';
import { Content, TableOfContents } from './layout/content.js';
import { specHref } from './page-menu.js';
import { Header, TabBar } from './layout/header.js';
import { Sidebar, numberSidebar } from './layout/sidebar.js';
import { htmlLang } from './languages.js';
import { Switcher } from './layout/switcher.js';
import { uiStrings } from './ui-strings.js';
import { PageIconStyles } from './icons.js';
import type { SiteLook } from './site-look.js';
import type { IconLibrary } from '../mdx/index.js';
import { SharedSidebar } from './shared-sidebar.js';
import type { BuiltAsset } from './site-assets.js';
import { escapeHtml, prefixHtmlUrls } from '../shared/index.js';
import type { AssetUrls, ChromeView, PageView, SectionView } from './types.js';

/** Head tags of a page rendered without SEO settings (unit tests, bare `PageRenderer` use). */
function fallbackSeoHead(page: PageView): string {
  return [
    page.description ? `<meta name="description" content="${escapeHtml(page.description)}">` : '',
    page.noindex ? '<meta name="robots" content="noindex">' : '',
    `<meta property="og:title" content="${escapeHtml(page.title)}">`,
  ].join('');
}

interface SectionParts {
  sidebarHtml: string;
  tabBarHtml: string;
  ancestors: Map<string, string[]>;
  collapsed: Set<string>;
  /** Set when the tree is large: pages carry their place in it and link the shared file. */
  shared?: SharedSidebar;
}

interface ChromeParts {
  bannerHtml: string;
  footerHtml: string;
}

export interface PageRendererOptions {
  siteName: string;
  defaultTheme?: string;
  siteHead?: string;
  iconLibrary?: IconLibrary;
  look?: SiteLook;
  /**
   * The site's base path (`/docs`, `''` for none). Pages are laid out with root-absolute URLs and
   * the finished document gets the base in front of each (`prefixHtmlUrls`), shared sidebar files too.
   */
  basePath?: string;
}

/** Cache of rendered section and chrome parts; create one per build (or per dev request cycle). */
export class PageRenderer {
  private sections = new Map<string, SectionParts>();
  private chromes = new Map<string, ChromeParts>();
  private readonly icons: PageIconStyles;

  constructor(private readonly assets: AssetUrls, private readonly options: PageRendererOptions = { siteName: '' }) {
    this.icons = new PageIconStyles(options.iconLibrary);
  }

  /** Files of the section sidebars shared by this renderer's pages so far (`assets/nav.<hash>.html`). */
  sharedFiles(): BuiltAsset[] {
    return [...this.sections.values()].flatMap((s) => (s.shared ? [s.shared.file] : []));
  }

  /** The shared sidebar file of a section, rendering its parts if no page did yet; undefined when pages carry the whole tree. */
  sharedFileOf(section: SectionView, chrome: ChromeView): BuiltAsset | undefined {
    return this.sectionParts(section, chrome.lang).shared?.file;
  }

  private sectionParts(section: SectionView, lang: string): SectionParts {
    let parts = this.sections.get(section.key);
    if (!parts) {
      const { items, ancestors } = numberSidebar(section.sidebar);
      const collapsed = new Set<string>();
      const walk = (list: typeof items) => {
        for (const i of list) if (i.type === 'group') {
          if (!i.expanded) collapsed.add(i.id);
          walk(i.children);
        }
      };
      walk(items);
      const shared = SharedSidebar.over(section, items, { base: this.assets.base, css: this.assets.css, lang: htmlLang(lang), title: this.options.siteName, basePath: this.options.basePath ?? '' });
      parts = {
        sidebarHtml: shared ? '' : renderToStaticMarkup(createElement(Sidebar, { section, items })),
        shared,
        tabBarHtml: renderToStaticMarkup(createElement(TabBar, { tabs: section.tabs })),
        ancestors,
        collapsed,
      };
      this.sections.set(section.key, parts);
    }
    return parts;
  }

  private chromeParts(chrome: ChromeView): ChromeParts {
    let parts = this.chromes.get(chrome.key);
    if (!parts) {
      parts = {
        bannerHtml: renderToStaticMarkup(createElement(Banner, { chrome })),
        footerHtml: renderToStaticMarkup(createElement(Footer, { chrome })),
      };
      this.chromes.set(chrome.key, parts);
    }
    return parts;
  }

  /** The sidebar with this page's link marked current and its folded ancestors opened. */
  private sidebarFor(parts: SectionParts, href: string): string {
    if (parts.shared) return parts.shared.sidebarFor(href);
    // Only sidebar entries (`…nav-link" href=`), not anchors that happen to point at the same page.
    const link = `nav-link" href="${escapeHtml(href)}"`;
    let html = parts.sidebarHtml.split(link).join(`${link} aria-current="page"`);
    for (const id of parts.ancestors.get(href) ?? []) {
      if (parts.collapsed.has(id)) html = html.replace(`<details class="nav-group" data-group="${id}">`, `<details class="nav-group" data-group="${id}" open="">`);
    }
    return html;
  }

  private colorCss = new Map<string, string>();

  /** The colour properties of a chrome's `colors` (per mode, text colours readable on them), made once per colour set. */
  private colorsCss(colors: ChromeView['colors']): string {
    const key = `${colors.primary}|${colors.light ?? ''}|${colors.dark ?? ''}`;
    let css = this.colorCss.get(key);
    if (css === undefined) {
      css = siteColorsCss(siteColors(colors, this.options.look?.backgrounds), colors);
      this.colorCss.set(key, css);
    }
    return css;
  }

  /** The complete HTML document of one page. */
  render(page: PageView, section: SectionView, chrome: ChromeView): string {
    const s = this.sectionParts(section, chrome.lang);
    const c = this.chromeParts(chrome);
    const a = this.assets;
    const title = page.title === chrome.siteName ? page.title : `${page.title} - ${chrome.siteName}`;
    const colors = chrome.colors;
    const themeStyle = this.colorsCss(colors);
    const htmlAttrs = [
      `lang="${escapeHtml(htmlLang(chrome.lang))}"`,
      // The default mode is in the HTML, so a page read without JavaScript (or before the head script) has it.
      `data-theme="${this.options.defaultTheme === 'dark' ? 'dark' : 'light'}"`,
      this.options.defaultTheme === 'dark' ? 'class="dark"' : '',
      chrome.themeToggle === false ? 'data-theme-strict=""' : '',
      `data-site-theme="${escapeHtml(this.options.look?.theme ?? 'mint')}"`,
      ...(this.options.look?.htmlAttrs ?? []),
      `data-base="${escapeHtml(a.base)}"`,
      this.options.defaultTheme ? `data-default-theme="${escapeHtml(this.options.defaultTheme)}"` : '',
      chrome.banner?.dismissible ? `data-banner-key="${chrome.banner.key}"` : '',
      page.mermaid && a.mermaid ? `data-mermaid="${escapeHtml(a.mermaid)}"` : '',
    ].filter(Boolean);

    const header = renderToStaticMarkup(createElement(Header, { chrome, switchers: page.switchers }));
    const menuItems = page.menuItems ?? chrome.pageMenu;
    const menu = menuItems?.length && page.href !== '/404' ? { items: menuItems, markdownPath: a.base.replace(/\/?$/, '/') + markdownFileFor(page.href), siteName: chrome.siteName, specHref: specHref(page.specFile, a.base) } : undefined;
    const ui = uiStrings(chrome.lang);
    const layout = layoutMode(page.mode, this.options.look?.theme);
    const parts = modeParts(layout);
    const content = renderToStaticMarkup(createElement(Content, { page, menu, ui, layout, lang: chrome.lang }));
    // A changelog whose updates carry `tags` shows tag filters where the table of contents goes.
    const tags = updateTags(page.bodyHtml);
    const toc = tags.length ? updateFiltersHtml(tags) : renderToStaticMarkup(createElement(TableOfContents, { page, ui, layout }));
    // The phone drawer: its own close button, the version/language switchers and the top tabs (hidden on wide screens).
    const drawerSwitchers = page.switchers.map((sw) => renderToStaticMarkup(createElement(Switcher, { switcher: sw }))).join('');
    const drawerTabs = s.tabBarHtml.replace('class="tab-bar"', 'class="drawer-tabs"');
    const drawerHead = `<div class="drawer-head"><div class="drawer-switchers">${drawerSwitchers}</div><a href="#content" role="button" class="icon-button sidebar-close" data-sidebar-close aria-label="${escapeHtml(ui.closeNav)}">${uiIconHtml('close')}</a></div>${drawerTabs}`;
    const body =
      `<a class="skip-link" href="#content">${escapeHtml(ui.skip)}</a>` +
      c.bannerHtml +
      header +
      s.tabBarHtml +
      `<div class="layout${layout === 'default' ? '' : ` layout-${layout}`}"><aside class="sidebar" id="sidebar">${drawerHead}<div class="sidebar-scroll">${this.sidebarFor(s, page.href)}</div></aside>` +
      `<main id="content" class="main">${content}</main>` +
      (parts.toc ? `<aside class="toc-column">${toc}</aside>` : '') +
      '</div>' +
      (parts.footer ? c.footerHtml : '');
    const iconStyle = this.icons.cssFor(body);
    const head = [
      '<meta charset="utf-8">',
      '<meta name="viewport" content="width=device-width, initial-scale=1">',
      `<title>${escapeHtml(title)}</title>`,
      page.seoHead ?? fallbackSeoHead(page),
      page.href === '/404' ? '' : `<link rel="alternate" type="text/markdown" href="${escapeHtml(a.base.replace(/\/?$/, '/') + markdownFileFor(page.href))}">`,
      chrome.favicon ? `<link rel="icon" href="${escapeHtml(chrome.favicon)}">` : '',
      `<link rel="stylesheet" href="${escapeHtml(a.css)}">`,
      page.math && a.katex ? `<link rel="stylesheet" href="${escapeHtml(a.katex)}">` : '',
      a.tailwind ? `<link rel="stylesheet" href="${escapeHtml(a.tailwind)}">` : '',
      ...(a.customCss ?? []).map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
      `<style>${themeStyle}${this.options.look?.css ?? ''}${iconStyle}</style>`,
      this.options.look?.head ?? '',
      `<script>${HEAD_SCRIPT}</script>`,
      `<script src="${escapeHtml(a.js)}" defer></script>`,
      ...(a.customJs ?? []).map((src) => `<script src="${escapeHtml(src)}" defer></script>`),
      ...(page.islands ?? []).map((id) => `<script type="module" src="${escapeHtml(a.base.replace(/\/?$/, '/'))}assets/island.${escapeHtml(id)}.js"></script>`),
      a.devScript ?? '',
      this.options.siteHead ?? '',
    ].join('');
    return prefixHtmlUrls(`<!doctype html><html ${htmlAttrs.join(' ')}><head>${head}</head><body>${body}</body></html>`, this.options.basePath ?? '');
  }
}

/** The distinct `tags` of a body's `<Update>` entries, in order of first use. */
export function updateTags(bodyHtml: string): string[] {
  // Most pages have no changelog entry: a plain search is cheaper than the pattern over the whole body.
  if (!bodyHtml.includes('<section class="folio-update"')) return [];
  const tags = new Set<string>();
  for (const m of bodyHtml.matchAll(/<section class="folio-update"[^>]*? data-tags="([^"]*)"/g)) {
    try {
      const list = JSON.parse(m[1]!.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')) as unknown;
      if (Array.isArray(list)) for (const t of list) if (typeof t === 'string' && t.trim()) tags.add(t.trim());
    } catch {
      // Not JSON (a hand-written attribute): no tags from it.
    }
  }
  return [...tags];
}

/** Tag filter buttons (`client/update-filters.ts` makes them work; `?tags=a,b` selects on load). */
function updateFiltersHtml(tags: string[]): string {
  const buttons = tags.map((t) => `<li><button type="button" class="update-filter" data-tag="${escapeHtml(t)}" aria-pressed="false">${escapeHtml(t)}</button></li>`).join('');
  return `<nav class="update-filters" aria-label="Filter updates" data-update-filters=""><p class="toc-title">Filter by tag</p><ul role="list">${buttons}</ul></nav>`;
}
