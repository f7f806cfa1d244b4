// Times page discovery (`buildPageIndex`) and navigation resolution (`resolveSiteModel`) on every
// corpus, then resolution of a synthetic 20-tab site with 6,000 pages built in memory.
// Run: npm run bench:navigation   (FOLIO_CORPORA overrides the corpora folder)
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadDocsConfig, type DocsConfig } from '../src/config/index.js';
import { buildPageIndex, pageFromText, type Page, type PageIndex } from '../src/content/index.js';
import { resolveSiteModel } from '../src/navigation/index.js';
import { CORPORA_DIR as corpora } from '../compat/corpora.js';


async function median(runs: number, fn: () => unknown): Promise<number> {
  await fn(); // warm-up: module init and JIT
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  return samples.sort((a, b) => a - b)[runs >> 1]!;
}

for (const name of fs.readdirSync(corpora).sort()) {
  const root = path.join(corpora, name);
  const loaded = await loadDocsConfig(root);
  if (!loaded.config) continue;
  const config = loaded.config;
  const index = await buildPageIndex(root);
  const indexMs = await median(5, () => buildPageIndex(root));
  const resolveMs = await median(20, () => resolveSiteModel(config, index));
  const { model } = resolveSiteModel(config, index);
  const listed = [...model.pages.values()].filter((r) => r.listed).length;
  console.log(
    `${name}: ${index.pages.size} pages (${listed} listed, ${model.hidden.length} hidden, ${model.sections.length} sections); ` +
      `index ${indexMs.toFixed(0)} ms, resolve ${resolveMs.toFixed(1)} ms`,
  );
}

// Synthetic: 20 tabs × 10 groups × 30 pages (with nested groups), pages in memory.
const pages = new Map<string, Page>();
const tabs = Array.from({ length: 20 }, (_, t) => ({
  tab: `Tab ${t}`,
  groups: Array.from({ length: 10 }, (_, g) => {
    const paths = Array.from({ length: 30 }, (_, p) => `t${t}/g${g}/p${p}`);
    for (const p of paths) pages.set(p, pageFromText(`${p}.mdx`, `---\ntitle: Page ${p}\n---\nBody\n`).page);
    return { group: `Group ${g}`, root: paths[0]!, pages: [...paths.slice(1, 20), { group: 'Nested', directory: 'accordion', pages: paths.slice(20) }] };
  }),
}));
const synthetic = { name: 'synthetic', colors: { primary: '#000000' }, navigation: { tabs } } as unknown as DocsConfig;
const syntheticIndex: PageIndex = { root: '/synthetic', pages, diagnostics: [] };
const ms = await median(10, () => resolveSiteModel(synthetic, syntheticIndex));
console.log(`synthetic: ${pages.size} pages in 20 tabs; resolve ${ms.toFixed(1)} ms`);
