/**
 * When a search in the dialog counts, for analytics: once the reader stops typing with its
 * results on show (`PAUSE_MS` without a keystroke), picks a result, or closes the dialog; never per
 * keystroke. A query the reader went on to extend in the same dialog session (a prefix of what they
 * typed next: "zzqxv" on the way to "zzqxv nonexistent") is not a search of its own, so counted
 * queries wait for the session's end (the dialog closed, a result picked, the page hidden) and are
 * reported then, each once. Before, the beacon sent whatever query had been on show for a second
 * since its results arrived, so a pause mid-query, or a slow answer to the next keystroke, stored
 * the half-typed one.
 */

/** How long without a keystroke, with the results on show, makes the query one the reader stopped at. */
export const PAUSE_MS = 1000;

export interface CountedSearch {
  /** As typed, told as `asTold` tells it. */
  query: string;
  /** How many results the dialog showed as relevant (`isRelevant`). */
  results: number;
}

/** A query as the page is told it: trimmed, inner white space (a pasted tab) as single spaces, at most 200 characters (what the events endpoint takes). */
export const asTold = (query: string) => query.trim().replace(/\s+/g, ' ').slice(0, 200);
/** What two queries are compared by: the words as the reader means them, case and spacing aside. */
const keyOf = (query: string) => asTold(query).toLowerCase();

/** What the dialog tells the counter; a closure, so the island's minifier shortens its state's names. */
export interface SearchCount {
  /** The reader changed the query (a keystroke, a paste, a recent search picked). */
  typed(query: string): void;
  /** The dialog drew `results` relevant results for `query`. */
  showed(query: string, results: number): void;
  /** The session ends (dialog closed, result picked, page hidden): report what counts, the query on show included. */
  end(): void;
}

export function searchCount(report: (search: CountedSearch) => void, pauseMs = PAUSE_MS, now: () => number = Date.now): SearchCount {
  /** The queries of this session the reader stopped at, in order, at most one per key. */
  let settled: CountedSearch[] = [];
  /** The query the reader last typed in this session (null: none yet; a query shown again on reopening is not typed). */
  let typedKey: string | null = null;
  let lastKeystroke = 0;
  /** The results on show for the typed query, once the dialog drew them. */
  let shown: CountedSearch | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const settle = () => {
    if (!shown) return;
    const key = keyOf(shown.query);
    settled = [...settled.filter((t) => keyOf(t.query) !== key), shown];
  };

  return {
    typed(query) {
      clearTimeout(timer);
      const key = keyOf(query);
      typedKey = key;
      shown = null;
      lastKeystroke = now();
      // What the reader extends is not a search of its own.
      settled = settled.filter((s) => !isExtendedBy(keyOf(s.query), key));
      if (key) timer = setTimeout(settle, pauseMs);
    },
    showed(query, results) {
      if (!typedKey || keyOf(query) !== typedKey) return;
      shown = { query: asTold(query), results };
      // The answer came after the pause: the reader had stopped already.
      if (now() - lastKeystroke >= pauseMs) settle();
    },
    end() {
      clearTimeout(timer);
      settle();
      const counted = settled;
      settled = [];
      typedKey = null;
      shown = null;
      for (const search of counted) report(search);
    },
  };
}

/** `earlier` is a strict prefix of `later` (character by character: "auth" of "authentication", "zzqxv" of "zzqxv n"). */
function isExtendedBy(earlier: string, later: string): boolean {
  return later.length > earlier.length && later.startsWith(earlier);
}
