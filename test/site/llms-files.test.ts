/**
 * Which pages llms.txt lists and how the files are written: `noindex` never, hidden pages only with
 * `seo.indexing: "all"`, a repository's own file replaces the generated one, and past the size
 * limit llms-full.txt splits per section without dropping a page.
 */
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildSite } from '../../src/site-build/index.js';

let dir = '';
afterEach(() => rm(dir, { recursive: true, force: true }));

async function site(config: object, pages: Record<string, string>, extra: Record<string, string> = {}) {
  dir = await mkdtemp(path.join(os.tmpdir(), 'folio-llms-'));
  const root = path.join(dir, 'docs');
  for (const [file, text] of Object.entries({ 'docs.json': JSON.stringify(config), ...pages, ...extra })) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  return { root, out: path.join(dir, 'out') };
}

const pages = {
  'intro.mdx': '---\ntitle: Intro\ndescription: Start here.\n---\n\n<Note>Hello</Note>\n',
  'guide.mdx': '---\ntitle: Guide\n---\n\nSteps.\n',
  'secret.mdx': '---\ntitle: Secret\nnoindex: true\n---\n\nNot for indexes.\n',
  'hidden.mdx': '---\ntitle: Hidden page\n---\n\nOff the sidebar.\n',
  'api/one.mdx': '---\ntitle: One\n---\n\nFirst endpoint.\n',
};
const navigation = {
  tabs: [
    { tab: 'Docs', groups: [{ group: 'Start', pages: ['intro', 'guide', 'secret'] }] },
    { tab: 'API', groups: [{ group: 'Endpoints', pages: ['api/one'] }] },
  ],
};
const config = { name: 'Acme', description: 'Docs for Acme.', theme: 'mint', colors: { primary: '#123456' }, navigation };

describe('llms.txt and llms-full.txt', () => {
  it('lists indexable pages by section with descriptions, never noindex or hidden pages', async () => {
    const { root, out } = await site(config, pages);
    const result = await buildSite({ root, outDir: out, search: false });
    expect(result.ok).toBe(true);
    // The bench reads what the llms files took (bench/build.ts "llms files").
    expect(result.stats!.llms).toEqual({ ms: expect.any(Number), cpuMs: expect.any(Number) });
    const llms = await readFile(path.join(out, 'llms.txt'), 'utf8');
    expect(llms).toBe('# Acme\n\n> Docs for Acme.\n\n## Docs › Start\n\n- [Intro](/intro.md): Start here.\n- [Guide](/guide.md)\n\n## API › Endpoints\n\n- [One](/api/one.md)\n');
    const full = await readFile(path.join(out, 'llms-full.txt'), 'utf8');
    expect(full).toContain('# Intro\n\n> Start here.\n\n> **Note**\n>\n> Hello\n');
    expect(full).not.toContain('Secret');
    expect(await readFile(path.join(out, 'secret.md'), 'utf8')).toContain('Not for indexes.');
    expect(await readFile(path.join(out, '.well-known/llms-full.txt'), 'utf8')).toBe(full);
  });

  it('includes hidden pages with seo.indexing "all", still not noindex ones', async () => {
    const { root, out } = await site({ ...config, seo: { indexing: 'all' } }, pages);
    await buildSite({ root, outDir: out, search: false });
    const llms = await readFile(path.join(out, 'llms.txt'), 'utf8');
    expect(llms).toContain('## Other pages\n\n- [Hidden page](/hidden.md)\n');
    expect(llms).not.toContain('secret');
  });

  it('splits llms-full.txt per section past the size limit and links the parts', async () => {
    const { root, out } = await site(config, pages);
    await buildSite({ root, outDir: out, search: false, llmsFullMaxBytes: 100 });
    const llms = await readFile(path.join(out, 'llms.txt'), 'utf8');
    expect(llms).toContain('## Full text\n\n- [Docs › Start](/llms-full/docs-start.txt)\n- [API › Endpoints](/llms-full/api-endpoints.txt)\n');
    expect(await readFile(path.join(out, 'llms-full/docs-start.txt'), 'utf8')).toContain('# Guide');
    expect(await readFile(path.join(out, 'llms-full/api-endpoints.txt'), 'utf8')).toContain('First endpoint.');
    expect(await readFile(path.join(out, 'llms-full.txt'), 'utf8')).toContain('/llms-full/api-endpoints.txt');
  });

  it('does not read its own Markdown output as pages when the output folder is inside the docs root', async () => {
    const { root } = await site(config, pages);
    const out = path.join(root, 'site');
    const first = await buildSite({ root, outDir: out, search: false });
    const second = await buildSite({ root, outDir: out, search: false });
    expect(second.pages).toBe(first.pages);
    expect(second.stats?.compiled).toBe(0);
  });

  it("uses the repository's own llms.txt instead of the generated one", async () => {
    const { root, out } = await site(config, pages, { 'llms.txt': '# Acme\n\nHand-written.\n' });
    await buildSite({ root, outDir: out, search: false });
    expect(await readFile(path.join(out, 'llms.txt'), 'utf8')).toBe('# Acme\n\nHand-written.\n');
    expect(await readFile(path.join(out, '.well-known/llms.txt'), 'utf8')).toBe('# Acme\n\nHand-written.\n');
    expect(await readFile(path.join(out, 'llms-full.txt'), 'utf8')).toContain('# Intro');
  });
});
