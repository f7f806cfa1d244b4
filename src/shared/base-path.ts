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

function prefixSrcset(value: string, base: string): string {
  return value
    .split(',')
    .map((part) => part.replace(/^(\s*)(\S+)/, (_m, space: string, url: string) => space + withBasePath(url, base)))
    .join(',');
}

function prefixAttrs(attrs: string, base: string): string {
  return attrs.replace(ATTR, (whole, space: string, name: string, eq: string, _quoted: string, dq: string | undefined, sq: string | undefined) => {
    const value = dq ?? sq ?? '';
    const lower = name.toLowerCase();
    let next = value;
    if (URL_ATTRS.has(lower)) next = withBasePath(value, base);
    else if (lower === 'srcset') next = prefixSrcset(value, base);
    // `<meta http-equiv="refresh" content="0; url=/x">` (the 404 page and redirect files).
    else if (lower === 'content') next = value.replace(/^(\d+\s*;\s*url=)(\/(?!\/).*)$/i, (_m, head: string, url: string) => head + base + url);
    // `style="…url(/images/x.png)…"`.
    else if (lower === 'style') next = prefixCssUrls(value, base);
    if (next === value) return whole;
    const quote = dq !== undefined ? '"' : "'";
    return `${space}${name}${eq}${quote}${next}${quote}`;
  });
}

/** `url(/x)` in CSS → `url(/docs/x)`; `url(//host/x)` and relative URLs unchanged. */
export function prefixCssUrls(css: string, base: string): string {
  if (!base) return css;
  return css.replace(/url\(\s*(['"]?)(\/(?!\/)[^'")]*)\1\s*\)/g, (_m, q: string, url: string) => `url(${q}${base}${url}${q})`);
}

/**
 * Every root-absolute URL of an HTML document under the base: link, script, image and media
 * attributes, `srcset`, refresh meta tags, `url(/…)` in `style` attributes and `<style>` elements.
 * Text is never touched (`<` in text is always escaped, so only real tags match), nor the insides
 * of scripts.
 */
export function prefixHtmlUrls(html: string, base: string): string {
  if (!base) return html;
  let out = '';
  let last = 0;
  const rewrite = (chunk: string) =>
    chunk
      .replace(TAG, (tag: string, _name: string, attrs: string) => (attrs ? tag.replace(attrs, () => prefixAttrs(attrs, base)) : tag))
      .replace(/(<style\b[^>]*>)([\s\S]*?)(<\/style\s*>)/gi, (_m, open: string, css: string, close: string) => open + prefixCssUrls(css, base) + close);
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

/**
 * Root-absolute link and image targets of Markdown (`[x](/guide)`, `![a](/img.png)`,
 * `[x](</a b>)`) under the base; fenced code blocks and inline code are left as written.
 */
export function prefixMarkdownLinks(markdown: string, base: string): string {
  if (!base) return markdown;
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
        .map((part, i) => (i % 2 === 1 ? part : part.replace(/\]\((<?)(\/(?!\/))/g, (_m, angle: string, slash: string) => `](${angle}${base}${slash}`)))
        .join('');
    })
    .join('\n');
}
