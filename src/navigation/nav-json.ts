import type { NavigationConfig } from '../config/index.js';
import { titleFromPath, type PageIndex } from '../content/index.js';
import { hrefOf, openApiRefOf, parseEntry } from './entries.js';
import { samePath } from './endpoints.js';
import { withOperationTitles } from './operation-titles.js';
import { endpointGroupsOf, generatesEndpoints, type EndpointGroups } from './generated.js';
import type { EndpointRef, OpenApiProvider, OpenApiRef } from './types.js';

/** A page string of docs.json, resolved. */
export interface NavJsonPage {
  href: string;
  title: string;
  sidebarTitle?: string;
  /** Set when no file backs the path (a NAV_PAGE_NOT_FOUND warning); the title then comes from the file name, as the platform shows it. */
  missing?: true;
}

/** An endpoint string of docs.json (`"GET /users"`), resolved when a provider knows it. */
export interface NavJsonEndpoint {
  endpoint: string;
  href: string | null;
  title: string;
  /** The operation's `x-mint`/`x-service` `sidebarTitle`, like a page's frontmatter one. */
  sidebarTitle?: string;
}

/**
 * `folio nav --json`: the navigation in docs.json's own shape, with every page string
 * (in `pages` arrays and group `root`s) replaced by its href and title.
 */
export function navigationToJson(navigation: NavigationConfig, index: PageIndex, provider?: OpenApiProvider): unknown {
  return convert(navigation, undefined, withOperationTitles(index, provider), provider);
}

function convert(value: unknown, inherited: OpenApiRef | undefined, index: PageIndex, provider: OpenApiProvider | undefined): unknown {
  if (Array.isArray(value)) return value.map((v) => convert(v, inherited, index, provider));
  if (value === null || typeof value !== 'object') return value;
  const obj = value as Record<string, unknown>;
  const scope = openApiRefOf(obj.openapi as NavigationConfig['openapi']) ?? inherited;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(obj)) {
    if (key === 'pages' && Array.isArray(child)) {
      out[key] = child.map((entry) => (typeof entry === 'string' ? entryToJson(entry, scope, index, provider) : convert(entry, scope, index, provider)));
    } else if (key === 'root' && typeof child === 'string' && 'group' in obj) {
      out[key] = pageToJson(child, index);
    } else if (key === 'global') {
      out[key] = structuredClone(child);
    } else {
      out[key] = convert(child, scope, index, provider);
    }
  }
  if (provider && scope && generatesEndpoints(obj, index)) appendGenerated(out, 'group' in obj, endpointGroupsOf(scope, (s, d) => provider.endpoints(s, d)));
  // A group's root page is read first (its title opens it), wherever docs.json writes the key.
  if ('group' in obj && out.root !== undefined) {
    const { group, root, ...rest } = out;
    return { group, root, ...rest };
  }
  return out;
}

/**
 * The endpoints an element's `openapi` generates, after its own content as the sidebar shows
 * them, the untagged endpoints where the first of them comes among the tag groups: a group takes
 * them into `pages` (tag groups nested), any other element gets its tag groups appended to
 * `groups` (or `pages`, when that is what it holds) and the untagged ones to `pages`, a key read
 * before `groups` when they come first and after it otherwise.
 */
function appendGenerated(out: Record<string, unknown>, isGroup: boolean, { untagged, tagged, untaggedAt }: EndpointGroups): void {
  const loose = untagged.map((ref) => endpointToJson(`${ref.method} ${ref.path}`, ref));
  const groups = tagged.map(({ tag, endpoints }) => ({ group: tag, pages: endpoints.map((ref) => endpointToJson(`${ref.method} ${ref.path}`, ref)) }));
  const list = (key: string) => (Array.isArray(out[key]) ? (out[key] as unknown[]) : []);
  if (isGroup || (out.pages !== undefined && out.groups === undefined)) {
    out.pages = [...list('pages'), ...groups.slice(0, untaggedAt), ...loose, ...groups.slice(untaggedAt)];
    return;
  }
  if (loose.length > 0 && untaggedAt === 0 && out.groups === undefined) {
    // Added before `groups`, so the untagged endpoints read before the tag groups.
    out.pages = [...list('pages'), ...loose];
    out.groups = groups;
    return;
  }
  out.groups = [...list('groups'), ...groups];
  // A key added after `groups`, so the untagged endpoints read after the tag groups.
  if (loose.length > 0) out.pages = [...list('pages'), ...loose];
}

function entryToJson(entry: string, scope: OpenApiRef | undefined, index: PageIndex, provider: OpenApiProvider | undefined): NavJsonPage | NavJsonEndpoint {
  const parsed = parseEntry(entry);
  if (parsed.kind === 'page') return pageToJson(entry, index);
  if (parsed.kind === 'link') return { href: parsed.href, title: parsed.href };
  const resolved: NavJsonEndpoint = { endpoint: entry, href: null, title: `${parsed.method} ${parsed.path}` };
  if (provider?.endpoint) {
    const ref = provider.endpoint(entry, scope?.sources ?? [], parsed.spec === undefined ? scope?.directory : undefined);
    return ref ? endpointToJson(entry, ref) : resolved;
  }
  const sources = parsed.spec !== undefined ? [parsed.spec] : scope?.sources ?? [];
  for (const source of provider ? sources : []) {
    const match = provider!.endpoints(source, parsed.spec === undefined ? scope?.directory : undefined).find((e) => e.method === parsed.method && samePath(e.path, parsed.path));
    if (match) return endpointToJson(entry, match);
  }
  return resolved;
}

function endpointToJson(entry: string, ref: EndpointRef): NavJsonEndpoint {
  const out: NavJsonEndpoint = { endpoint: entry, href: ref.href, title: ref.title };
  if (ref.sidebarTitle) out.sidebarTitle = ref.sidebarTitle;
  return out;
}

function pageToJson(entry: string, index: PageIndex): NavJsonPage {
  const parsed = parseEntry(entry);
  const path = parsed.kind === 'page' ? parsed.path : entry;
  const page = index.pages.get(path);
  if (!page) return { href: hrefOf(path), title: titleFromPath(path), missing: true };
  const out: NavJsonPage = { href: hrefOf(page.path), title: page.title };
  if (page.sidebarTitle) out.sidebarTitle = page.sidebarTitle;
  return out;
}

/** The inverse of `navigationToJson` for canonical input: page objects back to their path strings. */
export function navigationFromJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(navigationFromJson);
  if (value === null || typeof value !== 'object') return value;
  const obj = value as Record<string, unknown>;
  if (typeof obj.endpoint === 'string' && 'href' in obj) return obj.endpoint;
  if (typeof obj.href === 'string' && typeof obj.title === 'string' && !('group' in obj) && isPageObject(obj)) {
    return /^https?:\/\//i.test(obj.href) ? obj.href : obj.href.slice(1);
  }
  return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, k === 'global' ? v : navigationFromJson(v)]));
}

function isPageObject(obj: Record<string, unknown>): boolean {
  return Object.keys(obj).every((k) => k === 'href' || k === 'title' || k === 'sidebarTitle' || k === 'missing');
}
