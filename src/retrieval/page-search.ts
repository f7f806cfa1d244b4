/**
 * Search by pages: the one ranking every reader-facing search answers with (`POST /v1/search`, the
 * MCP server's `search` and `/search.json`): `SectionIndex`'s ranking (fields, reference weights,
 * feedback), one result per page (its best section), and the asking page's place as a preference.
 */
import type { SearchFilters, SectionHit, SectionIndex } from './section-index.js';

export interface PageSearchOptions {
  limit: number;
  scoreThreshold?: number;
  filters?: SearchFilters;
  /** The page the question was asked from (site path): its product and version are preferred. */
  from?: string;
}

export function searchPages(index: SectionIndex, query: string, { limit, scoreThreshold = 0, filters, from }: PageSearchOptions): SectionHit[] {
  const prefer = from ? index.placeOf(from) : undefined;
  return index.search(query, { limit, scoreThreshold, perPage: true, ...(filters ? { filters } : {}), ...(prefer ? { prefer } : {}) });
}

/** The MCP server's ranking of a site (`markdown`'s `PageRanker`): `searchPages` over its index. */
export function pageRankerOf(index: SectionIndex): { rank(query: string, limit: number, from?: string): SectionHit[] } {
  return { rank: (query, limit, from) => searchPages(index, query, { limit, ...(from ? { from } : {}) }) };
}
