/**
 * The browser's twin of `src/editor/anchors.ts` (client code imports no layer): a thread's quote is
 * found again as its occurrence nearest to where it was. `test/editor/anchors.test.ts` checks both agree.
 */

/** The occurrence of `quote` in `text` nearest to `offset`, or null when there is none. */
export function findAnchor(text: string, quote: string, offset: number): { from: number; to: number } | null {
  if (!quote) return null;
  let best = -1;
  for (let at = text.indexOf(quote); at !== -1; at = text.indexOf(quote, at + 1)) {
    if (best === -1 || Math.abs(at - offset) < Math.abs(best - offset)) best = at;
    if (at > offset && at - offset > Math.abs(best - offset)) break;
  }
  return best === -1 ? null : { from: best, to: best + quote.length };
}
