/**
 * Site colours derived per mode so that text stays readable whatever docs.json `colors` says
 * (issue 31: polar's primary #000 with light #fff drew a white "Try it" on white in dark mode;
 * trigger-dev's lime #A8FF53 carried white text). WCAG 2 contrast: 4.5:1 for text, computed here
 * once per site at build time, so the browser gets plain custom properties.
 */

type Rgb = [number, number, number];

/** `#abc`, `#aabbcc` or `#aabbccdd` (alpha ignored) → RGB; null for anything else. */
export function parseHex(hex: string | undefined): Rgb | null {
  const m = /^#([0-9a-f]{3,8})$/i.exec(hex?.trim() ?? '');
  if (!m) return null;
  let h = m[1]!;
  if (h.length === 3 || h.length === 4) h = [...h.slice(0, 3)].map((c) => c + c).join('');
  if (h.length !== 6 && h.length !== 8) return null;
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

const toHex = (c: Rgb) => '#' + c.map((v) => Math.round(Math.min(255, Math.max(0, v))).toString(16).padStart(2, '0')).join('');

function luminance([r, g, b]: Rgb): number {
  const f = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrast(a: Rgb, b: Rgb): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];

/**
 * `color` moved towards black or white (whichever side `background` is not on) just far enough
 * to reach `ratio` against `background`; the colour itself when it already does.
 */
export function readableOn(color: Rgb, background: Rgb, ratio = 4.5): Rgb {
  if (contrast(color, background) >= ratio) return color;
  const target: Rgb = luminance(background) > 0.18 ? [0, 0, 0] : [255, 255, 255];
  let lo = 0;
  let hi = 1;
  // Bisection on the mix: contrast grows monotonically towards the far end.
  for (let i = 0; i < 16; i++) {
    const mid = (lo + hi) / 2;
    if (contrast(mix(color, target, mid), background) >= ratio) hi = mid;
    else lo = mid;
  }
  // Whole channel values (what a hex colour holds), still at the ratio after rounding.
  let out = mix(color, target, hi).map(Math.round) as Rgb;
  while (contrast(out, background) < ratio && hi < 1) {
    hi = Math.min(1, hi + 0.005);
    out = mix(color, target, hi).map(Math.round) as Rgb;
  }
  return out;
}

/** White or near-black text, whichever reads better on `background`. */
export function textOn(background: Rgb): Rgb {
  const dark: Rgb = [15, 23, 42];
  return contrast([255, 255, 255], background) >= contrast(dark, background) ? [255, 255, 255] : dark;
}

export interface ModeColors {
  /** Fill of the navbar's primary button: docs.json `colors.dark` ("buttons ... across both modes"), else the accent. */
  button: string;
  /** Text on `button`. */
  onButton: string;
  /** Fill of primary controls (current-tab bars, selected items, banners). */
  accent: string;
  /** Text on `accent`. */
  onAccent: string;
  /** The accent as text on the page background, at 4.5:1 at least. */
  accentText: string;
}

export interface SiteColors {
  light: ModeColors;
  dark: ModeColors;
}

/** Light and dark page backgrounds of the stylesheet (styles.ts `--bg`), unless docs.json `background.color` sets them. */
export const DEFAULT_BACKGROUNDS = { light: '#ffffff', dark: '#0b0d0e' };

/**
 * The accent of each mode and the text colours that go with it. Light mode uses `primary`, dark
 * mode `light` (the platform's "emphasis in dark mode"), each falling back to the other.
 */
export function siteColors(colors: { primary: string; light?: string; dark?: string }, backgrounds: { light?: string; dark?: string } = {}): SiteColors {
  const fallback: Rgb = [22, 163, 74];
  const primary = parseHex(colors.primary) ?? parseHex(colors.light) ?? fallback;
  const light = parseHex(colors.light) ?? primary;
  const buttonColor = parseHex(colors.dark);
  const bgLight = parseHex(backgrounds.light) ?? parseHex(DEFAULT_BACKGROUNDS.light)!;
  const bgDark = parseHex(backgrounds.dark) ?? parseHex(DEFAULT_BACKGROUNDS.dark)!;
  // A fill that all but vanishes into the page (black on a dark page, white on a light one) is moved until it shows.
  const visible = (fill: Rgb, bg: Rgb) => (contrast(fill, bg) < 1.5 ? readableOn(fill, bg, 3) : fill);
  const mode = (given: Rgb, bg: Rgb): ModeColors => {
    const accent = visible(given, bg);
    const button = buttonColor ? visible(buttonColor, bg) : accent;
    // Accent text also sits on accent tints (the current page's 10 %, tags' 12 %): read it against a 14 % tint.
    const tinted = mix(bg, accent, 0.14);
    const text = readableOn(readableOn(given, bg), tinted);
    return { button: toHex(button), onButton: toHex(textOn(button)), accent: toHex(accent), onAccent: toHex(textOn(accent)), accentText: toHex(text) };
  };
  return { light: mode(primary, bgLight), dark: mode(light, bgDark) };
}

/** The custom properties of `siteColors` for the page's inline style. */
export function siteColorsCss(c: SiteColors, raw: { primary: string; light?: string; dark?: string }): string {
  const vars = (m: ModeColors) => `--accent:${m.accent};--on-accent:${m.onAccent};--accent-text:${m.accentText};--button:${m.button};--on-button:${m.onButton}`;
  const primary = parseHex(raw.primary) ? raw.primary : c.light.accent;
  const onPrimary = toHex(textOn(parseHex(primary)!));
  return (
    `:root{--primary:${primary};--primary-light:${parseHex(raw.light) ? raw.light : primary};--primary-dark:${parseHex(raw.dark) ? raw.dark : primary};--on-primary:${onPrimary};${vars(c.light)}}` +
    `[data-theme=dark]{${vars(c.dark)}}`
  );
}
