/**
 * `npm run eval:search`: how often retrieval finds the page that answers a reader's question.
 * For every question set in eval/ (`*-questions.json`; `--questions` picks one), builds its corpus
 * (../shared/corpora/<name>) once into a cache folder (later runs rebuild incrementally), loads its
 * retrieval file as `folio serve` does, asks every question of the set as `POST /v1/search/{domain}`
 * answers it (`searchResults`, pageSize 5) and prints recall@1 and
 * recall@5 (an answering page first, or among the first five pages), and each miss with what came
 * first; a set whose corpus is absent is skipped with one line. Ends with a table: corpus, pages,
 * questions, recall@1, recall@5.
 *
 * Usage: tsx eval/search.ts [--questions eval/mintlify-questions.json [--corpus NAME]] [--tuned | --heldout] [--pagefind] [--quiet] [--no-build]
 * `--no-build` reuses the last build of the corpus (while tuning the ranking).
 * Sets marked `"heldout": true` (`eval/heldout-*-questions.json`) are never tuned on: the ranking is
 * chosen on the other (tuned) sets, and the held-out ones tell whether a change carries over to
 * questions and corpora nobody tuned on. The final table prints both groups apart, each with its
 * sum; `--tuned` or `--heldout` runs one group only.
 * The questions file names its corpus and, optionally, the language its questions are in (the
 * API's `filters.language`, as a reader's page gives it). Each question names the page that answers
 * it (`path`), or `paths` when two pages truly both answer (either counts). `--pagefind` also asks the site's
 * Pagefind index (the site search readers have today) the same questions.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { indexOfFile, RETRIEVAL_FILE } from '../src/retrieval/index.js';
import { buildSite } from '../src/site-build/index.js';
import { corpusDir } from '../compat/corpora.js';
import { searchBody, searchResults } from '../src/assistant/search-results.js';
import { sitePagefindSearch } from './pagefind-search.js';

process.env.NODE_ENV ??= 'production';

interface Question {
  q: string;
  /** The page that answers it (site path); or `paths` when two pages truly both answer. */
  path?: string;
  paths?: string[];
  /** howto, symptom, concept or keyword (informative only). */
  kind?: string;
}
interface QuestionSet {
  corpus: string;
  language?: string;
  /** Never tuned on (see the top of this file). */
  heldout?: boolean;
  questions: Question[];
}
interface Summary {
  corpus: string;
  heldout: boolean;
  pages: number;
  questions: number;
  at1: number;
  at5: number;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const pagefind = args.includes('--pagefind');
const quiet = args.includes('--quiet');
const chosen = option('--questions');
// Every question set in eval/ unless one is named.
const files = chosen
  ? [path.resolve(chosen)]
  : readdirSync(here)
      .filter((f) => f.endsWith('-questions.json'))
      .sort()
      .map((f) => path.join(here, f));

const summaries: Summary[] = [];
for (const file of files) {
  const set = JSON.parse(readFileSync(file, 'utf8')) as QuestionSet;
  if (!chosen && ((args.includes('--tuned') && set.heldout) || (args.includes('--heldout') && !set.heldout))) continue;
  const corpus = (chosen && option('--corpus')) || set.corpus;
  const root = corpusDir(corpus);
  if (!existsSync(root)) {
    if (chosen) throw new Error(`no corpus at ${root}`);
    console.log(`${path.basename(file)}: skipped, no corpus at ${root}`);
    continue;
  }
  summaries.push(await evaluate(set, corpus, root));
}

if (summaries.length > 0) {
  console.log('');
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  const rows = [['set', 'corpus', 'pages', 'questions', 'recall@1', 'recall@5', 'first', 'top 5']];
  for (const heldout of [false, true]) {
    const group = summaries.filter((s) => s.heldout === heldout);
    if (group.length === 0) continue;
    const name = heldout ? 'held-out' : 'tuned';
    for (const s of group) {
      rows.push([name, s.corpus, String(s.pages), String(s.questions), pct(s.at1), pct(s.at5), String(Math.round(s.at1 * s.questions)), String(Math.round(s.at5 * s.questions))]);
    }
    const questions = group.reduce((n, s) => n + s.questions, 0);
    const first = group.reduce((n, s) => n + Math.round(s.at1 * s.questions), 0);
    const top5 = group.reduce((n, s) => n + Math.round(s.at5 * s.questions), 0);
    rows.push([name, 'sum', '', String(questions), pct(first / questions), pct(top5 / questions), String(first), String(top5)]);
  }
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  for (const r of rows) console.log(r.map((cell, c) => (c < 2 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  '));
}

/** The accepted answering pages of a question. */
function answers(q: Question): string[] {
  return q.paths ?? (q.path !== undefined ? [q.path] : []);
}

async function evaluate(set: QuestionSet, corpus: string, root: string): Promise<Summary> {
  const outDir = path.join(os.tmpdir(), `folio-eval-${corpus}`);
  if (!args.includes('--no-build') || !existsSync(path.join(outDir, RETRIEVAL_FILE))) {
    const started = performance.now();
    const built = await buildSite({ root, outDir, search: pagefind, log: () => {} });
    if (!built.ok && !existsSync(path.join(outDir, RETRIEVAL_FILE))) throw new Error(`the build of ${corpus} failed`);
    console.log(`${corpus}: ${built.pages} pages built in ${Math.round((performance.now() - started) / 1000)} s (${outDir})`);
  }
  console.log(`${corpus}: ${set.questions.length} questions`);

  const index = indexOfFile(await readFile(path.join(outDir, RETRIEVAL_FILE), 'utf8'));
  if (!index) throw new Error(`${RETRIEVAL_FILE} is missing or not of this version`);
  const filters = set.language ? { language: set.language } : undefined;
  const unanswered = set.questions.filter((q) => answers(q).length === 0);
  if (unanswered.length) throw new Error(`questions without a path: ${unanswered.map((q) => JSON.stringify(q.q)).join(', ')}`);
  const unknown = set.questions.flatMap((q) => answers(q)).filter((p) => !index.page(p));
  if (unknown.length) throw new Error(`questions name pages the index does not have: ${unknown.join(', ')}`);

  // The first question indexes the language (timed apart: a server does it once per build).
  const warmStart = performance.now();
  index.search(set.questions[0]!.q, { limit: 5, filters });
  console.log(`index of the questions' language made in ${Math.round(performance.now() - warmStart)} ms`);
  const askStart = performance.now();
  // What `POST /v1/search/{domain}` answers (the same function, the same body checks), first five results.
  const ranked = set.questions.map((q) => searchResults(index, searchBody.parse({ query: q.q, pageSize: 5, ...(filters ? { filter: filters } : {}) })).map((r) => r.path));
  const askMs = (performance.now() - askStart) / set.questions.length;
  const [at1, at5] = report(set, 'retrieval (MiniSearch sections)', ranked, askMs);

  if (pagefind) {
    const search = await sitePagefindSearch(outDir, set.language);
    const lists: string[][] = [];
    await search(set.questions[0]!.q);
    const searchStart = performance.now();
    for (const q of set.questions) lists.push(await search(q.q));
    // After one question not counted (Pagefind's first run), as the dialog's worker warms it up.
    report(set, 'Pagefind (site search)', lists, (performance.now() - searchStart) / set.questions.length);
  }
  return { corpus, heldout: set.heldout === true, pages: index.size, questions: set.questions.length, at1, at5 };
}

/** Prints recall@1 and recall@5 of one ranking (and its misses unless --quiet); returns both. */
function report(set: QuestionSet, label: string, lists: string[][], msPerQuery?: number): [number, number] {
  const rankOf = (q: Question, list: string[]) => {
    const ranks = answers(q).map((p) => list.indexOf(p)).filter((r) => r >= 0);
    return ranks.length ? Math.min(...ranks) : -1;
  };
  const at = (k: number) => set.questions.filter((q, i) => { const r = rankOf(q, lists[i]!); return r >= 0 && r < k; }).length / set.questions.length;
  console.log(`${label}: recall@1 ${(at(1) * 100).toFixed(1)} %, recall@5 ${(at(5) * 100).toFixed(1)} %${msPerQuery !== undefined ? `, ${msPerQuery.toFixed(2)} ms a question` : ''}`);
  if (!quiet) {
    set.questions.forEach((q, i) => {
      const list = lists[i]!;
      const rank = rankOf(q, list);
      if (rank !== 0) console.log(`  ${rank < 0 ? 'miss' : `#${rank + 1} `} ${JSON.stringify(q.q)} → ${answers(q).join(' | ')}; first: ${list.slice(0, 3).join(', ') || '(nothing)'}`);
    });
  }
  return [at(1), at(5)];
}
