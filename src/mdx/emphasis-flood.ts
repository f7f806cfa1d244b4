import type { Diagnostic } from '../shared/index.js';
import type { MdxCode } from './codes.js';

/**
 * Runs of `*`/`_` one paragraph may hold before they are shown as plain characters. Matching
 * emphasis (micromark's attention resolver) costs time in the square of the runs of a paragraph:
 * a 40 KB line of `*_` (40,000 runs) takes minutes; 1,000 runs take milliseconds, and no real
 * paragraph comes near that.
 */
export const MAX_EMPHASIS_RUNS = 1_000;

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** Runs of `*` or `_` in `line` (a run: the same character repeated). */
function delimiterRuns(line: string): number {
  let runs = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if ((c === 42 || c === 95) && line.charCodeAt(i - 1) !== c) runs++;
  }
  return runs;
}

/**
 * `source` with each paragraph holding more than `MAX_EMPHASIS_RUNS` delimiter runs replaced by its
 * text as one string literal (`{"..."}`), shown as plain text and never parsed as Markdown (even
 * character references would cost seconds: tens of thousands of tokens); each such paragraph gets
 * a located `MDX_EMPHASIS_FLOOD` warning. Fenced code is left alone. One linear pass; the source is
 * returned as is when nothing is found.
 */
export function defuseEmphasisFloods(source: string, file: string, lineOffset: number, diagnostics: Diagnostic<MdxCode>[]): string {
  // Cheap bail-out: fewer delimiter characters in the whole page than the limit (counted with
  // indexOf, several times faster than a loop over every character of a page without many).
  let total = 0;
  for (const delimiter of ['*', '_']) {
    for (let i = source.indexOf(delimiter); i >= 0 && total <= MAX_EMPHASIS_RUNS; i = source.indexOf(delimiter, i + 1)) total++;
  }
  if (total <= MAX_EMPHASIS_RUNS) return source;
  const lines = source.split('\n');
  const flooded: Array<[number, number, number]> = [];
  let fence: string | null = null;
  let start = -1;
  let runs = 0;
  const close = (end: number) => {
    if (start >= 0 && runs > MAX_EMPHASIS_RUNS) flooded.push([start, end, runs]);
    start = -1;
    runs = 0;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const opener = FENCE.exec(line)?.[1];
    if (fence) {
      if (opener && opener[0] === fence[0] && opener.length >= fence.length && line.trim() === opener) fence = null;
      continue;
    }
    if (opener) {
      close(i);
      fence = opener;
      continue;
    }
    if (line.trim() === '') {
      close(i);
      continue;
    }
    if (start < 0) start = i;
    runs += delimiterRuns(line);
  }
  close(lines.length);
  if (flooded.length === 0) return source;
  for (const [from, to, count] of flooded) {
    // One string-literal expression (static: no code runs), the same number of lines so later
    // positions stay right. Braces and angle brackets are escaped so MDX reads it as one expression.
    const text = JSON.stringify(lines.slice(from, to).join('\n')).replace(/[{}<>]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    lines[from] = `{${text}}`;
    for (let i = from + 1; i < to; i++) lines[i] = '';
    diagnostics.push({
      file,
      line: from + 1 + lineOffset,
      column: 1,
      severity: 'warning',
      code: 'MDX_EMPHASIS_FLOOD',
      path: '',
      message: `This paragraph has ${count} runs of \`*\`/\`_\` (the limit is ${MAX_EMPHASIS_RUNS}); it is shown as plain text, without emphasis or other Markdown. Put long runs of these characters in a code block.`,
    });
  }
  return lines.join('\n');
}
