import { describe, expect, it } from 'vitest';
import { SEARCH_LANGUAGES, searchStrings } from './search-strings.js';
import { UI_LANGUAGES } from './ui-strings.js';

describe('search dialog words per language', () => {
  it('has a full row for every language of the chrome, with the count placeholder', () => {
    expect([...SEARCH_LANGUAGES].sort()).toEqual([...UI_LANGUAGES].sort());
    for (const code of SEARCH_LANGUAGES) {
      const strings = searchStrings(code);
      for (const [key, value] of Object.entries(strings)) expect(value, `${code}.${key}`).toBeTruthy();
      expect(strings.results, code).toContain('{n}');
    }
  });

  it('reads codes as the chrome does: alias, base language, English otherwise', () => {
    expect(searchStrings('fr-CA').recent).toBe('Recherches récentes');
    expect(searchStrings('ja').close).toBe(searchStrings('jp').close);
    expect(searchStrings('xx').noResults).toBe('No results');
  });
});
