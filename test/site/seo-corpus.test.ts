/**
 * The SEO and analytics settings of the platform's own docs survive into the HTML of its pages,
 * rendered by the same `SiteRenderer` the build writes with.
 */
import { describe, expect, it } from 'vitest';
import { SiteRenderer } from '../../src/render/index.js';
import { loadSite } from '../../src/site/index.js';
import { corpusDir, haveCorpora } from '../../compat/corpora.js';

const root = corpusDir('mintlify-docs');

describe.skipIf(!haveCorpora('mintlify-docs'))('mintlify-docs head', () => {
  it('keeps its verification, canonical, og:locale, twitter:site, GA4 and PostHog tags', async () => {
    const { site } = await loadSite(root);
    const renderer = new SiteRenderer(site!, { css: '/a.css', js: '/a.js', base: '/' }, { integrations: true });
    const route = site!.model.pages.get('/quickstart')!;
    const html = renderer.render(route, { html: '<p>x</p>', headings: [], features: [] });
    expect(html).toContain('<meta name="google-site-verification" content="YRuJgIxsRnMkiRTYTo_tEsJSFyIE3AraEiukTbeV4Ag">');
    expect(html).toContain('<link rel="canonical" href="https://www.mintlify.com/docs/quickstart">');
    expect(html).toContain('<meta property="og:locale" content="en_US">');
    expect(html).toContain('<meta name="twitter:site" content="@mintlify">');
    expect(html).toContain('<script type="application/ld+json">');
    expect(html).toContain('src="https://www.googletagmanager.com/gtag/js?id=G-RCYWHL7EQ7"');
    expect(html).toContain('src="https://us-assets.i.posthog.com/static/array.js"');
    expect(html).toContain('"phc_eNuN6Ojnk9O7uWfC17z12AK85fNR0BY6IiGVy0Gfwzw"');
    // Without `integrations: true` (what `folio dev` does by default) nothing is loaded.
    const dev = new SiteRenderer(site!, { css: '/a.css', js: '/a.js', base: '/' }).render(route, { html: '', headings: [], features: [] });
    expect(dev).not.toContain('googletagmanager');
    expect(dev).not.toContain('posthog._i');
  }, 120_000);
});
