import { describe, expect, it } from 'vitest';
import { containsEndpointEntry, parseEndpointEntry, type EndpointEntry } from './endpoint-entry.js';

/**
 * Every form the four former copies of this grammar handled (config's file check, navigation's
 * `parseEntry`, the openapi layer's parser, the build's "does navigation name an endpoint?" probe).
 * The grammar kept is the openapi layer's, which was the only one that read all of them; the
 * last column says where an old copy read the form differently before.
 */
const forms: [input: string, parsed: EndpointEntry | undefined, before: string][] = [
  ['GET /users', { method: 'GET', path: '/users' }, 'all four agreed'],
  ['post /users/{id}/', { method: 'POST', path: '/users/{id}/' }, 'all four agreed (config kept the case, `post`)'],
  ['Get /x', { method: 'GET', path: '/x' }, 'all four agreed'],
  ['WEBHOOK /hooks/x', { method: 'WEBHOOK', path: '/hooks/x' }, 'all four agreed'],
  ['GET GET /x', { spec: 'GET', method: 'GET', path: '/x' }, 'all four agreed'],
  ['specs/api.yaml DELETE /users/{id}', { spec: 'specs/api.yaml', method: 'DELETE', path: '/users/{id}' }, 'all four agreed'],
  ['/es/admin-openapi.json GET /v1/jobs', { spec: '/es/admin-openapi.json', method: 'GET', path: '/v1/jobs' }, 'all four agreed'],
  ['https://x.test/o.json GET /v1/jobs', { spec: 'https://x.test/o.json', method: 'GET', path: '/v1/jobs' }, 'navigation read an external link'],
  ['openapi.json webhook orderUpdated', { spec: 'openapi.json', method: 'WEBHOOK', path: 'orderUpdated' }, 'navigation read a page path; the build probe missed it'],
  ['webhook orderUpdated', { method: 'WEBHOOK', path: 'orderUpdated' }, 'navigation read a page path; the build probe missed it'],
  ['  GET /users  ', { method: 'GET', path: '/users' }, 'config read a page path; the build probe missed it'],
  ['GET\t/users', { method: 'GET', path: '/users' }, 'the build probe missed it (JSON writes the tab as \\t)'],
  ['GET  /users', { method: 'GET', path: '/users' }, 'all four agreed'],
  ['api/introduction', undefined, 'all four agreed'],
  ['GET users', undefined, 'config read an endpoint (so never checked the page file)'],
  ['get started', undefined, 'config read an endpoint (so never checked the page file)'],
  ['x.yaml GET users', undefined, 'config read an endpoint'],
  ['GET /a b', undefined, 'config read an endpoint `/a b`; the build probe matched it'],
  ['a GET /x y', undefined, 'config read an endpoint `/x y`; the build probe matched it'],
  ['FETCH /users', undefined, 'all four agreed'],
  ['a b c d', undefined, 'all four agreed'],
  ['GET', undefined, 'all four agreed'],
  ['spec.yaml GET', undefined, 'all four agreed'],
  ['https://example.com/x', undefined, 'all four agreed (navigation: an external link)'],
  ['', undefined, 'all four agreed'],
];

describe('parseEndpointEntry', () => {
  it.each(forms)('%j', (input, parsed) => {
    expect(parseEndpointEntry(input)).toEqual(parsed);
  });
});

describe('containsEndpointEntry', () => {
  it('finds an entry in any string of a JSON value, and nothing in pages or prose', () => {
    expect(containsEndpointEntry({ tabs: [{ tab: 'API', pages: ['intro', 'GET /users'] }] })).toBe(true);
    expect(containsEndpointEntry({ groups: [{ group: 'Hooks', pages: ['openapi.json webhook orderUpdated'] }] })).toBe(true);
    expect(containsEndpointEntry({ groups: [{ group: 'Get started', pages: ['intro', 'GET users'] }], n: 3, ok: true, none: null })).toBe(false);
    expect(containsEndpointEntry(undefined)).toBe(false);
  });
});
