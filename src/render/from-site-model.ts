/**
 * SiteModel → views. Decides what each part of the layout shows (which selector, which label,
 * which link) so the components only draw. Per-language banner, navbar and footer replace the
 * site-wide ones here.
 */
import { menuItems } from './page-menu.js';
import type { DocsConfig } from '../config/index.js';
import type {
  DirectoryItem,
  Icon,
  PageRoute,
  Section,
  SidebarNode,
  SiteModel,
  SwitcherEntry,
} from '../navigation/index.js';
import type { Heading } from '../mdx/index.js';
import { languageName } from './languages.js';
import { inlineMarkdownToHtml, shortHash } from './markdown-inline.js';
import type { ChromeView, DirectoryView, LinkView, PageView, SectionView, SidebarItemView, SwitcherView } from './types.js';

const isExternal = (href: string) => /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//');
/**
 * A navigation icon as the one string the views carry: a library other than the site's as a
 * `lucide:` / `tabler:` prefix, a Font Awesome style other than solid as `fa7-regular:` /
 * `fa7-brands:` (resolved in the render layer's icon styles).
 */
function iconName(icon?: Icon): string | undefined {
  if (!icon) return undefined;
  if (icon.library === 'lucide' || icon.library === 'tabler') return `${icon.library}:${icon.name}`;
  if (icon.style === 'brands') return `fa7-brands:${icon.name}`;
  if (icon.style && /(^|-)(regular|light|thin)$/.test(icon.style)) return `fa7-regular:${icon.name}`;
  return icon.name;
}

/** The brand glyph of a footer social network key (docs.json `footer.socials`). */
function socialIcon(network: string): string {
  const names: Record<string, string> = { x: 'x-twitter', website: 'globe', podcast: 'podcast', 'hacker-news': 'hacker-news', earth: 'globe' };
  const name = names[network] ?? network;
  return name === 'globe' || name === 'podcast' ? name : `fa7-brands:${name}`;
}

function entryToLink(entry: SwitcherEntry): LinkView {
  return {
    label: entry.label,
    href: entry.href,
    icon: iconName(entry.icon),
    external: entry.external,
    active: entry.active,
    description: entry.description,
    tag: entry.tag,
  };
}

/** The first page href in a sidebar subtree (for drilldown). */
function firstHref(nodes: SidebarNode[]): string | undefined {
  for (const node of nodes) {
    if (node.type === 'page') return node.url ?? node.href;
    if (node.type === 'endpoint' && node.href) return node.href;
    if (node.type === 'group') {
      const found = node.root ?? firstHref(node.children);
      if (found) return found;
    }
  }
  return undefined;
}

/** Sidebar nodes → view items; unresolved endpoint placeholders have no page and are left out. */
export function sidebarItemsFromNodes(nodes: SidebarNode[]): SidebarItemView[] {
  const items: SidebarItemView[] = [];
  for (const node of nodes) {
    switch (node.type) {
      case 'page':
        if (node.url) items.push({ type: 'link', title: node.sidebarTitle ?? node.title, href: node.url, icon: iconName(node.icon) });
        else items.push({ type: 'page', title: node.sidebarTitle ?? node.title, href: node.href, icon: iconName(node.icon), tag: node.tag });
        break;
      case 'link':
        items.push({ type: 'link', title: node.label, href: node.href, icon: iconName(node.icon) });
        break;
      case 'endpoint':
        // An endpoint's `tag` is its OpenAPI tag (it groups endpoints); the sidebar's pill is only for a page's own frontmatter `tag`.
        if (node.href) items.push({ type: 'page', title: node.title, href: node.href, method: node.method === 'WEBHOOK' ? 'HOOK' : node.method === 'CHANNEL' ? 'WS' : node.method });
        break;
      case 'group':
        items.push({
          type: 'group',
          title: node.name,
          icon: iconName(node.icon),
          tag: node.tag,
          rootHref: node.root,
          firstHref: firstHref(node.children),
          expanded: node.expanded,
          children: sidebarItemsFromNodes(node.children),
        });
        break;
      case 'endpoint-set':
        break;
    }
  }
  return items;
}

function switcher(kind: SwitcherView['kind'], label: string, entries: SwitcherEntry[]): SwitcherView[] {
  if (entries.length === 0 || (entries.length === 1 && (kind === 'version' || kind === 'language'))) return [];
  const options = entries.map(entryToLink);
  if (kind === 'language') for (const [i, o] of options.entries()) o.label = languageName(entries[i]!.code ?? o.label);
  return [{ kind, label, options }];
}

/** What every page of `section` shares: tabs, anchors, sidebar switchers and the tree. */
export function sectionViewFromModel(model: SiteModel, section: Section): SectionView {
  const s = section.switchers;
  return {
    key: section.id,
    tabs: s.tabs.map(entryToLink),
    anchors: s.anchors.map(entryToLink),
    globalAnchors: s.globalAnchors.map(entryToLink),
    sidebarSwitchers: [...switcher('dropdown', 'Dropdown', s.dropdowns), ...switcher('menu', 'Menu', s.menu)],
    sidebar: sidebarItemsFromNodes(section.sidebar),
    drilldown: model.settings.drilldown ?? false,
  };
}

type ChromeConfig = Pick<DocsConfig, 'name' | 'logo' | 'favicon' | 'colors' | 'navbar' | 'footer' | 'banner' | 'appearance' | 'contextual'> & Partial<Pick<DocsConfig, 'search'>>;

/**
 * Header, banner and footer for a section: the language's own chrome when it has one. `assetExists`
 * says whether a repository path names a file: a logo whose files are all missing gives way to the
 * site name (a broken image and its alt text is what readers would see), one missing mode uses the other.
 * `siteHome` is where the site name or logo leads unless docs.json `logo.href` says: the site's root, or
 * a language's first page in that language's chrome.
 */
export function chromeViewFromConfig(config: ChromeConfig, section: Section | undefined, assetExists: (path: string) => boolean = () => true, siteHome = '/'): ChromeView {
  const lang = section?.language;
  const navbar = lang?.navbar ?? config.navbar;
  const footer = lang?.footer ?? config.footer;
  const banner = lang?.banner ?? config.banner;
  const logo = usableLogo(config.logo, assetExists);
  // The site name or logo leads home, with or without a logo image shown (never to a navbar link).
  const home = (typeof config.logo === 'object' ? config.logo?.href : undefined) ?? siteHome;
  const favicon = typeof config.favicon === 'string' ? config.favicon : config.favicon?.light;
  const navLinks: LinkView[] = (navbar?.links ?? []).map((l) => ({
    // An empty label with an icon is an icon-only link; it still needs a name for screen readers.
    ...(l.label === '' && (l.icon || l.type) ? { iconOnly: true } : {}),
    label: l.label || (l.type === 'github' ? 'GitHub' : l.type === 'discord' ? 'Discord' : l.type) || nameOfIcon(l.icon) || hostOf(l.href),
    href: l.href,
    external: isExternal(l.href),
    icon: iconName(l.icon ? (typeof l.icon === 'string' ? { name: l.icon, style: l.iconType } : l.icon) : l.type === 'github' || l.type === 'discord' ? { name: l.type, style: 'brands' } : undefined),
  }));
  const primary = navbar?.primary
    ? {
        label: navbar.primary.label ?? (navbar.primary.type === 'github' ? 'GitHub' : navbar.primary.type),
        href: navbar.primary.href,
        external: isExternal(navbar.primary.href),
        icon: navbar.primary.type === 'github' || navbar.primary.type === 'discord' ? `fa7-brands:${navbar.primary.type}` : undefined,
      }
    : undefined;
  const socials = Object.entries(footer?.socials ?? {}).map(([network, href]) => ({ label: network, href: String(href), external: true, icon: socialIcon(network) }));
  const columns = (footer?.links ?? []).map((c) => ({
    header: c.header,
    items: c.items.map((i) => ({ label: i.label, href: i.href, external: isExternal(i.href) })),
  }));
  const bannerHtml = banner ? inlineMarkdownToHtml(banner.content) : '';
  const view: ChromeView = {
    key: '',
    siteName: config.name,
    lang: lang?.code ?? 'en',
    ...(config.search?.prompt ? { searchPrompt: config.search.prompt } : {}),
    home,
    logo: logo === undefined ? undefined : typeof logo === 'string' ? { light: logo, dark: logo } : { light: logo.light, dark: logo.dark },
    favicon,
    navLinks,
    primary,
    banner: banner
      ? {
          html: bannerHtml,
          dismissible: banner.dismissible ?? false,
          key: shortHash(banner.content),
          type: banner.type ?? 'info',
          ...(banner.color ? { color: typeof banner.color === 'string' ? { light: banner.color, dark: banner.color } : banner.color } : {}),
        }
      : undefined,
    footer: { socials, columns },
    colors: { primary: config.colors.primary, light: config.colors.light, dark: config.colors.dark },
    themeToggle: !config.appearance?.strict,
    pageMenu: config.contextual ? menuItems(config.contextual.options) : undefined,
  };
  view.key = shortHash(JSON.stringify(view));
  return view;
}

/** `"discord"` or `{ name: "discord" }` → "Discord". */
function nameOfIcon(icon: unknown): string | undefined {
  const name = typeof icon === 'string' ? icon : typeof icon === 'object' && icon !== null ? (icon as { name?: unknown }).name : undefined;
  return typeof name === 'string' && /^[a-z0-9-]+$/i.test(name) ? name.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase()) : undefined;
}

/** The host of a URL (`discord.gg`), or the text itself. */
function hostOf(href: string): string {
  try {
    return new URL(href).hostname.replace(/^www\./, '');
  } catch {
    return href;
  }
}

/** The logo with its missing files left out; undefined when none is left. URLs are taken as they are. */
function usableLogo(logo: ChromeConfig['logo'], exists: (path: string) => boolean): ChromeConfig['logo'] {
  if (logo === undefined) return undefined;
  const ok = (p: string | undefined) => p !== undefined && (/^(https?:)?\/\/|^data:/i.test(p) || exists(p));
  if (typeof logo === 'string') return ok(logo) ? logo : undefined;
  const light = ok(logo.light) ? logo.light : ok(logo.dark) ? logo.dark : undefined;
  const dark = ok(logo.dark) ? logo.dark : light;
  return light && dark ? { ...logo, light, dark } : undefined;
}

function directoryItem(item: DirectoryItem): DirectoryView['items'][number] {
  if (item.type === 'page') return { title: item.title, href: item.href, description: item.description, icon: iconName(item.icon) };
  const children: { title: string; href: string }[] = [];
  const collect = (list: DirectoryItem[]) => {
    for (const c of list) {
      if (c.type === 'page') children.push({ title: c.title, href: c.href });
      else if (c.href) children.push({ title: c.name, href: c.href });
      else collect(c.items);
    }
  };
  collect(item.items);
  return { title: item.name, href: item.href ?? children[0]?.href ?? '#', icon: iconName(item.icon), children };
}

/** The eyebrow per `styling.eyebrows`: full breadcrumbs, or the section name (theme default). */
function eyebrowFor(model: SiteModel, route: PageRoute): PageView['eyebrow'] {
  if (model.settings.eyebrows === 'breadcrumbs') return route.breadcrumbs;
  return route.eyebrow ? [{ label: route.eyebrow }] : [];
}

/** The product, version, language and tab a page is in, each only when the site has several (switchers exist only then). */
function searchScopeOf(switchers: SwitcherView[], section: Section | undefined): PageView['searchScope'] {
  const scope: NonNullable<PageView['searchScope']> = [];
  for (const s of switchers) {
    const active = s.options.find((o) => o.active);
    if (active && (s.kind === 'product' || s.kind === 'version' || s.kind === 'language')) scope.push({ kind: s.kind, label: active.label });
  }
  const tabs = section?.switchers.tabs ?? [];
  const tab = tabs.length > 1 ? tabs.find((t) => t.active) : undefined;
  if (tab) scope.push({ kind: 'tab', label: tab.label });
  return scope.length ? scope : undefined;
}

const defaultVersions = new WeakMap<SiteModel, string | null>();

/** The label of the site's default version (null when it has no versions), found once per model. */
function defaultVersionOf(model: SiteModel): string | null {
  let label = defaultVersions.get(model);
  if (label === undefined) {
    label = null;
    for (const s of model.sections) {
      const entry = s.switchers.versions.find((v) => v.isDefault);
      if (entry) {
        label = entry.label;
        break;
      }
    }
    defaultVersions.set(model, label);
  }
  return label;
}

/** Everything page-specific, given the rendered body. */
export function pageViewFromRoute(
  model: SiteModel,
  route: PageRoute,
  body: { html: string; headings: Heading[]; mermaid: boolean; math?: boolean; noindex: boolean; mode?: string },
): PageView {
  const section = model.sectionsById.get(route.sectionId);
  const products = section?.switchers.products ?? [];
  const switchers = [...switcher('product', 'Product', products), ...switcher('version', 'Version', route.versions), ...switcher('language', 'Language', route.languages)];
  return {
    href: route.href,
    title: route.title,
    description: route.description,
    eyebrow: eyebrowFor(model, route),
    bodyHtml: body.html,
    headings: body.headings,
    directory: route.directory ? { style: route.directory.style, items: route.directory.items.map(directoryItem) } : undefined,
    prev: route.prev ? { label: route.prev.title, href: route.prev.href } : undefined,
    next: route.next ? { label: route.next.title, href: route.next.href } : undefined,
    switchers,
    searchScope: searchScopeOf(switchers, section),
    ...(section?.version === undefined && defaultVersionOf(model) ? { searchDefaultVersion: defaultVersionOf(model)! } : {}),
    noindex: body.noindex,
    mode: body.mode,
    mermaid: body.mermaid,
    math: body.math,
    specFile: route.endpoint ? ('specFile' in route.endpoint ? route.endpoint.specFile : route.endpoint.spec) : undefined,
  };
}
