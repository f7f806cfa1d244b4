/**
 * Author-written paths under a base path: with `--base /docs`, a page link, a redirect source or a
 * redirect destination that already begins with `/docs` is the full path (sites served under `/docs`
 * write them so), not a site path to prefix again. One reader per site, used by the page writer
 * (HTML and Markdown bodies), the redirect rules (`_redirects`, `folio serve`, `folio dev`) and the
 * link and redirect checks, so each of them resolves such a path the same way.
 */
import { existsSync } from 'node:fs';
import { authorPathToSitePath, mapHtmlUrls, mapMarkdownLinks, resolveInside } from '../shared/index.js';
import type { Site } from '../site/index.js';

/** An author's root-absolute URL → the site path it names (unchanged without a base). */
export type SitePathReader = (url: string) => string;

/**
 * The reader of `site` under `base`: `/docs/a` → `/a`, unless `/docs/a` is itself a page or a file
 * of the site (a `docs/` folder), which stays as written and gets the base like any site path.
 */
export function sitePathReader(site: Pick<Site, 'root' | 'model'>, base: string): SitePathReader {
  if (!base) return (url) => url;
  const known = new Map<string, boolean>();
  const isSitePath = (p: string): boolean => {
    let found = known.get(p);
    if (found === undefined) {
      const page = p.replace(/\.mdx?$/, '');
      const file = resolveInside(site.root, safeDecode(p).replace(/^\/+/, ''));
      found = site.model.pages.has(p) || site.model.pages.has(page) || (file !== null && existsSync(file));
      known.set(p, found);
    }
    return found;
  };
  return (url) => authorPathToSitePath(url, base, isSitePath);
}

/** A compiled page body with its author's `/docs/...` URLs read as site paths (HTML and Markdown). */
export function bodyAsSitePaths<T extends { html: string; markdown?: string }>(body: T, read: SitePathReader, base: string): T {
  if (!base) return body;
  const html = mapHtmlUrls(body.html, read);
  const markdown = body.markdown === undefined ? undefined : mapMarkdownLinks(body.markdown, read);
  return html === body.html && markdown === body.markdown ? body : { ...body, html, ...(markdown === undefined ? {} : { markdown }) };
}

function safeDecode(s: string): string {
  try {
    return decodeURI(s);
  } catch {
    return s;
  }
}
