/**
 * The docs MCP server, driven by the official SDK's client: `folio mcp <corpus>` over stdio (a copy,
 * edited while served: the server rebuilds and answers from the new build), and a hosted site's
 * `/mcp` over Streamable HTTP (the client's fetch handed straight to `serveSite`, no port). Each
 * connects, lists the two tools, searches and reads a page.
 */
import { createHash } from 'node:crypto';
import { appendFile, cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveSite } from '../../src/hosting/sites/serve-site.js';
import { publishBuild } from '../../src/hosting/updates/publish.js';
import { buildSite } from '../../src/site-build/index.js';
import { corpusDir, haveCorpora } from '../../compat/corpora.js';
import { exampleCopy } from './helpers.js';

const repo = path.resolve(import.meta.dirname, '../..');
type Content = { type: string; text?: string }[];
const textOf = (result: { content?: unknown }) => (result.content as Content).map((c) => c.text ?? '').join('\n');

describe.skipIf(!haveCorpora('ollama'))('folio mcp over stdio', () => {
  let client: Client;
  let copy = '';
  beforeAll(async () => {
    copy = await mkdtemp(path.join(os.tmpdir(), 'folio-mcp-ollama-'));
    await cp(corpusDir('ollama'), copy, { recursive: true, filter: (f) => path.basename(f) !== '.git' });
    client = new Client({ name: 'test', version: '1.0.0' });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', 'src/cli/main.ts', 'mcp', copy],
      cwd: repo,
      stderr: 'ignore',
    });
    await client.connect(transport);
  }, 180_000);
  afterAll(async () => {
    await client?.close();
    await rm(copy, { recursive: true, force: true });
    // The build folder `folio mcp` keeps for this copy.
    await rm(path.join(os.tmpdir(), `folio-mcp-${createHash('sha256').update(copy).digest('hex').slice(0, 16)}`), { recursive: true, force: true });
  });

  it('names the site, lists search and get_page, searches and reads a page of the ollama corpus', async () => {
    expect(client.getServerVersion()?.name).toBe('Ollama');
    const tools = await client.listTools();
    expect(tools.tools.map((t) => t.name).sort()).toEqual(['get_page', 'search']);
    const found = await client.callTool({ name: 'search', arguments: { query: 'tool calling' } });
    const results = (found.structuredContent as { results: { title: string; url: string; snippet: string }[] }).results;
    expect(results[0]).toMatchObject({ title: 'Tool calling', url: '/capabilities/tool-calling' });
    expect(results[0]!.snippet.toLowerCase()).toContain('tool');
    const page = await client.callTool({ name: 'get_page', arguments: { page: results[0]!.url } });
    expect(textOf(page)).toMatch(/^# Tool calling\n/);
    const missing = await client.callTool({ name: 'get_page', arguments: { page: '/no-such-page' } });
    expect(missing.isError).toBe(true);
  }, 60_000);

  it('rebuilds when a page changes and get_page returns the changed page', async () => {
    const read = async () => textOf(await client.callTool({ name: 'get_page', arguments: { page: '/capabilities/tool-calling' } }));
    expect(await read()).not.toContain('Changed while served');
    await appendFile(path.join(copy, 'capabilities/tool-calling.mdx'), '\nChanged while served by folio mcp.\n');
    await expect.poll(read, { timeout: 60_000, interval: 250 }).toContain('Changed while served by folio mcp.');
  }, 90_000);
});

describe('/mcp on a hosted site (Streamable HTTP)', () => {
  let site: Awaited<ReturnType<typeof exampleCopy>>;
  let data = '';
  beforeAll(async () => {
    site = await exampleCopy();
    data = path.join(path.dirname(site.root), 'data');
    const siteDir = path.join(data, 'sites', 'p');
    const build = path.join(siteDir, 'builds', 'b1');
    await mkdir(build, { recursive: true });
    expect((await buildSite({ root: site.root, outDir: build, search: false })).ok).toBe(true);
    publishBuild(siteDir, build);
  }, 120_000);
  afterAll(() => site?.dispose());

  it('connects, lists the tools, searches and reads a page with full URLs', async () => {
    const client = new Client({ name: 'test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL('http://p.docs.test/mcp'), {
      fetch: (url, init) => serveSite(data, 'p', new Request(url, init)),
    });
    await client.connect(transport);
    try {
      expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(['get_page', 'search']);
      const found = await client.callTool({ name: 'search', arguments: { query: 'quickstart' } });
      const results = (found.structuredContent as { results: { title: string; url: string }[] }).results;
      expect(results.slice(0, 3)).toContainEqual(expect.objectContaining({ title: 'Quickstart', url: 'http://p.docs.test/en/v2/quickstart' }));
      const page = await client.callTool({ name: 'get_page', arguments: { page: 'http://p.docs.test/en/v2/quickstart' } });
      expect(textOf(page)).toMatch(/^# Quickstart\n/);
    } finally {
      await client.close();
    }
  }, 60_000);

  it('points at /mcp from /.well-known/mcp and answers /search.json?q=', async () => {
    const discovery = await serveSite(data, 'p', new Request('http://p.docs.test/.well-known/mcp'));
    expect(await discovery.json()).toMatchObject({ transport: 'http', url: 'http://p.docs.test/mcp' });
    const search = await serveSite(data, 'p', new Request('http://p.docs.test/search.json?q=quickstart&limit=3'));
    const body = (await search.json()) as { results: { url: string; markdownUrl: string }[] };
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.results.length).toBeLessThanOrEqual(3);
    expect(body.results).toContainEqual(expect.objectContaining({ url: 'http://p.docs.test/en/v2/quickstart', markdownUrl: 'http://p.docs.test/en/v2/quickstart.md' }));
  });
});
