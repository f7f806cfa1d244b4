/**
 * The discovery API's search and page requests and its search results, as `folio serve`
 * (`discovery-routes.ts`) and `folio dev` (`local-assistant.ts`) both answer them.
 */
import { z } from 'zod';
import { searchPages, type SectionIndex } from '../retrieval/index.js';

/** Most characters of a section's text in a search result. */
const MAX_CONTENT_CHARS = 4_000;

const label = z.string().trim().min(1).max(100);
export const searchBody = z
  .object({
    query: z.string().trim().min(1).max(500),
    pageSize: z.number().int().min(1).max(50).default(10),
    scoreThreshold: z.number().min(0).max(1).default(0),
    filter: z
      .object({
        version: label.optional(),
        language: label.optional(),
        group: label.optional(),
        /** The platform's tag filter: pages whose frontmatter `tag` is this. */
        tag: label.optional(),
        /** Pages of this product (docs.json `products`; on a site without products, its tab). */
        product: label.optional(),
        /** The platform's access groups: only public pages are ever indexed, so they widen nothing. */
        groups: z.array(label).max(50).optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export const pageBody = z.object({ path: z.string().trim().min(1).max(1_000), groups: z.array(label).max(50).optional() }).strict();

/**
 * `POST /v1/search/{domain}`'s answer: the best pages, each as its best section with its text and
 * where it is. One result per page: a page's other sections would otherwise push other pages out
 * of a reader's (or a client's) first five, and the page request gives the whole page.
 */
export function searchResults(index: SectionIndex, body: z.infer<typeof searchBody>) {
  const { version, language, group, tag, product } = body.filter ?? {};
  const hits = searchPages(index, body.query, { limit: body.pageSize, scoreThreshold: body.scoreThreshold, filters: { version, language, group, tag, product } });
  return hits.map((h) => {
    const section = index.page(h.path)?.sections.find((s) => s.anchor === h.anchor);
    return {
      path: h.path,
      content: (section?.text ?? h.excerpt).slice(0, MAX_CONTENT_CHARS),
      metadata: { title: h.title, anchor: h.anchor, heading: h.heading, excerpt: h.excerpt, score: h.score, ...(h.operation ? { operation: h.operation } : {}) },
    };
  });
}
