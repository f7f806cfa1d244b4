import { describe, expect, it } from 'vitest';
import { equivalentPath } from './equivalents.js';

describe('equivalentPath', () => {
  const fr = new Set(['fr/index', 'fr/guide/setup']);
  const en = new Set(['index', 'guide/setup']);
  it('swaps, adds or removes the version or language segment', () => {
    expect(equivalentPath('guide/setup', 'en', 'fr', fr)).toBe('fr/guide/setup');
    expect(equivalentPath('fr/guide/setup', 'fr', 'en', en)).toBe('guide/setup');
    expect(equivalentPath('v1/guide', 'v1', 'v2', new Set(['v2/guide']))).toBe('v2/guide');
    expect(equivalentPath('docs/v1/guide', 'V1', 'v2', new Set(['docs/v2/guide']))).toBe('docs/v2/guide');
  });
  it('keeps a page both divisions list, and gives up when none matches', () => {
    expect(equivalentPath('shared', 'v1', 'v2', new Set(['shared']))).toBe('shared');
    expect(equivalentPath('fr/only-here', 'fr', 'en', en)).toBeNull();
  });
});
