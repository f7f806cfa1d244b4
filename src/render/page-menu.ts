/**
 * The contextual page menu from docs.json `contextual.options`: copy the page as Markdown, view it
 * as Markdown, open it in ChatGPT, Claude or Perplexity, copy the MCP server URL, custom links.
 * Every link is a real `href` (the Markdown link works without JavaScript); the client script
 * (`src/client/page-menu.ts`) makes `$url`-style links absolute and copies on click.
 */
import type { DocsConfig } from '../config/index.js';

/** One entry of the menu; `href` may hold `$url` (the page's Markdown URL), `$path` and `$mcp`, filled per page. */
export interface MenuItem {
  kind: 'copy' | 'view' | 'link' | 'copy-mcp';
  label: string;
  description?: string;
  href?: string;
}

const PROMPT = 'Read $url so I can ask questions about it.';
const AI_TOOLS: Record<string, { label: string; href: string }> = {
  chatgpt: { label: 'Open in ChatGPT', href: `https://chatgpt.com/?hints=search&q=${encodeURIComponent(PROMPT).replace('%24url', '$url')}` },
  claude: { label: 'Open in Claude', href: `https://claude.ai/new?q=${encodeURIComponent(PROMPT).replace('%24url', '$url')}` },
  perplexity: { label: 'Open in Perplexity', href: `https://www.perplexity.ai/search/new?q=${encodeURIComponent(PROMPT).replace('%24url', '$url')}` },
};

type Option = NonNullable<DocsConfig['contextual']>['options'][number];

/** Menu entries of the options this renderer supports, in order (others are left out). */
export function menuItems(options: readonly Option[] | undefined): MenuItem[] {
  const items: MenuItem[] = [];
  for (const option of options ?? []) {
    if (typeof option === 'string') {
      if (option === 'copy') items.push({ kind: 'copy', label: 'Copy page', description: 'Copy the page as Markdown' });
      else if (option === 'view') items.push({ kind: 'view', label: 'View as Markdown', href: '$md' });
      else if (option === 'mcp') items.push({ kind: 'copy-mcp', label: 'Copy MCP server URL', href: '$mcp' });
      else if (AI_TOOLS[option]) items.push({ kind: 'link', ...AI_TOOLS[option]! });
      continue;
    }
    const href = typeof option.href === 'string' ? option.href : hrefOf(option.href);
    if (href) items.push({ kind: 'link', label: option.title, description: option.description, href });
  }
  return items;
}

/** `{ base, query: [{ key, value }] }` → a URL template (`$page` is read as the Markdown URL). */
function hrefOf(spec: Record<string, unknown>): string | null {
  if (typeof spec.base !== 'string') return null;
  const query = Array.isArray(spec.query) ? (spec.query as { key?: unknown; value?: unknown }[]) : [];
  const pairs = query
    .filter((q) => typeof q.key === 'string' && typeof q.value === 'string')
    .map((q) => `${encodeURIComponent(q.key as string)}=${encodeURIComponent((q.value as string).replace(/\$page/g, '$url')).replace(/%24(url|path|mcp)/g, '$$$1')}`);
  return pairs.length ? `${spec.base}${spec.base.includes('?') ? '&' : '?'}${pairs.join('&')}` : spec.base;
}

/** A menu entry's href for one page: `$md` its Markdown path, `$url`/`$path`/`$mcp` site-relative until the script makes them absolute. */
export function itemHref(template: string, markdownPath: string, pagePath: string): string {
  return template
    .replace(/\$md/g, markdownPath)
    .replace(/\$url/g, encodeURIComponent(markdownPath))
    .replace(/\$path/g, encodeURIComponent(pagePath))
    .replace(/\$mcp/g, '/mcp');
}
