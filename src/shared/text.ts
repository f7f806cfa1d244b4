/** Levenshtein distance with adjacent transpositions (optimal string alignment): `gropus` is one edit from `groups`. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The closest candidate to `input`, or undefined when none is close enough to
 * be a plausible typo (distance at most a third of the length, minimum 1;
 * case-only differences always count). The "did you mean" of every message.
 */
export function closest(input: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestScore = Infinity;
  const lower = input.toLowerCase();
  for (const c of candidates) {
    const score = c.toLowerCase() === lower ? 0 : editDistance(lower, c.toLowerCase());
    if (score < bestScore) {
      best = c;
      bestScore = score;
    }
  }
  const limit = Math.max(1, Math.floor(input.length / 3));
  return best !== undefined && bestScore <= limit ? best : undefined;
}

/** A site path as compared for suggestions: lower case, no trailing slash, no `.html`/`/index`. */
function comparablePath(p: string): string {
  return p.toLowerCase().replace(/\.html?$/, '').replace(/\/index$/, '').replace(/\/+$/, '') || '/';
}

/**
 * The site paths closest to `requested` (a path that is no page), best first, at most `limit`:
 * a candidate scores the smaller of its edit distance to the whole path and (a page that moved
 * to another folder) to the last segment plus one; only scores within half the length of the
 * last segment (minimum 2) count. The 404 page's "did you mean"; `src/client/not-found.ts` does
 * the same in the browser for static hosts.
 */
export function closestPaths(requested: string, candidates: Iterable<string>, limit = 5): string[] {
  const want = comparablePath(requested);
  const last = want.slice(want.lastIndexOf('/') + 1);
  const threshold = Math.max(2, Math.floor(last.length / 2));
  const scored: { href: string; score: number }[] = [];
  for (const href of candidates) {
    const have = comparablePath(href);
    const tail = have.slice(have.lastIndexOf('/') + 1);
    // Cheap bound first: a length gap beyond the threshold on both measures cannot score.
    if (Math.abs(have.length - want.length) > threshold && Math.abs(tail.length - last.length) + 1 > threshold) continue;
    const score = Math.min(editDistance(want, have), editDistance(last, tail) + 1);
    if (score <= threshold) scored.push({ href, score });
  }
  return scored.sort((a, b) => a.score - b.score || a.href.length - b.href.length || a.href.localeCompare(b.href)).slice(0, limit).map((s) => s.href);
}

/**
 * `s` as a string of its own. A substring V8 cuts from a longer string (a regex capture, a
 * `slice` of 13 characters or more) may keep the whole longer string alive; a value kept for the
 * length of a build (a title, a heading id) is detached so that it holds only its own characters.
 */
export function detached(s: string): string {
  return s.length < 13 ? s : Buffer.from(s, 'utf8').toString('utf8');
}
