import { describe, expect, it } from 'vitest';
import { closest, editDistance } from './text.js';

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
