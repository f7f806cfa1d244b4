/**
 * `tsx bench/load-memory.ts [25000] [--languages 35] [--versions 2] [--snapshot FILE]`: the memory a
 * build's first step holds on the real-page corpus (`bench/real-corpus.ts`): `loadSite` as
 * `buildSite` calls it (`keepSource: 'hash'`), in a child process of its own (the corpus is written
 * by this one), with the heap after a full GC and the peak RSS, then again once the index's page
 * texts are let go as `releaseSources` does (what stays is the site model and the read cache). A
 * whole build takes minutes to hours at 25,000 real pages on a loaded 2-core machine; this takes
 * about one, so a change to what loading holds can be measured before and after.
 * `--snapshot FILE` writes a heap snapshot after the texts are let go (open it in Chrome's DevTools).
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeHeapSnapshot } from 'node:v8';
import { generateRealCorpus, realCorpusMissing, REAL_DEFAULT_LANGUAGES, REAL_DEFAULT_VERSIONS } from './real-corpus.js';

const args = process.argv.slice(2);
const value = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const mb = (bytes: number) => `${Math.round(bytes / 1048576)} MB`;

/** Heap after a full GC, RSS and peak RSS, in one line. */
function memory(label: string): void {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  console.log(`  ${label.padEnd(30)} heap used ${mb(m.heapUsed)} (of ${mb(m.heapTotal)}), external ${mb(m.external)}, RSS ${mb(m.rss)}, peak RSS ${mb(process.resourceUsage().maxRSS * 1024)}`);
}

if (args[0] === '--child') {
  const { loadSite } = await import('../src/site/index.js');
  memory('before loading');
  const started = performance.now();
  const { site } = await loadSite(args[1]!, { keepSource: 'hash' });
  if (!site) throw new Error('the corpus did not load');
  memory(`loaded (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  let kept = 0;
  let chars = 0;
  let wide = 0;
  for (const page of site.index.pages.values()) {
    if (page.source === undefined) continue;
    kept++;
    chars += page.source.length;
    // A string with a character past Latin-1 takes two bytes a character.
    if (/[^\x00-\xff]/.test(page.source)) wide += page.source.length;
  }
  console.log(`  ${site.index.pages.size} pages; the index keeps the text of ${kept}: ${(chars / 1e6).toFixed(1)} M characters, ${(wide / 1e6).toFixed(1)} M of them in two-byte strings`);
  for (const page of site.index.pages.values()) if (page.sourceHash !== undefined) delete page.source;
  memory('index texts let go');
  if (args[2]) console.log(`  heap snapshot: ${writeHeapSnapshot(args[2])}`);
} else {
  const missing = realCorpusMissing();
  if (missing) {
    console.log(`skipped: the real-page corpus needs the corpora (${missing}; put them at ../shared/corpora or set FOLIO_CORPORA)`);
    process.exit(0);
  }
  const pages = Number(args.find((a, i) => /^\d+$/.test(a) && !['--languages', '--versions'].includes(args[i - 1] ?? '')) ?? 25000);
  const languages = Number(value('--languages') ?? REAL_DEFAULT_LANGUAGES);
  const versions = Number(value('--versions') ?? REAL_DEFAULT_VERSIONS);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'folio-load-memory-'));
  try {
    const corpus = await generateRealCorpus(dir, pages, { languages, versions });
    console.log(`real-page corpus: ${corpus.pages.length} pages (${languages} languages x ${versions} versions of ${corpus.pool} distinct pages); load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
    const snapshot = value('--snapshot');
    const child = spawnSync(process.execPath, ['--expose-gc', ...process.execArgv, fileURLToPath(import.meta.url), '--child', dir, ...(snapshot ? [path.resolve(snapshot)] : [])], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
    if (child.status !== 0) console.log(`the load ended with status ${child.status} (signal ${child.signal})`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
