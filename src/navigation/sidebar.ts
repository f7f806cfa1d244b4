import { existsSync } from 'node:fs';
import { resolveInside } from '../shared/index.js';
import type { NavGroup, PageEntry } from '../config/index.js';
import type { ResolveContext, Scope, SectionDraft } from './context.js';
import { channelsFromAsyncApi, endpointFromEntry, endpointsFromOpenApi } from './endpoints.js';
import { generatesChannels, generatesEndpoints } from './generated.js';
import { hrefOf, iconOf, isExternal, normalizePagePath, openApiRefOf, parseEntry } from './entries.js';
import type { Href, SidebarGroup, SidebarNode, SidebarPage } from './types.js';

/** Where in the tree an entry sits: its field path and the names of enclosing groups. */
interface Position {
  fieldPath: string;
  groups: string[];
  /** True when entries here are directly in the section (their groups are top-level). */
  sectionLevel: boolean;
}

/**
 * Sidebar nodes from a `pages` array: page paths, endpoint strings and nested groups,
 * in the order docs.json lists them.
 */
export function sidebarFromEntries(ctx: ResolveContext, draft: SectionDraft, entries: readonly PageEntry[], scope: Scope, at: Position): SidebarNode[] {
  const nodes: SidebarNode[] = [];
  entries.forEach((entry, i) => {
    const fieldPath = `${at.fieldPath}[${i}]`;
    if (typeof entry !== 'string') {
      const group = sidebarFromGroup(ctx, draft, entry, scope, { ...at, fieldPath });
      if (group) nodes.push(group);
      return;
    }
    const parsed = parseEntry(entry);
    if (parsed.kind === 'link') {
      nodes.push({ type: 'link', label: parsed.href.replace(/^https?:\/\//i, ''), href: parsed.href, external: true });
      return;
    }
    if (parsed.kind === 'endpoint') {
      const node = endpointFromEntry(ctx, parsed, entry, scope.openapi, fieldPath);
      if (node === null) return;
      if (node.href !== null && !placeOnce(ctx, draft, node.href, fieldPath, entry)) return;
      nodes.push(node);
      return;
    }
    const page = pageNode(ctx, draft, parsed.path, fieldPath, at.groups);
    if (page) nodes.push(page);
  });
  return nodes;
}

/** Sidebar nodes from a `groups` array: every group is top-level. */
export function sidebarFromGroups(ctx: ResolveContext, draft: SectionDraft, groups: readonly NavGroup[], scope: Scope, fieldPath: string): SidebarNode[] {
  const nodes: SidebarNode[] = [];
  groups.forEach((group, i) => {
    const node = sidebarFromGroup(ctx, draft, group, scope, { fieldPath: `${fieldPath}[${i}]`, groups: [], sectionLevel: true });
    if (node) nodes.push(node);
  });
  return nodes;
}

/** One group; a hidden group yields no node but its pages stay routable in this section. */
function sidebarFromGroup(ctx: ResolveContext, sectionDraft: SectionDraft, group: NavGroup, outer: Scope, at: Position): SidebarGroup | null {
  const scope: Scope = {
    directory: group.directory ?? outer.directory,
    openapi: openApiRefOf(group.openapi) ?? outer.openapi,
  };
  const inner: Position = { fieldPath: `${at.fieldPath}.pages`, groups: [...at.groups, group.group], sectionLevel: false };
  // A hidden group's pages must not count as placed: the same page may still be listed visibly later.
  const draft: SectionDraft = group.hidden === true ? { seen: new Set(sectionDraft.seen), unlisted: sectionDraft.unlisted } : sectionDraft;
  const pages = group.pages ?? [];
  const nested = group.groups ?? [];
  const children = sidebarFromEntries(ctx, draft, pages, scope, inner);
  // `groups` on a group: more nested groups after its pages.
  children.push(...sidebarFromEntries(ctx, draft, nested, scope, { ...inner, fieldPath: `${at.fieldPath}.groups` }));
  if (scope.openapi && generatesEndpoints(group, ctx.index)) {
    children.push(...endpointsFromOpenApi(ctx, draft, scope.openapi, false, at.fieldPath, children.length === 0));
  }
  const asyncapi = openApiRefOf(group.asyncapi);
  if (asyncapi && generatesChannels(group, ctx.index)) children.push(...channelsFromAsyncApi(ctx, draft, asyncapi, at.fieldPath, children.length === 0));
  const root = group.root === undefined ? undefined : rootHref(ctx, draft, group.root, `${at.fieldPath}.root`);
  if (group.hidden === true) {
    // `searchable: true` keeps the hidden group's pages in search, the sitemap and llms files (not
    // pages hidden by their own frontmatter, nor nested hidden groups without it: pushed already).
    const searchable = group.searchable === true ? { searchable: true as const } : {};
    hideSubtree(sectionDraft, children, inner.groups, searchable);
    if (root) draft.unlisted.push({ href: root, groups: inner.groups, ...searchable });
    return null;
  }
  const node: SidebarGroup = {
    type: 'group',
    name: group.group,
    expanded: at.sectionLevel ? true : group.expanded === true,
    topLevel: at.sectionLevel,
    directory: scope.directory,
    children,
  };
  const icon = iconOf(group.icon, group.iconType);
  if (icon) node.icon = icon;
  if (group.tag !== undefined) node.tag = group.tag;
  if (root) node.root = root;
  if (typeof group.boost === 'number' && group.boost > 0) node.boost = group.boost;
  if (scope.openapi && group.openapi !== undefined) node.openapi = scope.openapi;
  return node;
}

/** A listed page, or null when missing, hidden by frontmatter, or already placed in this section. */
function pageNode(ctx: ResolveContext, draft: SectionDraft, pagePath: string, fieldPath: string, groups: string[]): SidebarPage | null {
  const page = ctx.index.pages.get(pagePath);
  if (!page) {
    reportUnindexed(ctx, pagePath, fieldPath);
    return null;
  }
  const href = hrefOf(page.path);
  if (!placeOnce(ctx, draft, href, fieldPath, pagePath)) return null;
  if (page.hidden) {
    draft.unlisted.push({ href, groups });
    return null;
  }
  const node: SidebarPage = { type: 'page', href, path: page.path, title: page.title };
  if (page.sidebarTitle) node.sidebarTitle = page.sidebarTitle;
  if (page.icon) node.icon = { name: page.icon };
  if (page.tag) node.tag = page.tag;
  if (page.url) node.url = page.url;
  return node;
}

/** Record a placement; false (with a warning) when the section already lists it. */
function placeOnce(ctx: ResolveContext, draft: SectionDraft, href: string, fieldPath: string, label: string): boolean {
  if (!draft.seen.has(href)) {
    draft.seen.add(href);
    return true;
  }
  ctx.report('warning', 'NAVIGATION_DUPLICATE_PAGE', fieldPath, `\`${label}\` is listed more than once in this section; only the first listing is shown. Remove this entry or move it to another tab or section.`);
  return false;
}

/** Href of a group root page (the group title opens it); reports a missing file. */
function rootHref(ctx: ResolveContext, draft: SectionDraft, root: string, fieldPath: string): string | undefined {
  if (isExternal(root)) return undefined;
  const pagePath = normalizePagePath(root);
  const page = ctx.index.pages.get(pagePath);
  if (!page) {
    reportUnindexed(ctx, pagePath, fieldPath);
    return undefined;
  }
  const href = hrefOf(pagePath);
  // A root also listed as an entry of its own group is one page, not a duplicate. The group
  // title links to it, so it counts as listed even with `hidden: true` frontmatter.
  draft.seen.add(href);
  return href;
}

/** Pages of a hidden group: still routable in this section, shown nowhere. */
function hideSubtree(draft: SectionDraft, nodes: readonly SidebarNode[], groups: string[], searchable: { searchable?: true }): void {
  for (const node of nodes) {
    if (node.type === 'page') draft.unlisted.push({ href: node.href, groups, ...searchable });
    else if (node.type === 'endpoint' && node.href) draft.unlisted.push({ href: node.href, groups, ...searchable });
    else if (node.type === 'group') {
      if (node.root) draft.unlisted.push({ href: node.root, groups: [...groups, node.name], ...searchable });
      hideSubtree(draft, node.children, [...groups, node.name], searchable);
    }
  }
}

/**
 * A listed page the index lacks. With no file at all, config validation has already reported it;
 * a file that exists was excluded on purpose (.mintignore, snippets), which config cannot know.
 */
function reportUnindexed(ctx: ResolveContext, pagePath: string, fieldPath: string): void {
  const file = [`${pagePath}.mdx`, `${pagePath}.md`].find((f) => {
    const abs = resolveInside(ctx.index.root, f);
    return abs !== null && existsSync(abs);
  });
  if (file === undefined) return;
  ctx.report('warning', 'NAVIGATION_PAGE_EXCLUDED', fieldPath, `\`${file}\` is listed in the navigation but excluded from the site (by .mintignore, a default ignore such as README.md, or a snippets folder), so the entry is left out. Remove the entry, or stop excluding the file.`);
}

/**
 * The pages sidebar nodes lead to, in order: each group's root page before its children, pages
 * that are not links out, and endpoint pages (what llms files and a PDF list of a sidebar).
 */
export function sidebarPageHrefs(nodes: readonly SidebarNode[]): Href[] {
  const out: Href[] = [];
  for (const node of nodes) {
    if (node.type === 'group') {
      if (node.root) out.push(node.root);
      out.push(...sidebarPageHrefs(node.children));
    } else if (node.type === 'page' && !node.url) out.push(node.href);
    else if (node.type === 'endpoint' && node.href) out.push(node.href);
  }
  return out;
}
