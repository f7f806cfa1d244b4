/**
 * `npm run bench:build`: builds generated corpora of 1,000 and 3,000 MDX pages (~1,500 words, one
 * code block and one table each; 100 pages per tab in groups of 10) and prints wall time, pages/s,
 * peak RSS, HTML bytes per page, client JS per page (gzipped) and the time to rebuild after
 * editing one page. Deterministic: the same N always yields the same corpus.
 * Usage: tsx bench/build.ts [N ...] [--no-search] [--keep]
 * Files go under the temporary folder (set TMPDIR to choose the disk; /dev/shm takes the disk out
 * of the figures).
 */
import { mkdtemp, mkdir, readFile, rm, stat, writeFile, appendFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

// Production React, as `folio build` runs it; must be set before React loads.
process.env.NODE_ENV ??= 'production';
const { buildSite } = await import('../src/site-build/index.js');

const WORDS = (
  'the a site page build render cache worker thread section sidebar group tab anchor version language search index ' +
  'static markdown component table code block heading link reader writer navigation config schema output asset hash ' +
  'fast small clean layout theme dark light banner footer header deploy host server client island bundle minify ' +
  'parse compile highlight token grammar tree node edge path route sitemap redirect robot error warning line column'
).split(' ');

/** Small deterministic PRNG (mulberry32) so every run builds the same corpus. */
function rng(seed: number): () => number {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function sentence(next: () => number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(WORDS[Math.floor(next() * WORDS.length)]!);
  const text = out.join(' ');
  return text[0]!.toUpperCase() + text.slice(1) + '.';
}

/** One page: frontmatter, 6 sections of prose (~1,500 words), a code block and a table. */
function pageText(n: number): string {
  const next = rng(n + 1);
  const parts = [`---\ntitle: Page ${n}\ndescription: ${sentence(next, 10)}\n---\n`];
  for (let s = 0; s < 6; s++) {
    parts.push(`## Section ${s + 1} of page ${n}\n`);
    for (let p = 0; p < 3; p++) {
      const sentences: string[] = [];
      for (let k = 0; k < 6; k++) sentences.push(sentence(next, 12 + Math.floor(next() * 4)));
      parts.push(sentences.join(' ') + '\n');
    }
    if (s === 2) {
      parts.push('```ts\nexport function page' + n + '(input: string): number {\n  const words = input.split(/\\s+/);\n  return words.filter((w) => w.length > 3).length;\n}\n```\n');
    }
    if (s === 4) {
      parts.push('| Option | Type | Default |\n| --- | --- | --- |\n' + Array.from({ length: 5 }, (_, i) => `| opt${i} | string | ${WORDS[i]} |`).join('\n') + '\n');
    }
  }
  return parts.join('\n');
}

async function generate(dir: string, pages: number): Promise<void> {
  const tabs = [];
  for (let t = 0; t * 100 < pages; t++) {
    const groups = [];
    for (let g = 0; g < 10 && t * 100 + g * 10 < pages; g++) {
      const list = [];
      for (let i = 0; i < 10; i++) {
        const n = t * 100 + g * 10 + i;
        if (n < pages) list.push(`t${t}/g${g}/page-${n}`);
      }
      groups.push({ group: `Group ${g + 1}`, pages: list });
    }
    tabs.push({ tab: `Tab ${t + 1}`, groups });
  }
  const config = { name: 'Bench', colors: { primary: '#2563EB' }, navigation: { tabs } };
  await writeFile(path.join(dir, 'docs.json'), JSON.stringify(config, null, 2));
  const writes: Promise<void>[] = [];
  for (let n = 0; n < pages; n++) {
    const t = Math.floor(n / 100);
    const g = Math.floor((n % 100) / 10);
    const file = path.join(dir, `t${t}`, `g${g}`, `page-${n}.mdx`);
    writes.push(mkdir(path.dirname(file), { recursive: true }).then(() => writeFile(file, pageText(n))));
  }
  await Promise.all(writes);
}

async function htmlBytes(out: string, pages: number): Promise<number> {
  let total = 0;
  for (let n = 0; n < pages; n++) {
    const t = Math.floor(n / 100);
    const g = Math.floor((n % 100) / 10);
    total += (await stat(path.join(out, `t${t}`, `g${g}`, `page-${n}`, 'index.html'))).size;
  }
  return total / pages;
}

async function run(pages: number, search: boolean, keep: boolean, dirs: string[]): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `folio-bench-${pages}-`));
  dirs.push(dir);
  const out = path.join(dir, '_site');
  {
    await generate(dir, pages);
    const words = pageText(7).split(/\s+/).length;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const cold = await buildSite({ root: dir, outDir: out, search });
    const wall = performance.now() - t0;
    const cpu = process.cpuUsage(cpu0);
    const load = os.loadavg()[0]!.toFixed(1);
    if (!cold.ok) console.log(`  build reported ${cold.diagnostics.length} problems; first: ${cold.diagnostics[0]?.message}`);
    const js = await readFile(path.join(out, cold.stats!.assets.js));
    const perPage = await htmlBytes(out, pages);
    const edited = path.join(dir, 't0', 'g0', 'page-3.mdx');
    await appendFile(edited, '\nOne more sentence after an edit.\n');
    const t1 = performance.now();
    const warm = await buildSite({ root: dir, outDir: out, search });
    const rebuild = performance.now() - t1;
    // Warm edits: the MDX pipeline is loaded in this process now, as in a long-running session.
    const warmRuns: { wall: number; cpu: number; compiled: number }[] = [];
    for (let i = 0; i < 3; i++) {
      await appendFile(edited, `\nWarm edit number ${i}.\n`);
      const c0 = process.cpuUsage();
      const w0 = performance.now();
      const r = await buildSite({ root: dir, outDir: out, search: false });
      const c = process.cpuUsage(c0);
      warmRuns.push({ wall: performance.now() - w0, cpu: (c.user + c.system) / 1000, compiled: r.stats!.compiled });
    }
    const median = warmRuns.sort((a, b) => a.wall - b.wall)[1]!;
    const t2 = performance.now();
    const warmNoSearch = await buildSite({ root: dir, outDir: out, search: false });
    const noop = performance.now() - t2;
    console.log(`N = ${pages} pages (~${words} words each), search index ${search ? 'on' : 'off'}, ${os.availableParallelism()} cores, files under ${os.tmpdir()} (TMPDIR)`);
    console.log(`  cold build      ${(wall / 1000).toFixed(2)} s  (${Math.round(pages / (wall / 1000))} pages/s; search index ${cold.stats!.searchMode}, ${(cold.stats!.searchMs / 1000).toFixed(2)} s after the last page)`);
    console.log(`  CPU time        ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s in this process and its worker threads (load average during run: ${load})`);
    console.log(`  peak RSS        ${Math.round(process.resourceUsage().maxRSS / 1024)} MB (this process and its worker threads; Pagefind runs in its own process)`);
    console.log(`  HTML per page   ${(perPage / 1024).toFixed(1)} KB`);
    console.log(`  client JS/page  ${(gzipSync(js).length / 1024).toFixed(2)} KB gzipped (${js.length} bytes raw, one script)`);
    console.log(`  rebuild 1 edit  ${Math.round(rebuild)} ms (${warm.stats!.compiled} compiled, ${warm.stats!.skipped} unchanged${search ? `, search index ${warm.stats!.searchMode} in ${warm.stats!.searchMs} ms` : ''})`);
    console.log(`  warm edit       ${Math.round(median.wall)} ms wall, ${Math.round(median.cpu)} ms CPU, without search (${median.compiled} compiled; median of 3, MDX pipeline already loaded)`);
    console.log(`  no-op rebuild   ${Math.round(noop)} ms without search (${warmNoSearch.stats!.skipped} unchanged)`);
    if (keep) console.log(`  kept ${dir}`);
  }
}

const args = process.argv.slice(2);
const sizes = args.filter((a) => /^\d+$/.test(a)).map(Number);
// Temporary trees are deleted only after every measurement: on ext4, creating files within a few
// minutes of deleting thousands of others is several times slower (the inode allocator skips
// recently deleted inodes; `mkdir` x1,000 measured 37 ms normally and 740 ms right after such a
// deletion). For comparable figures, also leave a few minutes between runs of this script.
const dirs: string[] = [];
try {
  for (const n of sizes.length ? sizes : [1000, 3000]) await run(n, !args.includes('--no-search'), args.includes('--keep'), dirs);
} finally {
  if (!args.includes('--keep')) for (const dir of dirs) await rm(dir, { recursive: true, force: true });
}
