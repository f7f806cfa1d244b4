import { describe, expect, it } from 'vitest';
import { manualEndpointPage, parseApiFrontmatter } from './api-frontmatter.js';
import { requestSamples } from './samples.js';

describe('api: frontmatter', () => {
  it('reads a full URL or a path under api.mdx.server', () => {
    expect(parseApiFrontmatter('POST https://api.acme.com/v1/users/{id}', [])).toEqual({ method: 'POST', server: 'https://api.acme.com', path: '/v1/users/{id}' });
    expect(parseApiFrontmatter('get /v1/users', ['https://api.acme.com/'])).toEqual({ method: 'GET', server: 'https://api.acme.com', path: '/v1/users' });
  });

  it('says what is wrong with a value it cannot use', () => {
    expect(parseApiFrontmatter('/v1/users', ['https://a.test'])).toEqual({ problem: 'api: "/v1/users" is not "METHOD /path" or "METHOD https://host/path"; the method is one of GET, PUT, POST, DELETE, OPTIONS, HEAD, PATCH, TRACE' });
    expect(parseApiFrontmatter('FETCH /v1/users', ['https://a.test'])).toHaveProperty('problem');
    expect(parseApiFrontmatter('GET v1/users', ['https://a.test'])).toEqual({ problem: 'api: "GET v1/users": the path must start with "/" or be a full http(s) URL' });
    expect(parseApiFrontmatter('GET /v1/users', [])).toEqual({ problem: 'api: "GET /v1/users" is a relative path but docs.json sets no `api.mdx.server`; add the server there or write the full URL' });
    expect(parseApiFrontmatter(42, [])).toHaveProperty('problem');
  });

  it('plans path parameters and the configured auth into samples', () => {
    const page = manualEndpointPage({ method: 'DELETE', server: 'https://api.acme.com', path: '/v1/users/{id}' }, { href: '/users/delete', title: 'Delete user', auth: { method: 'key', name: 'x-api-key' } });
    expect(page.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(['path:id']);
    expect(page.security[0]?.schemes[0]).toMatchObject({ type: 'apiKey', in: 'header', paramName: 'x-api-key' });
    const [curl] = requestSamples(page.request!, { languages: ['curl'] });
    expect(curl!.code).toBe("curl --request DELETE \\\n  --url 'https://api.acme.com/v1/users/<id>' \\\n  --header 'x-api-key: <api-key>'");
  });
});
