/**
 * The build cache keeps compiled bodies without their Markdown (`cachedBodyOf`): a rebuild takes a
 * page's Markdown from the `.md` the previous build wrote, and a page whose `.md` must change while
 * its body does not (its `openapi:` endpoint reference changed) is compiled again. Every rebuild's
 * `.md` files and llms files must be byte-identical to those of a build without any cache.
 */
import { appendFile, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuildCache } from '../../src/site-build/build-cache.js';
import { cachedBodyOf } from '../../src/site-build/compile-pages.js';
import { buildSite } from '../../src/site-build/index.js';

let dir = '';
let root = '';
const out = () => path.join(dir, 'out');

const spec = (paramText: string) => ({
  openapi: '3.1.0',
  info: { title: 'Items', version: '1.0.0' },
  servers: [{ url: 'https://api.example.com' }],
  paths: { '/items': { get: { summary: 'List items', parameters: [{ name: 'limit', in: 'query', description: paramText, schema: { type: 'integer' } }], responses: { '200': { description: 'ok' } } } } },
});

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'folio-md-rebuild-'));
  root = path.join(dir, 'docs');
  await mkdir(root, { recursive: true });
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Items', theme: 'mint', colors: { primary: '#123456' }, openapi: 'openapi.json', navigation: { groups: [{ group: 'Start', pages: ['intro', 'list-items'] }] } }));
  await writeFile(path.join(root, 'intro.mdx'), '---\ntitle: Intro\n---\n\n<Note>Read **this** first.</Note>\n');
  await writeFile(path.join(root, 'list-items.mdx'), '---\ntitle: List items\nopenapi: GET /items\n---\n\nHand-written intro of the endpoint.\n');
  await writeFile(path.join(root, 'openapi.json'), JSON.stringify(spec('How many items to return.')));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Every `.md` and llms file of a built site, by path. */
async function markdownFilesOf(site: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  const walk = async (rel: string): Promise<void> => {
    for (const entry of await readdir(path.join(site, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (entry.name !== '.folio-cache') await walk(child);
      } else if (child.endsWith('.md') || child.includes('llms')) files[child] = await readFile(path.join(site, child), 'utf8');
    }
  };
  await walk('');
  return files;
}

async function freshBuildFiles(n: number): Promise<Record<string, string>> {
  const other = path.join(dir, `fresh-${n}`);
  const r = await buildSite({ root, outDir: other, search: false, cache: false });
  expect(r.ok).toBe(true);
  return markdownFilesOf(other);
}

describe('page Markdown across cached rebuilds', () => {
  it('is written from the fresh compile, kept when unchanged, and compiled again when only the endpoint reference changed', async () => {
    const first = await buildSite({ root, outDir: out(), search: false });
    expect(first.ok).toBe(true);
    expect(first.stats!.compiled).toBe(2);
    const built = await markdownFilesOf(out());
    expect(built['intro.md']).toContain('Read **this** first.');
    expect(built).toEqual(await freshBuildFiles(0));

    // A layout change: every page laid out again from cached bodies, no compile, no `.md` written.
    const mdTime = (await stat(path.join(out(), 'intro.md'))).mtimeMs;
    await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Items', theme: 'mint', colors: { primary: '#654321' }, openapi: 'openapi.json', navigation: { groups: [{ group: 'Start', pages: ['intro', 'list-items'] }] } }));
    const relaid = await buildSite({ root, outDir: out(), search: false });
    expect(relaid.stats).toMatchObject({ compiled: 0, rendered: 2 });
    expect((await stat(path.join(out(), 'intro.md'))).mtimeMs).toBe(mdTime);
    expect(await markdownFilesOf(out())).toEqual(built);

    // The spec changes the endpoint reference of `list-items` (its body is the same): that page
    // alone is compiled again, so its `.md` has its body and the new reference.
    await writeFile(path.join(root, 'openapi.json'), JSON.stringify(spec('The largest number of items in one answer.')));
    const rebuilt = await buildSite({ root, outDir: out(), search: false });
    expect(rebuilt.ok).toBe(true);
    expect(rebuilt.stats!.compiled).toBe(1);
    const after = await markdownFilesOf(out());
    expect(after['list-items.md']).toContain('Hand-written intro of the endpoint.');
    expect(after['list-items.md']).toContain('The largest number of items in one answer.');
    expect(after['list-items.md']).not.toContain('How many items to return.');
    expect(after['llms-full.txt']).toContain('The largest number of items in one answer.');
    expect(after).toEqual(await freshBuildFiles(1));
  }, 60_000);

  it('refuses to write a page\'s Markdown through a link planted at its `.md`', async () => {
    const outside = path.join(dir, 'outside.txt');
    await writeFile(outside, 'not the build\'s');
    await rm(path.join(out(), 'intro.md'));
    await symlink(outside, path.join(out(), 'intro.md'));
    await appendFile(path.join(root, 'intro.mdx'), '\nAn edit of intro.\n');
    const r = await buildSite({ root, outDir: out(), search: false });
    expect(r.ok).toBe(false);
    expect(r.diagnostics.filter((d) => d.code === 'BUILD_PATH_OUTSIDE_ROOT').map((d) => d.file)).toEqual(['intro.mdx']);
    expect(await readFile(outside, 'utf8')).toBe('not the build\'s');
  });

  it('caches bodies without their Markdown', async () => {
    const body = { html: '<p>x</p>', headings: [], diagnostics: [], features: [], renderer: 'fast' as const, markdown: 'x' };
    expect(cachedBodyOf(body)).toEqual({ html: '<p>x</p>', headings: [], diagnostics: [], features: [], renderer: 'fast' });
    const cacheDir = path.join(dir, 'cache-only');
    const cache = await BuildCache.open(cacheDir, true);
    await cache.putBody('ab', cachedBodyOf(body));
    await cache.save({}, [], new Set(['ab']));
    expect((await (await BuildCache.open(cacheDir, true)).getBody('ab'))?.markdown).toBeUndefined();
  });
});
