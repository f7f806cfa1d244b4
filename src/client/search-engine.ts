/**
 * Pagefind in the browser. The index lives at `<base>pagefind/` in the built site, with further
 * shards and, after a small rebuild, a delta index of the changed pages beside it (all named in
 * `folio-search.json`); they are merged here, and main-index hits of delta pages are dropped.
 * `folio dev` answers the same paths from an index it keeps in memory.
 */
import type { PagefindData } from './search-results.js';
import { queryTerms } from './search-terms.js';

interface PagefindResult {
  /** The page's id in the index: the same page in two searches has the same id. */
  id: string;
  /** Pagefind's relevance of the page to the query (higher first; per word, rarer words weigh more). */
  score?: number;
  data(): Promise<PagefindData>;
}
interface Pagefind {
  options?(options: { basePath?: string }): Promise<void>;
  init?(): Promise<void>;
  mergeIndex?(path: string): Promise<void>;
  search(query: string, options?: { filters?: Record<string, string> }): Promise<{ results: PagefindResult[] } | null>;
}
interface SearchManifest {
  shards?: string[];
  delta?: string;
  stale?: string[];
}
export interface SearchEngine {
  pagefind: Pagefind;
  stale: Set<string>;
  /** The site's base path without its last slash (`/docs`, `''`): Pagefind puts it before each hit's URL, the manifest names pages without it. */
  prefix: string;
  /** The index's language (the page's `<html lang>`): which words of a query ask rather than name (`queryTerms`). */
  language?: string;
}

/** `/a/b/`, `/a/b/index.html` and `/a/b.html` all name the page `/a/b`. */
const pageKey = (url: string) => url.replace(/(\/index)?\.html$/, '').replace(/(.)\/$/, '$1');

export async function loadEngine(base: string, language?: string): Promise<SearchEngine> {
  const [pagefind, manifest] = await Promise.all([
    import(/* @vite-ignore */ `${base}pagefind/pagefind.js`) as Promise<Pagefind>,
    fetch(`${base}pagefind/folio-search.json`)
      .then((r): Promise<SearchManifest> | SearchManifest => (r.ok ? r.json() : {}))
      // No manifest (a site built before shards, or a static host without it): the main index alone still answers.
      .catch((): SearchManifest => ({})),
  ]);
  // Said outright: Pagefind would take its folder from its script's full URL, and where no `window` says the page's origin
  // (the search worker) it then gives every hit of the main index a full URL, which the manifest's page paths never match.
  await pagefind.options?.({ basePath: `${base}pagefind/` });
  await pagefind.init?.();
  const extra = [...(manifest.shards ?? []), ...(manifest.delta ? [manifest.delta] : [])];
  if (pagefind.mergeIndex) for (const dir of extra) await pagefind.mergeIndex(`${base}${dir}`);
  return { pagefind, stale: new Set((manifest.stale ?? []).map(pageKey)), prefix: base.replace(/\/$/, ''), language };
}

/** `/docs/a` → `/a` under the base path `/docs`. */
const withoutPrefix = (url: string, prefix: string) => (prefix && url.startsWith(prefix + '/') ? url.slice(prefix.length) : url);

/** When the query as typed finds fewer pages than this, its words are also searched one by one (`rankedResults`). */
export const FEW_PAGES = 10;

/**
 * Pagefind's results for `query`, best first. Pagefind lists only pages holding every word of the
 * query; when those are fewer than `FEW_PAGES` and the query has words worth searching other than
 * itself (`queryTerms`: without the words that ask, "how do I"), each such word is also searched on its
 * own (the index chunks the whole query loaded answer them) and the pages found that way follow
 * the exact query's own: pages holding more of the words first, then by the sum of Pagefind's
 * scores for them (a rare word weighs more than a common one).
 */
export async function rankedResults(engine: SearchEngine, query: string, filters?: Record<string, string>): Promise<PagefindResult[]> {
  const options = filters ? { filters } : undefined;
  const exact = (await engine.pagefind.search(query, options))?.results ?? [];
  const terms = queryTerms(query, engine.language);
  if (exact.length >= FEW_PAGES || terms.length === 0 || (terms.length === 1 && terms[0] === query.trim().toLowerCase())) return exact;
  const each = await Promise.all(terms.map(async (term) => (await engine.pagefind.search(term, options))?.results ?? []));
  const listed = new Set(exact.map((r) => r.id));
  const found = new Map<string, { result: PagefindResult; words: number; score: number }>();
  for (const results of each) {
    for (const result of results) {
      if (listed.has(result.id)) continue;
      const page = found.get(result.id) ?? { result, words: 0, score: 0 };
      page.words += 1;
      page.score += result.score ?? 0;
      found.set(result.id, page);
    }
  }
  const more = [...found.values()].sort((a, b) => b.words - a.words || b.score - a.score);
  return [...exact, ...more.map((p) => p.result)];
}

/** Which version's pages a search from this page lists first. */
export interface VersionScope {
  /** The version of the page searched from: its hits first (Pagefind's filter), then the others'. */
  version?: string;
  /** On a page outside every version, the site's default one: pages of other versions go after the rest. */
  defaultVersion?: string;
}

/**
 * The first `limit` hits for `query`, leaving out main-index hits of pages the delta index replaced.
 * A reader of the current docs lands on the current page, not on an older release's copy of it, and
 * an older release's reader stays in theirs: from a page of a version, that version's hits come first
 * and the other versions' after them; from a page in no version, pages of versions other than the
 * default one go after the rest (among twice `limit` hits). Once `current()` says the query was typed
 * over, no more page data is fetched for it.
 */
export async function searchPages(engine: SearchEngine, query: string, limit: number, scope: VersionScope = {}, current: () => boolean = () => true): Promise<PagefindData[]> {
  const out: PagefindData[] = [];
  // Results by id: a page the version's search already gave is not fetched again by the wider one.
  const seen = new Set<string>();
  const take = async (filters: Record<string, string> | undefined, max: number) => {
    const results = (await rankedResults(engine, query, filters)).filter((r) => !seen.has(r.id));
    // `current()` false: the reader typed on, and no fragment is fetched for this query any more.
    for (let i = 0; i < results.length && out.length < max && current(); i += limit) {
      const batch = results.slice(i, i + limit);
      batch.forEach((r) => seen.add(r.id));
      for (const d of await Promise.all(batch.map((r) => r.data()))) {
        const replaced = !d.meta.folio_delta && engine.stale.has(pageKey(withoutPrefix(d.url, engine.prefix)));
        if (!replaced) out.push(d);
      }
    }
  };
  const reorder = !scope.version && scope.defaultVersion !== undefined;
  if (scope.version) await take({ folio_version: scope.version }, limit);
  if (out.length < limit) await take(undefined, reorder ? limit * 2 : limit);
  if (!reorder) return out.slice(0, limit);
  const other = (d: PagefindData) => {
    const version = d.filters?.folio_version?.[0];
    return version !== undefined && version !== scope.defaultVersion;
  };
  return [...out.filter((d) => !other(d)), ...out.filter(other)].slice(0, limit);
}
