// Micro-benchmark of the mdx layer: ms per generated ~1,500-word page (code block + table),
// fast path, single thread. Run with `npx tsx bench/mdx.ts [pages]`.
process.env.NODE_ENV = 'production';
const { renderMdx } = await import('../src/mdx/index.js');
const { generatePage } = await import('./mdx-page.js');

const pages = Number(process.argv[2] ?? 300);
const sources = Array.from({ length: pages }, (_, i) => generatePage(i));
const words = sources[0]!.split(/\s+/).length;
const input = (source: string, i: number) => ({ source, file: `p${i}.mdx`, lineOffset: 0, variables: {}, readSnippet: async () => null });

const t0 = performance.now();
await renderMdx(input(sources[0]!, 0)); // highlighter + grammar load, measured apart
const warm = performance.now() - t0;
let bytes = 0;
let fast = 0;
const t1 = performance.now();
const cpu0 = process.cpuUsage();
for (let i = 0; i < pages; i++) {
  const out = await renderMdx(input(sources[i]!, i));
  bytes += out.html.length;
  if (out.renderer === 'fast') fast++;
}
const ms = performance.now() - t1;
const cpu = process.cpuUsage(cpu0);
const cpuMs = (cpu.user + cpu.system) / 1000;
console.log(`first page (highlighter start): ${warm.toFixed(0)} ms`);
// Wall time suffers when other processes share the cores; CPU time is the per-page cost.
console.log(`CPU time: ${cpuMs.toFixed(0)} ms, ${(cpuMs / pages).toFixed(2)} ms/page`);
console.log(`${pages} pages of ~${words} words: ${ms.toFixed(0)} ms, ${(ms / pages).toFixed(2)} ms/page, ${fast} on the fast path, ${Math.round(bytes / pages)} HTML bytes/page`);
