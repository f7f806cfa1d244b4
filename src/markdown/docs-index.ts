/**
 * A small server-side search over a built site's Markdown, for agents (the MCP `search` tool):
 * the page list the build writes (`docs-index.json`) plus each page's `.md`, loaded once per build
 * folder. Scores whole-word matches, titles above headings above body text.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { resolveInside } from '../shared/index.js';
import { markdownFileFor } from '../shared/index.js';

/** `docs-index.json`: the site and its indexable pages in navigation order. */
export interface DocsIndexFile {
  name: string;
  description?: string;
  pages: IndexedPage[];
}

/** One page of `docs-index.json`. */
export interface IndexedPage {
  href: string;
  title: string;
  description?: string;
  section: string;
  /** Kept out of site search (frontmatter `searchable: false`): in llms files, not in MCP search results nor the 404 page's suggestions. */
  searchable?: false;
}

export interface SearchHit {
  title: string;
  /** Site-relative page URL. */
  url: string;
  /** URL of the page's Markdown. */
  markdownUrl: string;
  snippet: string;
}

/**
 * A ranking of the site's pages that `search` uses in place of its own word counts: retrieval's
 * (`pageRankerOf` there), handed in by whoever loads the index (this layer does not import it), so
 * MCP search and `POST /v1/search` rank alike. `from`: the page the reader is on.
 */
export interface PageRanker {
  rank(query: string, limit: number, from?: string): { path: string; title: string; excerpt: string }[];
}

interface Doc extends IndexedPage {
  markdown: string;
  lower: string;
  titleLower: string;
  headings: string;
}

export const DOCS_INDEX_FILE = 'docs-index.json';

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];

export class DocsIndex {
  private readonly docs: Doc[];
  private readonly byHref = new Map<string, Doc>();

  constructor(
    readonly name: string,
    readonly description: string | undefined,
    private readonly pages: (IndexedPage & { markdown: string })[],
    private readonly ranker?: PageRanker,
  ) {
    this.docs = pages.map((p) => ({
      ...p,
      lower: p.markdown.toLowerCase(),
      titleLower: p.title.toLowerCase(),
      headings: (p.markdown.match(/^#{1,6} .*$/gm) ?? []).join('\n').toLowerCase(),
    }));
    for (const d of this.docs) this.byHref.set(d.href, d);
  }

  /** This index with `extra` pages after its own (a reader's pages restricted to their groups, which the build's index leaves out). */
  withPages(extra: readonly (IndexedPage & { markdown: string })[]): DocsIndex {
    return extra.length ? new DocsIndex(this.name, this.description, [...this.pages, ...extra], this.ranker) : this;
  }

  /** This index with some pages' Markdown replaced (by href: a personalized page as one reader reads it). */
  withMarkdown(replaced: ReadonlyMap<string, string>): DocsIndex {
    return replaced.size ? new DocsIndex(this.name, this.description, this.pages.map((p) => (replaced.has(p.href) ? { ...p, markdown: replaced.get(p.href)! } : p)), this.ranker) : this;
  }

  /** This index searching with `ranker` (retrieval's ranking of the same build). */
  withRanker(ranker: PageRanker): DocsIndex {
    return new DocsIndex(this.name, this.description, this.pages, ranker);
  }

  /** Whether `search` ranks with a `PageRanker` (else by its own word counts, for a build without a retrieval file). */
  get ranked(): boolean {
    return this.ranker !== undefined;
  }

  get size(): number {
    return this.docs.length;
  }

  /**
   * Pages matching the query's words, best first; never a `searchable: false` page (still served by
   * `page`). With a `PageRanker`, its order (`from`: the reader's page, preferred); else titles above
   * headings above body text, by whole-word counts.
   */
  search(query: string, limit = 10, from?: string): SearchHit[] {
    if (this.ranker) {
      return this.ranker
        .rank(query, limit, from)
        .filter((hit) => this.byHref.get(hit.path)?.searchable !== false)
        .map((hit) => ({ title: hit.title, url: hit.path, markdownUrl: '/' + markdownFileFor(hit.path), snippet: hit.excerpt }));
    }
    const terms = [...new Set(words(query))];
    if (terms.length === 0) return [];
    const scored: { doc: Doc; score: number }[] = [];
    for (const doc of this.docs) {
      if (doc.searchable === false) continue;
      let score = 0;
      let matched = 0;
      for (const term of terms) {
        const body = countWord(doc.lower, term);
        const inTitle = countWord(doc.titleLower, term);
        const inHeadings = countWord(doc.headings, term);
        if (body + inTitle === 0) continue;
        matched++;
        score += inTitle * 10 + inHeadings * 3 + Math.log2(1 + body);
      }
      if (matched) scored.push({ doc, score: score * (matched / terms.length) ** 2 });
    }
    scored.sort((a, b) => b.score - a.score || a.doc.href.localeCompare(b.doc.href));
    return scored.slice(0, limit).map(({ doc }) => ({ title: doc.title, url: doc.href, markdownUrl: '/' + markdownFileFor(doc.href), snippet: snippet(doc, terms) }));
  }

  /** The Markdown of a page by path (`/guide/intro`, `guide/intro.md`) or full URL; null when unknown. */
  page(pathOrUrl: string): { href: string; title: string; markdown: string } | null {
    let p = pathOrUrl.trim();
    try {
      if (/^[a-z]+:\/\//i.test(p)) p = new URL(p).pathname;
    } catch {
      return null;
    }
    p = ('/' + p.replace(/^\/+/, '')).replace(/[?#].*$/, '').replace(/\.md$/, '').replace(/\/+$/, '') || '/';
    const doc = this.byHref.get(p) ?? (p === '/index' ? this.byHref.get('/') : p === '/' ? this.byHref.get('/index') : undefined);
    return doc ? { href: doc.href, title: doc.title, markdown: doc.markdown } : null;
  }
}

function countWord(text: string, term: string): number {
  let n = 0;
  for (let at = text.indexOf(term); at >= 0; at = text.indexOf(term, at + term.length)) {
    const before = text[at - 1];
    const after = text[at + term.length];
    if ((!before || !/[\p{L}\p{N}_]/u.test(before)) && (!after || !/[\p{L}\p{N}_]/u.test(after))) n++;
  }
  return n;
}

/** About 200 characters of body text around the first match. */
function snippet(doc: Doc, terms: string[]): string {
  const body = doc.markdown.replace(/^# .*\n+/, '');
  const lower = body.toLowerCase();
  const at = Math.min(...terms.map((t) => lower.indexOf(t)).filter((i) => i >= 0), body.length);
  const start = at === body.length ? 0 : Math.max(0, at - 80);
  const text = body.slice(start, start + 200).replace(/\s+/g, ' ').trim();
  return (start > 0 ? '…' : '') + text + (start + 200 < body.length ? '…' : '');
}

const loaded = new Map<string, Promise<DocsIndex | null>>();

/** Reads one file of a built site by its path relative to the site's root; null when it has none. */
export type BuiltFileReader = (relativePath: string) => Promise<string | null>;

/**
 * The index of a built site folder (its `docs-index.json` and `.md` files), loaded once; null when
 * the build has none. `fresh` reads it again (the folder was rebuilt in place).
 */
export function loadDocsIndex(dir: string, { fresh = false } = {}): Promise<DocsIndex | null> {
  const key = path.resolve(dir);
  return loadDocsIndexFrom(key, (relative) => {
    const file = resolveInside(key, relative);
    return file ? readFile(file, 'utf8').catch(() => null) : Promise.resolve(null);
  }, { fresh });
}

/**
 * The index of a built site read through `read` (a published build in object storage), loaded
 * once per `key` (a build's identity; builds never change once published).
 */
export function loadDocsIndexFrom(key: string, read: BuiltFileReader, { fresh = false } = {}): Promise<DocsIndex | null> {
  let index = fresh ? undefined : loaded.get(key);
  if (!index) {
    index = readDocsIndex(read);
    loaded.set(key, index);
    if (loaded.size > 64) loaded.delete(loaded.keys().next().value!);
  }
  return index;
}

async function readDocsIndex(read: BuiltFileReader): Promise<DocsIndex | null> {
  let file: DocsIndexFile;
  try {
    const text = await read(DOCS_INDEX_FILE);
    if (text === null) return null;
    file = JSON.parse(text) as DocsIndexFile;
  } catch {
    // Built before Markdown export, or not a Folio build: no index.
    return null;
  }
  const withText = await Promise.all(
    file.pages.map(async (p) => ({ ...p, markdown: (await read(markdownFileFor(p.href)).catch(() => null)) ?? `# ${p.title}\n` })),
  );
  return new DocsIndex(file.name, file.description, withText);
}
