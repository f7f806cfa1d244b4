import { describe, expect, it } from 'vitest';
import { htmlFileFor } from '../shared/index.js';
import { isStaticRedirectSource, redirectHtml, sitemapXml } from './site-files.js';

describe('site files', () => {
  it('writes each page as <path>/index.html', () => {
    expect(htmlFileFor('/')).toBe('index.html');
    expect(htmlFileFor('/guide/intro')).toBe('guide/intro/index.html');
    expect(htmlFileFor('/guide/intro/')).toBe('guide/intro/index.html');
  });

  it('lists absolute URLs in the sitemap when the site URL is known', () => {
    expect(sitemapXml(['/b', '/a'], 'https://docs.example.com/')).toContain('<url><loc>https://docs.example.com/a</loc></url>\n<url><loc>https://docs.example.com/b</loc></url>');
  });

  it('writes static redirects as HTML', () => {
    expect(redirectHtml('/new?a=1&b=2')).toContain('url=/new?a=1&amp;b=2');
    expect(isStaticRedirectSource('/blog/:slug')).toBe(false);
    expect(isStaticRedirectSource('/docs/*')).toBe(false);
    expect(isStaticRedirectSource('/old')).toBe(true);
  });
});
