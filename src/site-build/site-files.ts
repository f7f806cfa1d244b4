/**
 * The small files a static host needs besides pages: sitemap, robots, redirects, 404, and the
 * mapping from a page URL to its file on disk.
 */
import { escapeHtml } from '../shared/index.js';

// Which file holds a page (`htmlFileFor`) and the address put into a built sitemap and robots.txt
// (`withSiteOrigin`, which reads `robotsTxt`'s comment) are in shared/built-site.ts, for servers.

/** sitemap.xml with absolute URLs when `siteUrl` is known, site-relative otherwise. */
export function sitemapXml(hrefs: string[], siteUrl?: string): string {
  const base = siteUrl ? siteUrl.replace(/\/+$/, '') : '';
  const urls = [...hrefs].sort().map((h) => `<url><loc>${escapeHtml(base + h)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/**
 * robots.txt allowing everything and pointing at the sitemap. A `Sitemap:` line must hold an absolute
 * URL (crawlers and Lighthouse reject `/sitemap.xml`), so without a site URL it is only a comment.
 */
export function robotsTxt(siteUrl?: string): string {
  const base = siteUrl?.replace(/\/+$/, '') ?? '';
  const line = /^https?:\/\//.test(base) ? `Sitemap: ${base}/sitemap.xml` : `# Sitemap: ${base}/sitemap.xml (an absolute URL is needed here: build with --site-url)`;
  return `User-agent: *\nAllow: /\n\n${line}\n`;
}

/** An HTML page that forwards to `destination` for hosts that ignore `_redirects`. */
export function redirectHtml(destination: string): string {
  const d = escapeHtml(destination);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Redirecting…</title><meta name="robots" content="noindex"><link rel="canonical" href="${d}"><meta http-equiv="refresh" content="0; url=${d}"></head><body><p>This page moved to <a href="${d}">${d}</a>.</p></body></html>`;
}

/** Redirect sources that can be written as files: no wildcards or parameters. */
export function isStaticRedirectSource(source: string): boolean {
  return source.startsWith('/') && !/[*:?#]/.test(source);
}
