import type { NavigationConfig, NavLanguage, NavTab } from '../config/index.js';
import type { ResolveContext, Scope, SectionDraft, UnlistedPlacement } from './context.js';
import { channelsFromAsyncApi, endpointsFromOpenApi } from './endpoints.js';
import { generatesChannels, generatesEndpoints } from './generated.js';
import { iconOf, linkHref, openApiRefOf, slugOf } from './entries.js';
import { sidebarFromEntries, sidebarFromGroups } from './sidebar.js';
import type { Division, DivisionKind, LanguageChrome, Section, SidebarNode } from './types.js';

/** Any navigation element that may hold children (tabs, anchors, the root object, ...). */
type Container = NavigationConfig & Partial<Pick<NavTab, 'href' | 'icon' | 'iconType' | 'hidden' | 'searchable'>> & Record<string, unknown>;

/** Division kinds as docs.json spells them: array key and label key, outermost first. */
export const DIVISION_KEYS: ReadonlyArray<{ kind: DivisionKind; key: string; label: string }> = [
  { kind: 'language', key: 'languages', label: 'language' },
  { kind: 'version', key: 'versions', label: 'version' },
  { kind: 'product', key: 'products', label: 'product' },
  { kind: 'dropdown', key: 'dropdowns', label: 'dropdown' },
  { kind: 'anchor', key: 'anchors', label: 'anchor' },
  { kind: 'tab', key: 'tabs', label: 'tab' },
  { kind: 'menu', key: 'menu', label: 'item' },
];

/** A node of the division tree: the root, or one language/version/…/menu item. */
export interface DivisionNode {
  division: Division | null;
  parent: DivisionNode | null;
  hidden: boolean;
  /** Set for link-only elements (`{ "tab": "Blog", "href": "https://…" }`). */
  href?: string;
  /** `default: true` on a version or language. */
  isDefault: boolean;
  children: DivisionNode[];
  /** Sections sitting directly at this node. */
  sections: Section[];
  /** First page under this node, filled in after the walk. */
  firstPage: string | null;
  /** First link (sidebar link or link-only child element) under this node: where a page-less division leads. */
  firstLink: string | null;
  /** Field path of the element in docs.json (`navigation.tabs[1]`); `navigation` for the root. */
  fieldPath: string;
}

/** A section with the bookkeeping resolution still needs. */
export interface SectionBuild {
  section: Section;
  node: DivisionNode;
  unlisted: UnlistedPlacement[];
}

interface WalkState {
  trail: Division[];
  scope: Scope;
  hidden: boolean;
  /** Under a hidden element whose closest hidden element sets `searchable: true`. */
  searchable: boolean;
  language: LanguageChrome | undefined;
  version: string | undefined;
}

/** Walk the navigation into a division tree and one section per leaf division. */
export function sectionsFromNavigation(ctx: ResolveContext, navigation: NavigationConfig): { root: DivisionNode; builds: SectionBuild[] } {
  const root: DivisionNode = { division: null, parent: null, hidden: false, isDefault: false, children: [], sections: [], firstPage: null, firstLink: null, fieldPath: 'navigation' };
  const builds: SectionBuild[] = [];
  const ids = new Set<string>();
  const state: WalkState = { trail: [], scope: { directory: navigation.directory ?? 'none', openapi: openApiRefOf(navigation.openapi) }, hidden: false, searchable: false, language: undefined, version: undefined };
  walk(ctx, navigation as Container, root, state, 'navigation', builds, ids);
  if (builds.length === 0 && root.children.length === 0) {
    ctx.report('error', 'NAVIGATION_NO_PAGES', 'navigation', 'The navigation lists no pages. Add a primary pattern such as `"pages": ["index"]` or `"groups": [...]` to `navigation`.');
  }
  fillFirstPages(root);
  fillFirstLinks(root);
  return { root, builds };
}

function walk(ctx: ResolveContext, el: Container, node: DivisionNode, state: WalkState, fieldPath: string, builds: SectionBuild[], ids: Set<string>): void {
  const scope: Scope = { directory: el.directory ?? state.scope.directory, openapi: openApiRefOf(el.openapi) ?? state.scope.openapi };
  const divisionKeys = DIVISION_KEYS.filter(({ key }) => Array.isArray(el[key]));
  const hasSidebar = el.pages !== undefined || el.groups !== undefined;
  const generated = !hasSidebar && (generatesEndpoints(el, ctx.index) || generatesChannels(el, ctx.index));
  if (hasSidebar || generated) {
    builds.push(buildSection(ctx, el, node, { ...state, scope }, fieldPath, ids));
  } else if (divisionKeys.length === 0 && node.division !== null) {
    ctx.report('warning', 'NAVIGATION_EMPTY_ELEMENT', fieldPath, `${node.division.kind} \`${node.division.label}\` has no pages, groups, child elements, \`href\` or \`openapi\`, so it leads nowhere. Add \`pages\` or \`groups\`, or an \`href\`.`);
  }
  for (const { kind, key, label } of divisionKeys) {
    (el[key] as Container[]).forEach((child, index) => {
      const division: Division = { kind, label: String(child[label] ?? ''), index };
      const icon = iconOf(child.icon, child.iconType);
      if (icon) division.icon = icon;
      if (typeof child.description === 'string') division.description = child.description;
      if (kind === 'version' && typeof child.tag === 'string') division.tag = child.tag;
      const childPath = `${fieldPath}.${key}[${index}]`;
      const childNode: DivisionNode = { division, parent: node, hidden: child.hidden === true, isDefault: child.default === true, children: [], sections: [], firstPage: null, firstLink: null, fieldPath: childPath };
      node.children.push(childNode);
      const leadsElsewhere = typeof child.href === 'string' && !DIVISION_KEYS.some((d) => Array.isArray(child[d.key])) && child.pages === undefined && child.groups === undefined && child.openapi === undefined && child.asyncapi === undefined;
      if (leadsElsewhere) {
        childNode.href = linkHref(child.href as string);
        return;
      }
      const childState: WalkState = {
        trail: [...state.trail, division],
        scope,
        hidden: state.hidden || childNode.hidden,
        // The closest hidden element decides whether the pages below it stay discoverable.
        searchable: childNode.hidden ? child.searchable === true : state.searchable,
        language: kind === 'language' ? languageChrome(child as unknown as NavLanguage) : state.language,
        version: kind === 'version' ? division.label : state.version,
      };
      walk(ctx, child, childNode, childState, childPath, builds, ids);
    });
  }
}

/** The section at a leaf element: its sidebar from `pages`, `groups` or generated endpoints. */
function buildSection(ctx: ResolveContext, el: Container, node: DivisionNode, state: WalkState, fieldPath: string, ids: Set<string>): SectionBuild {
  const draft: SectionDraft = { seen: new Set(), unlisted: [] };
  const sidebar: SidebarNode[] = [];
  if (el.pages !== undefined) sidebar.push(...sidebarFromEntries(ctx, draft, el.pages, state.scope, { fieldPath: `${fieldPath}.pages`, groups: [], sectionLevel: true }));
  if (el.groups !== undefined) sidebar.push(...sidebarFromGroups(ctx, draft, el.groups, state.scope, `${fieldPath}.groups`));
  if (state.scope.openapi && generatesEndpoints(el, ctx.index)) {
    sidebar.push(...endpointsFromOpenApi(ctx, draft, state.scope.openapi, true, fieldPath, sidebar.length === 0));
  }
  const asyncapi = openApiRefOf(el.asyncapi);
  if (asyncapi && generatesChannels(el, ctx.index)) sidebar.push(...channelsFromAsyncApi(ctx, draft, asyncapi, fieldPath, sidebar.length === 0));
  const section: Section = {
    id: uniqueId(state.trail, ids),
    trail: state.trail,
    hidden: state.hidden,
    sidebar,
    firstPage: firstPageOf(sidebar),
    switchers: { languages: [], versions: [], products: [], dropdowns: [], anchors: [], tabs: [], menu: [], globalAnchors: [] },
  };
  if (state.hidden && state.searchable) section.searchable = true;
  if (state.language) section.language = state.language;
  if (state.version !== undefined) section.version = state.version;
  if (state.scope.openapi) section.openapi = state.scope.openapi;
  node.sections.push(section);
  return { section, node, unlisted: draft.unlisted };
}

function languageChrome(lang: NavLanguage): LanguageChrome {
  const chrome: LanguageChrome = { code: lang.language };
  if (lang.banner) chrome.banner = lang.banner;
  if (lang.footer) chrome.footer = lang.footer;
  if (lang.navbar) chrome.navbar = lang.navbar;
  return chrome;
}

/** `language:en/tab:documentation`, made unique when two elements share a label. */
function uniqueId(trail: readonly Division[], ids: Set<string>): string {
  const base = trail.length === 0 ? 'default' : trail.map((d) => `${d.kind}:${slugOf(d.label)}`).join('/');
  let id = base;
  for (let n = 2; ids.has(id); n++) id = `${base}~${n}`;
  ids.add(id);
  return id;
}

/** First page href of a sidebar in reading order (a group's root before its children). */
export function firstPageOf(nodes: readonly SidebarNode[]): string | null {
  for (const node of nodes) {
    if (node.type === 'page') return node.href;
    if (node.type === 'endpoint' && node.href) return node.href;
    if (node.type === 'group') {
      const found = node.root ?? firstPageOf(node.children);
      if (found) return found;
    }
  }
  return null;
}

/** Bottom-up: a node's first page is its first visible section's, else its first visible child's. */
function fillFirstPages(node: DivisionNode): string | null {
  let visible: string | null = null;
  let any: string | null = null;
  for (const s of node.sections) {
    any ??= s.firstPage;
    if (!s.hidden) visible ??= s.firstPage;
  }
  for (const child of node.children) {
    const first = fillFirstPages(child);
    any ??= first;
    if (!child.hidden) visible ??= first;
  }
  node.firstPage = visible ?? any;
  return node.firstPage;
}

/** First link href of a sidebar in reading order. */
function firstLinkOf(nodes: readonly SidebarNode[]): string | null {
  for (const node of nodes) {
    if (node.type === 'link') return node.href;
    if (node.type === 'group') {
      const found = firstLinkOf(node.children);
      if (found) return found;
    }
  }
  return null;
}

/** Bottom-up like `fillFirstPages`: the first link of a node's sections, else of its children (a link-only child counts). */
function fillFirstLinks(node: DivisionNode): string | null {
  let visible: string | null = null;
  let any: string | null = null;
  for (const s of node.sections) {
    const link = firstLinkOf(s.sidebar);
    any ??= link;
    if (!s.hidden) visible ??= link;
  }
  for (const child of node.children) {
    const link = fillFirstLinks(child) ?? child.href ?? null;
    any ??= link;
    if (!child.hidden) visible ??= link;
  }
  node.firstLink = visible ?? any;
  return node.firstLink;
}
