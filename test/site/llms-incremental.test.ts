/**
 * The llms files of a rebuild are made incrementally (unchanged groups kept from the previous
 * output, unchanged files not written): after each kind of change they must be exactly what a
 * build without any cache writes, and files whose contents did not change keep their mtime.
 */
import { appendFile, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/site-build/index.js';

let dir = '';
let root = '';
const out = () => path.join(dir, 'out');
let fresh = 0;

const groups = ['Start', 'Guides', 'Reference'];
function config(pages: Record<string, string[]>) {
  return { name: 'Acme', description: 'Docs for Acme.', theme: 'mint', colors: { primary: '#123456' }, navigation: { groups: Object.entries(pages).map(([group, list]) => ({ group, pages: list })) } };
}
const nav: Record<string, string[]> = { Start: ['a1', 'a2'], Guides: ['b1', 'b2', 'b3'], Reference: ['c1', 'c2'] };

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'folio-llms-inc-'));
  root = path.join(dir, 'docs');
  await mkdir(root, { recursive: true });
  await writeFile(path.join(root, 'docs.json'), JSON.stringify(config(nav)));
  for (const [i, group] of groups.entries()) {
    for (const page of nav[group]!) await writeFile(path.join(root, `${page}.mdx`), `---\ntitle: Page ${page}\ndescription: About ${page} (${i}).\n---\n\nText of ${page}: ${'ünïcode words '.repeat(20)}\n`);
  }
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const LLMS = ['llms.txt', 'llms-full.txt', '.well-known/llms.txt', '.well-known/llms-full.txt', 'docs-index.json'];
async function llmsFilesOf(site: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const f of LLMS) files[f] = await readFile(path.join(site, f), 'utf8');
  const parts = await readdir(path.join(site, 'llms-full')).catch(() => [] as string[]);
  for (const p of parts.sort()) files[`llms-full/${p}`] = await readFile(path.join(site, 'llms-full', p), 'utf8');
  return files;
}

/**
 * Rebuild incrementally, build the same docs afresh without a cache, and compare their llms files;
 * with `same`, compare with those files instead (the llms files must not have changed).
 */
async function rebuildAndCompare(maxBytes: number, same?: Record<string, string>): Promise<Record<string, string>> {
  const r = await buildSite({ root, outDir: out(), search: false, llmsFullMaxBytes: maxBytes });
  expect(r.ok).toBe(true);
  if (same) {
    const files = await llmsFilesOf(out());
    expect(files).toEqual(same);
    return files;
  }
  const other = path.join(dir, `fresh-${fresh++}`);
  await buildSite({ root, outDir: other, search: false, cache: false, llmsFullMaxBytes: maxBytes });
  const incremental = await llmsFilesOf(out());
  expect(incremental).toEqual(await llmsFilesOf(other));
  return incremental;
}

const mtime = async (rel: string) => (await stat(path.join(out(), rel))).mtimeMs;

describe('incremental llms files', () => {
  it('match a build without cache after edits, splits, merges and removals, and leave unchanged files alone', async () => {
    const big = 1_000_000;
    const first = await rebuildAndCompare(big);
    expect(first['llms-full.txt']).toContain('Text of b2');
    expect(Object.keys(first).some((f) => f.startsWith('llms-full/'))).toBe(false);

    // A body edit: llms-full changes, llms.txt and docs-index.json are not written again.
    const indexTime = await mtime('llms.txt');
    const docsIndexTime = await mtime('docs-index.json');
    await appendFile(path.join(root, 'b2.mdx'), '\nAn edit of b2.\n');
    const edited = await rebuildAndCompare(big);
    expect(edited['llms-full.txt']).toContain('An edit of b2.');
    expect(edited['.well-known/llms-full.txt']).toBe(edited['llms-full.txt']);
    expect(await mtime('llms.txt')).toBe(indexTime);
    expect(await mtime('docs-index.json')).toBe(docsIndexTime);

    // Nothing changed: nothing of the llms files is written.
    const fullTime = await mtime('llms-full.txt');
    await rebuildAndCompare(big, edited);
    expect(await mtime('llms-full.txt')).toBe(fullTime);

    // A change of layout only (the theme's color) lays every page out again: the HTML is written, the
    // pages' Markdown and the llms files are not.
    const [mdTime, htmlTime] = [await mtime('a1.md'), await mtime('a1/index.html')];
    await writeFile(path.join(root, 'docs.json'), JSON.stringify({ ...config(nav), colors: { primary: '#654321' } }));
    await rebuildAndCompare(big, edited);
    expect(await mtime('a1/index.html')).not.toBe(htmlTime);
    expect(await mtime('a1.md')).toBe(mdTime);
    expect(await mtime('llms-full.txt')).toBe(fullTime);

    // Split per group: an edit rewrites only its group's part.
    const split = await rebuildAndCompare(600);
    expect(Object.keys(split).filter((f) => f.startsWith('llms-full/'))).toEqual(['llms-full/guides.txt', 'llms-full/reference.txt', 'llms-full/start.txt']);
    const startTime = await mtime('llms-full/start.txt');
    const guidesTime = await mtime('llms-full/guides.txt');
    await appendFile(path.join(root, 'c1.mdx'), '\nAn edit of c1.\n');
    const splitEdited = await rebuildAndCompare(600);
    expect(splitEdited['llms-full/reference.txt']).toContain('An edit of c1.');
    expect(await mtime('llms-full/start.txt')).toBe(startTime);
    expect(await mtime('llms-full/guides.txt')).toBe(guidesTime);

    // Nothing changed since a split: it stays split, its parts untouched (a rebuild with no group to make
    // used to write the whole text as one file, and the next edit read it all back to split it again).
    const referenceTime = await mtime('llms-full/reference.txt');
    await rebuildAndCompare(600, splitEdited);
    expect(await mtime('llms-full/reference.txt')).toBe(referenceTime);

    // A group and a page removed, another page edited: their part and Markdown go away.
    await writeFile(path.join(root, 'docs.json'), JSON.stringify(config({ Reference: ['c1', 'c2'], Guides: ['b1', 'b3'] })));
    await appendFile(path.join(root, 'b3.mdx'), '\nAn edit of b3.\n');
    for (const page of ['a1', 'a2', 'b2']) await rm(path.join(root, `${page}.mdx`));
    const removed = await rebuildAndCompare(600);
    expect(Object.keys(removed).filter((f) => f.startsWith('llms-full/'))).toEqual(['llms-full/guides.txt', 'llms-full/reference.txt']);
    await expect(stat(path.join(out(), 'b2.md'))).rejects.toThrow();
    await expect(stat(path.join(out(), 'a1.md'))).rejects.toThrow();

    // Back under the limit: one file again, groups in their new order, taken from the parts.
    const merged = await rebuildAndCompare(big);
    expect(Object.keys(merged).some((f) => f.startsWith('llms-full/'))).toBe(false);
    expect(merged['llms-full.txt'].indexOf('Text of c1')).toBeLessThan(merged['llms-full.txt'].indexOf('Text of b3'));
    await expect(stat(path.join(out(), 'llms-full/guides.txt'))).rejects.toThrow();

    // The previous full text changed behind the build's back: it is made again, not sliced.
    await writeFile(path.join(out(), 'llms-full.txt'), 'tampered');
    await appendFile(path.join(root, 'c2.mdx'), '\nAn edit of c2.\n');
    const repaired = await rebuildAndCompare(big);
    expect(repaired['llms-full.txt']).toContain('Text of b1');
  }, 60_000);
});
