/**
 * The contextual page menu from docs.json `contextual.options`: copy the page as Markdown, view it
 * as Markdown, open it in an AI chat (ChatGPT, Claude, Perplexity, Grok, Google AI Studio), copy
 * the site's MCP server URL or its `npx add-mcp` command, install the MCP server in Cursor or VS
 * Code (their deep links), save the page as PDF (the browser's print), download the API spec of an
 * endpoint page, and custom links. Every link is a real `href` (the Markdown link works without
 * JavaScript); the client script (`src/client/page-menu.ts`) fills in the absolute URLs that only
 * the browser knows (the page's Markdown URL, the MCP server on the site's host) and copies on click.
 * Documented options Folio does not offer (`assistant`, `devin*`, `windsurf`) are left out with a
 * warning from the config layer (`UNSUPPORTED_CONTEXTUAL_OPTIONS`, `CONFIG_OPTION_UNSUPPORTED`).
 */
import type { DocsConfig } from '../config/index.js';

/**
 * One entry of the menu. `href` may hold `$md` (the page's Markdown path), `$path` (the page path),
 * and, filled by the browser, `$url` (the Markdown's absolute URL), `$mcp` (the MCP server's URL),
 * `$cursor` and `$vscode` (install configurations); `copy` names what a copy button copies.
 */
export interface MenuItem {
  /** The option id (`copy`, `cursor`, ...) or `custom`. */
  id: string;
  kind: 'copy' | 'view' | 'link' | 'install' | 'print' | 'spec';
  label: string;
  description?: string;
  href?: string;
  /** Copy buttons: `page` (the Markdown), `mcp` (the server URL), `add-mcp` (the install command). */
  copy?: 'page' | 'mcp' | 'add-mcp';
}

const PROMPT = 'Read $url so I can ask questions about it.';
const prompt = () => encodeURIComponent(PROMPT).replace('%24url', '$url');
const CHATS: Record<string, { label: string; description: string; href: string }> = {
  chatgpt: { label: 'Open in ChatGPT', description: 'Ask ChatGPT about this page', href: `https://chatgpt.com/?hints=search&q=${prompt()}` },
  claude: { label: 'Open in Claude', description: 'Ask Claude about this page', href: `https://claude.ai/new?q=${prompt()}` },
  perplexity: { label: 'Open in Perplexity', description: 'Ask Perplexity about this page', href: `https://www.perplexity.ai/search/new?q=${prompt()}` },
  grok: { label: 'Open in Grok', description: 'Ask Grok about this page', href: `https://grok.com/?q=${prompt()}` },
  aistudio: { label: 'Open in Google AI Studio', description: 'Ask Gemini about this page', href: `https://aistudio.google.com/prompts/new_chat?prompt=${prompt()}` },
};

type Option = NonNullable<DocsConfig['contextual']>['options'][number];

/** Menu entries of the options this renderer supports, in order (others are left out). */
export function menuItems(options: readonly Option[] | undefined): MenuItem[] {
  const items: MenuItem[] = [];
  for (const option of options ?? []) {
    if (typeof option !== 'string') {
      const href = typeof option.href === 'string' ? option.href : hrefOf(option.href);
      if (href) items.push({ id: 'custom', kind: 'link', label: option.title, description: option.description, href });
      continue;
    }
    const item = builtIn(option);
    if (item) items.push(item);
  }
  return items;
}

/**
 * The menu of a page whose frontmatter sets `contextual` (same `options` as docs.json): its entries
 * in place of the site's, none for `options: []`; undefined (the site's menu) when the frontmatter
 * has no `contextual` or no `options` list. Options of the wrong shape are left out, as unknown ids are.
 */
export function pageMenuItems(value: unknown): MenuItem[] | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const options = (value as { options?: unknown }).options;
  if (!Array.isArray(options)) return undefined;
  const valid = options.filter((o): o is Option => {
    if (typeof o === 'string') return true;
    if (!o || typeof o !== 'object') return false;
    const custom = o as Record<string, unknown>;
    return typeof custom.title === 'string' && (typeof custom.href === 'string' || (!!custom.href && typeof custom.href === 'object'));
  });
  return menuItems(valid.map((o) => (typeof o === 'string' || typeof o.description === 'string' ? o : { ...o, description: '' })));
}

function builtIn(id: string): MenuItem | null {
  if (CHATS[id]) return { id, kind: 'link', ...CHATS[id]! };
  switch (id) {
    case 'copy':
      return { id, kind: 'copy', copy: 'page', label: 'Copy page', description: 'Copy the page as Markdown for AI tools' };
    case 'view':
      return { id, kind: 'view', label: 'View as Markdown', description: 'Open the page as plain Markdown', href: '$md' };
    case 'mcp':
      return { id, kind: 'copy', copy: 'mcp', label: 'Copy MCP server URL', description: 'Copy the URL of this site’s MCP server', href: '$mcp' };
    case 'add-mcp':
      return { id, kind: 'copy', copy: 'add-mcp', label: 'Copy MCP install command', description: 'Copy the npx add-mcp command that installs this site’s MCP server', href: '$mcp' };
    case 'cursor':
      return { id, kind: 'install', label: 'Connect to Cursor', description: 'Install this site’s MCP server in Cursor', href: 'cursor://anysphere.cursor-deeplink/mcp/install?name=$name&config=$cursor' };
    case 'vscode':
      return { id, kind: 'install', label: 'Connect to VS Code', description: 'Install this site’s MCP server in VS Code', href: 'vscode:mcp/install?$vscode' };
    case 'download-pdf':
      return { id, kind: 'print', label: 'Download PDF', description: 'Save the page as a PDF (through the print dialog)' };
    case 'download-spec':
      return { id, kind: 'spec', label: 'Download API spec', description: 'Download the OpenAPI specification of this endpoint' };
    default:
      return null;
  }
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

/** What the server knows of an MCP install: the server's name (the site's) and URL (site-relative until the browser makes it absolute). */
export function mcpInstall(siteName: string, mcpUrl: string): { name: string; cursor: string; vscode: string } {
  const name = siteName.trim() || 'docs';
  return {
    name,
    cursor: Buffer.from(JSON.stringify({ url: mcpUrl })).toString('base64'),
    vscode: encodeURIComponent(JSON.stringify({ name, type: 'http', url: mcpUrl })),
  };
}

/**
 * A menu entry's href for one page, as served without JavaScript: `$md` its Markdown path,
 * `$url`/`$path` encoded site-relative paths, `$mcp` the site-relative `/mcp`, and the install
 * links made for it; the client script replaces them with absolute URLs.
 */
export function itemHref(template: string, markdownPath: string, pagePath: string, siteName = 'docs'): string {
  const install = mcpInstall(siteName, '/mcp');
  return template
    .replace(/\$md/g, markdownPath)
    .replace(/\$url/g, encodeURIComponent(markdownPath))
    .replace(/\$path/g, encodeURIComponent(pagePath))
    .replace(/\$mcp/g, '/mcp')
    .replace(/\$name/g, encodeURIComponent(install.name))
    .replace(/\$cursor/g, encodeURIComponent(install.cursor))
    .replace(/\$vscode/g, install.vscode);
}

/** The href of a spec file named in docs.json (a path in the repository, copied with the site, or a URL). */
export function specHref(specFile: string | undefined, base: string): string | undefined {
  if (!specFile) return undefined;
  if (/^https?:\/\//i.test(specFile)) return specFile;
  return base.replace(/\/?$/, '/') + specFile.replace(/^\.?\/+/, '');
}
