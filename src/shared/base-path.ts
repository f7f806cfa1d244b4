/**
 * A site's base path (`/docs`): the folder of the public URL space it lives under, behind a reverse
 * proxy or a host that serves several sites. Everything Folio renders names site paths from `/`
 * (navigation hrefs, asset URLs, page links); the output steps put the base in front of each
 * root-absolute URL once, here, so no stage in between has to carry it.
 */

/** The grammar of a base path: `/` then segments of URL-safe characters, no dot segments. */
const SEGMENT = /^[A-Za-z0-9._~!$&'()*+,;=:@%-]+$/;

/**
 * `docs`, `/docs/`, `/docs` → `/docs`; `''` and `/` → `''` (no base). Null when the value cannot be
 * a base path (a URL, a query, `..`, spaces): the caller reports it.
 */
export function normalizeBasePath(input: string | undefined | null): string | null {
  const raw = (input ?? '').trim();
  if (raw === '' || raw === '/') return '';
  const segments = raw.replace(/^\/+|\/+$/g, '').split('/');
  if (segments.some((s) => !SEGMENT.test(s) || s === '.' || s === '..')) return null;
  return '/' + segments.join('/');
}

/** A root-absolute site path (`/guide`, `/`) under the base (`/docs/guide`, `/docs/`); anything else unchanged. */
export function withBasePath(url: string, base: string): string {
  if (!base || !url.startsWith('/') || url.startsWith('//')) return url;
  return base + url;
}

/**
 * The site path of a request path under the base: `/docs/guide` → `/guide`, `/docs` → `/`. A path
 * outside the base is returned as it is (a proxy that strips the prefix sends `/guide`).
 */
export function stripBasePath(pathname: string, base: string): string {
  if (!base) return pathname;
  if (pathname === base) return '/';
  return pathname.startsWith(base + '/') ? pathname.slice(base.length) : pathname;
}

/**
 * A root-absolute URL written by an author (a page link, a redirect source or destination) as a site
 * path. Under a base path (`/docs`), one that already begins with it (`/docs/a`, `/docs`, `/docs#x`) is
 * taken as the full path, as the sites served under `/docs` write them, and the base is taken off
 * (`/a`, `/`, `/#x`), so that the output steps put it back once. It stays as written when it is itself
 * a path of the site (`isSitePath` of its path without query, anchor or trailing slash: a page in a
 * `docs/` folder). Anything else (no base, a relative, external or `//host` URL) is unchanged.
 */
export function authorPathToSitePath(url: string, base: string, isSitePath: (path: string) => boolean = () => false): string {
  if (!base || !url.startsWith(base)) return url;
  const rest = url.slice(base.length);
  if (rest !== '' && !/^[/?#]/.test(rest)) return url;
  const path = url.replace(/[?#].*$/, '').replace(/(.)\/+$/, '$1');
  if (isSitePath(path)) return url;
  return rest.startsWith('/') ? rest : '/' + rest;
}

/** An absolute site URL (`https://example.com`) with the base after it, unless its path already ends with it. */
export function siteUrlWithBase(siteUrl: string | undefined, base: string): string | undefined {
  if (!siteUrl || !base) return siteUrl;
  const trimmed = siteUrl.replace(/\/+$/, '');
  return trimmed.endsWith(base) ? trimmed : trimmed + base;
}

/** Attributes whose value is a URL (or, for `data-base`, the base itself). */
const URL_ATTRS = new Set(['href', 'src', 'poster', 'action', 'formaction', 'data-nav', 'data-mermaid', 'data-base', 'data-src', 'data-href', 'data-tab-href', 'data-folio-page-menu']);
/** One start tag, quoted values may hold `>`. */
const TAG = /<([a-zA-Z][\w:-]*)((?:\s+[^\s=>"'/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>"']+))?)*)\s*\/?>/g;
const ATTR = /(\s)([^\s=>"'/]+)(\s*=\s*)("([^"]*)"|'([^']*)')/g;
/** Elements whose content is not markup: a `<a href="/x">` inside a script's string is text. */
const RAW_TEXT = /<(script|textarea|title)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;

/** Maps one root-absolute URL (`/x`, never `//host`) to another. */
type RootUrlMap = (url: string) => string;

const ROOT_URL = /^\/(?!\/)/;
const mapRoot = (url: string, map: RootUrlMap) => (ROOT_URL.test(url) ? map(url) : url);

function mapSrcset(value: string, map: RootUrlMap): string {
  return value
    .split(',')
    .map((part) => part.replace(/^(\s*)(\S+)/, (_m, space: string, url: string) => space + mapRoot(url, map)))
    .join(',');
}

function mapAttrs(attrs: string, map: RootUrlMap): string {
  return attrs.replace(ATTR, (whole, space: string, name: string, eq: string, _quoted: string, dq: string | undefined, sq: string | undefined) => {
    const value = dq ?? sq ?? '';
    const lower = name.toLowerCase();
    let next = value;
    if (URL_ATTRS.has(lower)) next = mapRoot(value, map);
    else if (lower === 'srcset') next = mapSrcset(value, map);
    // `<meta http-equiv="refresh" content="0; url=/x">` (the 404 page and redirect files).
    else if (lower === 'content') next = value.replace(/^(\d+\s*;\s*url=)(\/(?!\/).*)$/i, (_m, head: string, url: string) => head + map(url));
    // `style="…url(/images/x.png)…"`.
    else if (lower === 'style') next = mapCssUrls(value, map);
    if (next === value) return whole;
    const quote = dq !== undefined ? '"' : "'";
    return `${space}${name}${eq}${quote}${next}${quote}`;
  });
}

function mapCssUrls(css: string, map: RootUrlMap): string {
  return css.replace(/url\(\s*(['"]?)(\/(?!\/)[^'")]*)\1\s*\)/g, (_m, q: string, url: string) => `url(${q}${map(url)}${q})`);
}

/** `url(/x)` in CSS → `url(/docs/x)`; `url(//host/x)` and relative URLs unchanged. */
export function prefixCssUrls(css: string, base: string): string {
  if (!base) return css;
  return mapCssUrls(css, (url) => base + url);
}

/**
 * Every root-absolute URL of an HTML document or fragment through `map`: link, script, image and
 * media attributes, `srcset`, refresh meta tags, `url(/…)` in `style` attributes and `<style>`
 * elements. Text is never touched (`<` in text is always escaped, so only real tags match), nor the
 * insides of scripts.
 */
export function mapHtmlUrls(html: string, map: RootUrlMap): string {
  let out = '';
  let last = 0;
  const rewrite = (chunk: string) =>
    chunk
      .replace(TAG, (tag: string, _name: string, attrs: string) => (attrs ? tag.replace(attrs, () => mapAttrs(attrs, map)) : tag))
      .replace(/(<style\b[^>]*>)([\s\S]*?)(<\/style\s*>)/gi, (_m, open: string, css: string, close: string) => open + mapCssUrls(css, map) + close);
  for (const raw of html.matchAll(RAW_TEXT)) {
    const start = raw.index!;
    out += rewrite(html.slice(last, start));
    // The raw-text element's own start tag may carry a URL (`<script src="/assets/site.js">`).
    const openEnd = raw[0].indexOf('>') + 1;
    out += rewrite(raw[0].slice(0, openEnd)) + raw[0].slice(openEnd);
    last = start + raw[0].length;
  }
  return out + rewrite(html.slice(last));
}

/** Every root-absolute URL of an HTML document under the base (`mapHtmlUrls`). */
export function prefixHtmlUrls(html: string, base: string): string {
  if (!base) return html;
  return mapHtmlUrls(html, (url) => base + url);
}

/**
 * Root-absolute link and image targets of Markdown (`[x](/guide)`, `![a](/img.png)`,
 * `[x](</a b>)`) through `map`; fenced code blocks and inline code are left as written.
 */
export function mapMarkdownLinks(markdown: string, map: RootUrlMap): string {
  let fence: string | null = null;
  return markdown
    .split('\n')
    .map((line) => {
      const opener = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
      if (fence) {
        if (opener && opener[1]![0] === fence[0] && opener[1]!.length >= fence.length && line.trim() === opener[1]) fence = null;
        return line;
      }
      if (opener) {
        fence = opener[1]!;
        return line;
      }
      // Split off inline code spans; rewrite only the text between them.
      return line
        .split(/(`+[^`]*`+)/)
        .map((part, i) => (i % 2 === 1 ? part : part.replace(/\]\((<[^>\n]*>|[^\s)]*)/g, (whole, target: string) => {
          const angle = target.startsWith('<');
          const url = angle ? target.slice(1, -1) : target;
          return ROOT_URL.test(url) ? `](${angle ? `<${map(url)}>` : map(url)}` : whole;
        })))
        .join('');
    })
    .join('\n');
}

/** Root-absolute link and image targets of Markdown under the base (`mapMarkdownLinks`). */
export function prefixMarkdownLinks(markdown: string, base: string): string {
  if (!base) return markdown;
  return mapMarkdownLinks(markdown, (url) => base + url);
}
