import type { Diagnostic } from '../shared/index.js';
import type { MdxCode } from './codes.js';
import type { IslandModule } from './islands.js';

/** One MDX page body to turn into HTML. */
export interface MdxInput {
  /** The page file content WITHOUT frontmatter. */
  source: string;
  /** Path relative to the docs root, used in diagnostics. */
  file: string;
  /** Lines removed above `source` (frontmatter), so positions map to the real file. */
  lineOffset: number;
  /** docs.json `variables`, substituted for `{{name}}`. */
  variables: Record<string, string>;
  /**
   * Resolve an import path such as `/snippets/x.mdx` (or `snippets/x.mdx` for
   * `<Snippet file>`); the caller confines it to the docs root. Null when missing.
   */
  readSnippet(importPath: string): Promise<{ file: string; source: string } | null>;
  /**
   * Imports other pages of the repository make, for the components this page uses (see
   * `knownImportsFor`): a component used without an import is rendered from its only candidate.
   */
  knownImports?: KnownImports;
  /** docs.json `icons.library`: where icon names are looked up first (`ICON_UNKNOWN` when no library has one). */
  iconLibrary?: 'fontawesome' | 'lucide' | 'tabler';
  /** Shiki themes of code blocks (`codeThemesOf(styling.codeblocks)`); github-light / github-dark when absent. */
  codeThemes?: { light: string; dark: string };
}

/** What one local name is imported from: a root-relative snippet path and `default` or an export name. */
export interface SnippetImport {
  source: string;
  imported: string;
}

/** Component name → the distinct imports of it made by the pages nearest to a page. */
export type KnownImports = Record<string, SnippetImport[]>;

/** A heading of the page body, for the table of contents. */
export interface Heading {
  depth: number;
  id: string;
  text: string;
}

/** Client islands the page body needs; the build bundles a script per feature. */
export type ClientFeature = 'mermaid' | 'tabs' | 'copy' | 'math';

/**
 * Milliseconds one body spent in each stage of `renderMdx`, timed around synchronous code (so close
 * to the thread's CPU; a thread descheduled meanwhile counts too): parsing (variables, MDX syntax
 * tree, ESM), the HTML tree (mdast → hast, snippets, headings, icons; highlighting apart), code
 * highlighting, React's HTML (or the MDX fallback's compile and run), and the Markdown of the tree.
 * `folio build` adds them up into the CPU split `npm run bench:build` prints.
 */
export interface MdxTimings {
  parseMs: number;
  treeMs: number;
  highlightMs: number;
  htmlMs: number;
  textMs: number;
}

/** Fresh zeroed `MdxTimings`. */
export function mdxTimings(): MdxTimings {
  return { parseMs: 0, treeMs: 0, highlightMs: 0, htmlMs: 0, textMs: 0 };
}

/** HTML of one page body plus what the layout needs to know about it. */
export interface MdxOutput {
  html: string;
  headings: Heading[];
  diagnostics: Diagnostic<MdxCode>[];
  usesClientFeatures: Set<ClientFeature>;
  /** Which renderer produced the HTML: the syntax-tree fast path or the MDX compile+run fallback. */
  renderer: 'fast' | 'mdx';
  /** Modules whose components hydrate in the browser on this page (`islands.ts`); absent when none. */
  islands?: IslandModule[];
  /** What `RenderOptions.alsoText` made of the finalized tree (absent when not asked or the page failed). */
  text?: string;
}
