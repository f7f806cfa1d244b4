/**
 * What a hosted site answers for agents, from the published build's Markdown and page index:
 * `/mcp` (the site's MCP server over Streamable HTTP, stateless, JSON responses), its discovery
 * document at `/.well-known/mcp` (and `.json`), and `/search.json?q=` (the same search as JSON).
 */
import type { DocsIndex, FeedbackSink } from '../../markdown/index.js';
import type { ApiMcpTool, ProxyOptions } from '../../openapi/index.js';
import type { SectionIndex } from '../../retrieval/index.js';
import { buildWithPages } from './reader-view.js';
import { API_HOSTS_FILE, markdownFileFor, MCP_TOOLS_FILE } from '../../shared/index.js';
import { buildFileReader } from '../storage/file-reader.js';
import { siteStoreOf, type PublishedBuild, type SiteStore } from '../storage/site-store.js';

/** Paths `serveAgentEndpoint` answers on a site's host. */
export const AGENT_PATHS = new Set(['/mcp', '/.well-known/mcp', '/.well-known/mcp.json', '/search.json']);

/** A JSON list the build wrote under `.folio-cache/`; empty when absent or unreadable. */
async function listOf<T>(root: PublishedBuild, file: string): Promise<T[]> {
  try {
    const body = await root.read(file);
    const value: unknown = body ? JSON.parse(body.toString('utf8')) : [];
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

/** The pages restricted to groups that a reader may read: href and title, in href order. */
export type ReadablePages = ReadonlyArray<readonly [href: string, title: string]>;

const readerIndexes = new Map<string, Promise<DocsIndex>>();

/**
 * The build's index with the restricted pages this reader may read (their Markdown), made once per
 * build and set of pages: readers of the same groups share it.
 */
function indexForReader(root: PublishedBuild, index: DocsIndex, readable: ReadablePages): Promise<DocsIndex> {
  if (readable.length === 0) return Promise.resolve(index);
  const key = `${root.key}\n${readable.map(([href]) => href).join('\n')}`;
  let made = readerIndexes.get(key);
  if (!made) {
    made = Promise.all(readable.map(async ([href, title]) => ({ href, title, section: '', markdown: (await root.read(markdownFileFor(href)))?.toString('utf8') ?? `# ${title}\n` }))).then((pages) => index.withPages(pages));
    made.catch(() => readerIndexes.delete(key));
    if (readerIndexes.size > 64) readerIndexes.delete(readerIndexes.keys().next().value!);
    readerIndexes.set(key, made);
  }
  return made;
}

/**
 * The build's retrieval index (with the reader's restricted pages, as the assistant reads it), made
 * ready to answer; null when the build has none or it is past the server's budget: search then falls
 * back to the page index's own word counts.
 */
async function sectionIndexOf(root: PublishedBuild, readable: ReadablePages): Promise<SectionIndex | null> {
  const build = buildWithPages(root, readable);
  const { loadSectionIndex } = await import('../../retrieval/index.js');
  const index = await loadSectionIndex(build.key, buildFileReader(build)).catch(() => null);
  await index?.prepare();
  return index;
}

/**
 * `at`: the request's site path (base path taken off) and the site's base path (`/docs`, `''`).
 * `readable`: on a site with pages restricted to groups, those the reader may read; search and
 * `get_page` include them for this reader only (the build's index has none). `personal`: the
 * personalized pages' Markdown for this reader (`readerMarkdownOf`), read from the build it is given.
 */
export async function serveAgentEndpoint(store: SiteStore | string, projectId: string, request: Request, preview: string | null = null, at?: { path: string; base: string }, apiProxy: ProxyOptions = {}, feedback?: FeedbackSink, readable: ReadablePages = [], personal?: (root: PublishedBuild) => Promise<ReadonlyMap<string, string>>): Promise<Response> {
  const root = await siteStoreOf(store).current({ projectId, preview });
  // The Markdown, retrieval and OpenAPI layers load with a site's first agent request (they bring the MDX
  // stack): a server, or a test, that answers no agent loads none of them.
  const [{ docsMcpServer, loadDocsIndexFrom }, { pageRankerOf }, { forwardApiRequest }] = await Promise.all([import('../../markdown/index.js'), import('../../retrieval/index.js'), import('../../openapi/index.js')]);
  const built = root ? await loadDocsIndexFrom(root.key, async (file) => (await root.read(file))?.toString('utf8') ?? null) : null;
  // Personalized pages as this reader reads them (`personal`: their Markdown by href), in get_page and search alike.
  const mine = root && personal ? await personal(root) : new Map<string, string>();
  const pages = root && built ? (await indexForReader(root, built, readable)).withMarkdown(mine) : null;
  // One ranking with `POST /v1/search`: retrieval's, over the same build.
  const sections = root && pages ? await sectionIndexOf(root, readable) : null;
  const index = pages && sections ? pages.withRanker(pageRankerOf(sections)) : pages;
  if (!root || !index) {
    return Response.json({ jsonrpc: '2.0', error: { code: -32001, message: `No published site with a page index for "${projectId}"; publish it again with this Folio version.` }, id: null }, { status: 404 });
  }
  const url = new URL(request.url);
  const sitePath = at?.path ?? url.pathname;
  // The site's public root: links in answers carry the base path.
  const origin = url.origin + (at?.base ?? '');
  if (sitePath === '/search.json') {
    const limit = Math.min(50, Math.max(1, Number(url.searchParams.get('limit')) || 10));
    const from = url.searchParams.get('page');
    const results = index.search(url.searchParams.get('q') ?? '', limit, from ? index.page(from)?.href : undefined).map((h) => ({ ...h, url: origin + h.url, markdownUrl: origin + h.markdownUrl }));
    return Response.json({ query: url.searchParams.get('q') ?? '', results }, { headers: { 'Cache-Control': 'no-cache' } });
  }
  if (sitePath !== '/mcp') {
    const endpoint = `${origin}/mcp`;
    return Response.json({ version: '1.0.0', transport: 'http', url: endpoint, servers: [{ name: 'public', url: endpoint, transport: 'http', authentication: 'none' }] });
  }
  // Operations the spec exposes as tools (`x-mint.mcp`), called through the proxy's guards: the API's own servers only.
  const [tools, allowedHosts] = await Promise.all([listOf<ApiMcpTool>(root, MCP_TOOLS_FILE), listOf<string>(root, API_HOSTS_FILE)]);
  const api = tools.length ? { tools, call: (r: Parameters<typeof forwardApiRequest>[0]) => forwardApiRequest(r, { ...apiProxy, allowedHosts: apiProxy.allowedHosts ?? allowedHosts }) } : undefined;
  const server = await docsMcpServer(index, { name: index.name, description: index.description, siteUrl: origin }, api, feedback);
  // Stateless: a server and transport per request, so no session outlives it.
  // Loaded at the first /mcp request: its schemas cost about 70 ms of CPU to import, in every process that imports hosting.
  const { WebStandardStreamableHTTPServerTransport } = await import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js');
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    void server.close();
  }
}
