import { describe, expect, it } from 'vitest';
import { inlineMarkdownToHtml } from './markdown-inline.js';

describe('inlineMarkdownToHtml (banner text)', () => {
  it('renders links, bold, italic and code', () => {
    expect(inlineMarkdownToHtml('New: **v2** is *out*, see [notes](/changelog) and `npm i`')).toBe(
      'New: <strong>v2</strong> is <em>out</em>, see <a href="/changelog">notes</a> and <code>npm i</code>',
    );
  });

  it('escapes markup and leaves unsafe link targets as text', () => {
    expect(inlineMarkdownToHtml('<script>alert(1)</script>')).toBe('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(inlineMarkdownToHtml('[x](javascript:alert(1))')).not.toContain('<a');
  });
});
