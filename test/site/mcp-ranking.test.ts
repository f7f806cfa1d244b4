/**
 * A hosted site's MCP `search` (and `/search.json`) ranks as `POST /v1/search` does: the same
 * retrieval index of the published build, one result per page. The questions are the eval's
 * trigger-dev set (readers' words, not titles); for each, the MCP server's first page is the
 * discovery API's first page. Skipped without the corpora.
 */
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchBody, searchResults } from '../../src/assistant/search-results.js';
import { serveSite } from '../../src/hosting/sites/serve-site.js';
import { publishBuild } from '../../src/hosting/updates/publish.js';
import { indexOfFile, RETRIEVAL_FILE, type SectionIndex } from '../../src/retrieval/index.js';
import { buildSite } from '../../src/site-build/index.js';
import { corpusDir, haveCorpora } from '../../compat/corpora.js';

const repo = path.resolve(import.meta.dirname, '../..');

describe.skipIf(!haveCorpora('trigger-dev'))('MCP search and POST /v1/search rank alike (trigger-dev)', () => {
  let dir = '';
  let data = '';
  let index: SectionIndex;
  let questions: string[] = [];
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'folio-mcp-ranking-'));
    data = path.join(dir, 'data');
    const siteDir = path.join(data, 'sites', 'p');
    const build = path.join(siteDir, 'builds', 'b1');
    await mkdir(build, { recursive: true });
    await buildSite({ root: corpusDir('trigger-dev'), outDir: build, search: false, log: () => {} });
    publishBuild(siteDir, build);
    index = indexOfFile(await readFile(path.join(build, RETRIEVAL_FILE), 'utf8'))!;
    questions = (JSON.parse(await readFile(path.join(repo, 'eval', 'trigger-dev-questions.json'), 'utf8')) as { questions: { q: string }[] }).questions.map((q) => q.q);
  }, 600_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const discoveryFirst = (query: string) => searchResults(index, searchBody.parse({ query, pageSize: 5 }))[0]?.path;

  it("gives each question's first page as the discovery API does, over MCP and /search.json", async () => {
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL('http://p.docs.test/mcp'), { fetch: (url, init) => serveSite(data, 'p', new Request(url, init)) }));
    try {
      expect(questions.length).toBeGreaterThanOrEqual(40);
      const differing: string[] = [];
      for (const query of questions) {
        const found = await client.callTool({ name: 'search', arguments: { query, limit: 5 } });
        const mcp = (found.structuredContent as { results: { url: string }[] }).results.map((r) => new URL(r.url).pathname);
        const json = (await (await serveSite(data, 'p', new Request(`http://p.docs.test/search.json?q=${encodeURIComponent(query)}&limit=5`))).json()) as { results: { url: string }[] };
        const api = discoveryFirst(query);
        expect(api).toBeDefined();
        if (mcp[0] !== api || new URL(json.results[0]!.url).pathname !== api) differing.push(`${query}: api ${api}, mcp ${mcp[0]}, search.json ${json.results[0]?.url}`);
        // One result per page.
        expect(new Set(mcp).size).toBe(mcp.length);
      }
      expect(differing).toEqual([]);
    } finally {
      await client.close();
    }
  }, 300_000);
});
