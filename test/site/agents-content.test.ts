/**
 * Content for humans or agents, and `skill.md`, on one small site built twice (trusted, and untrusted
 * as `folio serve` builds): `<Visibility for="agents">` is in the page's `.md`, `llms-full.txt` and the
 * MCP server's `get_page` answer and not in its HTML (its heading not in the table of contents either);
 * `<Visibility for="humans">` the reverse. `skill.md` is written beside the llms files from docs.json
 * and the navigation, served by a published site and by `folio dev`, and a repository's own wins.
 */
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer } from '../../src/dev/index.js';
import { serveSite } from '../../src/hosting/sites/serve-site.js';
import { publishBuild } from '../../src/hosting/updates/publish.js';
import { docsMcpServer, loadDocsIndex } from '../../src/markdown/index.js';
import { buildSite } from '../../src/site-build/index.js';

const PAGE = `---
title: Create an account
description: Sign up.
---

## Start

<Visibility for="humans">
Click the **Get started** button in the top-right corner.
</Visibility>

<Visibility for="agents">
## Agent route

Call \`POST /v1/accounts\` with a valid email address.
</Visibility>
`;
const files: Record<string, string> = {
  'docs.json': JSON.stringify({
    name: 'Acme Cloud',
    description: 'Run containers on Acme.',
    theme: 'mint',
    colors: { primary: '#123456' },
    navigation: { groups: [{ group: 'Accounts', pages: ['account'] }, { group: 'Deploy', pages: ['deploy'] }] },
  }),
  'account.mdx': PAGE,
  'deploy.mdx': '---\ntitle: Deploy an app\ndescription: Push a container.\n---\n\nSee [accounts](/account).\n',
};
const HUMANS = 'Get started';
const AGENTS = 'POST /v1/accounts';

let dir = '';
const outs = { trusted: '', untrusted: '' };
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'folio-agents-'));
  const root = path.join(dir, 'docs');
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  // Built where a hosted site keeps its builds, so it can be published as it is.
  outs.trusted = path.join(dir, 'data/sites/p/builds/trusted');
  outs.untrusted = path.join(dir, 'untrusted');
  for (const [kind, out] of Object.entries(outs)) {
    const result = await buildSite({ root, outDir: out, search: false, untrusted: kind === 'untrusted' });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  }
}, 120_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe.each(['trusted', 'untrusted'] as const)('<Visibility> in a %s build', (kind) => {
  const read = (rel: string) => readFile(path.join(outs[kind], rel), 'utf8');

  it('shows humans their block in the HTML, not the agents one nor its heading', async () => {
    const html = await read('account/index.html').catch(() => read('account.html'));
    expect(html).toContain(HUMANS);
    expect(html).not.toContain(AGENTS);
    expect(html).not.toContain('Agent route');
    expect(html).toContain('Start');
  });

  it('gives agents their block in the .md and llms-full.txt, not the humans one', async () => {
    for (const text of [await read('account.md'), await read('llms-full.txt')]) {
      expect(text).toContain(AGENTS);
      expect(text).toContain('## Agent route');
      expect(text).not.toContain(HUMANS);
    }
  });

  it('answers get_page of the MCP server with the agents block', async () => {
    const index = await loadDocsIndex(outs[kind], { fresh: true });
    const server = await docsMcpServer(index!, { name: 'Acme Cloud' });
    const [a, b] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'test', version: '1.0.0' });
    await Promise.all([server.connect(a), client.connect(b)]);
    try {
      const page = await client.callTool({ name: 'get_page', arguments: { page: '/account' } });
      const text = (page.content as { text: string }[]).map((c) => c.text).join('\n');
      expect(text).toContain(AGENTS);
      expect(text).not.toContain(HUMANS);
    } finally {
      await client.close();
    }
  });
});

describe('skill.md', () => {
  it('is written from docs.json and the navigation, in the agentskills.io frontmatter', async () => {
    const skill = await readFile(path.join(outs.trusted, 'skill.md'), 'utf8');
    expect(skill).toBe(
      [
        '---',
        'name: acme-cloud',
        'description: "Run containers on Acme. Use when working with Acme Cloud: Accounts, Deploy."',
        'metadata:',
        '  title: "Acme Cloud"',
        '  generator: "folio"',
        '---',
        '',
        '# Acme Cloud',
        '',
        'Run containers on Acme.',
        '',
        '## Capabilities',
        '',
        "What this documentation teaches an agent to do with Acme Cloud, by section. Read a page's Markdown before acting on it.",
        '',
        '### Accounts',
        '',
        '- [Create an account](/account.md): Sign up.',
        '',
        '### Deploy',
        '',
        '- [Deploy an app](/deploy.md): Push a container.',
        '',
        '## Context',
        '',
        '- Every page of the Acme Cloud documentation is also Markdown: add `.md` to its path.',
        '- [llms.txt](/llms.txt) lists every page; [llms-full.txt](/llms-full.txt) holds their full text.',
        '',
      ].join('\n'),
    );
    expect(await readFile(path.join(outs.untrusted, 'skill.md'), 'utf8')).toBe(skill);
  });

  it('is served by a published site at /skill.md', async () => {
    const data = path.join(dir, 'data');
    await publishBuild(path.join(data, 'sites', 'p'), outs.trusted);
    const response = await serveSite(data, 'p', new Request('http://p.docs.test/skill.md'));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('name: acme-cloud');
  });

  it('is served by folio dev; the repository own skill.md wins there and in a build', async () => {
    const root = path.join(dir, 'docs');
    const dev = await startDevServer({ root, port: 0 });
    try {
      const generated = await fetch(`${dev.url}/skill.md`);
      expect(generated.headers.get('content-type')).toContain('text/markdown');
      expect(await generated.text()).toContain('- [Deploy an app](/deploy.md): Push a container.');
      const own = '---\nname: acme\ndescription: Hand-written.\n---\n\n# Acme\n';
      await writeFile(path.join(root, 'skill.md'), own);
      expect(await (await fetch(`${dev.url}/skill.md`)).text()).toBe(own);
      const out = path.join(dir, 'own');
      const result = await buildSite({ root, outDir: out, search: false });
      expect(result.pages).toBe(2);
      expect(await readFile(path.join(out, 'skill.md'), 'utf8')).toBe(own);
    } finally {
      await dev.close();
      await rm(path.join(root, 'skill.md'), { force: true });
    }
  }, 60_000);
});
