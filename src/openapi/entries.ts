import { HTTP_METHODS, type HttpMethod } from './types.js';

/** A parsed endpoint entry: `[spec] METHOD /path` or `[spec] webhook name`. */
export interface EndpointEntry {
  spec?: string;
  method: HttpMethod | 'WEBHOOK';
  path: string;
}

const METHODS = new Set<string>([...HTTP_METHODS, 'WEBHOOK']);

/** Parse `GET /users`, `spec.yaml post /users/{id}` or `openapi.json webhook orderUpdated`; undefined when not an entry. */
export function parseEndpointEntry(value: string): EndpointEntry | undefined {
  const parts = value.trim().split(/\s+/);
  if (parts.length < 2 || parts.length > 3) return undefined;
  const [first, second, third] = parts as [string, string, string | undefined];
  const withSpec = third !== undefined;
  const method = (withSpec ? second : first).toUpperCase();
  const target = withSpec ? third : second;
  if (!METHODS.has(method)) return undefined;
  if (method !== 'WEBHOOK' && !target.startsWith('/')) return undefined;
  const entry: EndpointEntry = { method: method as EndpointEntry['method'], path: target };
  if (withSpec) entry.spec = first;
  return entry;
}

/** Normalized id of a spec reference: URLs unchanged, paths posix without leading `/` or `./`. */
export function specId(source: string): string {
  if (/^https?:\/\//i.test(source)) return source;
  return source.replace(/\\/g, '/').replace(/^(\.\/|\/)+/, '');
}

/** Same path for matching: trailing slashes ignored. */
export function samePath(a: string, b: string): boolean {
  return a === b || a.replace(/\/+$/, '') === b.replace(/\/+$/, '');
}
