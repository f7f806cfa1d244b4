import type { JSONPath } from 'jsonc-parser';

/** A navigation group found in docs.json, with where it sits. */
export interface GroupAt {
  path: JSONPath;
  name: string;
  /** Page paths listed directly in the group (normalised, no nested groups). */
  pages: string[];
}

/** An object holding a `groups` array (the navigation root, a tab, an anchor, ...). */
export interface GroupContainerAt {
  path: JSONPath;
  /** Every page listed anywhere beneath it. */
  pages: string[];
}

/** What the navigation lists, gathered in one walk. */
export interface NavigationFacts {
  listed: Set<string>;
  groups: GroupAt[];
  containers: GroupContainerAt[];
  /** Objects with a `pages` array of their own and no `group` key (root `pages`, tab pages). */
  pageLists: { path: JSONPath; pages: string[] }[];
}

const ENDPOINT = /^(get|post|put|patch|delete|head|options|trace|webhook)\s+\S/i;

/** True for `GET /users`-style OpenAPI endpoint entries. */
export function isEndpointEntry(entry: string): boolean {
  return ENDPOINT.test(entry.trim());
}

/** `/guides/intro.mdx` → `guides/intro`: the form used to compare listed pages with files. */
export function normalisePagePath(entry: string): string {
  return entry.trim().replace(/^\/+/, '').replace(/\.(mdx|md)$/i, '');
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Walk docs.json `navigation` and collect listed pages, groups and group containers. */
export function navigationFacts(navigation: unknown): NavigationFacts {
  const facts: NavigationFacts = { listed: new Set(), groups: [], containers: [], pageLists: [] };
  visit(navigation, ['navigation'], facts);
  return facts;
}

function visit(node: unknown, at: JSONPath, facts: NavigationFacts): string[] {
  if (Array.isArray(node)) return node.flatMap((child, i) => visit(child, [...at, i], facts));
  if (typeof node === 'string') {
    if (isEndpointEntry(node) || /^[a-z]+:\/\//i.test(node)) return [];
    const page = normalisePagePath(node);
    facts.listed.add(page);
    return [page];
  }
  if (!isObject(node)) return [];
  const below: string[] = [];
  if (typeof node.root === 'string') {
    facts.listed.add(normalisePagePath(node.root));
    below.push(normalisePagePath(node.root));
  }
  for (const [key, value] of Object.entries(node)) {
    if (!Array.isArray(value) && !isObject(value)) continue;
    if (key === 'global' || key === 'navbar' || key === 'footer' || key === 'banner') continue;
    const pages = visit(value, [...at, key], facts);
    below.push(...pages);
    if (key === 'pages' && Array.isArray(value)) {
      const direct = value.filter((v): v is string => typeof v === 'string' && !isEndpointEntry(v)).map(normalisePagePath);
      if (typeof node.group === 'string') facts.groups.push({ path: at, name: node.group, pages: direct });
      else facts.pageLists.push({ path: at, pages: direct });
    }
  }
  if (Array.isArray(node.groups)) facts.containers.push({ path: at, pages: below });
  return below;
}
