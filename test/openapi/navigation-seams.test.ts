/** The provider and navigation must agree: which operation an entry names, and in what order generated endpoints come. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadDocsConfig } from '../../src/config/index.js';
import { buildPageIndex } from '../../src/content/index.js';
import { resolveSiteModel, type SidebarNode } from '../../src/navigation/index.js';
import { collectOpenApiSources, loadOpenApiSpecs } from '../../src/openapi/index.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function site(files: Record<string, unknown>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'folio-openapi-seams-'));
  dirs.push(root);
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(root, name), JSON.stringify(content, null, 2));
  return root;
}

const ok = { responses: { '200': { description: 'ok' } } };

describe('provider lookups and ordering', () => {
  it('matches `GET /pets/{id}` to the spec path `/pets/{petId}`; literal segments still count', async () => {
    const spec = {
      openapi: '3.1.0',
      info: { title: 'Pets', version: '1' },
      paths: { '/pets/{petId}': { get: { summary: 'Get pet', ...ok } }, '/pets/{petId}/toys': { get: { summary: 'Toys', ...ok } } },
    };
    const root = site({ 'openapi.json': spec });
    const { provider } = await loadOpenApiSpecs(root, ['openapi.json']);
    expect(provider.endpoint('GET /pets/{id}', ['openapi.json'])).toMatchObject({ path: '/pets/{petId}', title: 'Get pet' });
    expect(provider.endpoint('GET /pets/{id}/toys/', ['openapi.json'])).toMatchObject({ title: 'Toys' });
    expect(provider.endpoint('GET /pets/{id}/bones', ['openapi.json'])).toBeUndefined();
    expect(provider.endpoint('GET /dogs/{id}', ['openapi.json'])).toBeUndefined();
    expect(provider.diagnostics().map((d) => d.code)).toEqual(['OPENAPI_ENDPOINT_NOT_FOUND', 'OPENAPI_ENDPOINT_NOT_FOUND']);
  });

  it('prefers the operation whose parameter names match exactly', async () => {
    const spec = {
      openapi: '3.1.0',
      info: { title: 'Pets', version: '1' },
      paths: { '/pets/{petId}': { get: { summary: 'By id', ...ok } }, '/pets/{name}': { get: { summary: 'By name', ...ok } } },
    };
    const root = site({ 'openapi.json': spec });
    const { provider } = await loadOpenApiSpecs(root, ['openapi.json']);
    expect(provider.endpoint('GET /pets/{name}', ['openapi.json'])?.title).toBe('By name');
    expect(provider.endpoint('GET /pets/{petId}', ['openapi.json'])?.title).toBe('By id');
    expect(provider.endpoint('GET /pets/{other}', ['openapi.json'])?.title).toBe('By id');
  });

  it('orders generated endpoints the same in the provider and in the sidebar: display groups and the untagged ones in the order the paths first use them', async () => {
    const spec = {
      openapi: '3.1.0',
      info: { title: 'Shop', version: '1' },
      // `Beta` and `Alpha` share the display group `Catalog`; `Orders` is declared between them.
      tags: [{ name: 'Alpha', 'x-group': 'Catalog' }, { name: 'Orders' }, { name: 'Beta', 'x-group': 'Catalog' }],
      paths: {
        '/b': { get: { summary: 'Beta one', tags: ['Beta'], ...ok } },
        '/health': { get: { summary: 'Health', ...ok } },
        '/orders': { get: { summary: 'Orders', tags: ['Orders'], ...ok } },
        '/a': { get: { summary: 'Alpha one', tags: ['Alpha'], ...ok } },
        '/extra': { get: { summary: 'Extra', tags: ['Undeclared'], ...ok } },
        '/ping': { get: { summary: 'Ping', ...ok } },
      },
    };
    const root = site({ 'openapi.json': spec, 'docs.json': { name: 'Shop', colors: { primary: '#0D9373' }, navigation: { tabs: [{ tab: 'API', openapi: 'openapi.json' }] } } });
    const loaded = await loadDocsConfig(root);
    const { provider } = await loadOpenApiSpecs(root, collectOpenApiSources(loaded.config!));
    const resolved = resolveSiteModel(loaded.config!, await buildPageIndex(root), { openapi: provider });
    const flat = (nodes: readonly SidebarNode[]): string[] =>
      nodes.flatMap((n) => (n.type === 'endpoint' ? [n.title] : n.type === 'group' ? [`[${n.name}]`, ...flat(n.children)] : []));
    expect(flat(resolved.model.sections[0]!.sidebar)).toEqual(['[Catalog]', 'Beta one', 'Alpha one', 'Health', 'Ping', '[Orders]', 'Orders', '[Undeclared]', 'Extra']);
    expect(provider.endpoints('openapi.json').map((e) => e.title)).toEqual(['Beta one', 'Alpha one', 'Health', 'Ping', 'Orders', 'Extra']);
  });
});
