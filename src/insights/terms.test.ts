import { describe, expect, it } from 'vitest';
import { foldTerm, sameText, termsOf, wordOf } from './terms.js';

describe('the words questions are grouped by', () => {
  it('leaves out stop words, asking words, numbers and one-letter words, and folds plurals', () => {
    expect(termsOf("How do I use webhooks? I've got 2 Webhook endpoints and it's not working")).toEqual(['webhook', 'endpoint']);
    expect(termsOf('Entries, access, status, analysis')).toEqual(['entry', 'access', 'status', 'analysis']);
  });

  it('folds only what looks plural', () => {
    expect(['pages', 'bus', 'class', 'series', 'api', 'apis', 'ies'].map(foldTerm)).toEqual(['page', 'bus', 'class', 'sery', 'api', 'api', 'ies']);
  });

  it('names a word as the reader wrote it, and compares texts as identical questions share them', () => {
    expect(wordOf('Do you support SAML logins?', 'saml')).toBe('SAML');
    expect(wordOf('Do you support SAML logins?', 'login')).toBe('logins');
    expect(sameText('  How  do I\n hide a PAGE ')).toBe('how do i hide a page');
  });
});
