/**
 * MDX endpoint pages in a real build: `api:` frontmatter (hand-written endpoints) and `openapi:`
 * frontmatter get the generated pages' layout around their own content, their
 * `<RequestExample>`/`<ResponseExample>` in the examples column, the reference sections in the
 * TOC; an unreadable `api:` value is a warning at its line and the page still builds.
 */
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/site-build/index.js';

let root: string;
let result: Awaited<ReturnType<typeof buildSite>>;
const html = (href: string) => readFile(path.join(root, 'out', href, 'index.html'), 'utf8');

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'folio-api-pages-'));
  await mkdir(path.join(root, 'users'));
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({
    theme: 'mint', name: 'Acme', colors: { primary: '#0D9373' },
    api: { mdx: { server: 'https://api.acme.test', auth: { method: 'bearer' } }, examples: { languages: ['curl', 'python'] } },
    navigation: { pages: ['users/create', 'users/broken', 'users/get'] },
  }));
  await writeFile(path.join(root, 'openapi.json'), JSON.stringify({
    openapi: '3.1.0', info: { title: 'Acme', version: '1' }, servers: [{ url: 'https://api.acme.test' }],
    paths: { '/users/{id}': { get: { summary: 'Get user', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'OK' } } } } },
  }));
  await writeFile(path.join(root, 'users/create.mdx'), [
    '---', 'title: Create user', 'api: "POST /v1/users/{team}"', '---', '',
    'Creates a user in a team.', '',
    '<ParamField path="team" type="string" required>The team.</ParamField>', '',
    '<RequestExample>', '', '```bash cURL', 'curl -X POST https://api.acme.test/v1/users/core', '```', '', '</RequestExample>', '',
    '<ResponseExample>', '', '```json 201', '{ "id": "u1" }', '```', '', '</ResponseExample>', '',
    '## Notes', '', 'Emails are unique.', '',
  ].join('\n'));
  await writeFile(path.join(root, 'users/broken.mdx'), '---\ntitle: Broken\ndescription: x\napi: "/v1/users"\n---\n\nStill here.\n');
  await writeFile(path.join(root, 'users/get.mdx'), '---\ntitle: Get user\nopenapi: "GET /users/{id}"\n---\n\nLooks a user up.\n');
  result = await buildSite({ root, outDir: path.join(root, 'out'), search: false, cache: false });
}, 120_000);

afterAll(async () => {
  if (root) await rm(root, { recursive: true, force: true });
});

describe('MDX endpoint pages', () => {
  it('lays an api: page out like generated ones, its examples on the right', async () => {
    const page = await html('users/create');
    expect(page).toContain('<span class="api-method api-method-post">POST</span>');
    expect(page).toContain('/v1/users/{team}');
    expect(page).toContain('data-api-try=""');
    const main = page.slice(page.indexOf('class="api-main"'), page.indexOf('class="api-examples"'));
    const examples = page.slice(page.indexOf('class="api-examples"'));
    expect(main).toContain('Creates a user in a team.');
    expect(main).toContain('param-team');
    expect(main).not.toContain('folio-request-example');
    expect(examples).toContain('folio-request-example');
    expect(examples).toContain('folio-response-example');
    // The page's own examples replace the generated ones.
    expect(examples).not.toContain('data-api-generated');
    // TOC: the page's headings and the reference's sections.
    const toc = page.slice(page.indexOf('class="toc"'));
    expect(toc).toContain('href="#notes"');
    expect(toc).toContain('href="#api-authorization"');
  });

  it('generates samples for an openapi: page without examples and keeps its content first', async () => {
    const page = await html('users/get');
    const main = page.slice(page.indexOf('class="api-main"'), page.indexOf('class="api-examples"'));
    expect(main.indexOf('Looks a user up.')).toBeLessThan(main.indexOf('id="api-path-parameters"'));
    expect(page).toContain('data-api-generated=""');
    expect(page).toContain('data-folio-tab-key="Python"');
  });

  it('warns at the api: line when the value cannot be used, and builds the page anyway', async () => {
    const warning = result.diagnostics.find((d) => d.code === 'OPENAPI_BAD_API_FRONTMATTER');
    expect(warning).toMatchObject({ file: 'users/broken.mdx', line: 4, severity: 'warning' });
    expect(warning!.message).toContain('api: "/v1/users" is not "METHOD /path"');
    const page = await html('users/broken');
    expect(page).toContain('Still here.');
    expect(page).not.toContain('api-columns');
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
});
