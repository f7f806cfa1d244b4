import { describe, expect, it } from 'vitest';
import { iconOf, linkHref, normalizePagePath, openApiRefOf, parseEntry, slugOf } from './entries.js';

describe('navigation entries', () => {
  it('classifies page paths, endpoints and links', () => {
    expect(parseEntry('guide/intro')).toEqual({ kind: 'page', path: 'guide/intro' });
    expect(parseEntry('/guide/intro.mdx')).toEqual({ kind: 'page', path: 'guide/intro' });
    expect(parseEntry('GET /users/{id}')).toEqual({ kind: 'endpoint', method: 'GET', path: '/users/{id}' });
    expect(parseEntry('post /users')).toEqual({ kind: 'endpoint', method: 'POST', path: '/users' });
    expect(parseEntry('specs/api.yaml DELETE /users/{id}')).toEqual({ kind: 'endpoint', method: 'DELETE', path: '/users/{id}', spec: 'specs/api.yaml' });
    expect(parseEntry('https://example.com/x')).toEqual({ kind: 'link', href: 'https://example.com/x' });
    // A webhook is named by its key under `webhooks`, not a path.
    expect(parseEntry('webhook customer.created')).toEqual({ kind: 'endpoint', method: 'WEBHOOK', path: 'customer.created' });
    expect(parseEntry('spec.json webhook order.paid')).toEqual({ kind: 'endpoint', method: 'WEBHOOK', path: 'order.paid', spec: 'spec.json' });
    // Two words that are not a method stay a (strange) page path.
    expect(parseEntry('get started')).toEqual({ kind: 'page', path: 'get started' });
  });

  it('normalises page paths and link targets', () => {
    expect(normalizePagePath('./a/b.md')).toBe('a/b');
    expect(normalizePagePath('a/b/')).toBe('a/b');
    expect(linkHref('changelog')).toBe('/changelog');
    expect(linkHref('/changelog')).toBe('/changelog');
    expect(linkHref('mailto:x@example.com')).toBe('mailto:x@example.com');
  });

  it('normalises icons and openapi settings', () => {
    expect(iconOf('star')).toEqual({ name: 'star' });
    expect(iconOf('star', 'duotone')).toEqual({ name: 'star', style: 'duotone' });
    expect(iconOf({ name: 'star', library: 'lucide' })).toEqual({ name: 'star', library: 'lucide' });
    expect(openApiRefOf('a.yaml')).toEqual({ sources: ['a.yaml'] });
    expect(openApiRefOf(['a.yaml', 'b.json'])).toEqual({ sources: ['a.yaml', 'b.json'] });
    expect(openApiRefOf({ source: 'a.yaml', directory: 'api' })).toEqual({ sources: ['a.yaml'], directory: 'api' });
    expect(openApiRefOf([{ source: 'a.yaml', directory: 'a' }, 'b.json'])).toEqual({ sources: ['a.yaml', 'b.json'], directory: 'a', directories: { 'a.yaml': 'a' } });
  });

  it('slugs labels in any script', () => {
    expect(slugOf('API Reference')).toBe('api-reference');
    expect(slugOf('Documentación')).toBe('documentacion');
    expect(slugOf('文档')).toBe('文档');
    expect(slugOf('!!!')).toBe('x');
  });
});
