// `npm run bench:pdf [-- LANGUAGE]`: `folio export pdf` of the mintlify-docs corpus' whole site (its
// default language; `all` for every language, past 1,000 pages), skipped when the corpus is absent.
// The site is built first (not timed with the print: a second run reuses the build cache), then
// printed; prints pages, sheets, file size, build and print time, and the peak memory of this
// process and of Chromium's processes (resident set, summed over its processes, and the largest one:
// the renderer that holds the one assembled document). Then the PDF is read back with the checks of
// test/pdf/pdf-checks.ts against the navigation's plan (every page once under its title, the
// contents numbered with the sheets pages start on, a link between pages inside the PDF): the bench
// exits 1 when one fails.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { corpusDir, haveCorpora } from '../compat/corpora.js';
import { exportPdf, planPdf, processTreeMemory } from '../src/pdf/index.js';
import { loadSite } from '../src/site/index.js';
import { checkPdf } from '../test/pdf/pdf-checks.js';

const LANGUAGE = process.argv[2];

/** Resident memory (MB) of every process below this one: their sum and the largest. */
const childMemory = () => processTreeMemory(process.pid, false) ?? { sum: 0, max: 0 };

if (!haveCorpora('mintlify-docs')) {
  console.log('bench:pdf skipped: the mintlify-docs corpus is not here');
} else {
  const root = corpusDir('mintlify-docs');
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'folio-bench-pdf-'));
  try {
    const output = path.join(tmp, 'site.pdf');
    const peak = { node: 0, chromium: 0, renderer: 0 };
    const sample = setInterval(() => {
      const m = childMemory();
      peak.chromium = Math.max(peak.chromium, m.sum);
      peak.renderer = Math.max(peak.renderer, m.max);
      peak.node = Math.max(peak.node, process.memoryUsage().rss / 2 ** 20);
    }, 200);
    const started = Date.now();
    const memory = () => `peak memory: node ${peak.node.toFixed(0)} MB, chromium ${peak.chromium.toFixed(0)} MB in all, largest process ${peak.renderer.toFixed(0)} MB`;
    let result: Awaited<ReturnType<typeof exportPdf>>;
    try {
      result = await exportPdf({ root, output, timeoutMs: 40 * 60_000, buildDir: path.join(tmp, 'build'), selection: LANGUAGE ? { language: LANGUAGE } : {}, log: (line) => console.log(`  ${line}`) });
    } catch (error) {
      // A failed print is a figure too: how long it ran and how much memory it had taken.
      console.log(`mintlify-docs${LANGUAGE ? ` (${LANGUAGE})` : ''}: failed after ${((Date.now() - started) / 1000).toFixed(1)} s: ${error instanceof Error ? error.message : String(error)}`);
      console.log(`  ${memory()}`);
      process.exitCode = 1;
      throw error;
    } finally {
      clearInterval(sample);
    }
    const doc = await getDocument({ data: new Uint8Array(await readFile(output)), disableFontFace: true }).promise;
    console.log(`mintlify-docs${LANGUAGE ? ` (${LANGUAGE})` : ''}: ${result.pages} pages, ${doc.numPages} sheets, ${(result.bytes / 2 ** 20).toFixed(1)} MB`);
    console.log(`  build ${(result.buildMs / 1000).toFixed(1)} s, print ${(result.printMs / 1000).toFixed(1)} s, total ${((Date.now() - started) / 1000).toFixed(1)} s`);
    console.log(`  ${memory()}`);
    if (result.missing.length) console.log(`  left out: ${result.missing.length} page(s) not built`);
    await doc.destroy();
    const plan = planPdf((await loadSite(root)).site!.model, LANGUAGE ? { language: LANGUAGE } : {});
    const printed = plan.pages.filter((p) => !result.missing.includes(p.href));
    const checkStarted = Date.now();
    const checked = await checkPdf(output, printed, { internalLink: true });
    const link = checked.link ? `a link on sheet ${checked.link.fromSheet + 1} to ${checked.link.page} lands on sheet ${checked.link.toSheet + 1}` : 'no link between pages';
    console.log(`  checks (${((Date.now() - checkStarted) / 1000).toFixed(1)} s): ${plan.pages.length} pages in the navigation, ${checked.starts.filter((s) => s >= 0).length} printed, ${checked.contents.length} numbered contents entries; ${link}`);
    if (result.missing.length) checked.problems.unshift(`${result.missing.length} page(s) of the navigation not printed (first: ${result.missing[0]})`);
    for (const problem of checked.problems.slice(0, 20)) console.log(`  FAIL: ${problem}`);
    if (checked.problems.length > 20) console.log(`  ... and ${checked.problems.length - 20} more`);
    console.log(checked.problems.length ? `  checks failed: ${checked.problems.length} problem(s)` : '  checks passed');
    if (checked.problems.length) process.exitCode = 1;
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}
