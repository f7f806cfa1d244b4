/**
 * Links found in OpenAPI descriptions are located where they are written: the spec file's line and
 * column (YAML and JSON), not docs.json:1:1; for a spec given by URL, the docs.json line naming it.
 * The same holds for the reference an MDX page's `openapi:` frontmatter appends, and a problem found
 * on two pages drawing one operation is reported once.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageRoute } from '../../src/navigation/index.js';
import { formatDiagnostic } from '../../src/shared/index.js';
import { buildSite } from '../../src/site-build/index.js';
import { locate } from '../../src/site-build/link-checks.js';
import { loadSite, type Site } from '../../src/site/index.js';

const YAML_SPEC = `openapi: 3.1.0
info:
  title: Pets
  version: '1'
paths:
  /pets:
    get:
      summary: List pets
      description: |
        Lists pets. See [the guide](/guide) and [the old page](/old-pets).
      responses:
        '200':
          description: The pets
  /owners:
    get:
      summary: List owners
      description: Also mentions [the old page](/old-pets).
      responses:
        '200':
          description: OK
`;

// Named only by a page's `openapi:` frontmatter, not by docs.json.
const EXTRA_SPEC = `openapi: 3.1.0
info:
  title: Things
  version: '1'
paths:
  /things:
    get:
      summary: List things
      description: The page's own text stands in for this one.
      parameters:
        - name: shelf
          in: query
          description: A shelf of [the shed](/shed).
          schema:
            type: string
      responses:
        '200':
          description: OK
`;

const JSON_SPEC = JSON.stringify(
  {
    openapi: '3.1.0',
    info: { title: 'Stores', version: '1' },
    paths: { '/stores': { get: { summary: 'List stores', description: 'Read [the store docs](/stores-missing).', responses: { '200': { description: 'OK' } } } } },
  },
  null,
  2,
);

describe('links in OpenAPI descriptions', () => {
  let dir: string;
  let root: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'folio-openapi-links-'));
    root = path.join(dir, 'docs');
    await mkdir(root, { recursive: true });
    await writeFile(
      path.join(root, 'docs.json'),
      JSON.stringify({ name: 'Api', theme: 'mint', colors: { primary: '#0a7' }, navigation: { groups: [{ group: 'Start', pages: ['guide', 'things', 'things-again'] }, { group: 'Pets', openapi: 'pets.yaml' }, { group: 'Stores', openapi: 'stores.json' }] } }, null, 2),
    );
    await writeFile(path.join(root, 'extra.yaml'), EXTRA_SPEC);
    await writeFile(path.join(root, 'things.mdx'), '---\ntitle: Things\nopenapi: extra.yaml GET /things\n---\n\nAbout things.\n');
    // The same operation drawn on a second page: its problems are the same ones, reported once.
    await writeFile(path.join(root, 'things-again.mdx'), '---\ntitle: Things again\nopenapi: extra.yaml GET /things\n---\n\nMore about things.\n');
    await writeFile(path.join(root, 'guide.mdx'), '---\ntitle: Guide\n---\n\nHello.\n');
    await writeFile(path.join(root, 'pets.yaml'), YAML_SPEC);
    await writeFile(path.join(root, 'stores.json'), JSON_SPEC);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reports each at its spec file, line and column', async () => {
    const result = await buildSite({ root, outDir: path.join(dir, 'out'), search: false, threads: 1 });
    const links = result.diagnostics.filter((d) => d.code === 'BUILD_LINK_BROKEN').map(formatDiagnostic).sort();
    expect(links).toEqual([
      // Appended by things.mdx's `openapi:` frontmatter (a parameter's description) and by
      // things-again.mdx's: located in the spec it names, reported once.
      'extra.yaml:13:46 warning Link `/shed` leads to no page, redirect or file of this site; fix the path.',
      'pets.yaml:10:64 warning Link `/old-pets` leads to no page, redirect or file of this site; fix the path.',
      // The same link in a later operation is found from that operation on, not at its first occurrence.
      'pets.yaml:17:49 warning Link `/old-pets` leads to no page, redirect or file of this site; fix the path.',
      'stores.json:11:47 warning Link `/stores-missing` leads to no page, redirect or file of this site; fix the path.',
    ]);
    expect(result.diagnostics.some((d) => d.file === 'docs.json' && d.line === 1 && d.code === 'BUILD_LINK_BROKEN')).toBe(false);
  }, 60_000);

  it('reports a link of a spec given by URL at the docs.json line that names it', async () => {
    const url = 'https://specs.example.com/pets.yaml';
    const remoteRoot = path.join(dir, 'remote');
    await mkdir(remoteRoot, { recursive: true });
    await writeFile(path.join(remoteRoot, 'docs.json'), JSON.stringify({ name: 'Api', theme: 'mint', colors: { primary: '#0a7' }, navigation: { groups: [{ group: 'Start', pages: ['guide'] }, { group: 'Pets', openapi: url }] } }, null, 2));
    await writeFile(path.join(remoteRoot, 'guide.mdx'), '---\ntitle: Guide\n---\n\nHello.\n');
    // The config and its positions as loaded; the downloaded spec stands in for the network.
    const { site } = await loadSite(remoteRoot, { openapi: false });
    const local = (await loadSite(root)).site!;
    const spec = { ...local.openapi!.specs.specs().find((s) => s.id === 'pets.yaml')!, id: url };
    const withRemote = { ...site!, openapi: { ...local.openapi!, specs: { ...local.openapi!.specs, sourceOf: () => ({ spec, pointer: ['paths', '/pets', 'get'], source: url }) } } } as Site;
    const route = { href: '/pets/list-pets', path: 'pets/list-pets', kind: 'endpoint', file: null } as unknown as PageRoute;
    const docsJson = (await readFile(path.join(remoteRoot, 'docs.json'), 'utf8')).split('\n');
    const line = docsJson.findIndex((l) => l.includes(url)) + 1;
    expect(locate(withRemote, route, '/old-pets')).toMatchObject({ file: 'docs.json', line });
  });
});
