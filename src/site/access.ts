/**
 * Which pages of a protected site readers must sign in to see. The platform's rule: with sign-in
 * over the whole site every page is protected unless it (frontmatter `public: true`) or a group
 * around it (`"public": true` in docs.json) says it is public. Folio's second scope protects only
 * what is not meant for everyone: hidden pages (listed in no sidebar) and pages or groups marked
 * `public: false`. The innermost setting wins: a page's own frontmatter, then its closest group.
 */
import type { Site } from './load-site.js';

/** `site`: everything but public pages; `hidden`: hidden pages and `public: false` pages or groups. */
export type AccessScope = 'site' | 'hidden';

/** A frontmatter or docs.json `public` value as a boolean; undefined when unset or not a boolean. */
function publicFlag(value: unknown): boolean | undefined {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return undefined;
}

/** Page path → the `public` of its closest enclosing group that sets one, from docs.json's navigation. */
export function groupPublicFlags(navigation: unknown): Map<string, boolean> {
  const flags = new Map<string, boolean>();
  const walk = (node: unknown, inherited: boolean | undefined, inPages: boolean): void => {
    if (typeof node === 'string') {
      if (inPages && inherited !== undefined && !flags.has(node)) flags.set(node.replace(/^\/+/, ''), inherited);
      return;
    }
    if (Array.isArray(node)) {
      for (const child of node) walk(child, inherited, inPages);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    const own = typeof record.group === 'string' ? publicFlag(record.public) : undefined;
    const flag = own ?? inherited;
    for (const [key, value] of Object.entries(record)) {
      if (key === 'pages') walk(value, flag, true);
      else if (value && typeof value === 'object') walk(value, flag, false);
    }
  };
  walk(navigation, undefined, false);
  return flags;
}

/** The hrefs of every page readers must sign in to see under `scope`. */
export function protectedHrefs(site: Site, scope: AccessScope): Set<string> {
  const groups = groupPublicFlags(site.config.navigation);
  const out = new Set<string>();
  for (const route of site.model.pages.values()) {
    const page = route.kind === 'page' ? site.index.pages.get(route.path) : undefined;
    const flag = publicFlag(page?.frontmatter.public) ?? groups.get(route.path);
    // An explicit `public: true` opens even a hidden page; `public: false` closes a listed one.
    const isProtected = scope === 'site' ? flag !== true : flag === false || (!route.listed && flag !== true);
    if (isProtected) out.add(route.href);
  }
  return out;
}

/** A frontmatter `groups` value as group names: an array of strings, or one string; undefined when unset. */
function groupsFlag(value: unknown): string[] | undefined {
  const values = Array.isArray(value) ? value : typeof value === 'string' ? [value] : undefined;
  if (!values) return undefined;
  const names = [...new Set(values.filter((v): v is string => typeof v === 'string').map((v) => v.trim()).filter(Boolean))];
  return names.length ? names.sort() : undefined;
}

/**
 * Page href → the groups whose readers alone may see it (frontmatter `groups: [..]`, as the
 * platform's authentication reads it): a reader in one of them sees the page, anyone else neither
 * the page nor its links. Such pages are protected on any site, public or not (partial
 * authentication). Only pages that name groups are listed.
 */
export function pageGroups(site: Site): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const route of site.model.pages.values()) {
    const page = route.kind === 'page' ? site.index.pages.get(route.path) : undefined;
    const groups = page ? groupsFlag(page.frontmatter.groups) : route.kind === 'endpoint' ? operationGroups(site, route.href) : undefined;
    if (groups) out.set(route.href, groups);
  }
  return out;
}

/**
 * An OpenAPI operation's groups (`x-mint.groups`, the platform's filter of endpoints): on the
 * operation, else on its path item, else on the spec's `paths` object; undefined when none sets them.
 */
function operationGroups(site: Site, href: string): string[] | undefined {
  const source = site.openapi?.specs.sourceOf(href);
  if (!source) return undefined;
  const nodes: unknown[] = [];
  let node: unknown = source.spec.document;
  for (const key of source.pointer) {
    nodes.push(node);
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
  }
  nodes.push(node);
  // Innermost first: the operation, its path item, the `paths` object.
  for (const at of nodes.slice(1).reverse()) {
    const ext = at && typeof at === 'object' ? (at as Record<string, unknown>)['x-mint'] : undefined;
    const groups = ext && typeof ext === 'object' ? groupsFlag((ext as Record<string, unknown>).groups) : undefined;
    if (groups) return groups;
  }
  return undefined;
}
