import { describe, expect, it } from 'vitest';
import { siteLookOf } from './site-look.js';

describe('siteLookOf', () => {
  it('defaults to the mint theme with nothing extra', () => {
    expect(siteLookOf({})).toEqual({ theme: 'mint', htmlAttrs: [], css: '', head: '' });
  });

  it('turns fonts into variables: self-hosted faces as @font-face, bare families from Google Fonts', () => {
    const look = siteLookOf({ theme: 'linden', fonts: { family: 'Open Sans', weight: 500, heading: { family: 'Brand', source: '/fonts/brand.woff2', format: 'woff2' } } });
    expect(look.theme).toBe('linden');
    expect(look.css).toContain(':root{--font:"Open Sans",var(--font-fallback);--font-heading:"Brand",var(--font-fallback);--font-weight:500}');
    expect(look.css).toContain('@font-face{font-family:"Brand";src:url("/fonts/brand.woff2") format("woff2");font-weight:100 900;font-display:swap}');
    expect(look.head).toContain('<link rel="stylesheet" href="https://fonts.googleapis.com/css2?family=Open+Sans:wght@500&amp;display=swap">');
  });

  it('sets background colours per mode, images and the decoration, refusing unsafe values', () => {
    const look = siteLookOf({ background: { color: { light: '#fafafa', dark: '#000000' }, image: { light: '/bg.png', dark: 'javascript:alert(1)' }, decoration: 'grid' } });
    expect(look.css).toContain(':root{--bg:#fafafa}[data-theme=dark]{--bg:#000000}body{background-image:url("/bg.png")');
    expect(look.css).not.toContain('javascript');
    expect(look.htmlAttrs).toEqual(['data-decoration="grid"']);
  });

  it('adds the dark favicon for dark color schemes', () => {
    expect(siteLookOf({ favicon: { light: '/f.svg', dark: '/f-dark.svg' } }).head).toBe('<link rel="icon" href="/f-dark.svg" media="(prefers-color-scheme: dark)">');
  });
});
