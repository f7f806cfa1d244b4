import { describe, expect, it } from 'vitest';
import { authorPathToSitePath, mapHtmlUrls, mapMarkdownLinks, normalizeBasePath, prefixCssUrls, prefixHtmlUrls, prefixMarkdownLinks, siteUrlWithBase, stripBasePath, withBasePath } from './base-path.js';

describe('base path', () => {
  it('normalises what users type and refuses what is not a path', () => {
    expect(['docs', '/docs/', '/docs', ' /help/center// '].map(normalizeBasePath)).toEqual(['/docs', '/docs', '/docs', '/help/center']);
    expect(['', '/', undefined].map(normalizeBasePath)).toEqual(['', '', '']);
    expect(['https://x.com/docs', '/a/../b', '/a b', '/docs?x=1', '/a/./b'].map(normalizeBasePath)).toEqual([null, null, null, null, null]);
  });

  it('puts the base before site paths only, and takes it off request paths', () => {
    expect([withBasePath('/guide', '/docs'), withBasePath('/', '/docs'), withBasePath('//cdn.x/a.js', '/docs'), withBasePath('#top', '/docs'), withBasePath('https://x.com/', '/docs'), withBasePath('/guide', '')]).toEqual(['/docs/guide', '/docs/', '//cdn.x/a.js', '#top', 'https://x.com/', '/guide']);
    expect([stripBasePath('/docs/guide', '/docs'), stripBasePath('/docs', '/docs'), stripBasePath('/docsy/x', '/docs'), stripBasePath('/guide', '/docs')]).toEqual(['/guide', '/', '/docsy/x', '/guide']);
    expect([siteUrlWithBase('https://x.com/', '/docs'), siteUrlWithBase('https://x.com/docs', '/docs'), siteUrlWithBase(undefined, '/docs')]).toEqual(['https://x.com/docs', 'https://x.com/docs', undefined]);
  });

  it('rewrites URL attributes of tags, never text or script bodies', () => {
    const html =
      '<a href="/a" title="x > y" data-x="/not-a-url-attr">/a</a><img src="/i.png" srcset="/i.png 1x, /i@2.png 2x, https://c/i.png 3x">' +
      `<p>href="/text"</p><script src="/s.js"></script><script>var a='<a href="/in-script">';</script><a href='/single'>s</a>` +
      '<meta http-equiv="refresh" content="0; url=/home"><meta name="viewport" content="width=device-width"><div style="background:url(/bg.png)"></div><style>.x{mask:url("/m.svg")}</style><a href="https://x.com/a">x</a><a href="//cdn/x">y</a>';
    expect(prefixHtmlUrls(html, '/docs')).toBe(
      '<a href="/docs/a" title="x > y" data-x="/not-a-url-attr">/a</a><img src="/docs/i.png" srcset="/docs/i.png 1x, /docs/i@2.png 2x, https://c/i.png 3x">' +
        `<p>href="/text"</p><script src="/docs/s.js"></script><script>var a='<a href="/in-script">';</script><a href='/docs/single'>s</a>` +
        '<meta http-equiv="refresh" content="0; url=/docs/home"><meta name="viewport" content="width=device-width"><div style="background:url(/docs/bg.png)"></div><style>.x{mask:url("/docs/m.svg")}</style><a href="https://x.com/a">x</a><a href="//cdn/x">y</a>',
    );
    expect(prefixHtmlUrls(html, '')).toBe(html);
    expect(prefixCssUrls("a{b:url('/x.woff2')} c{d:url(data:x)}", '/d')).toBe("a{b:url('/d/x.woff2')} c{d:url(data:x)}");
  });

  it('rewrites Markdown link targets outside code', () => {
    const md = ['See [a](/a) and ![i](/i.png), [b](</b c>), [ext](https://x.com/), `[c](/c)`.', '```md', '[d](/d)', '```', '[e](/e)'].join('\n');
    expect(prefixMarkdownLinks(md, '/docs')).toBe(['See [a](/docs/a) and ![i](/docs/i.png), [b](</docs/b c>), [ext](https://x.com/), `[c](/c)`.', '```md', '[d](/d)', '```', '[e](/docs/e)'].join('\n'));
  });

  it('reads an author path that begins with the base as the full path, unless it is a site path itself', () => {
    const inDocsFolder = (p: string) => p === '/docs/guide';
    const read = (url: string) => authorPathToSitePath(url, '/docs', inDocsFolder);
    expect(['/docs/a', '/docs', '/docs/', '/docs#top', '/docs?x=1', '/docs/a/#b', '/docs/guide', '/docs/guide/', '/docsy/a', '/a', 'docs/a', '//docs/a', 'https://x.com/docs/a', '#docs'].map(read)).toEqual([
      '/a', '/', '/', '/#top', '/?x=1', '/a/#b', '/docs/guide', '/docs/guide/', '/docsy/a', '/a', 'docs/a', '//docs/a', 'https://x.com/docs/a', '#docs',
    ]);
    expect(authorPathToSitePath('/docs/a', '')).toBe('/docs/a');
    expect(authorPathToSitePath('/help/center/a', '/help/center')).toBe('/a');
  });

  it('maps root-absolute URLs of fragments and Markdown through a function', () => {
    const strip = (url: string) => authorPathToSitePath(url, '/docs');
    expect(mapHtmlUrls('<a href="/docs/a">x</a><img src="/docs/i.png" srcset="/docs/i.png 1x, /j.png 2x"><a href="https://x.com/docs/a">y</a>', strip)).toBe(
      '<a href="/a">x</a><img src="/i.png" srcset="/i.png 1x, /j.png 2x"><a href="https://x.com/docs/a">y</a>',
    );
    expect(mapMarkdownLinks('[a](/docs/a "t") ![i](</docs/b c.png>) `[c](/docs/c)` [d](docs/d)', strip)).toBe('[a](/a "t") ![i](</b c.png>) `[c](/docs/c)` [d](docs/d)');
  });
});
