/**
 * The assistant's sections in `folio dev`: a `SectionIndex` of the loaded site's searchable pages
 * (the build's rule: `SiteRenderer.pageFlags(...).unsearchable`), kept current as files change.
 * Each request compares every page with what was indexed (its page object, which a body-only edit
 * or a reload replaces, or else its text; its compiled Markdown; its metadata) and cuts again only
 * the pages that differ, so an edit re-indexes its own page, and MiniSearch adds and discards that
 * page's sections in place. On mintlify-docs (1,106 pages, 4 languages, a busy 2-core machine):
 * cutting every page takes 0.6 s of CPU and indexing them 1.1 s, both once (the panel's session
 * cuts, then indexes while the reader types); then a search costs 13 ms, 34-58 ms after a body-only
 * edit. A page compiled in this session gives its compiled Markdown, as the build
 * does; the others their MDX source with imports, JSX tags and `{expressions}` taken out, which
 * keeps headings (so anchors) and code, and saves compiling every page on the first question.
 */
import { endpointMarkdown, pageMarkdown } from '../markdown/index.js';
import type { PageRoute } from '../navigation/index.js';
import { pageSourceOf, type SiteRenderer } from '../render/index.js';
import { sectionsOfMarkdown, SectionIndex, type RetrievalPage } from '../retrieval/index.js';
import type { Site } from '../site/index.js';
import { retrievalAssistantSettings, retrievalPageMeta } from '../site-build/index.js';

interface Indexed {
  /** What the page was cut from: the content page object (replaced on any edit or reload) or its operation (endpoint pages). */
  from: object;
  /** The page's MDX source, when it has one: a reload that leaves it as it was cuts nothing again. */
  text: string | undefined;
  /** The compiled Markdown it was cut from; undefined when cut from the source. */
  compiled: string | undefined;
  meta: string;
}

export class DevRetrieval {
  private index: SectionIndex | null = null;
  private settings = '';
  private readonly indexed = new Map<string, Indexed>();

  /**
   * The site's index, brought up to date first; `compiled` gives the Markdown a content page object
   * was compiled to, if it was (a lookup: this runs over every page on each question).
   */
  current(site: Site, renderer: SiteRenderer, compiled: (page: object) => string | undefined): SectionIndex {
    const settings = retrievalAssistantSettings(site);
    const settingsKey = JSON.stringify(settings);
    if (!this.index || settingsKey !== this.settings) {
      this.index = new SectionIndex([], settings);
      this.settings = settingsKey;
      this.indexed.clear();
    }
    const index = this.index;
    const seen = new Set<string>();
    for (const route of site.model.pages.values()) {
      if (renderer.pageFlags(route).unsearchable) continue;
      const page = route.kind === 'page' ? site.index.pages.get(route.path) : undefined;
      const from = route.kind === 'page' ? page : (site.openapi?.specs.operation(route.href) ?? route);
      if (!from) continue;
      const text = page?.source;
      seen.add(route.href);
      // Endpoint pages are not compiled: their Markdown comes from the spec.
      const markdown = route.kind === 'page' ? compiled(from) : undefined;
      const meta = retrievalPageMeta(site, route);
      const metaKey = JSON.stringify(meta);
      const known = this.indexed.get(route.href);
      if (known && known.compiled === markdown && known.meta === metaKey && (known.from === from || (text !== undefined && known.text === text))) {
        known.from = from;
        known.text = text;
        continue;
      }
      const body = markdown ?? sourceMarkdown(site, route);
      if (body === null) {
        index.remove(route.href);
        this.indexed.delete(route.href);
        continue;
      }
      index.put({ ...meta, sections: sectionsOfMarkdown(pageMarkdown({ title: route.title, description: route.description, body })) });
      this.indexed.set(route.href, { from, text, compiled: markdown, meta: metaKey });
    }
    for (const href of this.indexed.keys()) {
      if (seen.has(href)) continue;
      index.remove(href);
      this.indexed.delete(href);
    }
    return index;
  }
}


/** A page's body Markdown without compiling it; null when its text cannot be read. */
function sourceMarkdown(site: Site, route: PageRoute): string | null {
  // An `openapi:` page's reference as Markdown only: `pageSourceOf` also draws its HTML, which was
  // 2.2 s of the 2.7 s that cutting mintlify-docs' pages took (profiled).
  const page = route.kind === 'page' ? site.index.pages.get(route.path) : undefined;
  if (page?.openapi && page.source !== undefined && site.openapi) {
    const reference = site.openapi.specs.frontmatterEndpoint(page.openapi, route.href, []);
    return [mdxAsMarkdown(page.source.slice(page.bodyOffset)).trim(), 'page' in reference ? endpointMarkdown(reference.page) : ''].join('\n\n');
  }
  const source = pageSourceOf(site, route);
  if (source.kind === 'unreadable') return null;
  if (source.kind === 'endpoint') return source.markdown;
  return [mdxAsMarkdown(source.page.source.slice(source.page.bodyOffset)).trim(), source.markdownSuffix ?? ''].join('\n\n');
}

/** MDX as Markdown, roughly: import/export lines, JSX tags and `{expressions}` out, fenced code kept as written. */
export function mdxAsMarkdown(body: string): string {
  return body
    .split(/^(\s{0,3}(?:`{3,}|~{3,})[^\n]*\n[\s\S]*?\n\s{0,3}(?:`{3,}|~{3,})[ \t]*$)/m)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part
            .replace(/^(import|export)\s[^\n]*$/gm, '')
            .replace(/<\/?[A-Za-z][^>]*>/g, ' ')
            .replace(/\{[^{}\n]*\}/g, ' ')
            // A tag inside a heading leaves one space, as its text reads (`## Install <Badge>new</Badge>` → `install-new`).
            .replace(/(\S)[ \t]{2,}/g, '$1 ')
            // Lines a tag took leave no runs of blank lines behind.
            .replace(/\n[ \t]+(?=\n)/g, '\n')
            .replace(/\n{3,}/g, '\n\n'),
    )
    .join('');
}
