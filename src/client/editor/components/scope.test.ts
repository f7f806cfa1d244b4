import { describe, expect, it } from 'vitest';
import { scopeSelector, splitSelectors } from './scope.js';

describe('site selectors scoped to the visual pane', () => {
  it.each([
    [':root', '.s'],
    ['html', '.s'],
    ['body', '.s'],
    ['html body', '.s'],
    ['[data-theme=dark]', '.s[data-theme=dark]'],
    ['[data-theme=dark] .folio-callout', '.s[data-theme=dark] .folio-callout'],
    ['html[data-theme="dark"] .x', '.s[data-theme="dark"] .x'],
    ['*,*::before,*::after', '.s *,.s *::before,.s *::after'],
    ['.prose :where(h2):not(:where(.not-prose,.not-prose *))', '.s :where(h2):not(:where(.not-prose,.not-prose *))'],
    ['.prose>:first-child', '.s>:first-child'],
    ['.folio-card, a.folio-card:hover', '.s .folio-card,.s a.folio-card:hover'],
    ['.prose-lg p', '.s .prose-lg p'],
  ])('%s', (selector, scoped) => {
    expect(scopeSelector(selector, '.s')).toBe(scoped);
  });

  it('splits at top-level commas only', () => {
    expect(splitSelectors('a:is(.b, .c), [title="x,y"], d')).toEqual(['a:is(.b, .c)', '[title="x,y"]', 'd']);
  });
});
