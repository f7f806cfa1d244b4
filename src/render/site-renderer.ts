/**
 * Turns a `Site` plus compiled page bodies into HTML documents. Section and chrome views
 * are computed once per section; the build and the dev server both render through this.
 */
import type { Heading } from '../mdx/index.js';
import { feedbackViewOf, type FeedbackRepository } from './feedback-links.js';
import { isDiscoverable, type PageRoute, type Section } from '../navigation/index.js';
import { existsSync } from 'node:fs';
import { closestPaths, escapeHtml, hashText, resolveInside, siteUrlWithBase, withBasePath } from '../shared/index.js';
import type { Site } from '../site/index.js';
import { chromeViewFromConfig, pageViewFromRoute, sectionViewFromModel } from './from-site-model.js';
import { integrationHead } from './head/integrations.js';
import { fontSourceOrigins, integrationCsp, type IntegrationCsp } from './head/integration-csp.js';
import { fallbackDescription, ogImageUrl, seoBaseUrl, seoHead, type SeoSite } from './head/seo.js';
import { pageMenuItems } from './page-menu.js';
import { PageRenderer } from './render-page.js';
import { isUnsearchable, searchBoost, searchKeywords, searchWeight } from './search-weights.js';
import { htmlLang } from './languages.js';
import { siteLookOf } from './site-look.js';
import { defaultFonts, type FontFile } from './fonts.js';
import type { BuiltAsset } from './site-assets.js';
import type { AssetUrls, ChromeView, PageView, SectionView } from './types.js';

export interface PageBody {
  html: string;
  headings: Heading[];
  features: string[];
  /** Island modules the body draws (`mdx/islands.ts`): their scripts load on this page only. */
  islands?: { id: string }[];
}

/** What a renderer adds to every head besides the layout. */
export interface SiteRendererOptions {
  /** Absolute site URL (`--site-url`): canonical links and structured data ids when `seo.metatags.canonical` is unset. */
  siteUrl?: string;
  /** Load the `integrations` (analytics, chat, consent) on every page; the build does, `folio dev` only when asked. */
  integrations?: boolean;
  /** Repository file → when git last changed it (ms), for `metadata.timestamp` / `timestamp` pages (`gitLastModified`). */
  lastModified?: ReadonlyMap<string, number>;
  /**
   * Translations behind their source page: translation href → source href (from site's
   * `readTranslationReport`). With docs.json `translations.staleNotice`, those pages open with a notice
   * linking to the source.
   */
  staleTranslations?: ReadonlyMap<string, string>;
  /** The site's base path (`/docs`; `''` or unset for none): every root-absolute URL of a page gets it, and so do canonical URLs. */
  basePath?: string;
  /** Pages readers must sign in to see (protected sites): left out of search, like noindex pages of the sitemap and llms files. */
  protectedHrefs?: ReadonlySet<string>;
  /** Pages name their generated social image (`assets/og/<path>.png`, written by the build's `--og-images`) as `og:image`. */
  ogImages?: boolean;
  /**
   * Pages end with the feedback widget (served sites: `folio serve` receives it, `folio dev` shows it);
   * `repository` adds "Suggest edits" and "Raise issue" for GitHub and GitLab. None when
   * `integrations.telemetry.enabled` is false.
   */
  feedback?: { repository?: FeedbackRepository };
}

/**
 * URLs of the repository's `.css` and `.js` files, each with `?v=` and a hash of its text: a host may
 * cache them, and an edit changes every page's head (its cache key) so pages link the new text.
 */
function customFileUrls(site: Site, base: string): { customCss: string[]; customJs: string[] } {
  const prefix = base.replace(/\/?$/, '/');
  const url = (f: { file: string; hash: string }) => `${prefix}${f.file.split('/').map(encodeURIComponent).join('/')}?v=${f.hash}`;
  return { customCss: (site.index.custom?.css ?? []).map(url), customJs: (site.index.custom?.js ?? []).map(url) };
}

/** The docs.json settings the feedback widget follows: a change lays out every page again (the build's cache keys hold this key). */
function feedbackSettingsKey(site: Site): string {
  return JSON.stringify([site.config.feedback ?? null, site.config.integrations?.telemetry?.enabled ?? null]);
}

export class SiteRenderer {
  private renderer: PageRenderer;
  private sectionViews = new Map<string, { view: SectionView; chrome: ChromeView; key: string }>();
  private readonly seo: SeoSite;
  /** Hash of every site-wide head input, part of each section key so a settings change re-renders pages. */
  private readonly headKey: string;
  /** `service: problem` for configured integrations that could not be loaded (empty when integrations are off). */
  readonly integrationProblems: string[];
  /** What the hosted CSP must add for the loaded integrations and font files on other hosts, and what it leaves out. */
  readonly csp: IntegrationCsp;
  /** Font files the site needs beside the stylesheet's default ones (`assets/fonts/`), and the families none is found for. */
  readonly fonts: { files: FontFile[]; missing: string[] };

  /** The build's own time: the date of pages git knows nothing about. */
  private readonly builtAt = Date.now();

  constructor(private readonly site: Site, assets: AssetUrls, private readonly options: SiteRendererOptions = {}) {
    this.seo = seoSiteOf(site, options.siteUrl, options.basePath ?? '');
    const integrations = options.integrations ? integrationHead(site.config.integrations) : { html: '', problems: [], loaded: [], inline: [], handlers: [] };
    this.integrationProblems = integrations.problems;
    this.csp = integrationCsp(site.config.integrations, integrations);
    const fontOrigins = fontSourceOrigins(site.config.fonts);
    if (fontOrigins.length) this.csp.sources['font-src'] = [...new Set([...(this.csp.sources['font-src'] ?? []), ...fontOrigins])].sort();
    const custom = customFileUrls(site, assets.base);
    const look = siteLookOf(site.config);
    this.fonts = { files: [...defaultFonts().files, ...look.fontFiles], missing: look.missingFonts };
    this.headKey = hashText(JSON.stringify(this.seo), options.ogImages ? 'og' : '', integrations.html, JSON.stringify(custom), JSON.stringify(look), options.basePath ?? '', JSON.stringify(options.feedback ?? null), feedbackSettingsKey(site));
    this.renderer = new PageRenderer({ ...assets, ...custom }, { siteName: site.config.name, defaultTheme: site.config.appearance?.default, siteHead: integrations.html, iconLibrary: site.config.icons?.library, look, basePath: options.basePath ?? '' });
  }

  /** Views and a cache key of everything section-wide that a page's HTML depends on. */
  sectionParts(sectionId: string): { view: SectionView; chrome: ChromeView; key: string } {
    let parts = this.sectionViews.get(sectionId);
    if (!parts) {
      const { model, config } = this.site;
      const section: Section | undefined = model.sectionsById.get(sectionId) ?? model.sectionsById.get(model.defaultSectionId);
      const view: SectionView = section
        ? sectionViewFromModel(model, section)
        : { key: 'none', tabs: [], anchors: [], globalAnchors: [], sidebarSwitchers: [], sidebar: [], drilldown: false };
      // Home is the site's root (`/` always answers: the home page, its copy or a redirect to it), except in
      // another language than the default section's, whose home is that language's first page.
      const language = section?.language?.code;
      const defaultLanguage = model.sectionsById.get(model.defaultSectionId)?.language?.code;
      const home = language && language !== defaultLanguage ? (model.sections.find((s) => s.language?.code === language && s.firstPage)?.firstPage ?? '/') : '/';
      const chrome = chromeViewFromConfig(config, section, (file) => this.assetExists(file), home);
      parts = { view, chrome, key: hashText(JSON.stringify(view), chrome.key, this.headKey) };
      this.sectionViews.set(sectionId, parts);
    }
    return parts;
  }

  private assetChecks = new Map<string, boolean>();

  /** Whether a site path (`/logo/light.svg`, `logo/light.svg`) names a file in the docs root; asked once per path. */
  private assetExists(file: string): boolean {
    let found = this.assetChecks.get(file);
    if (found === undefined) {
      const inside = resolveInside(this.site.root, file.replace(/[?#].*$/, '').replace(/^\.?\/+/, ''));
      found = inside !== null && existsSync(inside);
      this.assetChecks.set(file, found);
    }
    return found;
  }

  /** The `lang` attribute of a route's `<html>` as its page is written (the search index groups pages by it). */
  htmlLangOf(route: PageRoute): string {
    return escapeHtml(htmlLang(this.sectionParts(route.sectionId).chrome.lang));
  }

  /** Section sidebars shared as files by the pages rendered so far (`assets/nav.<hash>.html`), to write beside them. */
  sharedFiles(): BuiltAsset[] {
    return this.renderer.sharedFiles();
  }

  /** The shared sidebar file at URL path `pathname` (`/assets/nav.<hash>.html`) of any section, for servers that render on request. */
  sharedFile(pathname: string): BuiltAsset | undefined {
    if (!/^\/assets\/nav\.[0-9a-f]+\.html$/.test(pathname)) return undefined;
    for (const id of this.site.model.sectionsById.keys()) {
      const { view, chrome } = this.sectionParts(id);
      const file = this.renderer.sharedFileOf(view, chrome);
      if (file && '/' + file.file === pathname) return file;
    }
    return undefined;
  }

  /** Frontmatter flags of the page behind a route (endpoint pages have none). */
  pageFlags(route: PageRoute): { noindex: boolean; unsearchable: boolean; mode?: string; protected: boolean; staleSource?: string } {
    const page = route.kind === 'page' ? this.site.index.pages.get(route.path) : undefined;
    const noindex = page?.noindex ?? false;
    const isProtected = this.options.protectedHrefs?.has(route.href) ?? false;
    // Hidden pages (and hidden tabs' without `searchable: true`) stay out of search unless `seo.indexing: all` (as the platform does); protected pages always.
    const unsearchable = noindex || isProtected || isUnsearchable(page?.frontmatter ?? {}) || !isDiscoverable(route, this.site.config.seo?.indexing === 'all');
    const staleSource = this.site.config.translations?.staleNotice === true ? this.options.staleTranslations?.get(route.href) : undefined;
    return { noindex, unsearchable, mode: page?.mode, protected: isProtected, ...(staleSource ? { staleSource } : {}) };
  }

  /**
   * The "page not found" document, framed by the default section, as docs.json `errors.404` asks:
   * its title and description, and (the platform's default, `redirect: true`) an immediate move
   * to the home page, done by a refresh meta tag so it works without JavaScript and under a CSP.
   */
  renderNotFound(requested?: string): string {
    const { model, config } = this.site;
    const home = model.sectionsById.get(model.defaultSectionId)?.firstPage ?? '/';
    const settings = config.errors?.['404'] ?? {};
    const title = settings.title?.trim() || 'Page not found';
    const description = settings.description?.trim() || 'This page does not exist or has moved.';
    const html = this.render(
      { href: '/404', path: '404', kind: 'page', file: null, title, description, sectionId: model.defaultSectionId, listed: false, breadcrumbs: [], eyebrow: '404', prev: null, next: null, versions: [], languages: [] },
      { html: `<p>${escapeHtml(description)}</p>${this.suggestionsHtml(requested)}<p>Go back to <a href="${escapeHtml(home)}">the home page</a> or use the search box.</p>`, headings: [], features: [] },
      { noindex: true, unsearchable: true },
    );
    if (settings.redirect === false) return html;
    return html.replace('</head>', `<meta http-equiv="refresh" content="0; url=${escapeHtml(withBasePath(home, this.options.basePath ?? ''))}"></head>`);
  }

  /**
   * "Did you mean" links on the 404 page: the searchable pages whose paths are closest to
   * `requested` (servers that render on request), or an empty list the browser fills from
   * `docs-index.json` (the static `404.html`, `client/not-found.ts`).
   */
  private suggestionsHtml(requested: string | undefined): string {
    if (requested === undefined) return '<section class="not-found-suggestions" data-not-found-suggestions="" hidden=""><p>Did you mean:</p><ul></ul></section>';
    const pages = [...this.site.model.pages.values()].filter((r) => !this.pageFlags(r).unsearchable);
    const byHref = new Map(pages.map((r) => [r.href, r]));
    const found = closestPaths(requested, byHref.keys());
    if (found.length === 0) return '';
    const items = found.map((href) => `<li><a href="${escapeHtml(href)}">${escapeHtml(byHref.get(href)!.title)}</a></li>`).join('');
    return `<section class="not-found-suggestions"><p>Did you mean:</p><ul>${items}</ul></section>`;
  }

  /** The full HTML document of a route. */
  render(route: PageRoute, body: PageBody, override?: { noindex?: boolean; unsearchable?: boolean }): string {
    const parts = this.sectionParts(route.sectionId);
    const flags = { ...this.pageFlags(route), ...override };
    const page = pageViewFromRoute(this.site.model, route, {
      html: body.html,
      headings: body.headings,
      mermaid: body.features.includes('mermaid'),
      math: body.features.includes('math'),
      ...flags,
    });
    page.unsearchable = flags.unsearchable;
    if (body.islands?.length) page.islands = body.islands.map((i) => i.id);
    const source = route.kind === 'page' ? this.site.index.pages.get(route.path) : undefined;
    // A generated endpoint page takes its operation's `x-mint.metadata` as its frontmatter (og:*, keywords, noindex...).
    const operation = route.kind === 'endpoint' ? this.site.openapi?.specs.operation(route.href) : undefined;
    const fm = source?.frontmatter ?? operation?.metadata ?? {};
    applyPageFrontmatter(page, fm, route.boost);
    if (fm.rss === true) page.rssHref = `${route.href.replace(/\/$/, '')}/rss.xml`;
    const showDate = typeof fm.timestamp === 'boolean' ? fm.timestamp : this.site.config.metadata?.timestamp === true;
    if (this.options.feedback && this.site.config.integrations?.telemetry?.enabled !== false) page.feedback = feedbackViewOf(this.options.feedback.repository, route.kind === 'page' ? route.file : null, route, this.site.config.feedback);
    if (flags.staleSource) page.staleTranslation = { sourceHref: flags.staleSource };
    if (showDate && route.kind === 'page') page.lastModified = pageDate(fm.lastUpdatedDate, route.file ? this.options.lastModified?.get(route.file) : undefined, this.builtAt);
    page.seoHead = seoHead(this.seo, {
      href: route.href,
      title: route.title,
      // A page that says nothing, on a site that says nothing either: its first paragraph (or operation) for search engines.
      description: route.description ?? (this.seo.description || this.seo.metatags.description ? undefined : fallbackDescription({ html: body.html, endpoint: operation })),
      frontmatter: fm,
      noindex: flags.noindex,
      breadcrumbs: route.breadcrumbs,
      api: route.kind === 'endpoint' || source?.openapi !== undefined,
      image: this.options.ogImages && this.site.model.pages.has(route.href) ? ogImageUrl(route.href, this.seo.baseUrl) : undefined,
    });
    return this.renderer.render(page, parts.view, parts.chrome);
  }
}

/** The site-wide SEO inputs of a site. */
function seoSiteOf(site: Site, siteUrl: string | undefined, basePath: string): SeoSite {
  const { config } = site;
  const metatags = config.seo?.metatags ?? {};
  const logo = typeof config.logo === 'string' ? config.logo : config.logo?.light;
  return {
    siteName: config.name,
    description: config.description,
    metatags,
    baseUrl: siteUrlWithBase(seoBaseUrl(metatags, siteUrl), basePath),
    organization: config.seo?.organization,
    logo,
  };
}

/** Frontmatter switches of the layout: `deprecated` badge, `hideFooterPagination` drops the previous/next links, `contextual` replaces the page menu. */
function applyPageFrontmatter(page: PageView, frontmatter: Record<string, unknown>, groupBoost: number | undefined): void {
  const keywords = searchKeywords(frontmatter);
  if (keywords.length) page.searchKeywords = keywords;
  const boost = searchBoost(frontmatter) ?? groupBoost;
  if (boost !== undefined && boost !== 1) page.searchWeight = searchWeight(boost);
  if (frontmatter.deprecated === true || frontmatter.deprecated === 'true') page.deprecated = true;
  if (frontmatter.hideFooterPagination === true || frontmatter.hideFooterPagination === 'true') {
    page.prev = undefined;
    page.next = undefined;
  }
  const menu = pageMenuItems(frontmatter.contextual);
  if (menu) page.menuItems = menu;
}

/** `lastUpdatedDate` frontmatter (a date or ISO 8601 time) first, then git's date, then the build's; ISO form. */
function pageDate(given: unknown, fromGit: number | undefined, builtAt: number): string {
  const parsed = given instanceof Date ? given.getTime() : typeof given === 'string' || typeof given === 'number' ? Date.parse(String(given)) : NaN;
  return new Date(Number.isFinite(parsed) ? parsed : (fromGit ?? builtAt)).toISOString();
}
