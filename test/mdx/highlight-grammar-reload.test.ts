import { describe, expect, it } from 'vitest';
import { highlightToHtml, prepareLanguages } from '../../src/mdx/highlight.js';

describe('Shiki highlighting after a grammar is loaded again', () => {
  it('colours a block by the grammar as it is now, not by lines cached under the grammar it replaced', async () => {
    // Loading YAML after MDX makes Shiki load MDX's grammar again (MDX embeds YAML in its frontmatter),
    // with its rules numbered afresh. Both blocks share their first three lines.
    await prepareLanguages(['mdx']);
    const before = highlightToHtml("---\ntitle: 'Create new user'\n---\n\n# Hi", 'mdx', new Set()).split('\n')[1]!;
    await prepareLanguages(['yaml']);
    const after = highlightToHtml("---\ntitle: 'Create new user'\n---\n\n# Hello", 'mdx', new Set()).split('\n')[1]!;
    // Without YAML the frontmatter line is one plain span; with it, key, colon and string are coloured apart.
    expect(before.match(/<span style=/g)).toHaveLength(1);
    expect(after.match(/<span style=/g)).toHaveLength(3);
  });
});
