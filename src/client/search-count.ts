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

export class SearchCount {
  /** The queries of this session the reader stopped at, in order, at most one per key. */
  private settled: CountedSearch[] = [];
  /** The query the reader last typed in this session (null: none yet; a query shown again on reopening is not typed). */
  private typedKey: string | null = null;
  private lastKeystroke = 0;
  /** The results on show for the typed query, once the dialog drew them. */
  private shown: CountedSearch | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly report: (search: CountedSearch) => void,
    private readonly pauseMs = PAUSE_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The reader changed the query (a keystroke, a paste, a recent search picked). */
  typed(query: string): void {
    clearTimeout(this.timer);
    const key = keyOf(query);
    this.typedKey = key;
    this.shown = null;
    this.lastKeystroke = this.now();
    // What the reader extends is not a search of its own.
    this.settled = this.settled.filter((s) => !isExtendedBy(keyOf(s.query), key));
    if (key) this.timer = setTimeout(() => this.settle(), this.pauseMs);
  }

  /** The dialog drew `results` relevant results for `query`. */
  showed(query: string, results: number): void {
    if (keyOf(query) !== this.typedKey || !this.typedKey) return;
    this.shown = { query: asTold(query), results };
    // The answer came after the pause: the reader had stopped already.
    if (this.now() - this.lastKeystroke >= this.pauseMs) this.settle();
  }

  /** The session ends (dialog closed, result picked, page hidden): report what counts, the query on show included. */
  end(): void {
    clearTimeout(this.timer);
    this.settle();
    const counted = this.settled;
    this.settled = [];
    this.typedKey = null;
    this.shown = null;
    for (const search of counted) this.report(search);
  }

  private settle(): void {
    const s = this.shown;
    if (!s) return;
    const key = keyOf(s.query);
    this.settled = [...this.settled.filter((t) => keyOf(t.query) !== key), s];
  }
}

/** `earlier` is a strict prefix of `later` (character by character: "auth" of "authentication", "zzqxv" of "zzqxv n"). */
function isExtendedBy(earlier: string, later: string): boolean {
  return later.length > earlier.length && later.startsWith(earlier);
}
