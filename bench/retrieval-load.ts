// `npm run bench:retrieval [-- PAGES]`: what loading a build's retrieval file costs the server on a
// site's first question (issue 36). Writes a file of PAGES generated pages (default 50,000, ~10 KB of
// text each, three sections, words from a 20,000-word vocabulary so the index has many terms), then
// reads it and indexes it as the server does on a first question (`indexOfStream` over a file
// stream, then `prepare`), printing the file's size, each step's wall time, RSS, and the longest the
// thread was held at once (event-loop delay, p99 and max). Before issue 36's fix the file was one JSON document: past ~50,000 pages it
// could not be read at all (longer than V8's longest string).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { indexOfStream, retrievalHeaderLine, retrievalPageLine, type RetrievalPage } from '../src/retrieval/index.js';

const PAGES = Number(process.argv[2] ?? 50_000);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-retrieval-'));
const file = path.join(tmp, 'retrieval.jsonl');

// A deterministic generator (no Math.random): the same file every run.
let seed = 42;
const next = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff), seed);
const vocabulary = Array.from({ length: 20_000 }, (_, i) => `w${i.toString(36)}${'abcdefghij'[i % 10]}`);
const words = (n: number) => Array.from({ length: n }, () => vocabulary[next() % vocabulary.length]).join(' ');

try {
  const out = fs.createWriteStream(file);
  const write = (text: string) => (out.write(text) ? Promise.resolve() : new Promise<void>((resolve) => out.once('drain', () => resolve())));
  await write(retrievalHeaderLine({ siteName: 'Bench' }));
  for (let i = 0; i < PAGES; i++) {
    const page: RetrievalPage = {
      href: `/section-${i % 50}/page-${i}`,
      title: `Page ${i} ${words(3)}`,
      group: `Group ${i % 200}`,
      sections: [0, 1, 2].map((s) => ({ anchor: s ? `part-${s}` : '', heading: s ? `Part ${s} ${words(2)}` : '', text: words(500) })),
    };
    await write(retrievalPageLine(page));
  }
  await new Promise<void>((resolve) => out.end(() => resolve()));
  const bytes = fs.statSync(file).size;
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peak = rssBefore;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const started = performance.now();
  const index = await indexOfStream(fs.createReadStream(file, { highWaterMark: 256 * 1024 }));
  const loadMs = performance.now() - started;
  if (!index || index.size !== PAGES) throw new Error(`loaded ${index?.size ?? 'no'} pages of ${PAGES}`);
  const loadRss = process.memoryUsage().rss;
  // Indexing, as a server's first question does it: a slice at a time.
  const indexing = performance.now();
  await index.prepare();
  const prepareMs = performance.now() - indexing;
  delay.disable();
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const first = performance.now();
  const hits = index.search(`${vocabulary[7]} ${vocabulary[99]}`);
  const firstMs = performance.now() - first;
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
  console.log(`${PAGES} pages, file ${mb(bytes)}: read in ${(loadMs / 1000).toFixed(1)} s (RSS ${mb(rssBefore)} before, ${mb(loadRss)} after); indexed in ${(prepareMs / 1000).toFixed(1)} s; peak RSS ${mb(peak)}; thread held at once p99 ${(delay.percentile(99) / 1e6).toFixed(0)} ms, max ${(delay.max / 1e6).toFixed(0)} ms; first search then ${firstMs.toFixed(0)} ms (${hits.length} hits)`);
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
