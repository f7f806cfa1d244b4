/**
 * The MCP server of one docs site (official SDK): `search` over the site's Markdown and `get_page`
 * by path or URL, with the site's name and description in the server info. The transport is the
 * caller's: stdio for `folio mcp`, Streamable HTTP at `/mcp` for hosted sites.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { DocsIndex } from './docs-index.js';
import type { ApiMcpTool, ProxyRequest, ProxyResponse } from '../openapi/index.js';

/** The API operations a site exposes as tools, and how a call reaches the API (the proxy's guarded forwarder). */
export interface ApiTools {
  tools: ApiMcpTool[];
  call(request: ProxyRequest): Promise<ProxyResponse>;
}

export interface DocsServerInfo {
  name: string;
  description?: string | undefined;
  /** Absolute site URL, so results carry full links; site-relative without it. */
  siteUrl?: string;
}

/**
 * Where an agent's `submit_feedback` goes (hosted sites with analytics): the page's path and the
 * problem; false when it was not taken (the server's queue is full).
 */
export type FeedbackSink = (feedback: { page: string; problem: string }) => boolean;

/**
 * The server of a site's index; `index` may be a function giving the current one (`folio mcp`
 * reloads it when files change). The SDK is loaded on the first call: a build that only imports
 * this layer does not pay its ~140 ms of module loading.
 */
export async function docsMcpServer(index: DocsIndex | (() => DocsIndex), info: DocsServerInfo, api?: ApiTools, feedback?: FeedbackSink): Promise<McpServer> {
  const { McpServer } = await import('@modelcontextprotocol/sdk/server/mcp.js');
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
      inputSchema: {
        query: z.string().min(1).describe('Words to look for'),
        limit: z.number().int().min(1).max(50).optional().describe('Most results to return (default 10)'),
        page: z.string().max(1000).optional().describe("The page the reader is on (path or URL), if known: pages of its product and version are preferred"),
      },
      annotations: { readOnlyHint: true },
    },
    async ({ query, limit, page }) => {
      const from = page ? current().page(page)?.href : undefined;
      const hits = current().search(query, limit ?? 10, from).map((h) => ({ ...h, url: base + h.url, markdownUrl: base + h.markdownUrl }));
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
  if (feedback) {
    server.registerTool(
      'submit_feedback',
      {
        title: `Report a problem with a ${info.name} page`,
        description: `Tell the ${info.name} documentation team that a page is incorrect, outdated or hard to use. Name the page and describe the problem.`,
        inputSchema: { page: z.string().min(1).max(512).describe('Page path or URL, e.g. /quickstart'), problem: z.string().min(1).max(2000).describe('What is wrong with the page') },
      },
      async ({ page, problem }) => {
        const found = current().page(page);
        if (!found) return { isError: true, content: [{ type: 'text', text: `No page "${page}" in the ${info.name} documentation. Use search to find its path.` }] };
        if (!feedback({ page: found.href === '/index' ? '/' : found.href, problem })) return { isError: true, content: [{ type: 'text', text: 'The server is busy; send the feedback again shortly.' }] };
        return { content: [{ type: 'text', text: `Thank you: your feedback on ${found.href} was recorded.` }] };
      },
    );
  }
  for (const tool of api?.tools ?? []) registerApiTool(server, tool, api!.call);
  return server;
}

/** One operation as a tool: its parameters as string inputs, `body` as JSON text, `headers` for credentials. */
function registerApiTool(server: McpServer, tool: ApiMcpTool, call: ApiTools['call']): void {
  const shape: Record<string, z.ZodType> = {};
  for (const p of tool.params) {
    const field = z.string().describe(`${p.in} parameter (${p.type})`);
    shape[p.name] = p.required ? field : field.optional();
  }
  if (tool.body) shape.body = (tool.body.required ? z.string() : z.string().optional()).describe(`Request body (${tool.body.contentType}) as text`);
  shape.headers = z.record(z.string(), z.string()).optional().describe('Extra request headers, e.g. Authorization');
  server.registerTool(tool.name, { title: tool.name, description: tool.description || `${tool.method} ${tool.path}`, inputSchema: shape }, async (args: Record<string, unknown>) => {
    let path = tool.path;
    const query = new URLSearchParams();
    const headers: [string, string][] = Object.entries((args.headers as Record<string, string> | undefined) ?? {});
    const cookies: string[] = [];
    for (const p of tool.params) {
      const value = args[p.name];
      if (typeof value !== 'string') continue;
      if (p.in === 'path') path = path.split(`{${p.name}}`).join(encodeURIComponent(value));
      else if (p.in === 'query') query.append(p.name, value);
      else if (p.in === 'header') headers.push([p.name, value]);
      else cookies.push(`${p.name}=${encodeURIComponent(value)}`);
    }
    if (cookies.length) headers.push(['Cookie', cookies.join('; ')]);
    const request: ProxyRequest = { method: tool.method, url: `${tool.server.replace(/\/+$/, '')}${path}${query.size ? `?${query}` : ''}`, headers };
    if (typeof args.body === 'string' && tool.body) {
      request.body = args.body;
      headers.push(['Content-Type', tool.body.contentType]);
    }
    try {
      const answer = await call(request);
      return { isError: answer.status >= 400, content: [{ type: 'text', text: `${answer.status} ${answer.statusText}\n\n${answer.encoding === 'base64' ? '(binary body)' : answer.body}` }] };
    } catch (error) {
      return { isError: true, content: [{ type: 'text', text: error instanceof Error ? error.message : String(error) }] };
    }
  });
}
