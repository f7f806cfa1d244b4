import { describe, expect, it } from 'vitest';
import { compileRedirect, isSafeRedirectDestination, matchRedirect, parseRedirectsFile, redirectRules, redirectsFileText } from './redirect-rules.js';

describe('redirect matcher', () => {
  // source, destination, permanent, request path + query, expected location (null: no match), status
  const rows: [string, string, boolean, string, string | null, number?][] = [
    ['/source/path', '/destination/path', true, '/source/path', '/destination/path', 308],
    ['/source/path', '/destination/path', false, '/source/path', '/destination/path', 307],
    ['/source/path', '/destination/path', true, '/source/path/', '/destination/path', 308],
    ['/source/path', '/destination/path', true, '/source/pathology', null],
    ['/source/path', '/destination/path#section', true, '/source/path', '/destination/path#section', 308],
    ['/source/path', '/destination', true, '/source/path?utm=1&b=2', '/destination?utm=1&b=2', 308],
    ['/source/path', '/destination?x=1#s', true, '/source/path?utm=1', '/destination?x=1&utm=1#s', 308],
    ['/old/:slug', '/new/:slug', true, '/old/intro', '/new/intro', 308],
    ['/old/:slug', '/new/:slug', true, '/old/a/b', null],
    ['/beta/:slug*', '/v2/:slug*', true, '/beta/introduction', '/v2/introduction', 308],
    ['/beta/:slug*', '/v2/:slug*', true, '/beta/guides/setup/advanced', '/v2/guides/setup/advanced', 308],
    ['/beta/:slug*', '/v2/:slug*', true, '/beta', '/v2', 308],
    ['/beta/:slug+', '/v2/:slug+', true, '/beta', null],
    ['/beta/:slug+', '/v2/:slug+', true, '/beta/a/b', '/v2/a/b', 308],
    ['/docs/:section/:page', '/:page/in/:section', true, '/docs/api/users', '/users/in/api', 308],
    ['/blog/*', '/news/:splat', true, '/blog/2024/post', '/news/2024/post', 308],
    ['/blog/*', '/news/*', true, '/blog/2024/post', '/news/2024/post', 308],
    ['/articles/concepts-*', '/collections/overview', true, '/articles/concepts-getting-started', '/collections/overview', 308],
    ['/articles/concepts-*', '/collections/overview', true, '/articles/concepts-overview', '/collections/overview', 308],
    ['/articles/concepts-*', '/collections/overview', true, '/articles/other', null],
    ['/old/article-*', '/new/article-*', true, '/old/article-123', '/new/article-123', 308],
    ['/a.b/(x)', '/ok', true, '/a.b/(x)', '/ok', 308],
    ['/a.b/(x)', '/ok', true, '/aXb/(x)', null],
    ['/ext/:slug*', 'https://example.com/docs/:slug*', true, '/ext/a/b', 'https://example.com/docs/a/b', 308],
  ];
  it.each(rows)('%s → %s (permanent %s): %s', (source, destination, permanent, request, location, status) => {
    const [pathname, query = ''] = request.split(/(?=\?)/);
    const rules = redirectRules([{ source, destination, permanent }]);
    const got = matchRedirect(rules, pathname!, query);
    if (location === null) expect(got).toBeNull();
    else expect({ location: got?.location, status: got?.status }).toEqual({ location, status });
  });

  it('takes the first matching rule', () => {
    const rules = redirectRules([{ source: '/a/:x', destination: '/first', permanent: true }, { source: '/a/b', destination: '/second', permanent: true }]);
    expect(matchRedirect(rules, '/a/b')?.location).toBe('/first');
  });

  it('accepts only site paths and http(s) URLs as destinations', () => {
    for (const ok of ['/x', '/x?y#z', 'https://a.dev/x', 'http://a.dev', 'guide/a']) expect(isSafeRedirectDestination(ok), ok).toBe(true);
    for (const bad of ['javascript:alert(1)', 'JavaScript:x', 'data:text/html,x', '//evil.dev', 'vbscript:x', 'https://a b', 'mailto:a@b.c', '']) expect(isSafeRedirectDestination(bad), bad).toBe(false);
    expect(matchRedirect(redirectRules([{ source: '/old', destination: 'guide/a', permanent: true }]), '/old')?.location).toBe('/guide/a');
  });

  it('round-trips through _redirects', () => {
    const rules = [compileRedirect('/beta/:slug*', '/v2/:slug*', 308), compileRedirect('/tmp', 'https://x.dev', 307)];
    const text = redirectsFileText(rules);
    expect(text).toBe('/beta/:slug* /v2/:slug* 308\n/tmp https://x.dev 307\n');
    expect(parseRedirectsFile(text).map((r) => [r.source, r.destination, r.status])).toEqual([['/beta/:slug*', '/v2/:slug*', 308], ['/tmp', 'https://x.dev', 307]]);
  });
});
