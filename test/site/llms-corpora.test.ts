/**
 * `folio build` writes the Markdown of every page and llms.txt / llms-full.txt on real repositories:
 * every routable page has its `.md`, every indexable navigation page appears exactly once in
 * llms.txt, and llms-full.txt holds every listed page's title. Two mid-size corpora by default;
 * `FOLIO_LLMS_ALL=1` runs every corpus compat/passing.json lists as building.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { markdownFileFor } from '../../src/markdown/index.js';
import { buildSite } from '../../src/site-build/index.js';
import { loadSite } from '../../src/site/index.js';
import { passingCorpora } from '../../compat/corpora.js';
import { CORPORA } from './helpers.js';

const building = passingCorpora('testBuild');
const corpora = process.env.FOLIO_LLMS_ALL === '1' ? building : building.filter((c) => c === 'mem0' || c === 'ollama');

const count = (text: string, needle: string) => text.split(needle).length - 1;

describe.skipIf(corpora.length === 0)('Markdown and llms files on the corpora', () => {
  it.each(corpora)('%s', { timeout: 300_000 }, async (name) => {
    const root = path.join(CORPORA, name);
    const out = await mkdtemp(path.join(os.tmpdir(), `folio-llms-${name}-`));
    try {
      const result = await buildSite({ root, outDir: out, search: false });
      expect(result.ok).toBe(true);
      const { site } = await loadSite(root);
      const routes = [...site!.model.pages.values()];
      expect(routes.filter((r) => !existsSync(path.join(out, markdownFileFor(r.href)))).map((r) => r.href)).toEqual([]);
      const llms = await readFile(path.join(out, 'llms.txt'), 'utf8');
      const full = await readFile(path.join(out, 'llms-full.txt'), 'utf8');
      expect(await readFile(path.join(out, '.well-known/llms.txt'), 'utf8')).toBe(llms);
      expect(llms.startsWith(`# ${site!.config.name}\n`)).toBe(true);
      const indexable = routes.filter((r) => (r.listed || site!.config.seo?.indexing === 'all') && !(r.kind === 'page' && site!.index.pages.get(r.path)?.noindex));
      expect(indexable.length).toBeGreaterThan(20);
      const notOnce = indexable.filter((r) => count(llms, `](/${markdownFileFor(r.href)})`) !== 1).map((r) => r.href);
      expect(notOnce).toEqual([]);
      const untitled = indexable.filter((r) => !full.includes(`# ${r.title.trim()}\n`)).map((r) => r.href);
      expect(untitled).toEqual([]);
      console.log(`${name}: ${indexable.length} pages in llms.txt (${llms.length} chars), llms-full.txt ${full.length} chars`);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });
});
