import { describe, expect, it } from 'vitest';
import { queryTerms } from './search-terms.js';

describe('queryTerms', () => {
  it('leaves out the words that ask, the punctuation around words and repeats, in the query’s order', () => {
    expect(queryTerms("How do I stop retrying a message my endpoint doesn't accept?", 'en')).toEqual(['stop', 'retrying', 'message', 'endpoint', 'accept']);
    expect(queryTerms('"webhooks", webhooks: checkout.created', 'en-US')).toEqual(['webhooks', 'checkout.created']);
    expect(queryTerms('how do I', 'en')).toEqual([]);
  });

  it('keeps every word of a language it has no list for', () => {
    expect(queryTerms('Comment activer le SSO ?', 'fr')).toEqual(['comment', 'activer', 'le', 'sso']);
    expect(queryTerms('how to', '')).toEqual(['how', 'to']);
  });
});
