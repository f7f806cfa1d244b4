import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isInside } from '../shared/index.js';
import { isLoopbackHost } from './host-check.js';
import { decodePath, escapesRoot, pageHrefOf } from './request-path.js';

const root = path.resolve('/srv/docs');

describe('isLoopbackHost', () => {
  it('accepts loopback names with or without a port', () => {
    for (const host of ['localhost', 'localhost:3000', '127.0.0.1:8080', '[::1]:3000', 'LOCALHOST', 'docs.localhost:1']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
  });

  it('refuses every other host, including look-alikes', () => {
    for (const host of [undefined, '', 'evil.example', '127.0.0.1.nip.io', 'localhost.evil.example', '0.0.0.0', '[::2]', '127.0.0.2']) {
      expect(isLoopbackHost(host), String(host)).toBe(false);
    }
    fc.assert(
      fc.property(fc.domain(), (domain) => !domain.endsWith('localhost') === !isLoopbackHost(domain)),
    );
  });
});

describe('request paths', () => {
  it('maps URL forms of a page to its href', () => {
    expect(pageHrefOf('/a/b/')).toBe('/a/b');
    expect(pageHrefOf('/a/b/index.html')).toBe('/a/b');
    expect(pageHrefOf('/a/b.html')).toBe('/a/b');
    expect(pageHrefOf('/')).toBe('/');
  });

  it('decodes once and rejects malformed or NUL-carrying paths', () => {
    expect(decodePath('/a%20b?x=1')).toBe('/a b');
    expect(decodePath('/%E0%A4%A')).toBeNull();
    expect(decodePath('/a%00b')).toBeNull();
  });

  it('never lets a decoded path that is not flagged resolve outside the root', () => {
    const segment = fc.constantFrom('..', '.', 'a', '%2e%2e', '%2f', '%5c', '..%5c', 'b.mdx', '');
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 8 }), (parts) => {
        const decoded = decodePath('/' + parts.join('/'));
        if (decoded === null || escapesRoot(root, decoded)) return true;
        return isInside(root, path.resolve(root, '.' + decoded.replace(/\\/g, '/')));
      }),
    );
  });
});
