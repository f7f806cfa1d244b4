/**
 * Where a built site keeps its files, and the small rules for serving them: `site-build` writes them,
 * and whoever serves a build (`folio serve`'s hosting, `folio dev`, the PDF export) reads them. They sit
 * here, the lowest layer, so a server can find a build's files without loading the build stack
 * (MDX, Shiki, the layout): in `folio serve`, and in every test file that starts one, that stack was
 * about 500 of the 1,300 modules loaded, for a handful of names.
 */
import { escapeHtml } from './html.js';

/** The build's settings file at the output root (a dot-file: `folio serve` never serves it). */
export const SITE_SETTINGS_FILE = '.folio-site.json';

/** Where a build keeps the Markdown of personalized pages with their per-reader parts marked (`markdown/user-markdown.ts`), by `.md` path. */
export const READER_MARKDOWN_DIR = '.folio-cache/reader-md';

/** Where a build lists the hosts its playground proxy may reach (read by `folio serve`). */
export const API_HOSTS_FILE = '.folio-cache/api-hosts.json';

/** The operations the site exposes as MCP tools (`x-mint.mcp`), read by the hosted `/mcp`. */
export const MCP_TOOLS_FILE = '.folio-cache/mcp-tools.json';

/** Where a build writes its `RetrievalFile` (inside the output; `folio serve` reads it, it is never served). */
export const RETRIEVAL_FILE = '.folio-cache/retrieval.jsonl';

/** Where the restricted pages' retrieval lines are written (never served: under `.folio-cache/`). */
export const RESTRICTED_RETRIEVAL_FILE = '.folio-cache/retrieval-restricted.jsonl';

/** Path of the API playground's proxy route on `folio dev` and hosted sites. */
export const API_PROXY_PATH = '/__folio/api-proxy';

/** `/guide/intro` → `guide/intro/index.html`; `/` → `index.html`. Served as `/guide/intro` by any static host. */
export function htmlFileFor(href: string): string {
  const clean = href.replace(/^\/+|\/+$/g, '');
  return clean === '' ? 'index.html' : `${clean}/index.html`;
}

/** `/guide/intro` → `guide/intro.md`; `/` → `index.md`: the Markdown file beside a page. */
export function markdownFileFor(href: string): string {
  const clean = href.replace(/^\/+|\/+$/g, '');
  return clean === '' ? 'index.md' : `${clean}.md`;
}

/** True when an `Accept` header asks for Markdown (`text/markdown`) before HTML. */
export function wantsMarkdown(accept: string | null | undefined): boolean {
  if (!accept) return false;
  const types = accept.split(',').map((part) => {
    const [type = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return { type: type.trim(), q: q ? Number(q.slice(2)) : 1 };
  });
  const md = types.find((t) => t.type === 'text/markdown')?.q ?? 0;
  const html = Math.max(0, ...types.filter((t) => t.type === 'text/html' || t.type === '*/*').map((t) => t.q));
  return md > 0 && md >= html;
}

/** The `Link` header value that points from a page to its Markdown (`guide/intro.md`). */
export function markdownLink(markdownFile: string): string {
  return `</${markdownFile}>; rel="alternate"; type="text/markdown"`;
}

/**
 * The built sitemap or robots file with `origin` before its site-relative URLs, for a build made without a
 * site URL and served at a known host:
 * `<loc>/docs/a</loc>` → `<loc>https://docs.example.com/docs/a</loc>`;
 * `# Sitemap: /docs/sitemap.xml ...` → `Sitemap: https://docs.example.com/docs/sitemap.xml`. `origin`
 * is scheme and host (`https://docs.example.com`); the paths already hold the base path. What is
 * absolute already (a build with a site URL) stays as written. The robots.txt comment is the one
 * site-build's `robotsTxt` writes.
 */
export function withSiteOrigin(file: 'sitemap.xml' | 'robots.txt', text: string, origin: string): string {
  const o = origin.replace(/\/+$/, '');
  if (file === 'sitemap.xml') return text.replace(/<loc>(\/[^<]*)<\/loc>/g, (_, loc: string) => `<loc>${escapeHtml(o)}${loc}</loc>`);
  return text.replace(/^# Sitemap: (\/\S*) \(an absolute URL is needed here[^\n]*$/m, (_, loc: string) => `Sitemap: ${o}${loc}`);
}
