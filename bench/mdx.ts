// Micro-benchmark of the mdx layer, single thread, production React.
//   npm run bench:mdx [-- pages]           generated ~1,400-word pages (code block + table): ms/page
//   npm run bench:mdx -- --corpus <name>   every page of ../shared/corpora/<name>, cold then warm
// CPU time is the per-page cost; wall time suffers when other processes share the cores.
process.env.NODE_ENV = 'production';
const { renderMdx } = await import('../src/mdx/index.js');
const { generatePage } = await import('./mdx-page.js');

type Input = Parameters<typeof renderMdx>[0];

/** Render every input once; CPU and wall milliseconds, HTML bytes and fast-path count. */
async function measure(inputs: Input[]) {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let bytes = 0;
  let fast = 0;
  for (const input of inputs) {
    const out = await renderMdx(input);
    bytes += out.html.length;
    if (out.renderer === 'fast') fast++;
  }
  const cpu = process.cpuUsage(cpu0);
  return { wall: performance.now() - t0, cpu: (cpu.user + cpu.system) / 1000, bytes, fast };
}

function report(label: string, n: number, m: Awaited<ReturnType<typeof measure>>): void {
  console.log(
    `${label}: ${n} pages, CPU ${(m.cpu / n).toFixed(2)} ms/page (wall ${(m.wall / n).toFixed(2)} ms/page), ` +
      `${m.fast} on the fast path, ${Math.round(m.bytes / n)} HTML bytes/page`,
  );
}

const corpusAt = process.argv.indexOf('--corpus');
if (corpusAt >= 0) {
  const path = await import('node:path');
  const { CORPORA_DIR, corpusVariables, inputFor, listMdx } = await import('../test/mdx/corpus-helpers.js');
  const root = path.join(CORPORA_DIR, process.argv[corpusAt + 1] ?? 'mintlify-docs');
  const variables = corpusVariables(root);
  const inputs = listMdx(root)
    .filter((f) => !/(^|\/)_?snippets\//.test(f))
    .map((f) => inputFor(root, f, variables));
  report('cold (grammars compile on first use)', inputs.length, await measure(inputs));
  report('warm (second pass)', inputs.length, await measure(inputs));
} else {
  const pages = Number(process.argv[2] ?? 1000);
  const sources = Array.from({ length: pages }, (_, i) => generatePage(i));
  const words = sources[0]!.split(/\s+/).length;
  const input = (source: string, i: number): Input => ({ source, file: `p${i}.mdx`, lineOffset: 0, variables: {}, readSnippet: async () => null });
  const t0 = performance.now();
  await renderMdx(input(sources[0]!, 0));
  console.log(`first page (highlighter start): ${(performance.now() - t0).toFixed(0)} ms`);
  report(`generated ~${words}-word pages`, pages, await measure(sources.map(input)));
}
