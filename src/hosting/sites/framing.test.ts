import { describe, expect, it } from 'vitest';
import { frameAncestorOrigin, framingHeaders } from './framing.js';

describe('the origins that may frame a site', () => {
  it('takes origins as CSP names them, lower-cased', () => {
    expect(frameAncestorOrigin('https://App.Example.com/')).toBe('https://app.example.com');
    expect(frameAncestorOrigin(' https://*.example.com ')).toBe('https://*.example.com');
    expect(frameAncestorOrigin('https://docs.example.com:8443')).toBe('https://docs.example.com:8443');
    expect(frameAncestorOrigin('http://localhost:3000')).toBe('http://localhost:3000');
  });

  it('refuses what is not one origin: paths, credentials, keywords, lists, other schemes, plain http elsewhere', () => {
    for (const bad of ['*', "'self'", "'none'", 'example.com', 'https://example.com/path', 'https://user:pw@example.com', 'https://example.com?x', 'https://a.example https://b.example', 'https://example.com; script-src *', 'javascript:alert(1)', 'data:', 'http://example.com', 'https://*.com', 'https://*', 'https://-bad.example', 'https://example.com:99999', 'ftp://example.com']) {
      expect(frameAncestorOrigin(bad), bad).toBeNull();
    }
  });

  it('says none (with the legacy header) for an empty list, only CSP for a list', () => {
    expect(framingHeaders([])).toEqual({ directive: "frame-ancestors 'none'", xFrameOptions: 'DENY' });
    expect(framingHeaders(['https://a.example', 'https://b.example'])).toEqual({ directive: 'frame-ancestors https://a.example https://b.example', xFrameOptions: null });
  });
});
