/**
 * Pagefind search index over the written site. Pagefind reads the HTML files itself (Rust,
 * all cores), which measured faster than streaming each page to it from Node: handing 1,000
 * pages over its stdio protocol cost more than the indexing, and a rebuild had to re-read every
 * unchanged page anyway since Pagefind has no incremental mode.
 * Only pages with `data-pagefind-body` (listed and hidden pages without `noindex`) are indexed.
 */
import path from 'node:path';

/** Index `outDir` into `outDir/pagefind/`; returns problems (an empty list when all went well). */
export async function buildSearchIndex(outDir: string): Promise<{ errors: string[]; pages: number }> {
  let pagefind: typeof import('pagefind');
  try {
    pagefind = await import('pagefind');
  } catch (error) {
    return { errors: [`Pagefind could not be loaded (${error instanceof Error ? error.message : String(error)})`], pages: 0 };
  }
  try {
    const { index, errors } = await pagefind.createIndex({});
    if (!index) return { errors: errors.length ? errors : ['Pagefind did not start'], pages: 0 };
    const added = await index.addDirectory({ path: outDir, glob: '**/*.html' });
    const written = await index.writeFiles({ outputPath: path.join(outDir, 'pagefind') });
    return { errors: [...errors, ...added.errors, ...written.errors], pages: added.page_count };
  } catch (error) {
    return { errors: [error instanceof Error ? error.message : String(error)], pages: 0 };
  } finally {
    await pagefind.close().catch(() => undefined);
  }
}
