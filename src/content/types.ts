import type { CustomFiles } from './custom-files.js';
import type { Diagnostic } from '../shared/index.js';
import type { ContentCode } from './codes.js';

/** Frontmatter fields Folio understands; everything else stays in `Page.frontmatter`. */
export interface PageMeta {
  /** Sidebar label when it should differ from the page title. */
  sidebarTitle?: string;
  /** Icon name shown beside the sidebar entry. */
  icon?: string;
  /** Small label shown beside the sidebar entry (e.g. "NEW"). */
  tag?: string;
  /** One-line summary shown under the title and in meta tags. */
  description?: string;
  /** `true`: routable but never listed in a sidebar. */
  hidden: boolean;
  /** `true`: excluded from search engine indexing only. */
  noindex: boolean;
  /** `"GET /users"` or `"spec.yaml GET /users"`: the page documents that endpoint. */
  openapi?: string;
  /** `"asyncapi.yaml channelId"` or `"channelId"`: the page documents that AsyncAPI channel. */
  asyncapi?: string;
  /** External link: the sidebar entry points here instead of to the page. */
  url?: string;
  /** Page layout mode (`wide`, `custom`, `center`, ...). */
  mode?: string;
}

/** One documentation page discovered on disk. */
export interface Page extends PageMeta {
  /** Path without extension, posix, no leading slash: `guide/intro`. This is what docs.json lists. */
  path: string;
  /** File relative to the docs root, posix: `guide/intro.mdx`. */
  file: string;
  format: 'mdx' | 'md';
  title: string;
  /**
   * Where the title came from, so tools can explain a surprising title. `openapi`: set by
   * navigation for a page whose frontmatter names an operation but no title (its summary).
   */
  titleSource: 'frontmatter' | 'filename' | 'openapi';
  /** Raw frontmatter (all keys, including the ones copied into typed fields). */
  frontmatter: Record<string, unknown>;
  /** Character offset where the body (after frontmatter) starts in the file. */
  bodyOffset: number;
  /** 1-based line on which the body starts; add it to body-relative MDX error lines, minus one. */
  bodyLine: number;
  /** The whole file text, only when `buildPageIndex` was asked to keep it. */
  source?: string;
  /** SHA-1 of `source` (hex), alongside it: a cache key that later stages need not compute again. */
  sourceHash?: string;
}

/** Every page of a docs repository, keyed by `Page.path`. */
export interface PageIndex {
  /** Absolute docs root. */
  root: string;
  pages: Map<string, Page>;
  /** Problems found while reading pages (frontmatter errors, duplicates, unreadable files). */
  diagnostics: Diagnostic<ContentCode>[];
  /** The repository's `.css` and `.js` files, linked from every page (`custom-files.ts`). */
  custom?: CustomFiles;
}

/**
 * How much of each page's text the index keeps: none (`false`), all of it with its hash (`true`),
 * or `'hash'`: the hash of every page and the text of pages whose text the load reads whole
 * (imports, `class=`, API frontmatter), plus the others' while the index holds less than
 * `HASH_MODE_TEXT_CHARS` of text; a build reads the rest again when it compiles them.
 */
export type KeepSource = boolean | 'hash';

export interface PageIndexOptions {
  /** Keep each file's text on `Page.source` so later stages need not read it again (`KeepSource`). */
  keepSource?: KeepSource;
  /** Files read between two yields to the event loop (default 64). */
  batch?: number;
  /** Extra gitignore-style patterns applied after the defaults and `.mintignore`. */
  ignore?: string[];
  /** docs.json `variables`, substituted for `{{name}}` in frontmatter values. */
  variables?: Readonly<Record<string, string>>;
}
