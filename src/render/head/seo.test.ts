import { describe, expect, it } from 'vitest';
import { jsonLdGraph } from './json-ld.js';
import { canonicalUrl, fallbackDescription, pageMetaTags, seoBaseUrl, seoHead, type SeoPage, type SeoSite } from './seo.js';

const site = (over: Partial<SeoSite> = {}): SeoSite => ({ siteName: 'Acme', metatags: {}, ...over });
const page = (over: Partial<SeoPage> = {}): SeoPage => ({ href: '/guide/intro', title: 'Intro', frontmatter: {}, noindex: false, breadcrumbs: [], api: false, ...over });

describe('SEO head', () => {
  // One row per tag: inputs, and the element that must be in the head.
  const rows: [string, SeoSite, SeoPage, string][] = [
    ['og:type default', site(), page(), '<meta property="og:type" content="website">'],
    ['og:site_name from the site name', site(), page(), '<meta property="og:site_name" content="Acme">'],
    ['twitter:card default', site(), page(), '<meta name="twitter:card" content="summary_large_image">'],
    ['og:title from the page title', site(), page(), '<meta property="og:title" content="Intro">'],
    ['twitter:title falls back to og:title', site(), page({ frontmatter: { 'og:title': 'Social' } }), '<meta name="twitter:title" content="Social">'],
    ['description from the page', site({ description: 'Site' }), page({ description: 'Page' }), '<meta name="description" content="Page">'],
    ['description: the site default', site({ description: 'Site wide' }), page(), '<meta name="description" content="Site wide">'],
    ['og:description follows description', site(), page({ description: 'Page' }), '<meta property="og:description" content="Page">'],
    ['twitter:description falls back', site(), page({ frontmatter: { 'og:description': 'OG d' } }), '<meta name="twitter:description" content="OG d">'],
    ['seo.metatags verification', site({ metatags: { 'google-site-verification': 'tok' } }), page(), '<meta name="google-site-verification" content="tok">'],
    ['seo.metatags og:locale as property', site({ metatags: { 'og:locale': 'en_US' } }), page(), '<meta property="og:locale" content="en_US">'],
    ['seo.metatags twitter:site', site({ metatags: { 'twitter:site': '@acme' } }), page(), '<meta name="twitter:site" content="@acme">'],
    ['seo.metatags og:image, mirrored to twitter:image', site({ metatags: { 'og:image': 'https://x/i.png' } }), page(), '<meta name="twitter:image" content="https://x/i.png">'],
    ['frontmatter og:image beats seo.metatags', site({ metatags: { 'og:image': 'https://x/a.png' } }), page({ frontmatter: { 'og:image': 'https://x/b.png' } }), '<meta property="og:image" content="https://x/b.png">'],
    ['frontmatter twitter:card', site(), page({ frontmatter: { 'twitter:card': 'summary' } }), '<meta name="twitter:card" content="summary">'],
    ['keywords list', site(), page({ frontmatter: { keywords: ['a', 'b c'] } }), '<meta name="keywords" content="a, b c">'],
    ['robots from frontmatter', site(), page({ frontmatter: { robots: 'nofollow' } }), '<meta name="robots" content="nofollow">'],
    ['noindex', site(), page({ noindex: true }), '<meta name="robots" content="noindex">'],
    ['canonical from --site-url', site({ baseUrl: 'https://docs.acme.dev' }), page(), '<link rel="canonical" href="https://docs.acme.dev/guide/intro">'],
    ['og:url is the canonical URL', site({ baseUrl: 'https://docs.acme.dev' }), page(), '<meta property="og:url" content="https://docs.acme.dev/guide/intro">'],
    ['frontmatter canonical', site({ baseUrl: 'https://a.dev' }), page({ frontmatter: { canonical: 'https://b.dev/x' } }), '<link rel="canonical" href="https://b.dev/x">'],
    ['refresh is http-equiv', site({ metatags: { refresh: '30' } }), page(), '<meta http-equiv="refresh" content="30">'],
    ['generator', site(), page(), '<meta name="generator" content="Folio">'],
    ['escapes content', site({ metatags: { author: 'A "B" <c>' } }), page(), '<meta name="author" content="A &quot;B&quot; &lt;c&gt;">'],
  ];
  it.each(rows)('%s', (_name, s, p, expected) => {
    expect(seoHead(s, p)).toContain(expected);
  });

  it('writes no canonical link without a base URL, and never a `canonical` meta tag', () => {
    const head = seoHead(site(), page());
    expect(head).not.toContain('canonical');
    expect(head).not.toContain('og:url');
    expect(seoHead(site({ metatags: { canonical: 'https://docs.acme.dev/' } }), page())).not.toContain('name="canonical"');
  });

  it('skips metatags the layout already writes', () => {
    expect(seoHead(site({ metatags: { viewport: 'x', charset: 'y' } }), page())).not.toMatch(/viewport|charset/);
  });

  it('prefers seo.metatags.canonical over --site-url, and ignores non-http bases', () => {
    expect(seoBaseUrl({ canonical: 'https://www.mintlify.com/docs' }, 'https://other.dev')).toBe('https://www.mintlify.com/docs');
    expect(seoBaseUrl({}, 'https://docs.acme.dev/')).toBe('https://docs.acme.dev');
    expect(seoBaseUrl({ canonical: 'javascript:alert(1)' }, undefined)).toBeUndefined();
    expect(canonicalUrl(site({ baseUrl: 'https://a.dev' }), page({ href: '/' }))).toBe('https://a.dev/');
  });

  it('lets the page description beat a metatags description', () => {
    expect(pageMetaTags(site({ metatags: { description: 'global' } }), page({ description: 'mine' })).get('description')).toBe('mine');
  });

  it('emits JSON-LD on indexable pages only, with no way to close the script', () => {
    expect(seoHead(site(), page())).toContain('<script type="application/ld+json">');
    expect(seoHead(site(), page({ noindex: true }))).not.toContain('ld+json');
    expect(seoHead(site(), page({ title: '</script><b>' }))).not.toContain('</script><b>');
  });

  it('builds the graph: organization from seo.organization, breadcrumbs, API reference', () => {
    const graph = jsonLdGraph({
      siteName: 'Acme', baseUrl: 'https://docs.acme.dev', pageUrl: 'https://docs.acme.dev/api/users', title: 'Users', keywords: 'a, b',
      organization: { legalName: 'Acme Inc.', sameAs: ['https://github.com/acme'] }, logo: '/logo.svg',
      breadcrumbs: [{ label: 'API' }, { label: 'Users group', href: '/api' }], api: true,
    });
    const nodes = graph['@graph'] as Record<string, unknown>[];
    expect(nodes[0]).toEqual({ '@type': 'Organization', '@id': 'https://docs.acme.dev/#organization', name: 'Acme', legalName: 'Acme Inc.', url: 'https://docs.acme.dev/', logo: 'https://docs.acme.dev/logo.svg', sameAs: ['https://github.com/acme'] });
    expect(nodes[3]!.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'API' },
      { '@type': 'ListItem', position: 2, name: 'Users group', item: 'https://docs.acme.dev/api' },
      { '@type': 'ListItem', position: 3, name: 'Users', item: 'https://docs.acme.dev/api/users' },
    ]);
    expect(nodes[4]).toMatchObject({ '@type': 'APIReference', headline: 'Users', keywords: 'a, b' });
  });
});

describe('the description of a page that gives none', () => {
  it('is the first paragraph of a sentence or more, as plain text, cut at a word', () => {
    const html = '<h2>Intro</h2><p>Short.</p><p>Folio builds your <strong>docs.json</strong> repository &amp; serves it, with <a href="/x">search</a> and more.</p>';
    expect(fallbackDescription({ html })).toBe('Folio builds your docs.json repository & serves it, with search and more.');
    const long = `<p>${'word '.repeat(60)}</p>`;
    const cut = fallbackDescription({ html: long })!;
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut.endsWith('word…')).toBe(true);
    expect(fallbackDescription({ html: '<p>Tiny.</p>' })).toBeUndefined();
  });

  it("is an endpoint's operation description, else its summary and route", () => {
    expect(fallbackDescription({ html: '', endpoint: { title: 'Add tags', method: 'put', path: '/assets/{id}/tags', description: 'Adds **tags** to an [asset](/a).\n\nMore text.' } })).toBe('Adds tags to an asset.');
    expect(fallbackDescription({ html: '', endpoint: { title: 'Add tags', method: 'put', path: '/assets/{id}/tags' } })).toBe('Add tags: PUT /assets/{id}/tags');
  });
});
