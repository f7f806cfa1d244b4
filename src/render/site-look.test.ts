import { describe, expect, it } from 'vitest';
import { siteLookOf } from './site-look.js';

describe('siteLookOf', () => {
  const INTER = '<link rel="preload" href="/assets/fonts/inter-latin-wght-normal.woff2" as="font" type="font/woff2" crossorigin>';

  it('defaults to the mint theme with nothing extra but the preload of its font', () => {
    expect(siteLookOf({})).toEqual({ theme: 'mint', htmlAttrs: [], css: '', head: INTER, backgrounds: {}, fontFiles: [], missingFonts: [] });
  });

  it("preloads the body font's Latin file: the site's own woff2, a bundled family's, linden's monospace; never another host's", () => {
    const preloads = (look: { head: string }) => [...look.head.matchAll(/rel="preload" href="([^"]+)"/g)].map((m) => m[1]);
    expect(preloads(siteLookOf({ fonts: { family: 'Albert Sans', heading: { family: 'Brand', source: '/fonts/brand.woff2' } } }))).toEqual(['/assets/fonts/albert-sans-latin-wght-normal.woff2']);
    expect(preloads(siteLookOf({ fonts: { family: 'Brand', source: '/fonts/brand.woff2', format: 'woff2' } }))).toEqual(['/fonts/brand.woff2']);
    expect(preloads(siteLookOf({ fonts: { family: 'Brand', source: 'https://cdn.example/brand.woff2' } }))).toEqual([]);
    expect(preloads(siteLookOf({ fonts: { family: 'system-ui' } }))).toEqual([]);
    expect(preloads(siteLookOf({ theme: 'linden' }))[0]).toMatch(/^\/assets\/fonts\/jetbrains-mono-latin-(wght|400)-normal\.woff2$/);
  });

  it('turns fonts into variables: self-hosted faces as @font-face, bundled families from their Fontsource package, never a font CDN', () => {
    const look = siteLookOf({ theme: 'mint', fonts: { family: 'Albert Sans', weight: 500, heading: { family: 'Brand', source: '/fonts/brand.woff2', format: 'woff2' } } });
    expect(look.css).toContain(':root{--font:"Albert Sans",var(--font-fallback);--font-heading:"Brand",var(--font-fallback);--font-weight:500}');
    expect(look.css).toContain('@font-face{font-family:"Brand";src:url("/fonts/brand.woff2") format("woff2");font-weight:100 900;font-display:swap}');
    // Albert Sans comes from @fontsource-variable/albert-sans: its files are copied into assets/fonts/.
    expect(look.css).toMatch(/@font-face\{font-family:"Albert Sans";[^}]*src:url\(\/assets\/fonts\/albert-sans-latin-wght-normal\.woff2\)/);
    expect(look.fontFiles.map((f) => f.name)).toContain('albert-sans-latin-wght-normal.woff2');
    expect(look.head).not.toContain('googleapis');
    expect(look.missingFonts).toEqual([]);
  });

  it('names families no package provides, keeps generic families as they are, and gives linden its monospace font', () => {
    const look = siteLookOf({ fonts: { family: 'No Such Family Font' } });
    expect(look.missingFonts).toEqual(['No Such Family Font']);
    expect(look.fontFiles).toEqual([]);
    expect(siteLookOf({ fonts: { family: 'system-ui' } }).css).toBe(':root{--font:system-ui,var(--font-fallback);--font-heading:system-ui,var(--font-fallback)}');
    const linden = siteLookOf({ theme: 'linden' });
    expect(linden.css).toContain('--font:"JetBrains Mono"');
    expect(linden.fontFiles.some((f) => f.name.startsWith('jetbrains-mono-latin'))).toBe(true);
  });

  it('sets background colours per mode, images and the decoration, refusing unsafe values', () => {
    const look = siteLookOf({ background: { color: { light: '#fafafa', dark: '#000000' }, image: { light: '/bg.png', dark: 'javascript:alert(1)' }, decoration: 'grid' } });
    expect(look.css).toContain(':root:not([data-theme=dark]){--bg:#fafafa}[data-theme=dark]{--bg:#000000}body{background-image:url("/bg.png")');
    // Only a light colour: dark mode keeps the stylesheet's own dark background.
    expect(siteLookOf({ background: { color: { light: '#F6F3EF' } } }).css).toBe(':root:not([data-theme=dark]){--bg:#F6F3EF}');
    expect(look.css).not.toContain('javascript');
    expect(look.htmlAttrs).toEqual(['data-decoration="grid"']);
  });

  it('adds the dark favicon for dark color schemes', () => {
    expect(siteLookOf({ favicon: { light: '/f.svg', dark: '/f-dark.svg' } }).head).toBe(INTER + '<link rel="icon" href="/f-dark.svg" media="(prefers-color-scheme: dark)">');
  });
});
