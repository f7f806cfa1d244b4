import type { ResolveContext } from './context.js';
import type { DivisionNode, SectionBuild } from './sections.js';
import type { Crumb, Division, PageRoute, Section, SidebarEndpoint, SidebarGroup, SidebarNode } from './types.js';

/** A page's place in a section's sidebar, in reading order. */
export interface Placement {
  href: string;
  title: string;
  sidebarTitle?: string;
  groups: SidebarGroup[];
  endpoint?: SidebarEndpoint;
}

/** Sidebar pages in reading order: a group's root, then its children; links and placeholders skipped. */
export function placementsOf(nodes: readonly SidebarNode[], groups: SidebarGroup[] = [], out: Placement[] = [], seen = new Set<string>()): Placement[] {
  for (const node of nodes) {
    if (node.type === 'page') {
      if (seen.has(node.href)) continue;
      seen.add(node.href);
      const p: Placement = { href: node.href, title: node.title, groups };
      if (node.sidebarTitle) p.sidebarTitle = node.sidebarTitle;
      out.push(p);
    } else if (node.type === 'endpoint' && node.href) {
      if (seen.has(node.href)) continue;
      seen.add(node.href);
      const p: Placement = { href: node.href, title: node.title, groups, endpoint: node };
      if (node.sidebarTitle) p.sidebarTitle = node.sidebarTitle;
      out.push(p);
    } else if (node.type === 'group') {
      const inner = [...groups, node];
      if (node.root && !seen.has(node.root)) {
        seen.add(node.root);
        out.push({ href: node.root, title: node.name, groups: inner });
      }
      placementsOf(node.children, inner, out, seen);
    }
  }
  return out;
}

/**
 * Routes of every listed and unlisted-but-navigated page. A page listed in several sections
 * belongs to the first one; prev/next follow its sidebar order there. Pages placed but not shown
 * (hidden group, `hidden: true` frontmatter) get a route in their section only if no sidebar lists them.
 */
export function routesFromSections(ctx: ResolveContext, builds: readonly SectionBuild[]): Map<string, PageRoute> {
  const routes = new Map<string, PageRoute>();
  for (const { section, node } of builds) {
    const order = placementsOf(section.sidebar);
    const divisionCrumbs = crumbsOf(node);
    order.forEach((p, i) => {
      if (routes.has(p.href)) return;
      const groupCrumbs = p.groups.map((g): Crumb => ({ label: g.name, ...(g.root ? { href: g.root } : {}) }));
      // A group's root page sits at the group's own level in the breadcrumbs.
      if (p.groups.length > 0 && p.groups.at(-1)!.root === p.href) groupCrumbs.pop();
      const route = baseRoute(ctx, p.href, section, true, divisionCrumbs, groupCrumbs);
      route.prev = i > 0 ? link(ctx, order[i - 1]!) : null;
      route.next = i + 1 < order.length ? link(ctx, order[i + 1]!) : null;
      if (p.sidebarTitle) route.sidebarTitle = p.sidebarTitle;
      // A hidden tab's (or other element's) pages stay out of search and the sitemap unless it sets
      // `searchable: true`, or the page's own frontmatter says `hidden: false` (the platform puts it back).
      if (section.hidden && !section.searchable && !shownByFrontmatter(ctx, p.href)) route.indexed = false;
      const boost = p.groups.reduce((b, g) => b * (g.boost ?? 1), 1);
      if (boost !== 1) route.boost = boost;
      if (p.endpoint) {
        route.kind = 'endpoint';
        route.endpoint = ctx.endpointPages.get(p.href) ?? p.endpoint;
        route.title = p.title;
      }
      routes.set(p.href, route);
    });
  }
  // Second pass: a page hidden in one section may be listed in a later one, and listed wins.
  for (const { section, node, unlisted } of builds) {
    for (const u of unlisted) {
      if (routes.has(u.href)) continue;
      const route = baseRoute(ctx, u.href, section, false, crumbsOf(node), u.groups.map((label) => ({ label })));
      if (u.searchable || shownByFrontmatter(ctx, u.href)) route.indexed = true;
      routes.set(u.href, route);
    }
  }
  return routes;
}

/** `hidden: false` written in the page's frontmatter: under a hidden tab or group, it keeps the page in search, the sitemap and llms files. */
function shownByFrontmatter(ctx: ResolveContext, href: string): boolean {
  const hidden = ctx.index.pages.get(href.slice(1))?.frontmatter.hidden;
  return hidden === false || hidden === 'false';
}

/** A route with no neighbours yet. */
export function baseRoute(ctx: ResolveContext, href: string, section: Section, listed: boolean, divisionCrumbs: Crumb[], groupCrumbs: Crumb[]): PageRoute {
  const path = href.slice(1);
  const page = ctx.index.pages.get(path);
  const generated = ctx.endpointPages.get(href);
  const route: PageRoute = {
    href,
    path,
    kind: page || !generated ? 'page' : 'endpoint',
    file: page?.file ?? null,
    title: page?.title ?? generated?.title ?? path,
    sectionId: section.id,
    listed,
    breadcrumbs: withoutRepeats([...divisionCrumbs, ...groupCrumbs]),
    eyebrow: groupCrumbs.at(-1)?.label ?? placeLabel(section),
    prev: null,
    next: null,
    versions: [],
    languages: [],
  };
  const sidebarTitle = page ? page.sidebarTitle : generated?.sidebarTitle;
  if (sidebarTitle) route.sidebarTitle = sidebarTitle;
  if (page?.description) route.description = page.description;
  if (generated && !page) route.endpoint = generated;
  return route;
}

/**
 * A crumb whose label repeats the one before it is one place shown twice (pipecat's tab
 * "Overview" holds a group "Overview": "Overview › Overview"); it is merged into the first,
 * which takes the second's link when it has none.
 */
function withoutRepeats(crumbs: readonly Crumb[]): Crumb[] {
  const out: Crumb[] = [];
  for (const crumb of crumbs) {
    const last = out.at(-1);
    if (last?.label !== crumb.label) out.push(crumb);
    else if (!last.href && crumb.href) out[out.length - 1] = { ...last, href: crumb.href };
  }
  return out;
}

/** Breadcrumbs of the divisions above a section, each linking to its first page. */
function crumbsOf(node: DivisionNode): Crumb[] {
  const crumbs: Crumb[] = [];
  for (let at: DivisionNode | null = node; at?.division; at = at.parent) {
    const d: Division = at.division;
    // Language codes and version labels are selectors, not places; they stay out of the path.
    if (d.kind === 'language' || d.kind === 'version') continue;
    crumbs.unshift(at.firstPage ? { label: d.label, href: at.firstPage } : { label: d.label });
  }
  return crumbs;
}

/** Neighbour link labelled as the sidebar labels it (a group root by its page's own title). */
function link(ctx: ResolveContext, p: Placement): { href: string; title: string } {
  const page = p.endpoint ? undefined : ctx.index.pages.get(p.href.slice(1));
  return { href: p.href, title: page ? page.sidebarTitle ?? page.title : p.sidebarTitle ?? p.title };
}

/** Label of the innermost division that is a place (not a language or version selector). */
function placeLabel(section: Section): string | null {
  for (let i = section.trail.length - 1; i >= 0; i--) {
    const d = section.trail[i]!;
    if (d.kind !== 'language' && d.kind !== 'version') return d.label;
  }
  return null;
}
