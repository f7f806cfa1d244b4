import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../site-build/index.js';
import { buildDirFor, publishBuild, siteDirFor } from '../updates/publish.js';
import { serveSite } from './serve-site.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

/** `folio serve` answers the playground's proxy route on every hosted site (before any file lookup). */
let api: Server;
let upstream: string;
beforeAll(async () => {
  api = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ path: req.url, auth: req.headers.authorization }));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  upstream = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  // A published build whose spec names the local API as its server.
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'folio-proxy-hosts-'));
  const repo = path.join(dataDir, 'repo');
  await mkdirP(repo);
  await writeFile(path.join(repo, 'docs.json'), JSON.stringify({ name: 'P', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { groups: [{ group: 'API', openapi: 'openapi.json' }] } }));
  await writeFile(path.join(repo, 'openapi.json'), JSON.stringify({ openapi: '3.1.0', info: { title: 'P', version: '1' }, 'x-mcp': { enabled: true }, servers: [{ url: `${upstream}/v1` }, { url: 'https://{region}.api.example.com', variables: { region: { default: 'eu', enum: ['eu', 'us'] } } }], paths: { '/me': { get: { summary: 'Me', responses: { '200': { description: 'ok' } } } } } }));
  const siteDir = siteDirFor(dataDir, 'docs')!;
  const out = buildDirFor(siteDir, 'u1');
  expect((await buildSite({ root: repo, outDir: out, search: false, threads: 1 })).ok).toBe(true);
  publishBuild(siteDir, out);
}, 60_000);
afterAll(async () => {
  await new Promise<void>((resolve) => api.close(() => resolve()));
  await rm(dataDir, { recursive: true, force: true });
});
let dataDir: string;
const mkdirP = (dir: string) => import('node:fs/promises').then((fs) => fs.mkdir(dir, { recursive: true }));

const proxyRequest = (body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  new Request('http://docs.localhost/__folio/api-proxy', { method: 'POST', headers: { host: 'docs.localhost', ...headers }, body: JSON.stringify(body) });

describe('hosted playground proxy', () => {
  it('forwards to an API the operator allows and refuses loopback by default', async () => {
    const body = { method: 'GET', url: `${upstream}/v1/me`, headers: [['Authorization', 'Bearer abc']] };
    const allowed = await serveSite(dataDir, 'docs', proxyRequest(body), null, { apiProxy: { isAllowedAddress: () => true } });
    expect(allowed.status).toBe(200);
    const answer = (await allowed.json()) as { status: number; body: string };
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ path: '/v1/me', auth: 'Bearer abc' });
    const refused = await serveSite(dataDir, 'docs', proxyRequest(body));
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('OPENAPI_PROXY_REFUSED');
  });

  it('reaches only the hosts of the servers the published spec names', async () => {
    const refuse = async (url: string) => {
      const response = await serveSite(dataDir, 'docs', proxyRequest({ method: 'GET', url, headers: [] }), null, { apiProxy: { isAllowedAddress: () => true } });
      expect(response.status, url).toBe(403);
      const { error } = (await response.json()) as { error: { code: string; message: string } };
      expect(error.code).toBe('OPENAPI_PROXY_REFUSED');
      return error.message;
    };
    // Another port of the same machine, another public host: not servers of this API.
    const other = createServer((_req, res) => res.end('reached'));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}/v1/me`;
    try {
      expect(await refuse(otherUrl)).toContain('not a server of this site\'s API');
    } finally {
      await new Promise<void>((resolve) => other.close(() => resolve()));
    }
    expect(await refuse('https://attacker.example.net/steal')).toContain('eu.api.example.com, us.api.example.com');
    // A site with no published build allows nothing.
    const none = await serveSite(dataDir, 'nothing', proxyRequest({ method: 'GET', url: `${upstream}/v1/me`, headers: [] }), null, { apiProxy: { isAllowedAddress: () => true } });
    expect(none.status).toBe(403);
  });

  it('answers JSON requests from the site itself only', async () => {
    const body = { method: 'GET', url: `${upstream}/`, headers: [] };
    const form = await serveSite(dataDir, 'docs', proxyRequest(body, { 'content-type': 'text/plain' }), null, { apiProxy: { isAllowedAddress: () => true } });
    expect(form.status).toBe(403);
    const foreign = await serveSite(dataDir, 'docs', proxyRequest(body, { 'content-type': 'application/json', origin: 'https://evil.example' }), null, { apiProxy: { isAllowedAddress: () => true } });
    expect(foreign.status).toBe(403);
    const get = await serveSite('/nonexistent', 'docs', new Request('http://docs.localhost/__folio/api-proxy'));
    expect(get.status).toBe(405);
  });

  it('lists the operations the spec enables (x-mcp / x-mint.mcp) as MCP tools of /mcp and calls the API through the proxy guards', async () => {
    const client = new Client({ name: 'test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL('http://docs.localhost/mcp'), {
      fetch: (url, init) => serveSite(dataDir, 'docs', new Request(url, init), null, { apiProxy: { isAllowedAddress: () => true } }),
    });
    await client.connect(transport);
    try {
      const tools = (await client.listTools()).tools;
      expect(tools.map((t) => t.name).sort()).toEqual(['GET_me', 'get_page', 'search']);
      const answer = await client.callTool({ name: 'GET_me', arguments: { headers: { Authorization: 'Bearer mcp' } } });
      const text = (answer.content as { text: string }[])[0]!.text;
      expect(answer.isError).toBe(false);
      expect(text.startsWith('200 OK')).toBe(true);
      expect(JSON.parse(text.split('\n\n')[1]!)).toEqual({ path: '/v1/me', auth: 'Bearer mcp' });
    } finally {
      await client.close();
    }
  });
});
