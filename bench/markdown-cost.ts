/**
 * The JavaScript side of the Markdown export, per page, without the file system: the pages of
 * `bench/corpus.ts` compiled as a build compiles them (`runMdxJob`, in this thread as a 2-core
 * build does) with the export off (`markdown: false`) and on, the latter also turning the body
 * into the page's document and its bytes as `PageWriter` does (`pageMarkdown`, `Utf8Slabs`).
 * Rounds alternate off/on; the best round of each is printed (CPU of this process, user+sys), so
 * a shared machine's noise mostly falls out. File creation is measured by `bench/file-writes.ts`.
 *
 * Usage: NODE_ENV=production tsx bench/markdown-cost.ts [PAGES=500] [ROUNDS=4]
 */
process.env.NODE_ENV ??= 'production';
const { runMdxJob } = await import('../src/render/index.js');
const { pageMarkdown } = await import('../src/markdown/index.js');
const { pageText } = await import('./corpus.js');
const { Utf8Slabs } = await import('../src/site-build/write-site.js');

const [pages = 500, rounds = 4] = process.argv.slice(2).map(Number);
const bodies = Array.from({ length: pages }, (_, i) => {
  const text = pageText(i);
  const end = text.indexOf('\n---\n', 4) + 5;
  return { source: text.slice(end), lineOffset: text.slice(0, end).split('\n').length - 1, title: `Page ${i}` };
});

async function round(markdown: boolean): Promise<{ cpu: number; bytes: number }> {
  const c0 = process.cpuUsage();
  let bytes = 0;
  const utf8 = new Utf8Slabs();
  for (const [i, b] of bodies.entries()) {
    const r = await runMdxJob({ id: i, file: `p${i}.mdx`, source: b.source, lineOffset: b.lineOffset, ...(markdown ? {} : { markdown: false }) }, process.cwd(), {});
    if (markdown) bytes += utf8.encode(pageMarkdown({ title: b.title, body: r.markdown ?? '' })).length;
  }
  const c = process.cpuUsage(c0);
  return { cpu: (c.user + c.system) / 1000, bytes };
}

// Warm up (highlighter, JIT) before measuring.
await round(true);
const best = { off: Infinity, on: Infinity };
let mdBytes = 0;
for (let r = 0; r < rounds; r++) {
  for (const on of r % 2 ? [true, false] : [false, true]) {
    const m = await round(on);
    if (on) (best.on = Math.min(best.on, m.cpu)), (mdBytes = m.bytes);
    else best.off = Math.min(best.off, m.cpu);
  }
}
const per = (ms: number) => `${(ms / pages).toFixed(3)} ms/page`;
console.log(`${pages} pages, ${rounds} rounds each (best): export off ${per(best.off)}, on ${per(best.on)}; the export's JavaScript: ${per(best.on - best.off)} (+${(((best.on - best.off) / best.off) * 100).toFixed(1)} % of compiling), ${Math.round(mdBytes / pages)} Markdown bytes/page`);
