export { sectionsOfMarkdown } from './sections.js';
export { excerptOf, SectionIndex, type SearchFilters, type SearchPlace, type SectionHit, type SectionSearchOptions } from './section-index.js';
export { BM25, FIELD_BOOSTS, MATCH_WEIGHTS, relevance, STOP_WORDS } from './ranking.js';
export { indexOfFile, indexOfStream, loadSectionIndex, RetrievalTooLargeError, type BuildFileReader } from './load.js';
export { readRetrievalLines, retrievalHeaderLine, retrievalPageLine, RetrievalLineReader } from './file-lines.js';
export { RETRIEVAL_FILE } from '../shared/index.js';
export { RETRIEVAL_FORMAT, type AssistantSiteSettings, type PageOperation, type PageSection, type RetrievalFile, type RetrievalPage } from './types.js';
export { pageRankerOf, searchPages, type PageSearchOptions } from './page-search.js';
