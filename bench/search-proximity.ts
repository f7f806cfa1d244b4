// `npx tsx bench/search-proximity.ts [CORPUS ...]`: what section-level proximity (`PROXIMITY` in
// src/retrieval/ranking.ts) costs a question. Loads the retrieval file `npm run eval:search` built for
// each corpus (default mintlify-docs; /tmp/folio-eval-<corpus>), then asks every eval question of that
// corpus through `searchPages` (what `POST /v1/search` ranks with: one hit per page, five of them),
// rounds alternating proximity on and off (`PROXIMITY.sections` 0), each also "cold" (no section's
// stems kept from before: each question's first sections read and stemmed anew, as for a question
// unlike any asked before), the index's kept answers emptied
// before each question so every one ranks (the words' kept results stay warm, as on a server).
// Prints p50 / p95 / mean CPU time (user + system, `process.cpuUsage`) of a question per mode, with the
// load average beside them: the machine is shared, so CPU time, not wall time.
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { indexOfFile, RETRIEVAL_FILE, searchPages, type SectionIndex } from '../src/retrieval/index.js';
import { PROXIMITY } from '../src/retrieval/ranking.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const corpora = process.argv.slice(2).length ? process.argv.slice(2) : ['mintlify-docs'];
const evalDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'eval');
// `as const` is a type: the bench switches proximity off by setting how many sections it reads to 0.
const proximity = PROXIMITY as { sections: number };
const sections = proximity.sections;

const questionsOf = (corpus: string): { q: string; language?: string }[] =>
  readdirSync(evalDir)
    .filter((f) => f.endsWith('-questions.json'))
    .map((f) => JSON.parse(readFileSync(path.join(evalDir, f), 'utf8')) as { corpus: string; language?: string; questions: { q: string }[] })
    .filter((set) => set.corpus === corpus)
    .flatMap((set) => set.questions.map((q) => ({ q: q.q, ...(set.language ? { language: set.language } : {}) })));

type Internals = { answers: Map<string, unknown>; partitions: Map<string, { docStems?: Map<number, unknown> }> };

/** CPU microseconds (user + system) of one ranked question; `cold`: no section's stems kept from before. */
function cpuOf(index: SectionIndex, q: { q: string; language?: string }, cold = false): number {
  const internals = index as unknown as Internals;
  // The kept answers (a popular question is ranked once) would answer every round after the first.
  internals.answers.clear();
  if (cold) for (const p of internals.partitions.values()) p.docStems?.clear();
  const start = process.cpuUsage();
  searchPages(index, q.q, { limit: 5, filters: q.language ? { language: q.language } : {} });
  const used = process.cpuUsage(start);
  return used.user + used.system;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (us: number) => (us / 1000).toFixed(2);

for (const corpus of corpora) {
  const file = path.join(os.tmpdir(), `folio-eval-${corpus}`, RETRIEVAL_FILE);
  const index = indexOfFile(readFileSync(file, 'utf8'));
  if (!index) throw new Error(`${file}: missing or of another version (run npm run eval:search first)`);
  const questions = questionsOf(corpus);
  // Warm-up: the index made, each word's results kept, the JIT settled.
  for (const q of questions) cpuOf(index, q);
  const modes = ['on', 'off', 'on, cold', 'off, cold'] as const;
  const times: Record<(typeof modes)[number], number[]> = { on: [], off: [], 'on, cold': [], 'off, cold': [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const mode of round % 2 === 0 ? modes : [...modes].reverse()) {
      proximity.sections = mode.startsWith('off') ? 0 : sections;
      for (const q of questions) times[mode].push(cpuOf(index, q, mode.endsWith('cold')));
    }
  }
  proximity.sections = sections;
  console.log(`${corpus}: ${index.size} pages, ${questions.length} questions × ${ROUNDS} rounds each way; load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  for (const mode of modes) {
    const sorted = [...times[mode]].sort((a, b) => a - b);
    const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length;
    console.log(`  proximity ${mode.padEnd(8)}: p50 ${ms(pct(sorted, 50))} ms, p95 ${ms(pct(sorted, 95))} ms, mean ${ms(mean)} ms CPU a question`);
  }
}
