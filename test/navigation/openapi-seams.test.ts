/** Where navigation meets the OpenAPI provider: positions, sidebar titles and switcher targets of endpoint-only sections. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { navigationToJson, type SidebarEndpoint, type SidebarNode } from '../../src/navigation/index.js';
import { loadFixture } from './harness.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A throwaway docs root with these files (objects are written as JSON). */
function site(files: Record<string, unknown>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'folio-nav-seams-'));
  dirs.push(root);
  for (const [name, content] of Object.entries(files)) {
    writeFileSync(path.join(root, name), typeof content === 'string' ? content : JSON.stringify(content, null, 2));
  }
  return root;
}

const config = (navigation: unknown) => ({ name: 'Seams', colors: { primary: '#0D9373' }, navigation });

const spec = {
  openapi: '3.1.0',
  info: { title: 'Pets', version: '1' },
  tags: [{ name: 'pets' }],
  paths: {
    '/pets': {
      get: { summary: 'List every pet in the store', tags: ['pets'], 'x-mint': { metadata: { sidebarTitle: 'List' } }, responses: { '200': { description: 'ok' } } },
    },
    '/pets/{petId}': {
      get: { summary: 'Get pet', tags: ['pets'], 'x-service': { sidebarTitle: 'One pet' }, responses: { '200': { description: 'ok' } } },
    },
    '/secret': { get: { summary: 'Secret', 'x-hidden': true, responses: { '200': { description: 'ok' } } } },
  },
};

/** 1-based line and column of the first occurrence of `needle` in `text`. */
function positionOf(text: string, needle: string): { line: number; column: number } {
  const at = text.indexOf(needle);
  const before = text.slice(0, at).split('\n');
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

function endpoints(nodes: readonly SidebarNode[]): SidebarEndpoint[] {
  return nodes.flatMap((n) => (n.type === 'endpoint' ? [n] : n.type === 'group' ? endpoints(n.children) : []));
}

describe('navigation and the OpenAPI provider', () => {
  it('points endpoint diagnostics of the provider at the entry in docs.json, not at docs.json:1:1', async () => {
    const docs = config({ tabs: [{ tab: 'API', openapi: 'openapi.json', pages: ['index', 'GET /missing', 'GET /secret'] }] });
    const root = site({ 'docs.json': docs, 'openapi.json': spec, 'index.mdx': '---\ntitle: Home\n---\n' });
    const { diagnostics } = await loadFixture(root);
    const text = JSON.stringify(docs, null, 2);
    const missing = diagnostics.find((d) => d.code === 'OPENAPI_ENDPOINT_NOT_FOUND');
    const hidden = diagnostics.find((d) => d.code === 'OPENAPI_HIDDEN_LISTED');
    expect(missing).toMatchObject({ file: 'docs.json', ...positionOf(text, '"GET /missing"'), path: 'navigation.tabs[0].pages[1]' });
    expect(hidden).toMatchObject({ file: 'docs.json', ...positionOf(text, '"GET /secret"'), path: 'navigation.tabs[0].pages[2]' });
  });

  it('carries x-mint / x-service sidebarTitle to sidebar nodes, routes and nav --json', async () => {
    const docs = config({
      tabs: [
        { tab: 'Listed', openapi: 'openapi.json', pages: ['GET /pets'] },
        { tab: 'All', openapi: { source: 'openapi.json', directory: 'all' } },
      ],
    });
    const root = site({ 'docs.json': docs, 'openapi.json': spec });
    const { model, config: loaded, index, provider } = await loadFixture(root);
    const [listed, all] = model.sections;
    expect(endpoints(listed!.sidebar).map((e) => [e.title, e.sidebarTitle])).toEqual([['List every pet in the store', 'List']]);
    expect(endpoints(all!.sidebar).map((e) => [e.href, e.sidebarTitle])).toEqual([
      ['/all/pets/list-every-pet-in-the-store', 'List'],
      ['/all/pets/get-pet', 'One pet'],
    ]);
    const route = model.pages.get('/all/pets/list-every-pet-in-the-store')!;
    expect(route.sidebarTitle).toBe('List');
    // prev/next label the neighbour as the sidebar does.
    expect(route.next).toEqual({ href: '/all/pets/get-pet', title: 'One pet' });
    const json = navigationToJson(loaded.navigation, index, provider) as { tabs: Array<{ pages?: unknown[] }> };
    expect(json.tabs[0]!.pages).toEqual([{ endpoint: 'GET /pets', href: '/api-reference/pets/list-every-pet-in-the-store', title: 'List every pet in the store', sidebarTitle: 'List' }]);
  });

  it('gives a page-less section the first href it has, or leaves it out of the switcher with a warning naming it', async () => {
    const docs = config({
      tabs: [
        { tab: 'Home', pages: ['index'] },
        { tab: 'Placeholder', pages: ['GET /nowhere'] },
        { tab: 'Links', pages: ['GET /nowhere', 'https://status.example.com'] },
      ],
    });
    const root = site({ 'docs.json': docs, 'index.mdx': '---\ntitle: Home\n---\n' });
    const { model, diagnostics } = await loadFixture(root, { openapi: false });
    const home = model.sections[0]!;
    expect(home.switchers.tabs.map((t) => [t.label, t.href, t.external])).toEqual([
      ['Home', '/index', false],
      ['Links', 'https://status.example.com', true],
    ]);
    for (const section of model.sections) for (const tab of section.switchers.tabs) expect(tab.href).not.toBe('/');
    const warning = diagnostics.filter((d) => d.code === 'NAVIGATION_SWITCHER_NO_TARGET');
    expect(warning).toHaveLength(1);
    expect(warning[0]).toMatchObject({ severity: 'warning', path: 'navigation.tabs[1]', ...positionOf(JSON.stringify(docs, null, 2), '{\n        "tab": "Placeholder"') });
    expect(warning[0]!.message).toContain('tab `Placeholder`');
  });
});
