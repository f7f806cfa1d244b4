/**
 * Generated docs corpora for `bench/build.ts` and the large-site tests: `tools`-style pages
 * (~1,550 words, a code block and a table each), 20 pages per folder and one sidebar group per
 * folder. Deterministic: the same shape and size always yield the same files.
 * - `one-section`: every group in one section (one sidebar for the whole site);
 * - `tabs`: ten tabs sharing the pages;
 * - `languages`: 25 languages sharing the pages (`languages` option: up to 40; issue 36's site has 35).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export type Shape = 'one-section' | 'tabs' | 'languages';
export const SHAPES: Shape[] = ['one-section', 'tabs', 'languages'];

const PER_GROUP = 20;
// The first 25 are the default (as before); then the spec's other codes, then BCP 47 tags with a known name.
const LANGUAGES = ['en', 'fr', 'de', 'es', 'it', 'nl', 'pt-BR', 'ru', 'ko', 'jp', 'cn', 'zh-Hant', 'ar', 'cs', 'da', 'fi', 'he', 'hi', 'hu', 'id', 'pl', 'ro', 'sv', 'tr', 'uk', 'ca', 'lv', 'no', 'uz', 'vi', 'el', 'th', 'bg', 'sk', 'sl', 'hr', 'lt', 'et', 'ms', 'fa'];
/** Languages of the `languages` shape when not given. */
export const DEFAULT_LANGUAGES = 25;
export const MAX_LANGUAGES = LANGUAGES.length;

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
export function pageText(n: number, words = 1): string {
  const next = rng(n + 1);
  // Tiny pages (tests of site size, not of page size): a title and one paragraph.
  if (words === 0) return `---\ntitle: Page ${n}\n---\n\n${sentence(next, 12)}\n`;
  const parts = [`---\ntitle: Page ${n}\ndescription: ${sentence(next, 10)}\n---\n`];
  for (let s = 0; s < 6; s++) {
    parts.push(`## Section ${s + 1} of page ${n}\n`);
    for (let p = 0; p < 3; p++) {
      const sentences: string[] = [];
      for (let k = 0; k < Math.max(1, Math.round(6 * words)); k++) sentences.push(sentence(next, 12 + Math.floor(next() * 4)));
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

/** Groups of `count` pages numbered from `first`, files under `prefix`. */
function groups(prefix: string, first: number, count: number): { group: string; pages: string[] }[] {
  const out = [];
  for (let g = 0; g * PER_GROUP < count; g++) {
    const pages = [];
    for (let i = g * PER_GROUP; i < Math.min(count, (g + 1) * PER_GROUP); i++) pages.push(`${prefix}g${g}/page-${first + i}`);
    out.push({ group: `Group ${g + 1}`, pages });
  }
  return out;
}

/** Split `pages` into `parts` near-equal runs: [first, count] each. */
function runs(pages: number, parts: number): [number, number][] {
  const out: [number, number][] = [];
  let first = 0;
  for (let i = 0; i < parts; i++) {
    const count = Math.floor(pages / parts) + (i < pages % parts ? 1 : 0);
    if (count > 0) out.push([first, count]);
    first += count;
  }
  return out;
}

export interface Corpus {
  /** Page paths (no extension), in navigation order. */
  pages: string[];
  /** Sections the pages are split into. */
  sections: number;
}

/**
 * Write a corpus of `pages` pages of `shape` into `dir` (docs.json and the MDX files).
 * `words` scales the prose of each page (1 = ~1,550 words; 0 = a title and one sentence).
 */
export async function generateCorpus(dir: string, pages: number, shape: Shape, options: { words?: number; languages?: number } = {}): Promise<Corpus> {
  const languages = LANGUAGES.slice(0, options.languages ?? DEFAULT_LANGUAGES);
  if (languages.length < 1 || languages.length !== (options.languages ?? DEFAULT_LANGUAGES)) throw new Error(`languages must be 1 to ${MAX_LANGUAGES}`);
  let navigation: Record<string, unknown>;
  if (shape === 'one-section') navigation = { groups: groups('', 0, pages) };
  else if (shape === 'tabs') navigation = { tabs: runs(pages, 10).map(([first, count], t) => ({ tab: `Tab ${t + 1}`, groups: groups(`t${t}/`, first, count) })) };
  else navigation = { languages: runs(pages, languages.length).map(([first, count], l) => ({ language: languages[l], groups: groups(`${languages[l]!.toLowerCase()}/`, first, count) })) };
  const config = { $schema: 'https://mintlify.com/docs.json', theme: 'mint', name: 'Bench', colors: { primary: '#2563EB' }, navigation };
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'docs.json'), JSON.stringify(config, null, 2));
  const list: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === 'string' && value.includes('page-')) list.push(value);
    else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  collect(navigation);
  const folders = new Set(list.map((p) => path.dirname(p)));
  for (const folder of folders) await mkdir(path.join(dir, folder), { recursive: true });
  // Bounded concurrency: 50,000 writes at once would hold every page text in memory.
  for (let i = 0; i < list.length; i += 256) {
    await Promise.all(list.slice(i, i + 256).map((p) => writeFile(path.join(dir, `${p}.mdx`), pageText(Number(p.slice(p.lastIndexOf('-') + 1)), options.words))));
  }
  return { pages: list, sections: shape === 'one-section' ? 1 : shape === 'tabs' ? 10 : languages.length };
}
