import { describe, expect, it } from 'vitest';
import { searchBody, searchResults } from '../../src/assistant/search-results.js';
import { SectionIndex } from '../../src/retrieval/index.js';

describe('POST /v1/search results', () => {
  it('answers one result per page, its best section, so other pages keep their places in the first five', () => {
    const index = new SectionIndex([
      { href: '/retries', title: 'Retries', sections: ['Retry delay', 'Retry count', 'Retry jitter', 'Retry limits', 'Retry codes'].map((heading) => ({ anchor: heading.toLowerCase().replace(/ /g, '-'), heading, text: `${heading} of a retry.` })) },
      { href: '/dead-letter', title: 'Dead letter queue', sections: [{ anchor: '', heading: '', text: 'A message that fails every retry lands in the dead letter queue.' }] },
    ]);
    const results = searchResults(index, searchBody.parse({ query: 'retry', pageSize: 5 }));
    expect(results.map((r) => r.path)).toEqual(['/retries', '/dead-letter']);
    expect(results[0]!.metadata.heading).toMatch(/^Retry/);
  });
});
