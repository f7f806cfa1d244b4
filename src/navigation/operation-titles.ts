import type { PageIndex } from '../content/index.js';
import type { OpenApiProvider } from './types.js';

/**
 * The index with each page whose frontmatter names an operation (`openapi: "GET /health"`) but
 * gives no `title` titled by that operation, as the platform titles it: prefect's
 * `health-check.mdx` holds only `openapi: get /health` and shows as "Health Check", the
 * operation's summary, not "Health check" from its file name. A first `# heading` does not
 * count as a title here either. The spec is looked up as for an entry with none in scope
 * (`api.openapi`, then the repository's specs). Returns `index` itself when nothing changes.
 */
export function withOperationTitles(index: PageIndex, provider: OpenApiProvider | undefined): PageIndex {
  if (!provider?.operationTitle && !provider?.channelTitle) return index;
  let pages: PageIndex['pages'] | undefined;
  for (const page of index.pages.values()) {
    if ((!page.openapi && !page.asyncapi) || page.titleSource === 'frontmatter' || page.titleSource === 'openapi') continue;
    // An `asyncapi:` page without a title is titled by its channel (its `title`, else its id).
    const title = page.openapi ? provider.operationTitle?.(page.openapi) : provider.channelTitle?.(page.asyncapi!);
    if (title === undefined) continue;
    pages ??= new Map(index.pages);
    pages.set(page.path, { ...page, title, titleSource: 'openapi' });
  }
  return pages ? { ...index, pages } : index;
}
