import type { SourcePosition } from '../shared/index.js';
import type { SourceOrigin } from './spec-store.js';
import type { OpenApiSource } from './types.js';

function isObject(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

type FieldPath = readonly (string | number)[];

/** One docs.json `openapi` value (path, URL, array, or `{ source, directory }`) as a list of sources. */
export function openApiSourcesOf(value: unknown): OpenApiSource[] {
  if (typeof value === 'string') return value.trim() ? [{ source: value.trim() }] : [];
  if (Array.isArray(value)) return value.flatMap(openApiSourcesOf);
  if (isObject(value) && typeof value.source === 'string') {
    const out: OpenApiSource = { source: value.source };
    if (typeof value.directory === 'string') out.directory = value.directory;
    return [out];
  }
  return [];
}

function formatFieldPath(path: FieldPath): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

/**
 * Every spec a docs.json references: top-level `api.openapi` and `openapi` on
 * any navigation element at any depth, deduplicated, in document order. With
 * `locate` (from loadDocsConfig) each source carries the docs.json position it
 * was written at, so problems loading it point there. Loading them up front
 * lets remote specs be fetched before planning starts.
 */
export function collectOpenApiSources(
  config: { navigation?: unknown; api?: unknown },
  locate?: (path: FieldPath) => SourcePosition | undefined,
): (OpenApiSource & { origin?: SourceOrigin; fallback?: boolean })[] {
  return collectSpecSources('openapi', config, locate);
}

/** The same for AsyncAPI documents: `api.asyncapi` (the site default) and `asyncapi` on navigation elements. */
export function collectAsyncApiSources(
  config: { navigation?: unknown; api?: unknown },
  locate?: (path: FieldPath) => SourcePosition | undefined,
): (OpenApiSource & { origin?: SourceOrigin; fallback?: boolean })[] {
  return collectSpecSources('asyncapi', config, locate);
}

function collectSpecSources(
  key: 'openapi' | 'asyncapi',
  config: { navigation?: unknown; api?: unknown },
  locate?: (path: FieldPath) => SourcePosition | undefined,
): (OpenApiSource & { origin?: SourceOrigin; fallback?: boolean })[] {
  const found: (OpenApiSource & { origin?: SourceOrigin; fallback?: boolean })[] = [];
  const seen = new Set<string>();
  const add = (value: unknown, at: FieldPath, fallback = false) => {
    for (const s of openApiSourcesOf(value)) {
      const key = `${s.source}\u0000${s.directory ?? ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const position = locate?.(at);
      found.push({ ...s, ...(position ? { origin: { ...position, path: formatFieldPath(at) } } : {}), ...(fallback ? { fallback } : {}) });
    }
  };
  // `api.openapi` is the site's default spec: entries with none in scope are looked up there first.
  if (isObject(config.api)) add(config.api[key], ['api', key], true);
  const walk = (node: unknown, at: FieldPath): void => {
    if (Array.isArray(node)) return node.forEach((child, i) => walk(child, [...at, i]));
    if (!isObject(node)) return;
    if (key in node) add(node[key], [...at, key]);
    for (const [name, value] of Object.entries(node)) if (name !== key) walk(value, [...at, name]);
  };
  walk(config.navigation, ['navigation']);
  return found;
}
