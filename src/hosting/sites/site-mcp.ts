/**
 * `/mcp` on a hosted site's host: the site's MCP server over Streamable HTTP (stateless, JSON
 * responses), answering from the published build's Markdown and page index.
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { docsMcpServer, loadDocsIndex } from '../../markdown/index.js';
import { projectSiteDir, publishedDir } from '../updates/publish.js';

export async function serveSiteMcp(dataDir: string, projectId: string, request: Request): Promise<Response> {
  const siteDir = projectSiteDir(dataDir, projectId);
  const root = siteDir ? publishedDir(siteDir) : null;
  const index = root ? await loadDocsIndex(root) : null;
  if (!root || !index) {
    return Response.json({ jsonrpc: '2.0', error: { code: -32001, message: `No published site with a page index for "${projectId}"; publish it again with this Folio version.` }, id: null }, { status: 404 });
  }
  const server = docsMcpServer(index, { name: index.name, description: index.description, siteUrl: new URL(request.url).origin });
  // Stateless: a server and transport per request, so no session outlives it.
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    void server.close();
  }
}
