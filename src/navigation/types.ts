/**
 * The SiteModel: everything a reader can navigate, decided once as data.
 * Later stages (render, build, dev, openapi) read only these types, never raw docs.json.
 */
import type { BannerConfig, FooterConfig, NavbarConfig } from '../config/index.js';
import type { Diagnostic, SourcePosition } from '../shared/index.js';
import type { NavigationCode } from './codes.js';

/** A site URL path: the page path with a leading slash (`/guide/intro`), or an external URL. */
export type Href = string;

/** An icon normalised from docs.json's string or `{ name, style, library }` forms. */
export interface Icon {
  name: string;
  /** Font Awesome style (`solid`, `duotone`, ...) when given. */
  style?: string;
  /** `fontawesome`, `lucide` or `tabler` when given; otherwise the site default. */
  library?: string;
}

/** How a group's root page lists the group's children. */
export type DirectoryMode = 'accordion' | 'card' | 'none';

/** The OpenAPI specification(s) in scope for an element, inherited by descendants. */
export interface OpenApiRef {
  /** Spec files (docs-root relative paths) or URLs. */
  sources: string[];
  /** Folder generated endpoint pages go to, when docs.json gave `{ source, directory }`. */
  directory?: string;
  /** Per-source folders, when docs.json gave a list of `{ source, directory }` objects. */
  directories?: Record<string, string>;
}

/** HTTP methods, `WEBHOOK` for an OpenAPI webhook and `CHANNEL` for an AsyncAPI channel page. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS' | 'TRACE' | 'WEBHOOK' | 'CHANNEL';

// ---------------------------------------------------------------- OpenAPI provider

/** One endpoint as the OpenAPI layer presents it to navigation. */
export interface EndpointRef {
  method: HttpMethod;
  /** Path template with braces: `/users/{id}`. */
  path: string;
  /** Sidebar and page title (operation summary, else `METHOD /path`). */
  title: string;
  /** Site path of the generated page, leading slash. */
  href: Href;
  /** First OpenAPI tag: endpoints of an `openapi`-only element are grouped by it. */
  tag?: string;
  deprecated?: boolean;
  /** Spec file the endpoint comes from, as given in docs.json. */
  specFile: string;
  /** Shorter sidebar label (`x-mint`/`x-service` `sidebarTitle`); render it instead of `title` when present. */
  sidebarTitle?: string;
}

/** Where docs.json lists an entry: position plus field path (`navigation.tabs[0].pages[2]`). */
export interface EntryOrigin extends SourcePosition {
  path: string;
}

/**
 * Passed in by the caller (implemented by the openapi layer). Without it, endpoint
 * entries stay typed placeholders (`endpoint` with `href: null`, `endpoint-set`).
 */
export interface OpenApiProvider {
  /** All visible endpoints of `source` (a spec path or URL), in spec order; `[]` when unreadable. */
  endpoints(source: string, directory?: string): EndpointRef[];
  /**
   * Optional: resolve one entry (`"GET /x"`, `"spec.yaml GET /x"`) against its own spec, the
   * inherited ones, or the repository's specs. `undefined` = not documented (missing or
   * `x-hidden`); the provider reports why at `origin` (where docs.json lists the entry),
   * and navigation leaves the entry out.
   */
  endpoint?(entry: string, inherited?: readonly string[], directory?: string, origin?: EntryOrigin): EndpointRef | undefined;
  /**
   * Optional: the title an operation gives a page whose frontmatter names it (`openapi:
   * "GET /x"`) without a `title`: its `x-mint` title or summary. `undefined` when the operation
   * is unknown or has neither; nothing is planned or reported.
   */
  operationTitle?(value: string): string | undefined;
  /**
   * Optional: one page per channel of an AsyncAPI document (`source`), method `CHANNEL` and the
   * channel's address as `path`; `[]` when unreadable (the provider reports why).
   */
  channels?(source: string, directory?: string): EndpointRef[];
  /** Optional: the title of the channel an `asyncapi:` frontmatter value names, for a page without `title`. */
  channelTitle?(value: string): string | undefined;
}

// ---------------------------------------------------------------- sidebar

/** A page of the site listed in a sidebar. */
export interface SidebarPage {
  type: 'page';
  href: Href;
  /** Page path without leading slash, as docs.json lists it. */
  path: string;
  title: string;
  /** Shorter label from frontmatter `sidebarTitle`; render it instead of `title` when present. */
  sidebarTitle?: string;
  icon?: Icon;
  tag?: string;
  /** Frontmatter `url`: the entry links out instead of to the page. */
  url?: string;
}

/** A group of entries; top-level groups are always expanded. */
export interface SidebarGroup {
  type: 'group';
  name: string;
  icon?: Icon;
  tag?: string;
  /** Page opened by clicking the group title. */
  root?: Href;
  /** Initial state; always true for top-level groups, docs.json `expanded` for nested ones. */
  expanded: boolean;
  /** True for groups directly in a section's sidebar (not inside another group). */
  topLevel: boolean;
  /** Inherited listing mode shown on the root page. */
  directory: DirectoryMode;
  openapi?: OpenApiRef;
  /** docs.json `boost`: search ranking multiplier of the group's pages. */
  boost?: number;
  children: SidebarNode[];
}

/** An external (or site-relative) link listed in a sidebar. */
export interface SidebarLink {
  type: 'link';
  label: string;
  href: Href;
  icon?: Icon;
  external: boolean;
}

/** An endpoint entry (`"GET /users"`, `"spec.yaml GET /users"`); `href` is null until an OpenApiProvider resolves it. */
export interface SidebarEndpoint {
  type: 'endpoint';
  method: HttpMethod;
  path: string;
  /** Spec file named in the entry itself (`"spec.yaml GET /x"`). */
  spec?: string;
  /** Spec(s) inherited from enclosing elements. */
  openapi?: OpenApiRef;
  href: Href | null;
  title: string;
  /** Shorter label from the operation's `x-mint`/`x-service` `sidebarTitle`; render it instead of `title` when present. */
  sidebarTitle?: string;
  tag?: string;
  deprecated?: boolean;
  /** The entry as written in docs.json. */
  entry: string;
}

/** "All endpoints of these specs here": an `openapi` element with no pages and no provider to expand it. */
export interface SidebarEndpointSet {
  type: 'endpoint-set';
  openapi: OpenApiRef;
}

export type SidebarNode = SidebarPage | SidebarGroup | SidebarLink | SidebarEndpoint | SidebarEndpointSet;

// ---------------------------------------------------------------- sections and switchers

/** The navigation element kinds that divide a site into sections, outermost first. */
export type DivisionKind = 'language' | 'version' | 'product' | 'dropdown' | 'anchor' | 'tab' | 'menu';

/** One step of a section's position: which element of which kind it sits under. */
export interface Division {
  kind: DivisionKind;
  /** The element's label (`tab`, `anchor`, `version`, language code, ...). */
  label: string;
  /** Position among its siblings. */
  index: number;
  icon?: Icon;
  description?: string;
  /** Version badge (`Latest`, `Beta`). */
  tag?: string;
}

/** One entry of a switcher (tab bar, anchors, version selector, ...). */
export interface SwitcherEntry {
  label: string;
  icon?: Icon;
  /**
   * Where selecting the entry leads: its `href`, the equivalent page, the division's first page, else
   * its first link. A division with none of these has no entry (NAVIGATION_SWITCHER_NO_TARGET).
   */
  href: Href;
  active: boolean;
  external: boolean;
  description?: string;
  /** Version badge text. */
  tag?: string;
  /** The default version / language. */
  isDefault?: boolean;
  /** Language code for language entries. */
  code?: string;
}

/** Every switcher shown on a section's pages; empty arrays are not shown. */
export interface Switchers {
  languages: SwitcherEntry[];
  versions: SwitcherEntry[];
  products: SwitcherEntry[];
  dropdowns: SwitcherEntry[];
  anchors: SwitcherEntry[];
  tabs: SwitcherEntry[];
  menu: SwitcherEntry[];
  /** `navigation.global.anchors` (and other global links): shown on every page. */
  globalAnchors: SwitcherEntry[];
}

/** Per-language chrome that replaces the site-wide banner, footer and navbar. */
export interface LanguageChrome {
  code: string;
  banner?: BannerConfig;
  footer?: FooterConfig;
  navbar?: NavbarConfig;
}

/** One leaf division of the site with its own sidebar. */
export interface Section {
  /** Stable id from the division path: `language:en/tab:documentation`. */
  id: string;
  /** The divisions leading here, outermost first (empty for a site with only pages/groups). */
  trail: Division[];
  /** Not shown in its switcher (`hidden: true` on an element of the trail); its pages stay routable. */
  hidden: boolean;
  /**
   * A hidden section whose pages stay in search, the sitemap and the llms files: the hidden element
   * of its trail closest to it sets `searchable: true` (the pages of other hidden sections are left out).
   */
  searchable?: true;
  language?: LanguageChrome;
  version?: string;
  sidebar: SidebarNode[];
  /** First page in sidebar order; what switching to this section opens. */
  firstPage: Href | null;
  switchers: Switchers;
  openapi?: OpenApiRef;
}

// ---------------------------------------------------------------- pages

export interface Crumb {
  label: string;
  href?: Href;
}

export interface PageLink {
  href: Href;
  title: string;
}

/** An entry of a root page's directory listing. */
export type DirectoryItem =
  | { type: 'page'; href: Href; title: string; description?: string; icon?: Icon }
  | { type: 'group'; name: string; href?: Href; icon?: Icon; items: DirectoryItem[] };

export interface DirectoryListing {
  style: 'accordion' | 'card';
  items: DirectoryItem[];
}

/** Everything the renderer needs about one routable page. */
export interface PageRoute {
  href: Href;
  /** Page path without leading slash. */
  path: string;
  kind: 'page' | 'endpoint';
  /** MDX file relative to the docs root; null for generated endpoint pages. */
  file: string | null;
  title: string;
  sidebarTitle?: string;
  description?: string;
  /** The section whose sidebar and switchers frame this page (for unlisted pages: the closest by path). */
  sectionId: string;
  /** Listed in a visible sidebar position. False for hidden pages. */
  listed: boolean;
  /**
   * Whether hidden navigation keeps the page out of search, the sitemap and the llms files, where
   * it differs from `listed`: false for a page of a hidden tab (or other hidden element) without
   * `searchable: true`; true for a page of a hidden group or tab that sets `searchable: true`.
   * Read it through `isDiscoverable`.
   */
  indexed?: boolean;
  /** Full path: division labels, then enclosing group names. */
  breadcrumbs: Crumb[];
  /** The enclosing group's name (`styling.eyebrows: section`), or the innermost division when not in a group. */
  eyebrow: string | null;
  prev: PageLink | null;
  next: PageLink | null;
  /** Present on a group root page whose inherited `directory` is accordion or card. */
  directory?: DirectoryListing;
  /** Version selector for this page: hrefs keep the reader on the equivalent page. */
  versions: SwitcherEntry[];
  /** Language selector for this page: hrefs keep the reader on the equivalent page. */
  languages: SwitcherEntry[];
  endpoint?: EndpointRef | SidebarEndpoint;
  /** Search ranking multiplier from the enclosing groups' `boost` (multiplied); unset is 1. */
  boost?: number;
}

export interface Redirect {
  source: string;
  destination: string;
  permanent: boolean;
}

/** Resolved display settings; null means "theme default". */
export interface SiteSettings {
  drilldown: boolean | null;
  eyebrows: 'breadcrumbs' | 'section' | null;
}

/** The whole navigable site. */
export interface SiteModel {
  settings: SiteSettings;
  sections: Section[];
  sectionsById: Map<string, Section>;
  /** The section shown at `/` and for pages with nowhere better to go. */
  defaultSectionId: string;
  /** Every routable page (listed, hidden, endpoint pages) by href. */
  pages: Map<Href, PageRoute>;
  /** Routable pages that no visible sidebar lists. */
  hidden: PageRoute[];
  redirects: Redirect[];
}

export interface ResolveOptions {
  openapi?: OpenApiProvider;
  /**
   * Source position of a config field (`['navigation', 'tabs', 0, 'pages', 2]`), for diagnostics;
   * `loadDocsConfig(root).locate` fits. Without it problems point at docs.json:1:1.
   */
  locate?: (path: readonly (string | number)[]) => { file: string; line: number; column: number } | undefined;
}

export interface ResolveResult {
  model: SiteModel;
  diagnostics: Diagnostic<NavigationCode>[];
}

/**
 * Whether a page belongs in site search, the sitemap, the llms files and the page index: listed in a
 * visible sidebar, or under a hidden tab or group that sets `searchable: true`, or any page when
 * `seo.indexing` is `all`. (Frontmatter `noindex`, `searchable: false` and protection are the caller's.)
 */
export function isDiscoverable(route: Pick<PageRoute, 'listed' | 'indexed'>, indexingAll: boolean): boolean {
  return indexingAll || (route.indexed ?? route.listed);
}
