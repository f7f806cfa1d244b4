import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

// Raw HTML in spec descriptions is dropped (remark-rehype's default): specs come
// from outside the repository and must not inject markup or scripts.
const processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeStringify);
const cache = new Map<string, string>();

/** Markdown (CommonMark + GFM) from a spec description to safe HTML; repeated texts are rendered once. */
export function markdownToHtml(markdown: string): string {
  const hit = cache.get(markdown);
  if (hit !== undefined) return hit;
  const html = String(processor.processSync(markdown));
  if (cache.size > 5000) cache.clear();
  cache.set(markdown, html);
  return html;
}
