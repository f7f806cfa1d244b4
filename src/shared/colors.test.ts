import { describe, expect, it } from 'vitest';
import { contrast, parseHex, readableOn, siteColors, siteColorsCss } from './colors.js';

const ratio = (a: string, b: string) => contrast(parseHex(a)!, parseHex(b)!);

describe('site colours', () => {
  it('parses short and long hex, ignoring alpha, and refuses the rest', () => {
    expect(parseHex('#0D9373')).toEqual([13, 147, 115]);
    expect(parseHex('#fff')).toEqual([255, 255, 255]);
    expect(parseHex('#00000080')).toEqual([0, 0, 0]);
    expect(parseHex('red')).toBeNull();
    expect(parseHex(undefined)).toBeNull();
  });

  it('moves a colour only as far as the contrast asks', () => {
    const grey = parseHex('#9ca3af')!;
    const white = parseHex('#ffffff')!;
    const moved = readableOn(grey, white, 4.5);
    expect(contrast(moved, white)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(moved, white)).toBeLessThan(4.7);
    const black = parseHex('#000000')!;
    expect(readableOn(black, white)).toEqual(black);
  });

  it.each([
    ['polar: black with white for dark mode, black buttons', { primary: '#000', light: '#fff', dark: '#000' }],
    ['trigger-dev: lime everywhere', { primary: '#A8FF53', light: '#A8FF53' }],
    ['only a black primary', { primary: '#000000' }],
    ['mintlify', { primary: '#166E3F', light: '#26BD6C' }],
  ])('%s: text on the accent and the accent as text read at 4.5:1 in both modes', (_name, colors) => {
    const c = siteColors(colors);
    for (const [mode, bg] of [[c.light, '#ffffff'], [c.dark, '#0b0d0e']] as const) {
      expect(ratio(mode.onAccent, mode.accent)).toBeGreaterThanOrEqual(4.5);
      expect(ratio(mode.onButton, mode.button)).toBeGreaterThanOrEqual(4.5);
      expect(ratio(mode.button, bg)).toBeGreaterThanOrEqual(1.5);
      expect(ratio(mode.accentText, bg)).toBeGreaterThanOrEqual(4.5);
      // The accent as a fill never vanishes into the page.
      expect(ratio(mode.accent, bg)).toBeGreaterThanOrEqual(1.5);
    }
  });

  it('keeps a lime accent as it is and writes dark text on it', () => {
    const c = siteColors({ primary: '#A8FF53' });
    expect(c.dark.accent).toBe('#a8ff53');
    expect(c.dark.onAccent).not.toBe('#ffffff');
    expect(siteColorsCss(c, { primary: '#A8FF53' })).toContain('[data-theme=dark]{--accent:#a8ff53;--on-accent:#0f172a;');
  });
});
