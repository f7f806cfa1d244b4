/**
 * Where a build's CPU goes, phase by phase, from timings the build takes anyway: milliseconds of
 * hr-time around synchronous code in the thread that did the work (the main thread, or the MDX
 * worker that compiled a body and sent its `MdxResult.timings` back), and this process's CPU
 * (`process.cpuUsage`) around the phases before and after the pages. No profiler runs; a thread
 * descheduled in a timed stretch counts the wait too, so on a loaded machine the phases read a
 * little high. `npm run bench:build` prints the split per page and as a share of the build's CPU,
 * with what no phase accounts for (garbage collection between phases, promise and event-loop
 * glue, the kernel's part of writes done on the thread pool) as the remainder.
 */
import { readFileSync } from 'node:fs';
import type { MdxResult } from '../render/index.js';

/** The phases, in the order `bench:build` prints them. */
export const SPLIT_PHASES = [
  'plan',
  'parse',
  'tree',
  'highlight',
  'html',
  'compileOther',
  'layout',
  'searchHandOff',
  'writeHtml',
  'markdown',
  'links',
  'siteFiles',
  'llms',
  'retrieval',
  'finish',
] as const;

export type SplitPhase = (typeof SPLIT_PHASES)[number];

/** What each phase is, for printing. */
export const SPLIT_LABELS: Record<SplitPhase, string> = {
  plan: 'plan (load docs.json and pages, navigation, keys, cache)',
  parse: 'MDX parse (variables, syntax tree, ESM)',
  tree: 'HTML tree (mdast → hast, snippets, headings, icons)',
  highlight: 'code highlighting (Shiki)',
  html: 'body HTML (React render; MDX fallback)',
  compileOther: 'compile, rest (imports, snippets, grammars, cache put)',
  layout: 'page layout (head, sidebar, TOC → HTML)',
  searchHandOff: 'search hand-off (index document, to Pagefind)',
  writeHtml: 'writing the HTML files',
  markdown: 'Markdown export (body → Markdown, .md files)',
  links: 'link collection and checks',
  siteFiles: 'site files (404, /, sitemap, redirects)',
  llms: 'llms files',
  retrieval: 'retrieval file',
  finish: 'finish (cache save, assets, search wait, rest)',
};

/** Milliseconds per phase of one build (`BuildStats.split`). */
export type BuildSplit = Record<SplitPhase, number>;

/** Accumulates a build's split. */
export class CpuSplit {
  readonly ms: BuildSplit = Object.fromEntries(SPLIT_PHASES.map((p) => [p, 0])) as BuildSplit;

  add(phase: SplitPhase, ms: number): void {
    this.ms[phase] += ms;
  }

  /** Run `fn` (synchronous) and add its time to `phase`. */
  time<T>(phase: SplitPhase, fn: () => T): T {
    const started = performance.now();
    try {
      return fn();
    } finally {
      this.ms[phase] += performance.now() - started;
    }
  }

  /** A compiled body's stages, as its thread timed them. */
  addCompiled(timings: MdxResult['timings']): void {
    if (!timings) return;
    this.ms.parse += timings.parseMs;
    this.ms.tree += timings.treeMs;
    this.ms.highlight += timings.highlightMs;
    this.ms.html += timings.htmlMs;
    this.ms.markdown += timings.textMs;
    this.ms.compileOther += Math.max(0, timings.jobMs - timings.parseMs - timings.treeMs - timings.highlightMs - timings.htmlMs - timings.textMs);
  }

  /** The split in whole milliseconds. */
  result(): BuildSplit {
    return Object.fromEntries(SPLIT_PHASES.map((p) => [p, Math.round(this.ms[p])])) as BuildSplit;
  }
}

/**
 * CPU milliseconds of this process's child processes that have ended and been waited for (Pagefind's),
 * from `/proc/self/stat` (cutime and cstime, in clock ticks of 100 a second); 0 where there is none.
 */
export function endedChildrenCpuMs(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields after the command's closing parenthesis start at field 3; cutime and cstime are 16 and 17.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[16 - 3]) + Number(fields[17 - 3])) * 10;
  } catch {
    // Not Linux, or no /proc.
    return 0;
  }
}
