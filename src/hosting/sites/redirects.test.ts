import { describe, expect, it } from 'vitest';
import { matchRedirect, parseRedirects } from './redirects.js';

describe('_redirects', () => {
  const rules = parseRedirects('# comment\n/start /en/quickstart 301\n/old/:slug /new/:slug 302\n/blog/* /news/:splat\n\nbad-line\n');

  it('matches exact paths with or without a trailing slash', () => {
    expect(matchRedirect(rules, '/start')).toEqual({ location: '/en/quickstart', status: 301 });
    expect(matchRedirect(rules, '/start/')).toEqual({ location: '/en/quickstart', status: 301 });
    expect(matchRedirect(rules, '/starter')).toBeNull();
  });

  it('fills :name and :splat from the path', () => {
    expect(matchRedirect(rules, '/old/intro')).toEqual({ location: '/new/intro', status: 302 });
    expect(matchRedirect(rules, '/old/a/b')).toBeNull();
    expect(matchRedirect(rules, '/blog/2024/post')).toEqual({ location: '/news/2024/post', status: 301 });
  });
});
