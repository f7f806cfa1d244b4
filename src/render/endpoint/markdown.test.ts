import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markdownToHtml, markdownToHtmlSlow } from './markdown.js';

describe('markdownToHtml', () => {
  it('renders Markdown and drops raw HTML from specs', () => {
    expect(markdownToHtml('Use **bold** and `code`.')).toBe('<p>Use <strong>bold</strong> and <code>code</code>.</p>');
    expect(markdownToHtml('Hi <script>alert(1)</script> there')).not.toContain('<script');
    expect(markdownToHtml('[x](javascript:alert(1))')).not.toContain('javascript:');
  });

  it('takes a colon-led line as a table delimiter row, as the full pipeline does', () => {
    expect(markdownToHtml(',\n:-')).toBe(markdownToHtmlSlow(',\n:-').trim());
    expect(markdownToHtml(',\n:-')).toContain('<table>');
  });

  it('gives the same HTML on the plain-text shortcut as the full pipeline', () => {
    const word = fc.stringMatching(/^[A-Za-z0-9,.;:'"()?=/+@ -]{1,12}$/);
    const text = fc.array(fc.array(word, { minLength: 1, maxLength: 8 }).map((w) => w.join(' ')), { minLength: 1, maxLength: 3 }).map((lines) => lines.join('\n'));
    fc.assert(
      fc.property(text, (value) => {
        expect(markdownToHtml(value)).toBe(markdownToHtmlSlow(value).trim());
      }),
      { numRuns: 400 },
    );
  });
});
