import { escapeHtml } from '../shared/index.js';

/**
 * The tiny Markdown a banner may hold: links, bold, italic and inline code. Everything is
 * escaped first, and link targets must be http(s), mailto or site-relative, so docs.json
 * cannot inject markup or `javascript:` URLs.
 */
export function inlineMarkdownToHtml(text: string): string {
  let html = escapeHtml(text);
  html = html.replace(/`([^`]+)`/g, '<code>$1</code>');
  html = html.replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (whole, label: string, href: string) =>
    /^(https?:|mailto:|\/|#)/.test(href) ? `<a href="${href}">${label}</a>` : whole,
  );
  html = html.replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
  html = html.replace(/(^|[^*])\*([^*]+)\*/g, '$1<em>$2</em>');
  return html;
}

/** Short stable hash (FNV-1a, base36) for cache and storage keys; not for security. */
export function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}
