/**
 * Turns a `Site` plus compiled page bodies into HTML documents. Section and chrome views
 * are computed once per section; the build and the dev server both render through this.
 */
import type { Heading } from '../mdx/index.js';
import type { PageRoute, Section } from '../navigation/index.js';
import { escapeHtml, hashText } from '../shared/index.js';
import type { Site } from '../site/index.js';
import { chromeViewFromConfig, pageViewFromRoute, sectionViewFromModel } from './from-site-model.js';
import { PageRenderer } from './render-page.js';
import type { AssetUrls, ChromeView, SectionView } from './types.js';

export interface PageBody {
  html: string;
  headings: Heading[];
  features: string[];
}

export class SiteRenderer {
  private renderer: PageRenderer;
  private sectionViews = new Map<string, { view: SectionView; chrome: ChromeView; key: string }>();

  constructor(private readonly site: Site, assets: AssetUrls) {
    this.renderer = new PageRenderer(assets, { siteName: site.config.name, defaultTheme: site.config.appearance?.default });
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
      const chrome = chromeViewFromConfig(config, section);
      parts = { view, chrome, key: hashText(JSON.stringify(view), chrome.key) };
      this.sectionViews.set(sectionId, parts);
    }
    return parts;
  }

  /** Frontmatter flags of the page behind a route (endpoint pages have none). */
  pageFlags(route: PageRoute): { noindex: boolean; mode?: string } {
    const page = route.kind === 'page' ? this.site.index.pages.get(route.path) : undefined;
    return { noindex: page?.noindex ?? false, mode: page?.mode };
  }

  /** The "page not found" document, framed by the default section. */
  renderNotFound(): string {
    const { model } = this.site;
    const home = model.sectionsById.get(model.defaultSectionId)?.firstPage ?? '/';
    return this.render(
      { href: '/404', path: '404', kind: 'page', file: null, title: 'Page not found', description: 'This page does not exist or has moved.', sectionId: model.defaultSectionId, listed: false, breadcrumbs: [], eyebrow: '404', prev: null, next: null, versions: [], languages: [] },
      { html: `<p>Go back to <a href="${escapeHtml(home)}">the home page</a> or use the search box.</p>`, headings: [], features: [] },
      { noindex: true },
    );
  }

  /** The full HTML document of a route. */
  render(route: PageRoute, body: PageBody, override?: { noindex?: boolean }): string {
    const parts = this.sectionParts(route.sectionId);
    const flags = { ...this.pageFlags(route), ...override };
    const page = pageViewFromRoute(this.site.model, route, {
      html: body.html,
      headings: body.headings,
      mermaid: body.features.includes('mermaid'),
      math: body.features.includes('math'),
      ...flags,
    });
    return this.renderer.render(page, parts.view, parts.chrome);
  }
}
