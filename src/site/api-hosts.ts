import { mcpToolOf, parseApiFrontmatter, proxyHostsOf, type ApiMcpTool } from '../openapi/index.js';
import type { Site } from './load-site.js';

/**
 * Hosts the playground's proxy may reach for this site: the servers of its loaded specs and of
 * its hand-written `api:` pages (`api.mdx.server` for relative ones). Read by `folio dev` on each
 * proxy request and written by the build for `folio serve` (`.folio-cache/api-hosts.json`).
 */
export function siteApiHosts(site: Site): string[] {
  const mdx = site.config.api?.mdx?.server;
  const servers = mdx === undefined ? [] : Array.isArray(mdx) ? mdx : [mdx];
  const extra = [...servers];
  for (const page of site.index.pages.values()) {
    if (page.frontmatter.api === undefined) continue;
    const endpoint = parseApiFrontmatter(page.frontmatter.api, servers);
    if (!('problem' in endpoint)) extra.push(endpoint.server);
  }
  return proxyHostsOf(site.openapi?.specs.specs() ?? [], extra);
}

/** The operations this site exposes as MCP tools (`x-mint.mcp`), from the endpoint pages planned so far. */
export function siteMcpTools(site: Site): ApiMcpTool[] {
  const specs = site.openapi?.specs;
  if (!specs) return [];
  const tools = new Map<string, ApiMcpTool>();
  for (const planned of specs.pages()) {
    const page = specs.operation(planned.href);
    const tool = page ? mcpToolOf(page) : undefined;
    if (tool && !tools.has(tool.name)) tools.set(tool.name, tool);
  }
  return [...tools.values()];
}
