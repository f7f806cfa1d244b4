import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import type { Root } from 'hast';
import { escapeHtmlText } from '../../shared/index.js';

const SAFE_URL = /^(https?:|mailto:|\/|#|\.{0,2}\/|[^:]*$)/i;

/** Drops link and image targets that are not http(s), mailto or relative (`javascript:`, `data:`, ...). */
function rehypeSafeUrls() {
  return (tree: Root) => {
    visit(tree, 'element', (node) => {
      for (const key of ['href', 'src'] as const) {
        const value = node.properties[key];
        if (typeof value === 'string' && !SAFE_URL.test(value.trim())) delete node.properties[key];
      }
    });
  };
}

// Raw HTML in spec descriptions is dropped (remark-rehype's default) and unsafe URLs are
// removed: specs come from outside the repository and must not inject markup or scripts.
const processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeSafeUrls).use(rehypeStringify);
const cache = new Map<string, string>();

// Most spec descriptions are one plain sentence; running the full pipeline on each cost
// ~40 ms per page on prefect's schema (179 pages). Text with no Markdown syntax skips it.
const MARKDOWN_SYNTAX = /[*_`#[\]<>!|~\\&]|^[ \t]|^([-+=:]|\d+[.)])| {2}$|\n\s*\n|https?:|www\.|@/m;

/** The full pipeline, without the plain-text shortcut (tests compare the two). */
export function markdownToHtmlSlow(markdown: string): string {
  return String(processor.processSync(markdown));
}

/** Markdown (CommonMark + GFM) from a spec description to safe HTML; repeated texts are rendered once. */
export function markdownToHtml(markdown: string): string {
  const hit = cache.get(markdown);
  if (hit !== undefined) return hit;
  const trimmed = markdown.trim();
  const html = MARKDOWN_SYNTAX.test(trimmed) ? String(processor.processSync(markdown)) : trimmed ? `<p>${escapeHtmlText(trimmed.replace(/[ \t]+\n/g, '\n'))}</p>` : '';
  if (cache.size > 5000) cache.clear();
  cache.set(markdown, html);
  return html;
}
