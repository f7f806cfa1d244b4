import { describe, expect, it } from 'vitest';
import { FONT_AWESOME_ALIASES } from './aliases.js';
import { iconMaskUrl, iconSvg, isImageIcon, resolveIcon } from './resolve.js';

describe('resolveIcon', () => {
  it('finds Font Awesome 7 Free names first by default, solid unless a style says otherwise', () => {
    expect(resolveIcon('rocket')?.id).toBe('fa7-solid:rocket');
    expect(resolveIcon('flag', { type: 'regular' })?.id).toBe('fa7-regular:flag');
    expect(resolveIcon('flag', { type: 'light' })?.id).toBe('fa7-regular:flag');
    expect(resolveIcon('flag', { type: 'duotone' })?.id).toBe('fa7-solid:flag');
    // A style the glyph lacks falls back to the style it has (brands only exist in fa7-brands).
    expect(resolveIcon('rocket', { type: 'regular' })?.id).toBe('fa7-solid:rocket');
    expect(resolveIcon('github')?.id).toBe('fa7-brands:github');
  });

  it('takes the site library first and other libraries for names it lacks', () => {
    expect(resolveIcon('flag', { library: 'lucide' })?.id).toBe('lucide:flag');
    expect(resolveIcon('flag', { library: 'tabler' })?.id).toBe('tabler:flag');
    // Lucide aliases are honoured; a Font Awesome-only name still draws.
    expect(resolveIcon('home', { library: 'lucide' })?.set).toBe('lucide');
    expect(resolveIcon('python', { library: 'lucide' })?.id).toBe('fa7-brands:python');
    // Pro names Lucide has keep Lucide's glyph rather than none.
    expect(resolveIcon('sparkles')?.id).toBe('lucide:sparkles');
  });

  it('maps renamed and Pro-only Font Awesome names through the alias table', () => {
    expect(resolveIcon('home')?.set).toBe('fa7-solid');
    expect(resolveIcon('rocket-launch')?.id).toBe('fa7-solid:rocket');
    expect(resolveIcon('hand-wave')?.id).toBe('fa7-solid:hand');
    for (const [from, to] of Object.entries(FONT_AWESOME_ALIASES)) {
      const found = resolveIcon(to);
      expect(found?.set.startsWith('fa7-') ? found.name : `${from} → ${to} missing`).toBe(to);
    }
  });

  it('accepts the spellings repositories write and refuses unknown names', () => {
    expect(resolveIcon('fa-solid fa-house')?.id).toBe('fa7-solid:house');
    expect(resolveIcon('fas fa-rocket')?.id).toBe('fa7-solid:rocket');
    expect(resolveIcon('Rocket')?.id).toBe('fa7-solid:rocket');
    expect(resolveIcon('lucide:rocket')?.id).toBe('lucide:rocket');
    expect(resolveIcon('fa7-regular:flag')?.id).toBe('fa7-regular:flag');
    expect(resolveIcon('not-an-icon-zz')).toBeNull();
    expect(resolveIcon('ダウンロード')).toBeNull();
    expect(resolveIcon('')).toBeNull();
  });

  it('draws a glyph as SVG and as a CSS mask URL', () => {
    const icon = resolveIcon('rocket')!;
    expect(iconSvg(icon)).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 640 640"><path fill="currentColor" d="M192 384H88/);
    const url = iconMaskUrl(icon);
    expect(url.startsWith('url("data:image/svg+xml,%3Csvg')).toBe(true);
    expect(url).not.toMatch(/[<>#]/);
  });

  it('tells image icons from names', () => {
    expect(isImageIcon('/images/x.svg')).toBe(true);
    expect(isImageIcon('https://example.com/x.png')).toBe(true);
    expect(isImageIcon('logo/icon.png')).toBe(true);
    expect(isImageIcon('rocket')).toBe(false);
  });
});
