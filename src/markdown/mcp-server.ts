/**
 * The MCP server of one docs site (official SDK): `search` over the site's Markdown and `get_page`
 * by path or URL, with the site's name and description in the server info. The transport is the
 * caller's: stdio for `folio mcp`, Streamable HTTP at `/mcp` for hosted sites.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { DocsIndex } from './docs-index.js';

export interface DocsServerInfo {
  name: string;
  description?: string | undefined;
  /** Absolute site URL, so results carry full links; site-relative without it. */
  siteUrl?: string;
}

/** The server of a site's index; `index` may be a function giving the current one (`folio mcp` reloads it when files change). */
export function docsMcpServer(index: DocsIndex | (() => DocsIndex), info: DocsServerInfo): McpServer {
  const current = typeof index === 'function' ? index : () => index;
  const base = (info.siteUrl ?? '').replace(/\/+$/, '');
  const server = new McpServer(
    { name: info.name, version: '1.0.0', title: info.name, ...(info.description ? { description: info.description } : {}) },
    { instructions: `Documentation of ${info.name}${info.description ? `: ${info.description}` : ''}. Use \`search\` to find pages, then \`get_page\` to read one as Markdown.` },
  );
  server.registerTool(
    'search',
    {
      title: `Search ${info.name}`,
      description: `Search the ${info.name} documentation. Returns matching pages with their title, URL and a snippet.`,
      inputSchema: { query: z.string().min(1).describe('Words to look for'), limit: z.number().int().min(1).max(50).optional().describe('Most results to return (default 10)') },
      annotations: { readOnlyHint: true },
    },
    async ({ query, limit }) => {
      const hits = current().search(query, limit ?? 10).map((h) => ({ ...h, url: base + h.url, markdownUrl: base + h.markdownUrl }));
      const text = hits.length ? hits.map((h) => `## ${h.title}\nURL: ${h.url}\n${h.snippet}`).join('\n\n') : `No page of ${info.name} matches "${query}".`;
      return { content: [{ type: 'text', text }], structuredContent: { results: hits } };
    },
  );
  server.registerTool(
    'get_page',
    {
      title: `Read a ${info.name} page`,
      description: `The full Markdown of one page of the ${info.name} documentation, by path (/guide/intro) or URL.`,
      inputSchema: { page: z.string().min(1).describe('Page path or URL, e.g. /quickstart') },
      annotations: { readOnlyHint: true },
    },
    async ({ page }) => {
      const found = current().page(page);
      if (!found) return { isError: true, content: [{ type: 'text', text: `No page "${page}" in the ${info.name} documentation. Use search to find its path.` }] };
      return { content: [{ type: 'text', text: found.markdown }] };
    },
  );
  return server;
}
