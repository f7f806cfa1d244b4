process.env.NODE_ENV = 'production';
const { renderMdx } = await import('/work/main/src/mdx/index.js');
const { CORPORA_DIR, listMdx, inputFor, corpusVariables } = await import('/work/main/test/mdx/corpus-helpers.js');
import path from 'node:path';
import { readdirSync } from 'node:fs';
const only = process.argv[2];
const byCode = new Map<string, number>();
const samples: string[] = [];
let pages = 0, withErr = 0, fallback = 0; const t0 = performance.now();
for (const corpus of readdirSync(CORPORA_DIR)) {
  if (only && corpus !== only) continue;
  const root = path.join(CORPORA_DIR, corpus);
  const vars = corpusVariables(root);
  let cp = 0, ce = 0;
  for (const file of listMdx(root)) {
    if (file.startsWith('snippets/') || file.includes('/snippets/')) continue;
    pages++; cp++;
    const out = await renderMdx(inputFor(root, file, vars));
    if (out.renderer === 'mdx') fallback++;
    const errs = out.diagnostics.filter((d) => d.severity === 'error');
    if (errs.length) { withErr++; ce++; }
    for (const d of out.diagnostics) {
      byCode.set(d.code + ':' + d.severity, (byCode.get(d.code + ':' + d.severity) ?? 0) + 1);
      if (samples.length < 400) samples.push(`${corpus}/${d.file}:${d.line}:${d.column} ${d.code} ${d.message.slice(0, 200).replace(/\n/g, ' | ')}`);
    }
  }
  console.log(corpus, cp, 'pages', ce, 'with errors');
}
console.log({ pages, withErr, fallback, ms: Math.round(performance.now() - t0) }, byCode);
console.log(samples.join('\n'));
