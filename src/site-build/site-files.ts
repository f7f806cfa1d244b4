/**
 * The small files a static host needs besides pages: sitemap, robots, redirects, 404, and the
 * mapping from a page URL to its file on disk.
 */
import { escapeHtml } from '../shared/index.js';

/** `/guide/intro` → `guide/intro/index.html`; `/` → `index.html`. Served as `/guide/intro` by any static host. */
export function htmlFileFor(href: string): string {
  const clean = href.replace(/^\/+|\/+$/g, '');
  return clean === '' ? 'index.html' : `${clean}/index.html`;
}

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

/**
 * A built sitemap.xml or robots.txt with the site's address filled in where the build knew none:
 * `<loc>/docs/a</loc>` → `<loc>https://docs.example.com/docs/a</loc>`, and robots.txt's commented
 * `# Sitemap: /docs/sitemap.xml ...` → `Sitemap: https://docs.example.com/docs/sitemap.xml`. `origin`
 * is scheme and host (`https://docs.example.com`); the paths already hold the base path. What is
 * absolute already (a build with a site URL) stays as written.
 */
export function withSiteOrigin(file: 'sitemap.xml' | 'robots.txt', text: string, origin: string): string {
  const o = origin.replace(/\/+$/, '');
  if (file === 'sitemap.xml') return text.replace(/<loc>(\/[^<]*)<\/loc>/g, (_, loc: string) => `<loc>${escapeHtml(o)}${loc}</loc>`);
  return text.replace(/^# Sitemap: (\/\S*) \(an absolute URL is needed here[^\n]*$/m, (_, loc: string) => `Sitemap: ${o}${loc}`);
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
