// Times `loadDocsConfig` (parse, $ref, schema, unknown keys, navigation and file checks)
// on the largest corpus (prefect, ~130 KB) and on a synthetic ~2 MB config built from it.
// Run: npm run bench:config   (FOLIO_CORPORA overrides the corpora folder)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadDocsConfig } from '../src/config/index.js';
import { corpusDir } from '../compat/corpora.js';

const prefect = corpusDir('prefect');

async function time(label: string, root: string, runs = 5): Promise<void> {
  await loadDocsConfig(root); // warm-up: module init and JIT
  const samples: number[] = [];
  let diagnostics = 0;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const loaded = await loadDocsConfig(root);
    samples.push(performance.now() - t);
    diagnostics = loaded.diagnostics.length;
  }
  samples.sort((a, b) => a - b);
  const size = fs.statSync(path.join(root, 'docs.json')).size;
  console.log(`${label}: ${(size / 1024).toFixed(0)} KB, median ${samples[runs >> 1]!.toFixed(1)} ms, min ${samples[0]!.toFixed(1)} ms (${diagnostics} diagnostics)`);
}

await time('prefect docs.json', prefect);

// Synthetic large site: prefect's tabs repeated until the file passes 2 MB, pages
// reached through symlinks so the file checks do real work.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-config-'));
try {
  for (const entry of fs.readdirSync(prefect)) if (entry !== 'docs.json') fs.symlinkSync(path.join(prefect, entry), path.join(dir, entry));
  const docs = JSON.parse(fs.readFileSync(path.join(prefect, 'docs.json'), 'utf8'));
  const tabs = docs.navigation.tabs;
  const copies = Math.ceil((2 * 1024 * 1024) / JSON.stringify(tabs, null, 2).length);
  docs.navigation.tabs = Array.from({ length: copies }, (_, i) => tabs.map((t: { tab: string }) => ({ ...t, tab: `${t.tab} ${i}` }))).flat();
  fs.writeFileSync(path.join(dir, 'docs.json'), JSON.stringify(docs, null, 2));
  await time(`synthetic (${copies}x prefect tabs)`, dir, 3);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
