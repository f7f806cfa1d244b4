import { describe, expect, it } from 'vitest';
import { ogFont } from './og-font.js';
import { ogImageSvg, wrapText } from './og-image.js';

describe('social image layout', () => {
  const { font } = ogFont(undefined);
  const bold = (s: string) => font.metrics.bold.width(s, 64);

  it('reads advance widths from the font: narrow letters are narrower than wide ones', () => {
    expect(bold('iiiiiiii')).toBeLessThan(bold('WWWWWWWW') / 2);
    expect(bold('ab')).toBeCloseTo(bold('a') + bold('b'), 5);
  });

  it('wraps at word boundaries within the width and cuts with an ellipsis past the line limit', () => {
    const text = 'Authenticate requests with scoped API keys and rotate them without downtime across every environment you run';
    const lines = wrapText(text, 1040, 2, bold);
    expect(lines).toHaveLength(2);
    for (const l of lines) expect(bold(l)).toBeLessThanOrEqual(1040);
    expect(lines[1]!.endsWith('…')).toBe(true);
    expect(text.startsWith(lines[0]!)).toBe(true);
    expect(wrapText('Short title', 1040, 2, bold)).toEqual(['Short title']);
    // One word wider than the line is broken, not overflowed.
    for (const l of wrapText('x'.repeat(80), 1040, 3, bold)) expect(bold(l)).toBeLessThanOrEqual(1040);
  });

  it('escapes text and follows the appearance', () => {
    const base = { title: 'A <b> & "c"', siteName: 'S', colors: { primary: '#2563eb' }, font };
    const dark = ogImageSvg({ ...base, appearance: 'dark' });
    expect(dark).toContain('A &lt;b&gt; &amp; &quot;c&quot;');
    expect(dark).toContain('fill="#0b0d10"');
    expect(ogImageSvg({ ...base, appearance: 'light' })).toContain('fill="#ffffff"');
    expect(ogImageSvg(base)).toContain('fill-opacity="0.55"');
  });
});
