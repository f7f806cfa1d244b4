/**
 * Issue 13: a 40 KB line of `*_` took minutes to parse (emphasis matching is quadratic in the
 * delimiter runs of a paragraph). Such a paragraph is now shown as plain text with a located
 * warning, in well under a second; ordinary emphasis and fenced code are untouched.
 */
import { describe, expect, it } from 'vitest';
import { renderMdx } from '../../src/mdx/index.js';

const page = `Intro *em*.\n\n${'*_'.repeat(20_000)} <b>x</b>\n\nAfter **bold**.\n\n\`\`\`\n${'*_'.repeat(600)}\n\`\`\`\n`;

describe('emphasis floods', () => {
  for (const untrusted of [true, false]) {
    it(`renders a 40 KB line of *_ quickly as text with a located warning (${untrusted ? 'untrusted' : 'trusted'})`, async () => {
      const started = performance.now();
      const out = await renderMdx({ source: page, file: 'slow.mdx', lineOffset: 4 }, { untrusted });
      expect(performance.now() - started).toBeLessThan(5_000);
      const flood = out.diagnostics.filter((d) => d.code === 'MDX_EMPHASIS_FLOOD');
      expect(flood).toHaveLength(1);
      expect(flood[0]).toMatchObject({ file: 'slow.mdx', line: 7, column: 1, severity: 'warning' });
      expect(out.html).toContain('*_*_*_*_');
      expect(out.html).toContain('&lt;b&gt;x&lt;/b&gt;');
      expect(out.html).not.toContain('<em>_');
      expect(out.html).toContain('<em>em</em>');
      expect(out.html).toContain('<strong>bold</strong>');
    });
  }

  it('leaves ordinary pages and long runs inside fenced code alone', async () => {
    const out = await renderMdx({ source: `\`\`\`\n${'*_'.repeat(2_000)}\n\`\`\`\n\nA *b* __c__.\n`, file: 'ok.mdx', lineOffset: 0 }, { untrusted: true });
    expect(out.diagnostics.filter((d) => d.code === 'MDX_EMPHASIS_FLOOD')).toHaveLength(0);
    expect(out.html).toContain('<em>b</em>');
  });
});
