import { createSlugDeduper, identifierSlug, operationPathSlug, titleSlug } from './slug.js';
import { HTTP_METHODS, type ApiOperation, type EndpointCustomization, type HttpMethod, type JsonObject } from './types.js';

function isObject(value: unknown): value is JsonObject {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * Page customization from `x-mint` (the name existing specs use) or `x-service`
 * (the spec's name); both take `metadata`, `content` and `href`. Top-level
 * `title`/`description` inside the extension are accepted too.
 */
export function customizationOf(operation: JsonObject): EndpointCustomization {
  const ext = [operation['x-mint'], operation['x-service']].find(isObject) ?? {};
  const metadata = isObject(ext.metadata) ? { ...ext.metadata } : {};
  for (const key of ['title', 'sidebarTitle', 'description'] as const) {
    if (metadata[key] === undefined && ext[key] !== undefined) metadata[key] = ext[key];
  }
  const custom: EndpointCustomization = { metadata };
  const title = text(metadata.title);
  const sidebarTitle = text(metadata.sidebarTitle);
  const description = text(metadata.description);
  const href = text(ext.href) ?? text(metadata.url);
  const content = text(ext.content);
  if (title) custom.title = title;
  if (sidebarTitle) custom.sidebarTitle = sidebarTitle;
  if (description) custom.description = description;
  if (href) custom.href = href.startsWith('/') || /^https?:/.test(href) ? href : `/${href}`;
  if (content) custom.content = content;
  return custom;
}

function isHidden(...nodes: JsonObject[]): boolean {
  return nodes.some((n) => n['x-hidden'] === true || n['x-excluded'] === true);
}

/**
 * Operations of a path-item map (`paths` or `webhooks`): paths in spec order, and the methods of
 * one path in the order the OpenAPI specification lists a path item's fields (get, put, post,
 * delete, options, head, patch, trace), whatever order the file writes them in, as the platform
 * lists them (formbricks writes `post` before `put` and its sidebar shows Update before Create).
 */
function operationsOf(specFile: string, root: 'paths' | 'webhooks', items: unknown): Omit<ApiOperation, 'slug'>[] {
  if (!isObject(items)) return [];
  const out: Omit<ApiOperation, 'slug'>[] = [];
  for (const [path, item] of Object.entries(items)) {
    if (!isObject(item)) continue;
    const keys = Object.keys(item).filter((key) => HTTP_METHODS.includes(key.toUpperCase() as HttpMethod));
    keys.sort((a, b) => HTTP_METHODS.indexOf(a.toUpperCase() as HttpMethod) - HTTP_METHODS.indexOf(b.toUpperCase() as HttpMethod));
    for (const key of keys) {
      const method = key.toUpperCase() as HttpMethod;
      const operation = item[key];
      if (!isObject(operation)) continue;
      const entry: Omit<ApiOperation, 'slug'> = {
        specFile,
        kind: root === 'paths' ? 'operation' : 'webhook',
        method,
        path,
        pointer: [root, path, key],
        tags: Array.isArray(operation.tags) ? operation.tags.filter((t): t is string => typeof t === 'string') : [],
        deprecated: operation.deprecated === true,
        hidden: isHidden(item, operation),
        custom: customizationOf(operation),
      };
      const summary = text(operation.summary);
      const description = text(operation.description);
      const operationId = text(operation.operationId);
      if (summary) entry.summary = summary.trim();
      if (description) entry.description = description;
      if (operationId) entry.operationId = operationId;
      out.push(entry);
    }
  }
  return out;
}

/**
 * All operations and webhooks of a spec, in spec order, each with a slug that
 * is unique in the spec: `tag/summary`, else (as the platform names them) `method-path` for an
 * operation and the operationId or `webhook-name` for a webhook; collisions get `-1`, `-2` in
 * spec order so slugs never depend on which endpoints a page lists.
 */
export function extractOperations(specFile: string, document: JsonObject): ApiOperation[] {
  const raw = [...operationsOf(specFile, 'paths', document.paths), ...operationsOf(specFile, 'webhooks', document.webhooks)];
  const unique = createSlugDeduper();
  return raw.map((op) => {
    const base =
      (op.summary && titleSlug(op.summary)) ||
      (op.kind === 'operation' ? operationPathSlug(op.method, op.path) : (op.operationId && identifierSlug(op.operationId)) || identifierSlug(`webhook ${op.path}`)) ||
      'endpoint';
    const tag = op.tags[0] ? titleSlug(op.tags[0]) : '';
    return { ...op, slug: unique(tag ? `${tag}/${base}` : base) };
  });
}
