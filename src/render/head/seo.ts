/**
 * The SEO part of a page's `<head>`: meta tags, canonical link and structured data, decided
 * from docs.json (`seo`, `description`, `name`, `logo`) and the page's frontmatter. Precedence,
 * lowest first, as the platform documents it: generated defaults, `seo.metatags`, what the page
 * itself says (title, description, canonical URL), explicit frontmatter tags. Twitter tags fall
 * back to their Open Graph twins.
 */
import { escapeHtml } from '../../shared/index.js';
import { jsonLdScript, type JsonLdInput } from './json-ld.js';

/** Site-wide inputs, computed once per build. */
export interface SeoSite {
  siteName: string;
  /** docs.json `description`: the description of pages that have none. */
  description?: string;
  /** `seo.metatags`, as given. */
  metatags: Record<string, string>;
  /** Absolute origin+path the page hrefs are appended to (`seo.metatags.canonical`, else `--site-url`). */
  baseUrl?: string;
  organization?: Record<string, unknown>;
  /** Logo URL for structured data (light logo). */
  logo?: string;
}

/** Per-page inputs. */
export interface SeoPage {
  href: string;
  title: string;
  description?: string;
  /** Raw frontmatter; its tag-like keys (`og:*`, `twitter:*`, `keywords`, `canonical`, `robots`) are read. */
  frontmatter: Record<string, unknown>;
  noindex: boolean;
  breadcrumbs: { label: string; href?: string }[];
  /** Generated from an API spec (structured data says `APIReference`). */
  api: boolean;
  /** URL of the page's generated social image (`og:image` unless settings or frontmatter name one). */
  image?: string;
}

/** Output file of the generated social image of the page at `href` (`/a/b` → `assets/og/a/b.png`, `/` → `assets/og/index.png`). */
export function ogImageFile(href: string): string {
  const clean = href.replace(/^\/+|\/+$/g, '');
  return `assets/og/${clean === '' ? 'index' : clean}.png`;
}

/** Site URL of the generated social image of `href`, absolute when the site's base URL is known. */
export function ogImageUrl(href: string, baseUrl: string | undefined): string {
  return `${baseUrl ?? ''}/${ogImageFile(href).split('/').map(encodeURIComponent).join('/')}`;
}

/** Meta keys written as `property=` (Open Graph and its namespaces); everything else is `name=`. */
const PROPERTY_PREFIXES = ['og:', 'article:', 'book:', 'profile:', 'music:', 'video:', 'fb:'];
/** Frontmatter keys that are meta tags besides the namespaced ones. */
const FRONTMATTER_TAGS = new Set(['keywords', 'robots', 'canonical', 'author', 'googlebot']);
/** Tags the layout writes itself; a metatag of the same name would duplicate them. */
const LAYOUT_TAGS = new Set(['charset', 'viewport', 'title']);

/** Absolute base URL (no trailing slash) for canonical links: `seo.metatags.canonical` wins over `--site-url`. */
export function seoBaseUrl(metatags: Record<string, string> | undefined, siteUrl: string | undefined): string | undefined {
  const base = metatags?.canonical ?? siteUrl;
  return base && /^https?:\/\//i.test(base) ? base.replace(/\/+$/, '') : undefined;
}

/** The canonical URL of a page: frontmatter `canonical`, else base + href; undefined without a base. */
export function canonicalUrl(site: SeoSite, page: SeoPage): string | undefined {
  const own = page.frontmatter.canonical;
  if (typeof own === 'string' && own.trim()) return own.trim();
  if (!site.baseUrl) return undefined;
  return page.href === '/' ? site.baseUrl + '/' : site.baseUrl + page.href;
}

/** Frontmatter values that are meta tags, as strings (`keywords: [a, b]` → `a, b`). */
function frontmatterTags(frontmatter: Record<string, unknown>): Map<string, string> {
  const tags = new Map<string, string>();
  for (const [key, value] of Object.entries(frontmatter)) {
    if (!FRONTMATTER_TAGS.has(key) && !/^(og|twitter|article):/.test(key)) continue;
    if (Array.isArray(value)) tags.set(key, value.map(String).join(', '));
    else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') tags.set(key, String(value));
  }
  return tags;
}

/** Every meta tag of a page, name → content, after precedence and fallbacks. */
export function pageMetaTags(site: SeoSite, page: SeoPage): Map<string, string> {
  const tags = new Map<string, string>([
    ['og:type', 'website'],
    ['og:site_name', site.siteName],
    ['twitter:card', 'summary_large_image'],
    ['generator', 'Folio'],
  ]);
  if (page.image) {
    tags.set('og:image', page.image);
    tags.set('og:image:width', '1200');
    tags.set('og:image:height', '630');
  }
  for (const [k, v] of Object.entries(site.metatags)) tags.set(k, v);
  const description = page.description ?? site.description;
  if (description) {
    tags.set('description', description);
    tags.set('og:description', description);
  }
  tags.set('og:title', page.title);
  const canonical = canonicalUrl(site, page);
  if (canonical) tags.set('og:url', canonical);
  else tags.delete('og:url');
  for (const [k, v] of frontmatterTags(page.frontmatter)) tags.set(k, v);
  // A named image replaces the generated one: its size is not ours to state.
  if (page.image && tags.get('og:image') !== page.image) {
    tags.delete('og:image:width');
    tags.delete('og:image:height');
  }
  if (page.noindex) tags.set('robots', 'noindex');
  for (const key of ['title', 'description', 'image']) {
    const og = tags.get(`og:${key}`);
    if (og !== undefined && !tags.has(`twitter:${key}`)) tags.set(`twitter:${key}`, og);
  }
  return tags;
}

/** One `<meta>` (or `<link rel="canonical">`) element. */
function metaElement(name: string, content: string): string {
  const c = escapeHtml(content);
  if (name === 'refresh') return `<meta http-equiv="refresh" content="${c}">`;
  const attr = PROPERTY_PREFIXES.some((p) => name.startsWith(p)) ? 'property' : 'name';
  return `<meta ${attr}="${escapeHtml(name)}" content="${c}">`;
}

/** The SEO tags of a page's head, as HTML. */
export function seoHead(site: SeoSite, page: SeoPage): string {
  const tags = pageMetaTags(site, page);
  const out: string[] = [];
  const canonical = canonicalUrl(site, page);
  if (canonical) out.push(`<link rel="canonical" href="${escapeHtml(canonical)}">`);
  for (const [name, content] of tags) {
    if (name === 'canonical' || LAYOUT_TAGS.has(name)) continue;
    out.push(metaElement(name, content));
  }
  if (!page.noindex) out.push(jsonLdScript(jsonLdInput(site, page, canonical, tags.get('keywords'))));
  return out.join('');
}

function jsonLdInput(site: SeoSite, page: SeoPage, canonical: string | undefined, keywords: string | undefined): JsonLdInput {
  return {
    siteName: site.siteName,
    baseUrl: site.baseUrl ?? '',
    pageUrl: canonical ?? page.href,
    title: page.title,
    description: page.description ?? site.description,
    keywords,
    logo: site.logo,
    organization: site.organization,
    breadcrumbs: page.breadcrumbs,
    api: page.api,
  };
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", nbsp: ' ' };

/** Plain text of an HTML or Markdown fragment: tags and Markdown marks out, entities read, spaces collapsed. */
function plainText(fragment: string): string {
  return fragment
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|#x27|nbsp);/g, (_m, name: string) => ENTITIES[name]!)
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** At most `max` characters, cut at a word with an ellipsis. */
function clip(text: string, max = 160): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

/**
 * The description of a page that gives none (and a site that gives none either), for search engines'
 * snippets: an endpoint's operation description (else its summary and route), or the first paragraph
 * of the page of at least a sentence's length. Undefined when there is nothing to say.
 */
export function fallbackDescription(input: { html: string; endpoint?: { description?: string; title: string; method: string; path: string } }): string | undefined {
  const op = input.endpoint;
  if (op) {
    const text = op.description ? plainText(op.description.split(/\n\s*\n/)[0]!) : '';
    return clip(text.length >= 20 ? text : `${op.title}: ${op.method.toUpperCase()} ${op.path}`);
  }
  for (const m of input.html.matchAll(/<p\b[^>]*>([\s\S]*?)<\/p>/g)) {
    const text = plainText(m[1]!);
    if (text.length >= 40) return clip(text);
  }
  return undefined;
}
