import type { IconConfig, OpenApiConfig } from '../config/index.js';
import { parseEndpointEntry } from '../shared/index.js';
import type { HttpMethod, Icon, OpenApiRef } from './types.js';

/** A `pages` string, classified. */
export type ParsedEntry =
  | { kind: 'page'; path: string }
  | { kind: 'link'; href: string }
  | { kind: 'endpoint'; method: HttpMethod; path: string; spec?: string };

/**
 * Classify `"guide/intro"`, `"GET /users"`, `"spec.yaml GET /users"`, a webhook
 * (`"webhook order.created"`, named by its key in the spec's `webhooks`) or an external
 * `"https://…"` link.
 */
export function parseEntry(entry: string): ParsedEntry {
  // Endpoints first: a spec given by URL (`"https://x.test/o.json GET /users"`) is an endpoint, not a link.
  const endpoint = parseEndpointEntry(entry);
  if (endpoint) return { kind: 'endpoint', ...endpoint };
  if (/^https?:\/\//i.test(entry.trim())) return { kind: 'link', href: entry.trim() };
  return { kind: 'page', path: normalizePagePath(entry) };
}

/** `/guide/intro.mdx` or `./guide/intro` → `guide/intro`. */
export function normalizePagePath(entry: string): string {
  return entry.trim().replace(/^\.\//, '').replace(/^\/+/, '').replace(/\.mdx?$/i, '').replace(/\/+$/, '');
}

/** Site href of a page path. */
export function hrefOf(pagePath: string): string {
  return `/${pagePath}`;
}

/** True for `https://…`, `mailto:…` and other URLs with a scheme. */
export function isExternal(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//');
}

/** A link target from docs.json: URLs as given, site paths with one leading slash. */
export function linkHref(href: string): string {
  return isExternal(href) || href.startsWith('#') ? href : `/${href.replace(/^\.?\/+/, '')}`;
}

/** docs.json icon (string or object) → Icon. */
export function iconOf(icon: IconConfig | undefined, iconType?: string): Icon | undefined {
  if (icon === undefined) return undefined;
  if (typeof icon === 'string') return iconType ? { name: icon, style: iconType } : { name: icon };
  const out: Icon = { name: icon.name };
  if (icon.style ?? iconType) out.style = (icon.style ?? iconType)!;
  if (icon.library) out.library = icon.library;
  return out;
}

/** docs.json `openapi` (string, `{ source, directory }`, or a list of either) → OpenApiRef. */
export function openApiRefOf(value: OpenApiConfig | undefined): OpenApiRef | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return { sources: [value] };
  if (!Array.isArray(value)) return value.directory === undefined ? { sources: [value.source] } : { sources: [value.source], directory: value.directory };
  const ref: OpenApiRef = { sources: value.map((v) => (typeof v === 'string' ? v : v.source)) };
  const directories = Object.fromEntries(value.flatMap((v) => (typeof v !== 'string' && v.directory !== undefined ? [[v.source, v.directory]] : [])));
  const first = Object.values(directories)[0];
  // One `directory` for entries resolved against any of the specs; listing all endpoints uses each spec's own.
  if (first !== undefined) Object.assign(ref, { directory: first, directories });
  return ref;
}

/** The folder generated pages of `source` go to under `ref`. */
export function directoryOf(ref: OpenApiRef, source: string): string | undefined {
  return ref.directories?.[source] ?? ref.directory;
}

/** Lower-case slug for section ids: `API Reference` → `api-reference`. */
export function slugOf(label: string): string {
  const slug = label.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '');
  return slug === '' ? 'x' : slug;
}
