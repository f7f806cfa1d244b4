/**
 * Operations a spec exposes as MCP tools (`x-mint.mcp: { enabled, name, description }`, or the
 * older `x-mcp`, on the operation or the whole document; the operation's own setting wins). A
 * hosted site's `/mcp` server lists them beside `search` and `get_page`; calling one sends the
 * request through the playground proxy's guards (the API's own servers only).
 */
import type { EndpointPage, JsonObject } from './types.js';

export interface ApiMcpTool {
  name: string;
  description: string;
  method: string;
  server: string;
  path: string;
  params: { name: string; in: 'path' | 'query' | 'header' | 'cookie'; required: boolean; type: string }[];
  body?: { contentType: string; required: boolean };
}

function isObject(value: unknown): value is JsonObject {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

/** The MCP setting of an operation or document, if it has one. */
export function mcpSettingOf(node: JsonObject): { enabled: boolean; name?: string; description?: string } | undefined {
  const ext = isObject(node['x-mint']) && isObject(node['x-mint'].mcp) ? node['x-mint'].mcp : isObject(node['x-mcp']) ? node['x-mcp'] : undefined;
  if (!ext) return undefined;
  const out: { enabled: boolean; name?: string; description?: string } = { enabled: ext.enabled === true };
  if (typeof ext.name === 'string' && ext.name.trim()) out.name = ext.name.trim();
  if (typeof ext.description === 'string' && ext.description.trim()) out.description = ext.description.trim();
  return out;
}

/** The tool of an endpoint page whose operation enables MCP; undefined otherwise. */
export function mcpToolOf(page: EndpointPage): ApiMcpTool | undefined {
  if (!page.mcp || !page.request) return undefined;
  const name = (page.mcp.name ?? `${page.method}_${page.path}`).replace(/[^A-Za-z0-9_-]+/g, '_').replace(/_+/g, '_').replace(/^_+|_+$/g, '').slice(0, 64);
  const tool: ApiMcpTool = {
    name,
    description: page.mcp.description ?? [page.title, page.description].filter(Boolean).join(': ').slice(0, 1000),
    method: page.method,
    server: page.request.server,
    path: page.path,
    params: page.parameters.map((p) => ({ name: p.name, in: p.in, required: p.required, type: p.schema.type })),
  };
  if (page.request.body) tool.body = { contentType: page.request.body.contentType, required: page.request.body.required };
  return tool;
}
