import type { DocsConfig } from '../config/index.js';
import type { PageIndex } from '../content/index.js';
import { sortDiagnostics } from '../shared/index.js';
import { createContext, type ResolveContext } from './context.js';
import { attachDirectories } from './directory.js';
import { hrefOf } from './entries.js';
import { attachPageSelectors } from './equivalents.js';
import { withOperationTitles } from './operation-titles.js';
import { baseRoute, routesFromSections } from './routes.js';
import { sectionsFromNavigation, type DivisionNode } from './sections.js';
import { attachSwitchers, isDefaultAmongSiblings } from './switchers.js';
import type { PageRoute, Redirect, ResolveOptions, ResolveResult, Section, SiteModel, SiteSettings } from './types.js';

/**
 * Resolve docs.json navigation and the page index into the SiteModel: sections with their
 * sidebars and switchers, a route per page (hidden pages included), settings and redirects.
 */
export function resolveSiteModel(config: DocsConfig, pageIndex: PageIndex, options: ResolveOptions = {}): ResolveResult {
  const index = withOperationTitles(pageIndex, options.openapi);
  const ctx = createContext(index, options);
  const { root, builds } = sectionsFromNavigation(ctx, config.navigation);
  const sections = builds.map((b) => b.section);
  attachSwitchers(ctx, builds, config.navigation);
  const routes = routesFromSections(ctx, builds);
  const fallback = defaultSection(root, sections);
  const hidden = addUnlistedPages(ctx, routes, sections, fallback);
  attachDirectories(sections, routes, index);
  attachPageSelectors(builds, routes);
  const model: SiteModel = {
    settings: settingsOf(config),
    sections,
    sectionsById: new Map(sections.map((s) => [s.id, s])),
    defaultSectionId: fallback?.id ?? '',
    pages: routes,
    hidden,
    redirects: redirectsOf(config),
  };
  return { model, diagnostics: sortDiagnostics(ctx.diagnostics) };
}

/** `interaction.drilldown` and `styling.eyebrows`; null leaves the choice to the theme. */
function settingsOf(config: DocsConfig): SiteSettings {
  const eyebrows = config.styling?.eyebrows;
  return {
    drilldown: typeof config.interaction?.drilldown === 'boolean' ? config.interaction.drilldown : null,
    eyebrows: eyebrows === 'breadcrumbs' || eyebrows === 'section' ? eyebrows : null,
  };
}

function redirectsOf(config: DocsConfig): Redirect[] {
  return (config.redirects ?? []).map((r) => ({ source: r.source, destination: r.destination, permanent: r.permanent !== false }));
}

/** The section `/` shows: follow default (or first visible) divisions down to a section. */
function defaultSection(root: DivisionNode, sections: readonly Section[]): Section | undefined {
  let node = root;
  for (;;) {
    const own = node.sections.find((s) => !s.hidden) ?? node.sections[0];
    if (own) return own;
    const candidates = node.children.filter((c) => !c.hidden && !c.href && c.firstPage !== null);
    const next = candidates.find((c) => (c.division!.kind === 'version' || c.division!.kind === 'language') && isDefaultAmongSiblings(c)) ?? candidates[0];
    if (!next) return sections.find((s) => !s.hidden) ?? sections[0];
    node = next;
  }
}

/**
 * Pages no navigation entry lists: routable, listed nowhere. Each is framed by the section
 * that lists the most specific folder of its path (so `es/secret` gets the Spanish sidebar).
 */
function addUnlistedPages(ctx: ResolveContext, routes: Map<string, PageRoute>, sections: readonly Section[], fallback: Section | undefined): PageRoute[] {
  const byFolder = new Map<string, Section>();
  const byId = new Map(sections.map((s) => [s.id, s]));
  for (const route of routes.values()) {
    if (!route.listed) continue;
    const section = byId.get(route.sectionId)!;
    const parts = route.path.split('/');
    for (let n = parts.length - 1; n >= 1; n--) {
      const folder = parts.slice(0, n).join('/');
      if (!byFolder.has(folder)) byFolder.set(folder, section);
    }
  }
  const hidden: PageRoute[] = [...routes.values()].filter((r) => !r.listed);
  for (const page of ctx.index.pages.values()) {
    const href = hrefOf(page.path);
    if (routes.has(href)) continue;
    const parts = page.path.split('/');
    let section: Section | undefined;
    for (let n = parts.length - 1; n >= 1 && !section; n--) section = byFolder.get(parts.slice(0, n).join('/'));
    section ??= fallback;
    if (!section) continue;
    const route = baseRoute(ctx, href, section, false, [], []);
    route.eyebrow = null;
    routes.set(href, route);
    hidden.push(route);
  }
  return hidden;
}
