/**
 * Pagefind search index. Pages are handed over from memory as they are rendered, so indexing
 * runs in Pagefind's own process alongside our rendering instead of re-reading the files after.
 */
import path from 'node:path';

interface PagefindIndexLike {
  addHTMLFile(file: { url: string; content: string }): Promise<{ errors: string[] }>;
  writeFiles(options: { outputPath: string }): Promise<{ errors: string[] }>;
}

export class SearchIndexer {
  private pending: Promise<unknown>[] = [];
  private constructor(private readonly index: PagefindIndexLike, private readonly close: () => Promise<unknown>) {}

  /** Start Pagefind; null (search left out) when its binary cannot run on this machine. */
  static async start(): Promise<{ indexer: SearchIndexer | null; error?: string }> {
    try {
      const pagefind = await import('pagefind');
      const { index, errors } = await pagefind.createIndex({ keepIndexUrl: false });
      if (!index) return { indexer: null, error: errors.join('; ') || 'no index' };
      return { indexer: new SearchIndexer(index as PagefindIndexLike, () => pagefind.close()) };
    } catch (error) {
      return { indexer: null, error: error instanceof Error ? error.message : String(error) };
    }
  }

  /** Queue one page; `url` is the page's site path. */
  add(url: string, html: string): void {
    this.pending.push(this.index.addHTMLFile({ url, content: html }));
  }

  /** Write `pagefind/` under the output directory and stop the Pagefind process. */
  async finish(outDir: string): Promise<string[]> {
    try {
      const added = (await Promise.all(this.pending)) as { errors?: string[] }[];
      const written = await this.index.writeFiles({ outputPath: path.join(outDir, 'pagefind') });
      return [...added.flatMap((a) => a.errors ?? []), ...written.errors];
    } finally {
      await this.close();
    }
  }

  /** Stop without writing. */
  async abort(): Promise<void> {
    await this.close();
  }
}
