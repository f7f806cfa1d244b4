import { describe, expect, it } from 'vitest';
import { closest, closestPaths, editDistance } from './text.js';

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and transpositions as one edit each', () => {
    expect(editDistance('groups', 'groups')).toBe(0);
    expect(editDistance('grops', 'groups')).toBe(1);
    expect(editDistance('groupss', 'groups')).toBe(1);
    expect(editDistance('grpups', 'groups')).toBe(1);
    expect(editDistance('gropus', 'groups')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
  });
});

describe('closest', () => {
  it('suggests plausible typos and case slips, nothing for unrelated words', () => {
    expect(closest('descripton', ['name', 'description'])).toBe('description');
    expect(closest('pt-br', ['pt-BR', 'en'])).toBe('pt-BR');
    expect(closest('klingon', ['en', 'fr', 'de'])).toBeUndefined();
    expect(closest('x', [])).toBeUndefined();
  });
});

describe('closestPaths', () => {
  const pages = ['/guides/quickstart', '/guides/install', '/guides/installation-windows', '/reference/api', '/'];
  it('finds typos, moved pages and case differences, best first', () => {
    expect(closestPaths('/guides/quickstrt', pages)[0]).toBe('/guides/quickstart');
    expect(closestPaths('/old/docs/install', pages)[0]).toBe('/guides/install');
    expect(closestPaths('/Guides/Install/', pages)[0]).toBe('/guides/install');
    expect(closestPaths('/reference/api.html', pages)).toEqual(['/reference/api']);
  });
  it('offers nothing for unrelated paths, and at most `limit`', () => {
    expect(closestPaths('/zzzzzzzzzz', pages)).toEqual([]);
    expect(closestPaths('/guides/instal', pages, 1)).toEqual(['/guides/install']);
  });
});
