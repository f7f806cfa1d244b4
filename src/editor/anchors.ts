/**
 * Where a comment or suggestion sits in a page's text: the quote it was made on, and the offset
 * where that quote then started. Others' edits move the quote; it is found again as the occurrence
 * nearest to where it was. When the quote itself was edited away, the thread has no place in the
 * text any more (it stays listed, marked as such). The browser has the same rule in
 * `src/client/editor/anchors.ts` (client code imports no layer); `test/editor/anchors.test.ts`
 * checks that both agree.
 */

export interface TextRange {
  from: number;
  to: number;
}

/** The occurrence of `quote` in `text` nearest to `offset` (UTF-16 units), or null when there is none. */
export function findAnchor(text: string, quote: string, offset: number): TextRange | null {
  if (!quote) return null;
  let best = -1;
  for (let at = text.indexOf(quote); at !== -1; at = text.indexOf(quote, at + 1)) {
    if (best === -1 || Math.abs(at - offset) < Math.abs(best - offset)) best = at;
    // Occurrences come in order: once one is past the offset and farther than the best, none after is nearer.
    if (at > offset && at - offset > Math.abs(best - offset)) break;
  }
  return best === -1 ? null : { from: best, to: best + quote.length };
}

/** `text` with `range` replaced by `replacement`. */
export function replaceRange(text: string, range: TextRange, replacement: string): string {
  return text.slice(0, range.from) + replacement + text.slice(range.to);
}
