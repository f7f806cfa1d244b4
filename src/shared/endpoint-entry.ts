/**
 * The endpoint entry grammar of docs.json `pages` and `openapi:` frontmatter, in one place:
 *
 *   [spec] METHOD /path      `GET /users`, `specs/api.yaml post /users/{id}`
 *   [spec] webhook name      `openapi.json webhook orderUpdated`
 *
 * Words are separated by any whitespace, the method is case-insensitive, the spec (a path
 * or URL) is an optional first word. Config validation, navigation, the openapi layer and
 * the build all read entries with this parser, so an entry is an endpoint everywhere or nowhere.
 */

export const ENDPOINT_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE', 'WEBHOOK'] as const;
export type EndpointMethod = (typeof ENDPOINT_METHODS)[number];

/** A parsed endpoint entry; `path` is the webhook's name for `WEBHOOK`. */
export interface EndpointEntry {
  spec?: string;
  method: EndpointMethod;
  path: string;
}

const METHODS = new Set<string>(ENDPOINT_METHODS);

/** Parse an endpoint entry; undefined when `value` is not one (a page path, a link, two words of prose). */
export function parseEndpointEntry(value: string): EndpointEntry | undefined {
  const parts = value.trim().split(/\s+/);
  if (parts.length < 2 || parts.length > 3) return undefined;
  const [first, second, third] = parts as [string, string, string | undefined];
  const withSpec = third !== undefined;
  const method = (withSpec ? second : first).toUpperCase();
  const target = withSpec ? third : second;
  if (!METHODS.has(method)) return undefined;
  if (method !== 'WEBHOOK' && !target.startsWith('/')) return undefined;
  const entry: EndpointEntry = { method: method as EndpointMethod, path: target };
  if (withSpec) entry.spec = first;
  return entry;
}

/** True when any string inside a JSON value (docs.json `navigation`, say) is an endpoint entry. */
export function containsEndpointEntry(value: unknown): boolean {
  if (typeof value === 'string') return parseEndpointEntry(value) !== undefined;
  if (Array.isArray(value)) return value.some(containsEndpointEntry);
  if (value !== null && typeof value === 'object') return Object.values(value).some(containsEndpointEntry);
  return false;
}
