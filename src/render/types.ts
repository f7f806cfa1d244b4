/**
 * What the layout draws, decided before drawing. `from-site-model.ts` turns the navigation
 * layer's SiteModel into these views; components only read them, so they stay testable alone.
 */
import type { Heading } from '../mdx/index.js';
import type { FeedbackView } from './feedback-links.js';

/** A link in a bar, list or menu. */
export interface LinkView {
  label: string;
  href: string;
  icon?: string;
  /** Opens another site: drawn with an outward arrow and `rel="noopener"`. */
  external?: boolean;
  /** The entry the reader is in now. */
  active?: boolean;
  description?: string;
  /** Badge text (version tags such as "Latest"). */
  tag?: string;
  /** Drawn as its icon alone (docs.json gave an empty label): `label` is then only its accessible name. */
  iconOnly?: boolean;
}

/** A dropdown selector: version, language, product or sidebar dropdown. */
export interface SwitcherView {
  kind: 'version' | 'language' | 'product' | 'dropdown' | 'menu';
  /** Accessible name, e.g. "Version". */
  label: string;
  options: LinkView[];
}

/** One sidebar entry; a tagged union like the navigation tree it comes from. */
export type SidebarItemView =
  | { type: 'page'; title: string; href: string; icon?: string; tag?: string; method?: string }
  | { type: 'link'; title: string; href: string; icon?: string }
  | {
      type: 'group';
      title: string;
      icon?: string;
      tag?: string;
      /** Page opened by clicking the group title (`root`). */
      rootHref?: string;
      /** First page inside, opened by the title when drilldown is on and there is no root. */
      firstHref?: string;
      /** Nested groups only: open by default. */
      expanded: boolean;
      children: SidebarItemView[];
    };

/** Parts of the page shared by every page of one section (rendered once, reused). */
export interface SectionView {
  /** Stable key of the section, for caching its rendered sidebar. */
  key: string;
  tabs: LinkView[];
  anchors: LinkView[];
  globalAnchors: LinkView[];
  /** Dropdown menu at the top of the sidebar and tab menu items, when the section has them. */
  sidebarSwitchers: SwitcherView[];
  sidebar: SidebarItemView[];
  /** `interaction.drilldown`: a group title without root opens its first page. */
  drilldown: boolean;
}

/** Site-wide (per language) chrome: header, banner, footer. */
export interface ChromeView {
  key: string;
  siteName: string;
  lang: string;
  /** Where the site name or logo leads: docs.json `logo.href`, else the site's root or its language's first page (the base path is added to the finished page). */
  home: string;
  logo?: { light: string; dark: string };
  favicon?: string;
  navLinks: LinkView[];
  primary?: LinkView;
  /** `type` picks the background (info: the brand colour); `color` (one, or per mode) overrides it. */
  banner?: { html: string; dismissible: boolean; key: string; type?: 'info' | 'warning' | 'critical'; color?: { light?: string; dark?: string } };
  footer: { socials: LinkView[]; columns: { header?: string; items: LinkView[] }[] };
  colors: { primary: string; light?: string; dark?: string };
  /** docs.json `search.prompt`: the search box's placeholder. */
  searchPrompt?: string;
  /** False when `appearance.strict` keeps readers in the default mode. */
  themeToggle?: boolean;
  /** Contextual page menu entries (docs.json `contextual.options`); none when absent. */
  pageMenu?: import('./page-menu.js').MenuItem[];
}

/** A directory listing on a group's root page. */
export interface DirectoryView {
  style: 'accordion' | 'card';
  items: { title: string; href: string; description?: string; icon?: string; children?: { title: string; href: string }[] }[];
}

/** Everything specific to one page. */
export interface PageView {
  href: string;
  title: string;
  description?: string;
  /** Breadcrumbs or the section name, per `styling.eyebrows`; empty for none. */
  eyebrow: { label: string; href?: string }[];
  bodyHtml: string;
  headings: Heading[];
  directory?: DirectoryView;
  prev?: LinkView;
  next?: LinkView;
  /** Version, language and product selectors with the URLs that keep the reader on this page. */
  switchers: SwitcherView[];
  noindex: boolean;
  /** Kept out of the search index (`noindex`, or a hidden page without `seo.indexing: all`). */
  unsearchable?: boolean;
  /** `keywords` frontmatter: words that find the page in search without being shown. */
  searchKeywords?: string[];
  /** Pagefind weight of the title and keywords (`boost` frontmatter scales it); unset: Pagefind's default. */
  searchWeight?: string;
  /** The page's product, version, language and tab, each when the site has several: labels of its search results (Pagefind filters). */
  searchScope?: { kind: 'product' | 'version' | 'language' | 'tab'; label: string }[];
  /** On a page in no version of a site with versions: the default version, whose pages its search lists before other versions'. */
  searchDefaultVersion?: string;
  /** `deprecated: true` frontmatter: a badge beside the title. */
  deprecated?: boolean;
  /** ISO time of the page's last change, when `metadata.timestamp` or `timestamp` asks for it. */
  lastModified?: string;
  /** A translation behind its source page, with `translations.staleNotice` on: where the notice links (the source page). */
  staleTranslation?: { sourceHref: string };
  /** The "Was this page helpful?" widget, with its edit and issue links; none when the site collects no feedback. */
  feedback?: FeedbackView;
  /** `rss: true` frontmatter on a changelog page: the link to its feed (`<page>/rss.xml`). */
  rssHref?: string;
  /** SEO tags of the head (meta, canonical, JSON-LD), decided by `head/seo.ts`. */
  seoHead?: string;
  /** `mode: wide` and friends drop the table of contents. */
  mode?: string;
  /** Page body needs the mermaid loader. */
  mermaid: boolean;
  /** Page body has KaTeX math: link its stylesheet. */
  math?: boolean;
  /** Endpoint pages: the spec file the endpoint comes from, as docs.json names it (the menu's `download-spec`). */
  specFile?: string;
  /** Ids of the island modules the body draws: `assets/island.<id>.js` each. */
  islands?: string[];
  /** `contextual` frontmatter: this page's menu entries in place of the site's (`[]`: no menu). */
  menuItems?: import('./page-menu.js').MenuItem[];
}

/** Hashed asset URLs the page links to. */
export interface AssetUrls {
  css: string;
  js: string;
  mermaid?: string;
  /** KaTeX stylesheet, linked only from pages with math. */
  katex?: string;
  /** Extra tags for the dev server (live reload). */
  devScript?: string;
  /** Tailwind utilities the repository's MDX uses (`tailwind.ts`), when it uses any. */
  tailwind?: string;
  /** The repository's own stylesheets and scripts (`custom.css`, `analytics.js`), on every page after Folio's. */
  customCss?: string[];
  customJs?: string[];
  base: string;
}
