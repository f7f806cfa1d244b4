import { describe, expect, it } from 'vitest';
import { escapeHtml, escapeHtmlText } from './html.js';

describe('escapeHtml', () => {
  it('escapes everything that could end a text node or a quoted attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;');
    expect(escapeHtml('plain')).toBe('plain');
  });

  it('escapes text nodes as rehype-stringify does, quotes kept', () => {
    expect(escapeHtmlText(`if (a < b && c > "d") 'e'`)).toBe(`if (a &lt; b &amp;&amp; c &gt; "d") 'e'`);
  });
});
