import type { OpenApiSource } from './types.js';

function isObject(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

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

/**
 * Every spec a docs.json references: top-level `api.openapi` and `openapi` on
 * any navigation element at any depth, deduplicated by source, in document order.
 * Loading them up front lets remote specs be fetched before planning starts.
 */
export function collectOpenApiSources(config: { navigation?: unknown; api?: unknown }): OpenApiSource[] {
  const found: OpenApiSource[] = [];
  const seen = new Set<string>();
  const add = (list: OpenApiSource[]) => {
    for (const s of list) {
      const key = `${s.source}\u0000${s.directory ?? ''}`;
      if (!seen.has(key)) {
        seen.add(key);
        found.push(s);
      }
    }
  };
  if (isObject(config.api)) add(openApiSourcesOf(config.api.openapi));
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!isObject(node)) return;
    if ('openapi' in node) add(openApiSourcesOf(node.openapi));
    for (const [key, value] of Object.entries(node)) if (key !== 'openapi') walk(value);
  };
  walk(config.navigation);
  return found;
}
