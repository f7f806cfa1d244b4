/**
 * `folio build --watch`'s short way (`rebuildEditedPages`): a body-only edit rewrites that page's
 * HTML and Markdown, the llms full text and the search delta, nothing else, and the output is then
 * what a build from scratch writes; an edit navigation reads (a title) takes the whole build, and
 * every page's sidebar and the neighbours' prev/next links show the new title, while the OpenAPI
 * specs are read again only when a spec file changed.
 */
import { createHash } from 'node:crypto';
import { appendFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite, rebuildEditedPages, WatchBuild, type BuildState } from '../../src/site-build/index.js';

let dir = '';
let root = '';
let out = '';
const nav = { Start: ['a1', 'a2'], Guides: ['b1', 'b2', 'b3'], Reference: ['c1', 'c2'] };

const spec = (summary: string) => ({ openapi: '3.1.0', info: { title: 'Pets', version: '1.0.0' }, paths: { '/pets': { get: { summary, responses: { '200': { description: 'ok' } } } } } });
const page = (name: string, title = `Page ${name}`) =>
  `---\ntitle: ${title}\ndescription: About ${name}.\n---\n\n## Overview of ${name}\n\nText of ${name}, see [the next guide](/b3).\n\n\`\`\`ts\nconst ${name} = 1;\n\`\`\`\n`;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'folio-watch-inc-'));
  root = path.join(dir, 'docs');
  out = path.join(dir, 'out');
  await mkdir(root, { recursive: true });
  await writeFile(path.join(root, 'docs.json'), JSON.stringify({ name: 'Acme', theme: 'mint', colors: { primary: '#123456' }, navigation: { groups: [...Object.entries(nav).map(([group, pages]) => ({ group, pages })), { group: 'API', openapi: 'openapi.json' }] } }));
  await writeFile(path.join(root, 'openapi.json'), JSON.stringify(spec('List pets')));
  for (const name of Object.values(nav).flat()) await writeFile(path.join(root, `${name}.mdx`), page(name));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Every file of a built site but the cache and the search index: path → sha1 of its bytes. */
async function files(site: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const walk = async (rel: string): Promise<void> => {
    for (const e of await readdir(path.join(site, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (child !== '.folio-cache' && !child.startsWith('pagefind')) await walk(child);
      } else found.set(child, createHash('sha1').update(await readFile(path.join(site, child))).digest('hex'));
    }
  };
  await walk('');
  return found;
}

const changedBetween = (a: Map<string, string>, b: Map<string, string>) => [...new Set([...a.keys(), ...b.keys()])].filter((f) => a.get(f) !== b.get(f)).sort();

/** A build of the current sources with no cache, into a fresh folder. */
async function coldFiles(name: string): Promise<Map<string, string>> {
  const target = path.join(dir, name);
  const result = await buildSite({ root, outDir: target, cache: false, search: false });
  expect(result.ok).toBe(true);
  return files(target);
}

describe('incremental rebuilds under --watch', () => {
  let state: BuildState | undefined;

  it('rebuilds a body-only edit alone, and the output equals a build from scratch', async () => {
    const first = await buildSite({ root, outDir: out, search: true, keepState: (s) => (state = s) });
    expect(first.ok).toBe(true);
    const before = await files(out);
    await appendFile(path.join(root, 'b2.mdx'), '\nA sentence added under watch.\n');

    const result = await rebuildEditedPages(state!, ['b2.mdx']);
    expect(result).not.toBeNull();
    expect(result!.ok).toBe(true);
    expect(result!.stats).toMatchObject({ compiled: 1, rendered: 1, skipped: 7, searchMode: 'delta' });
    const after = await files(out);
    // That page's HTML and Markdown, and the llms full text that carries it (linked under .well-known): nothing else.
    expect(changedBetween(before, after)).toEqual(['.well-known/llms-full.txt', 'b2.md', 'b2/index.html', 'llms-full.txt']);
    expect(await readFile(path.join(out, 'b2/index.html'), 'utf8')).toContain('A sentence added under watch.');
    // The search index gets that page's entries only (a delta, the main index marks it stale).
    expect(JSON.parse(await readFile(path.join(out, 'pagefind', 'folio-search.json'), 'utf8'))).toMatchObject({ delta: 'pagefind-delta/', stale: ['/b2'] });
    expect(changedBetween(after, await coldFiles('cold-1'))).toEqual([]);
  }, 60_000);

  it('takes the whole build for a title edit, and other pages show the new title', async () => {
    await writeFile(path.join(root, 'b1.mdx'), page('b1', 'Renamed guide'));
    // Navigation reads the title: the short way refuses the edit.
    expect(await rebuildEditedPages(state!, ['b1.mdx'])).toBeNull();
    const watch = new WatchBuild({ root, outDir: out, search: false });
    expect((await watch.build()).ok).toBe(true);
    // The warm-up after a whole build (one compile per code language, the edit path's first run) writes nothing.
    const built = await files(out);
    await watch.warmed;
    expect(changedBetween(built, await files(out))).toEqual([]);
    // Sidebar of every page, and b2's previous-page link.
    for (const other of ['a1', 'c2', 'b2']) expect(await readFile(path.join(out, `${other}/index.html`), 'utf8')).toContain('Renamed guide');
    expect(changedBetween(await files(out), await coldFiles('cold-2'))).toEqual([]);

    // Then a body edit through the same watcher takes the short way again.
    await appendFile(path.join(root, 'c1.mdx'), '\nSecond watched sentence.\n');
    const edited = await watch.build(['c1.mdx']);
    expect(edited.stats).toMatchObject({ compiled: 1, rendered: 1 });
    expect(await readFile(path.join(out, 'c1/index.html'), 'utf8')).toContain('Second watched sentence.');
    expect(changedBetween(await files(out), await coldFiles('cold-3'))).toEqual([]);
  }, 60_000);

  it('reads the specs again only when a spec file is among the changes', async () => {
    const watch = new WatchBuild({ root, outDir: out, search: false });
    await watch.build();
    expect(await readFile(path.join(out, 'a1/index.html'), 'utf8')).toContain('List pets');
    // The spec changes on disk but the watcher reports a title edit only: navigation is resolved
    // again (the new title shows) with the specs read before.
    await writeFile(path.join(root, 'openapi.json'), JSON.stringify(spec('Browse the pets')));
    await writeFile(path.join(root, 'b3.mdx'), page('b3', 'Third guide renamed'));
    expect((await watch.build(['b3.mdx'])).ok).toBe(true);
    const a1 = await readFile(path.join(out, 'a1/index.html'), 'utf8');
    expect(a1).toContain('Third guide renamed');
    expect(a1).toContain('List pets');
    expect(a1).not.toContain('Browse the pets');
    // Reported, the spec is read again.
    expect((await watch.build(['openapi.json'])).ok).toBe(true);
    expect(await readFile(path.join(out, 'a1/index.html'), 'utf8')).toContain('Browse the pets');
  }, 60_000);
});
