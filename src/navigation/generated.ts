import type { PageIndex } from '../content/index.js';
import { directoryOf, parseEntry } from './entries.js';
import type { EndpointRef, OpenApiRef } from './types.js';

/**
 * Whether an element's own `openapi` adds every endpoint of its spec(s) after the element's
 * content. The platform generates a spec's endpoint pages for an element that sets `openapi`
 * and documents none of its endpoints itself: with no content at all (comfyui's API tabs), but
 * also after pages or groups that are not endpoints (formbricks appends its tag groups after
 * "API v1 Documentation", lancedb after the REST overview page). An element that lists
 * endpoints (`"GET /users"`, or a page whose frontmatter names one) picks them by hand, and
 * then nothing is generated (polar lists 169 of 227 operations, and only those show).
 */
export function generatesEndpoints(element: object, index: PageIndex): boolean {
  const el = element as Record<string, unknown>;
  // On an element that holds tabs, versions, ... `openapi` is only inherited by them.
  if (el.openapi === undefined || DIVISIONS.some((key) => Array.isArray(el[key]))) return false;
  return !documentsEndpoints(element, index);
}

const DIVISIONS = ['languages', 'versions', 'products', 'dropdowns', 'anchors', 'tabs', 'menu'];

/**
 * Whether an element's own `asyncapi` adds a page per channel after its content: as for `openapi`,
 * unless a page below it picks channels by hand (`asyncapi:` frontmatter), which the platform
 * documents as the way to choose and order channels.
 */
export function generatesChannels(element: object, index: PageIndex): boolean {
  const el = element as Record<string, unknown>;
  if (el.asyncapi === undefined || DIVISIONS.some((key) => Array.isArray(el[key]))) return false;
  return !listsChannelPages(el, index);
}

function listsChannelPages(value: unknown, index: PageIndex): boolean {
  if (Array.isArray(value)) return value.some((v) => listsChannelPages(v, index));
  if (value === null || typeof value !== 'object') return false;
  for (const [key, child] of Object.entries(value)) {
    if (key === 'pages' && Array.isArray(child)) {
      for (const entry of child) {
        if (typeof entry !== 'string') {
          if (listsChannelPages(entry, index)) return true;
          continue;
        }
        const parsed = parseEntry(entry);
        if (parsed.kind === 'page' && index.pages.get(parsed.path)?.asyncapi) return true;
      }
    } else if (key !== 'global' && key !== 'asyncapi' && key !== 'openapi' && typeof child === 'object') {
      if (listsChannelPages(child, index)) return true;
    }
  }
  return false;
}

/** True when any `pages` entry below `value` is an endpoint or a page with `openapi` frontmatter. */
function documentsEndpoints(value: unknown, index: PageIndex): boolean {
  if (Array.isArray(value)) return value.some((v) => documentsEndpoints(v, index));
  if (value === null || typeof value !== 'object') return false;
  for (const [key, child] of Object.entries(value)) {
    if (key === 'pages' && Array.isArray(child)) {
      for (const entry of child) {
        if (typeof entry !== 'string') {
          if (documentsEndpoints(entry, index)) return true;
          continue;
        }
        const parsed = parseEntry(entry);
        if (parsed.kind === 'endpoint') return true;
        if (parsed.kind === 'page' && index.pages.get(parsed.path)?.openapi) return true;
      }
    } else if (key !== 'global' && key !== 'openapi' && typeof child === 'object') {
      if (documentsEndpoints(child, index)) return true;
    }
  }
  return false;
}

/**
 * Generated endpoints as the sidebar shows them: one group per tag, and the untagged ones loose,
 * before the tag group at `untaggedAt` (where the first of them came in the provider's order).
 */
export interface EndpointGroups {
  untagged: EndpointRef[];
  tagged: Array<{ tag: string; endpoints: EndpointRef[] }>;
  /** Index in `tagged` the untagged endpoints stand before (`tagged.length`: after every group). */
  untaggedAt: number;
}

/** Every endpoint of the specs of `ref`, grouped by tag in the provider's order. */
export function endpointGroupsOf(ref: OpenApiRef, endpointsOf: (source: string, directory?: string) => EndpointRef[]): EndpointGroups {
  const groups: EndpointGroups = { untagged: [], tagged: [], untaggedAt: 0 };
  const byTag = new Map<string, EndpointRef[]>();
  for (const source of ref.sources) {
    for (const endpoint of endpointsOf(source, directoryOf(ref, source))) {
      if (endpoint.tag === undefined) {
        if (groups.untagged.length === 0) groups.untaggedAt = groups.tagged.length;
        groups.untagged.push(endpoint);
        continue;
      }
      let list = byTag.get(endpoint.tag);
      if (!list) {
        list = [];
        byTag.set(endpoint.tag, list);
        groups.tagged.push({ tag: endpoint.tag, endpoints: list });
      }
      list.push(endpoint);
    }
  }
  return groups;
}
