import { describe, expect, it } from 'vitest';
import { hostAllowed, hostPatternOf, proxyHostsOf } from './proxy-hosts.js';
import type { LoadedSpec } from './types.js';

const spec = (renderDocument: Record<string, unknown>) => ({ renderDocument }) as unknown as LoadedSpec;

describe('hosts the playground proxy may reach', () => {
  it('collects document, path and operation servers with their variables expanded', () => {
    const hosts = proxyHostsOf([
      spec({
        servers: [{ url: 'https://{region}.api.example.com/v1', variables: { region: { default: 'eu', enum: ['eu', 'us'] } } }, { url: '/relative' }],
        paths: { '/a': { servers: [{ url: 'http://localhost:8080' }], get: { servers: [{ url: 'https://{tenant}.example.org:443' }] } } },
      }),
    ], ['https://mdx.example.net']);
    expect(hosts).toEqual(['*.example.org', 'eu.api.example.com', 'localhost:8080', 'mdx.example.net', 'us.api.example.com']);
  });

  it('matches a URL host exactly, or one label for a variable', () => {
    expect(hostPatternOf('http://API.Example.com:80/x')).toBe('api.example.com');
    expect(hostAllowed('acme.example.org', ['*.example.org'])).toBe(true);
    expect(hostAllowed('a.b.example.org', ['*.example.org'])).toBe(false);
    expect(hostAllowed('localhost:8081', ['localhost:8080'])).toBe(false);
    expect(hostAllowed('evil.com', [])).toBe(false);
  });
});
