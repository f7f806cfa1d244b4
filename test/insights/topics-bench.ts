/**
 * How long `topicsOf` takes for 5,000 distinct questions and searches on a 1,000-page site
 * (5 sections a page, 40 sidebar groups): `npx tsx test/insights/topics-bench.ts`. Prints the
 * times; asserts nothing. Questions are made from the pages' own words (a third cite their page,
 * half have to be found by retrieval, the rest name things no page holds).
 */
import { performance } from 'node:perf_hooks';
import { topicsOf, type TopicItem } from '../../src/insights/index.js';
import { SectionIndex, type RetrievalPage } from '../../src/retrieval/index.js';

const PAGES = 1_000;
const ITEMS = 5_000;

/** A small deterministic generator (mulberry32), so every run asks the same questions. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = random(43);
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

const syllables = ['ka', 'lo', 'mi', 'ren', 'tas', 'vel', 'dor', 'qui', 'zan', 'pho', 'lex', 'mor', 'sti', 'gra', 'nef', 'bul'];
const word = () => Array.from({ length: 2 + Math.floor(rand() * 2) }, () => pick(syllables)).join('');
const vocabulary = Array.from({ length: 4_000 }, word);
const filler = 'the a page of to and you can with your set when each in for this by on is it an or'.split(' ');
const sentence = (own: string[], n: number) => Array.from({ length: n }, () => (rand() < 0.4 ? pick(filler) : rand() < 0.7 ? pick(own) : pick(vocabulary))).join(' ');

const pages: RetrievalPage[] = Array.from({ length: PAGES }, (_, i) => {
  const own = Array.from({ length: 12 }, () => pick(vocabulary));
  return {
    href: `/g${i % 40}/page-${i}`,
    title: `${own[0]} ${own[1]}`,
    group: `Group ${i % 40}`,
    sections: Array.from({ length: 5 }, (_, s) => ({ anchor: s ? `s${s}` : '', heading: s ? `${own[s + 1]} ${own[s + 2]}` : '', text: sentence(own, 120) })),
  };
});

const items: TopicItem[] = Array.from({ length: ITEMS }, (_, i) => {
  const page = pick(pages);
  const own = page.sections.flatMap((s) => s.text.split(' ')).filter((w) => !filler.includes(w));
  const kind = i % 5 === 0 ? 'search' : 'question';
  const roll = rand();
  const text = roll < 0.85 ? `how do I ${Array.from({ length: kind === 'search' ? 2 : 5 }, () => pick(own)).join(' ')} ${i}` : `does it ${word()}${word()} ${word()}${word()} ${i}`;
  return {
    text,
    count: 1 + Math.floor(rand() * 3),
    answered: roll < 0.85,
    rating: rand() < 0.1 ? 'down' : rand() < 0.2 ? 'up' : null,
    cited: roll < 0.35 ? [page.href] : [],
    kind,
  };
});

let t = performance.now();
const index = new SectionIndex(pages);
await index.prepare();
console.log(`index: ${PAGES} pages, ${PAGES * 5} sections, ${(performance.now() - t).toFixed(0)} ms to build`);

for (const [name, withIndex, searchBudgetMs] of [
  ['with the index', true, undefined],
  ['again (answers kept per index)', true, undefined],
  ['without an index', false, undefined],
  ['with the index, no search budget (a fresh index)', true, Infinity],
] as const) {
  const searched = name.includes('fresh') ? new SectionIndex(pages) : index;
  if (searched !== index) await searched.prepare();
  t = performance.now();
  const topics = await topicsOf(items, withIndex ? searched : null, { searchBudgetMs, log: (line) => console.log(`  ${line}`) });
  const ms = performance.now() - t;
  const other = topics.find((x) => x.id === 'other');
  console.log(`topicsOf ${ITEMS} items ${name}: ${ms.toFixed(0)} ms; ${topics.length} topics, "Other" ${other?.count ?? 0} of ${topics.reduce((s, x) => s + x.count, 0)}`);
}
