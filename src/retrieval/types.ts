/**
 * What retrieval hands on: a site's searchable pages split into sections (heading to heading),
 * as the build writes them beside the site (`RETRIEVAL_FILE`) and `SectionIndex` reads them.
 */

/** One part of a page: the text from one heading to the next (the first runs from the top to the first heading). */
export interface PageSection {
  /** The heading's anchor id (`#install`), '' for the part above the first heading. */
  anchor: string;
  /** The heading's text, '' for the part above the first heading. */
  heading: string;
  /** The section's Markdown, its heading line left out. */
  text: string;
}

/** An endpoint page's operation. */
export interface PageOperation {
  method: string;
  path: string;
}

/** One searchable page of a site with its sections. */
export interface RetrievalPage {
  /** Site path (`/guides/intro`), without the base path. */
  href: string;
  title: string;
  description?: string;
  /** Frontmatter `keywords`: words that should find the page without being in its text. */
  keywords?: string[];
  /** The innermost sidebar group holding the page. */
  group?: string;
  /** The product division (docs.json `products`) the page sits under. */
  product?: string;
  /** The innermost tab, anchor, dropdown or menu entry the page sits under (where a site without products keeps its products). */
  tab?: string;
  /** Frontmatter `tag` (the sidebar's badge: "New", "Beta", "Deprecated"). */
  tag?: string;
  /** The version division the page sits under. */
  version?: string;
  /**
   * Under a version other than the site's default one (an older release's docs): ranked below the
   * default version's pages unless a search asks for its version.
   */
  otherVersion?: true;
  /** The language division the page sits under (its code). */
  language?: string;
  /** Ranking multiplier (frontmatter `boost`, times the groups' `boost`); absent is 1. */
  boost?: number;
  operation?: PageOperation;
  sections: PageSection[];
}

/** The docs assistant's settings of a site (docs.json `assistant`), carried with its pages to the server. */
export interface AssistantSiteSettings {
  /** docs.json `name`: the product the assistant answers about. */
  siteName?: string;
  starterQuestions?: string[];
  supportEmail?: string;
  supportUrl?: string;
}

/** What a build writes (as lines: `file-lines.ts`): every searchable page of the site. */
export interface RetrievalFile {
  format: string;
  pages: RetrievalPage[];
  assistant?: AssistantSiteSettings;
}

/** Bump when `RetrievalFile` or the way sections are cut changes: a build then splits every page again. */
export const RETRIEVAL_FORMAT = 'folio-retrieval-2';

