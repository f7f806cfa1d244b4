/**
 * A section's sidebar shared by all its pages. Past `SHARED_SIDEBAR_BYTES` of tree the whole
 * tree goes into one content-hashed file (`assets/nav.<hash>.html`) that browsers fetch once and
 * cache for every page of the section; each page carries only its place in it
 * (`layout/sidebar-place.ts`), readable and navigable without JavaScript, and the client swaps
 * the whole tree in (`client/sidebar.ts`). Without it every page carried the whole tree: 113 KB
 * a page at 1,000 pages in one section, growing with the section.
 */
import { createHash } from 'node:crypto';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { escapeHtml, prefixHtmlUrls } from '../shared/index.js';
import { Sidebar, TopLevel, type NumberedItem } from './layout/sidebar.js';
import { placeItems, placeKey, spotsOf, type Spot } from './layout/sidebar-place.js';
import type { BuiltAsset } from './site-assets.js';
import type { SectionView } from './types.js';

/** Size of a section's tree (HTML bytes) past which it is shared rather than repeated in every page. */
export const SHARED_SIDEBAR_BYTES = 16 * 1024;
/** Places kept rendered; pages are laid out mostly in tree order, so neighbours reuse them. */
const PLACES_KEPT = 256;

interface SharedSidebarOptions {
  base: string;
  css: string;
  lang: string;
  title: string;
  /** The site's base path (`/docs`, `''`): the file's links carry it, as the pages' do. */
  basePath: string;
}

export class SharedSidebar {
  /** The file every page of the section links to, under the site base. */
  readonly file: BuiltAsset;
  private readonly href: string;
  private readonly spots: Map<string, Spot>;
  private readonly places = new Map<string, string>();

  private constructor(private readonly section: SectionView, private readonly items: NumberedItem[], tree: string, options: SharedSidebarOptions) {
    // A whole document, so the "… more" links open a readable page of every entry without JavaScript.
    const contents = prefixHtmlUrls(
      `<!doctype html><html lang="${escapeHtml(options.lang)}"><head><meta charset="utf-8"><meta name="robots" content="noindex">` +
      `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(options.title)}</title>` +
      `<link rel="stylesheet" href="${escapeHtml(options.css)}"></head><body><aside class="sidebar nav-file"><nav class="sidebar-nav" aria-label="Pages">` +
      `<div class="nav-tree">${tree}</div></nav></aside></body></html>`,
      options.basePath,
    );
    const hash = createHash('sha256').update(contents).digest('hex').slice(0, 10);
    this.file = { file: `assets/nav.${hash}.html`, contents };
    this.href = options.base.replace(/\/?$/, '/') + this.file.file;
    this.spots = spotsOf(items);
  }

  /** The shared sidebar of a section whose tree is large, else undefined (pages carry the whole tree). */
  static over(section: SectionView, items: NumberedItem[], options: SharedSidebarOptions): SharedSidebar | undefined {
    const tree = renderToStaticMarkup(createElement(TopLevel, { items, drilldown: section.drilldown }));
    return tree.length > SHARED_SIDEBAR_BYTES ? new SharedSidebar(section, items, tree, options) : undefined;
  }

  /** The sidebar of the page at `href`: its place, with its entry marked current. */
  sidebarFor(href: string): string {
    const spot = this.spots.get(href);
    const key = placeKey(spot);
    let html = this.places.get(key);
    if (html === undefined) {
      html = renderToStaticMarkup(createElement(Sidebar, { section: this.section, items: placeItems(this.items, spot, this.href), navSrc: this.href }));
      if (this.places.size >= PLACES_KEPT) this.places.clear();
      this.places.set(key, html);
    }
    const link = `nav-link" href="${escapeHtml(href)}"`;
    return html.split(link).join(`${link} aria-current="page"`);
  }
}
