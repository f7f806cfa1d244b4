/**
 * `x-mint: content` of an OpenAPI operation is the generated endpoint page's MDX body: components
 * render as components in the HTML (not as text or stray tags), and the page's `.md` has the
 * content's Markdown, from the same compiled tree, before the endpoint reference.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, type BuildResult } from '../../src/site-build/index.js';

const spec = {
  openapi: '3.1.0',
  info: { title: 'Users', version: '1.0.0' },
  servers: [{ url: 'https://api.example.com' }],
  paths: {
    '/users': {
      post: {
        summary: 'Create user',
        'x-mint': {
          content: '## Prerequisites\n\nThis endpoint needs **admin** rights and a [token](/index).\n\n<Note>User emails must be unique across the system.</Note>\n\n<Steps>\n<Step title="Ask">Send the request.</Step>\n<Step title="Check">Read the id.</Step>\n</Steps>',
        },
        responses: { '201': { description: 'Created' } },
      },
      get: { summary: 'List users', responses: { '200': { description: 'ok' } } },
    },
  },
};

describe('x-mint content of a generated endpoint page', () => {
  let dir: string;
  let out: string;
  let result: BuildResult;
  const read = (file: string) => readFile(path.join(out, file), 'utf8');

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'folio-xmint-'));
    const root = path.join(dir, 'docs');
    out = path.join(dir, 'out');
    await mkdir(root);
    await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Users API', theme: 'mint', colors: { primary: '#0a7' }, navigation: { groups: [{ group: 'Start', pages: ['index'] }, { group: 'API', openapi: 'openapi.json' }] } }));
    await writeFile(path.join(root, 'index.mdx'), '---\ntitle: Home\n---\n\nWelcome.\n');
    await writeFile(path.join(root, 'openapi.json'), JSON.stringify(spec));
    result = await buildSite({ root, outDir: out, search: false });
  }, 120_000);

  afterAll(() => (process.env.KEEP ? undefined : rm(dir, { recursive: true, force: true })));

  it('builds', () => {
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(result.ok).toBe(true);
  });

  it('draws the content as MDX in the endpoint layout, before the reference', async () => {
    const html = await read('api-reference/create-user/index.html');
    expect(html).toContain('<article class="api-page">');
    const body = html.slice(html.indexOf('<div class="api-mdx-body">'));
    expect(body).toMatch(/^<div class="api-mdx-body"><h2[^>]*id="prerequisites"/);
    expect(body).toMatch(/<strong>admin<\/strong>/);
    expect(body).toMatch(/class="folio-callout folio-callout-note"[\s\S]*User emails must be unique/);
    expect(html).not.toMatch(/&lt;Note|<Note|&lt;Step/);
    // Content first, then the reference's own sections.
    expect(body.indexOf('User emails')).toBeLessThan(body.indexOf('id="api-responses"'));
  });

  it('writes the content as Markdown in the page\'s .md, then the reference', async () => {
    const md = await read('api-reference/create-user.md');
    expect(md).toMatch(/^# Create user\n/);
    expect(md).toContain('## Prerequisites\n\nThis endpoint needs **admin** rights and a [token](/index).');
    expect(md).toContain('> **Note**\n>\n> User emails must be unique across the system.');
    expect(md).toContain('1. **Ask**: Send the request.\n2. **Check**: Read the id.');
    expect(md).not.toMatch(/<Note|<Step/);
    expect(md.indexOf('User emails')).toBeLessThan(md.indexOf('```http\nPOST /users\n```'));
    expect(await read('llms-full.txt')).toContain('> User emails must be unique across the system.');
  });

  it('leaves an operation without content as it was', async () => {
    const md = await read('api-reference/list-users.md');
    expect(md).toContain('```http\nGET /users\n```');
    expect(md).not.toContain('Prerequisites');
    expect(await read('api-reference/list-users/index.html')).not.toContain('api-mdx-body');
  });
});
