/**
 * Search in `folio dev`: the same Pagefind index and search box as a built site, built in memory
 * from the loaded site when a browser first asks for `/pagefind/...` after a start or a change.
 * Each page is laid out by the site's renderer, so `searchable: false`, `noindex`, hidden pages,
 * `keywords` and `boost` weigh exactly as in the build. A page compiled earlier in this session
 * is indexed with its rendered body; the others with their text taken from the MDX source (tags,
 * imports and expressions removed), which saves compiling every page on the first search.
 */
import { pageSourceOf, type PageBody, type SiteRenderer } from '../render/index.js';
import { escapeHtml } from '../shared/index.js';
import type { Site } from '../site/index.js';
import { searchIndexFiles } from '../site-build/index.js';

/** Text of an MDX body for search: no frontmatter, imports/exports, JSX tags or `{expressions}`. */
export function mdxSearchText(source: string, bodyOffset: number): string {
  return source
    .slice(bodyOffset)
    .replace(/^(import|export)\s[^\n]*$/gm, ' ')
    .replace(/<\/?[A-Za-z][^>]*>/g, ' ')
    .replace(/\{[^{}\n]*\}/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#*_`>|~-]{1,}/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export class DevSearch {
  private index: Promise<Map<string, Buffer>> | null = null;

  constructor(private readonly log: (line: string) => void) {}

  /** The site changed: the next request builds the index again. */
  invalidate(): void {
    this.index = null;
  }

  /** The index file at `name` (under `/pagefind/`), building the index first when needed. */
  async file(name: string, site: Site, renderer: SiteRenderer, compiled: (href: string) => PageBody | undefined): Promise<Buffer | undefined> {
    this.index ??= this.build(site, renderer, compiled);
    return (await this.index).get(name);
  }

  private async build(site: Site, renderer: SiteRenderer, compiled: (href: string) => PageBody | undefined): Promise<Map<string, Buffer>> {
    const started = performance.now();
    const documents: [string, string][] = [];
    for (const route of site.model.pages.values()) {
      if (renderer.pageFlags(route).unsearchable) continue;
      let body = compiled(route.href);
      if (!body) {
        const source = pageSourceOf(site, route);
        if (source.kind === 'unreadable') continue;
        // Generated endpoint pages are drawn from the spec, with no compile; MDX pages give their text.
        body = source.kind === 'endpoint' ? { html: source.html, headings: source.headings, features: [] } : { html: `<p>${escapeHtml(mdxSearchText(source.page.source ?? '', source.page.bodyOffset))}</p>`, headings: [], features: [] };
      }
      documents.push([route.href, renderer.render(route, body)]);
    }
    const { files, pages, errors } = await searchIndexFiles(documents);
    for (const e of errors) this.log(`search: ${e}`);
    this.log(`search index: ${pages} pages in ${Math.round(performance.now() - started)} ms`);
    return files;
  }
}
