import { describe, expect, it } from 'vitest';
import { specFromText } from './spec-store.js';
import { suggestOperation } from './suggest.js';

const { spec } = specFromText(
  'spec.json',
  JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'X', version: '1' },
    paths: {
      '/users': { get: { responses: {} } },
      '/users/{id}': { delete: { responses: {} } },
      '/teams/{teamId}/members': { get: { responses: {} } },
    },
  }),
);

describe('suggestOperation', () => {
  it('suggests the same path under its real method, then the nearest path', () => {
    expect(suggestOperation([spec!], { method: 'POST', path: '/users' })).toBe('GET /users');
    expect(suggestOperation([spec!], { method: 'GET', path: '/user' })).toBe('GET /users');
    expect(suggestOperation([spec!], { method: 'GET', path: '/teams/{id}/members' })).toBe('GET /teams/{teamId}/members');
  });

  it('suggests nothing for unrelated paths', () => {
    expect(suggestOperation([spec!], { method: 'GET', path: '/billing/invoices' })).toBeUndefined();
    expect(suggestOperation([spec!], { method: 'GET', path: '/teams/{id}/visitors' })).toBeUndefined();
  });
});
