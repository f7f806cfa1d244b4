/**
 * The picture of one page's social image (Open Graph / Twitter card), as SVG of 1200×630: the
 * site's logo (or name), the page title and description wrapped to the font's real widths, on
 * the background docs.json `thumbnails` asks for (`appearance` light or dark; unset: a gradient
 * of the site's `colors`; `background`: an image under a shade that keeps the text readable).
 */
import type { OgFont } from './og-font.js';

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;
const PAD = 80;
const TEXT_WIDTH = OG_WIDTH - 2 * PAD;

/** An image embedded in the SVG (logo, background). */
export interface EmbeddedImage {
  mime: string;
  data: Buffer;
}

export interface OgImageInput {
  title: string;
  description?: string;
  siteName: string;
  /** `thumbnails.appearance`; unset draws the site's colors. */
  appearance?: 'light' | 'dark';
  colors: { primary: string; light?: string; dark?: string };
  logo?: EmbeddedImage;
  background?: EmbeddedImage;
  font: OgFont;
}

/** Image types the renderer draws, by file extension. */
export function imageMime(file: string): string | undefined {
  const ext = /\.([a-z0-9]+)$/i.exec(file)?.[1]?.toLowerCase();
  return ext === 'svg' ? 'image/svg+xml' : ext === 'png' ? 'image/png' : ext === 'jpg' || ext === 'jpeg' ? 'image/jpeg' : ext === 'gif' ? 'image/gif' : ext === 'webp' ? 'image/webp' : undefined;
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * `text` in lines no wider than `width` (words kept whole unless one alone is too wide), at most
 * `max` lines; a cut last line ends with an ellipsis.
 */
export function wrapText(text: string, width: number, max: number, measure: (s: string) => number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  const push = (l: string) => lines.push(l);
  for (let word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (measure(candidate) <= width) {
      line = candidate;
      continue;
    }
    if (line) push(line);
    line = '';
    // A word wider than the line is broken where it overflows.
    while (measure(word) > width) {
      let cut = word.length - 1;
      while (cut > 1 && measure(word.slice(0, cut)) > width) cut--;
      push(word.slice(0, cut));
      word = word.slice(cut);
    }
    line = word;
  }
  if (line) push(line);
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, max);
  let last = kept[max - 1]!;
  while (last && measure(last + '…') > width) last = last.slice(0, -1);
  kept[max - 1] = last.replace(/[\s,.;:-]+$/, '') + '…';
  return kept;
}

/** Relative luminance of a `#rgb`/`#rrggbb` color (0 black … 1 white). */
function luminance(hex: string): number {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h.slice(0, 6);
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** Multiply a color's channels by `f` (darker below 1). */
function shade(hex: string, f: number): string {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h.slice(0, 6);
  return '#' + [0, 2, 4].map((i) => Math.round(parseInt(full.slice(i, i + 2), 16) * f).toString(16).padStart(2, '0')).join('');
}

interface Palette {
  background: string;
  title: string;
  text: string;
  accent: string;
}

function paletteOf(input: OgImageInput): Palette {
  const { colors, appearance } = input;
  const primary = colors.primary;
  if (appearance === 'dark') {
    const accent = colors.light ?? primary;
    return {
      background: `<rect width="${OG_WIDTH}" height="${OG_HEIGHT}" fill="#0b0d10"/><circle cx="1120" cy="40" r="520" fill="${xml(accent)}" fill-opacity="0.22"/>`,
      title: '#ffffff',
      text: '#c9ced6',
      accent,
    };
  }
  if (appearance === 'light') {
    return {
      background: `<rect width="${OG_WIDTH}" height="${OG_HEIGHT}" fill="#ffffff"/><circle cx="1120" cy="40" r="520" fill="${xml(primary)}" fill-opacity="0.12"/>`,
      title: '#0f1115',
      text: '#4a5261',
      accent: primary,
    };
  }
  // Flat fields of the site's colors (no gradient: a PNG of flat areas is a third of the size, and as quick to draw).
  const ground = colors.dark ?? shade(primary, 0.55);
  const light = (luminance(primary) + luminance(ground)) / 2 > 0.45;
  return {
    background: `<rect width="${OG_WIDTH}" height="${OG_HEIGHT}" fill="${xml(ground)}"/><circle cx="1120" cy="40" r="520" fill="${xml(primary)}" fill-opacity="0.55"/>`,
    title: light ? '#0f1115' : '#ffffff',
    text: light ? '#2a2f38' : '#eef0f4',
    accent: light ? '#0f1115' : '#ffffff',
  };
}

/** The SVG document of a page's social image. */
export function ogImageSvg(input: OgImageInput): string {
  const { font } = input;
  const palette = paletteOf(input);
  const parts: string[] = [];
  parts.push(palette.background);
  if (input.background) {
    const shadeColor = input.appearance === 'light' ? '#ffffff' : '#000000';
    parts.push(`<image href="data:${input.background.mime};base64,${input.background.data.toString('base64')}" x="0" y="0" width="${OG_WIDTH}" height="${OG_HEIGHT}" preserveAspectRatio="xMidYMid slice"/>`);
    parts.push(`<rect width="${OG_WIDTH}" height="${OG_HEIGHT}" fill="${shadeColor}" fill-opacity="0.35"/>`);
    if (!input.appearance) Object.assign(palette, { title: '#ffffff', text: '#eef0f4', accent: '#ffffff' });
  }
  const family = xml(`${font.family}, sans-serif`);
  const text = (x: number, y: number, size: number, weight: number, fill: string, content: string) =>
    `<text x="${x}" y="${y.toFixed(1)}" font-family="${family}" font-size="${size}" font-weight="${weight}" fill="${fill}">${xml(content)}</text>`;

  // Top: the logo, else the site name.
  if (input.logo) {
    parts.push(`<image href="data:${input.logo.mime};base64,${input.logo.data.toString('base64')}" x="${PAD}" y="64" width="420" height="64" preserveAspectRatio="xMinYMid meet"/>`);
  } else {
    const name = wrapText(input.siteName, TEXT_WIDTH, 1, (s) => font.metrics.bold.width(s, 40))[0] ?? '';
    parts.push(text(PAD, 112, 40, 700, palette.accent, name));
  }

  // Title: large when it fits on two lines, smaller up to three.
  let size = 68;
  let title = wrapText(input.title, TEXT_WIDTH, 2, (s) => font.metrics.bold.width(s, 68));
  if (title.length === 2 && title[1]!.endsWith('…')) {
    size = 56;
    title = wrapText(input.title, TEXT_WIDTH, 3, (s) => font.metrics.bold.width(s, 56));
  }
  let y = 230 + size;
  for (const line of title) {
    parts.push(text(PAD, y, size, 700, palette.title, line));
    y += size * 1.18;
  }
  if (input.description) {
    const maxLines = title.length >= 3 ? 1 : 2;
    y += 14;
    for (const line of wrapText(input.description, TEXT_WIDTH, maxLines, (s) => font.metrics.regular.width(s, 32))) {
      parts.push(text(PAD, y, 32, 400, palette.text, line));
      y += 32 * 1.35;
    }
  }
  // Bottom: the site name beside the logo's mark, and a band of the accent color.
  if (input.logo) parts.push(text(PAD, 572, 28, 400, palette.text, wrapText(input.siteName, TEXT_WIDTH, 1, (s) => font.metrics.regular.width(s, 28))[0] ?? ''));
  parts.push(`<rect x="0" y="${OG_HEIGHT - 10}" width="${OG_WIDTH}" height="10" fill="${xml(palette.accent)}"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}" viewBox="0 0 ${OG_WIDTH} ${OG_HEIGHT}">${parts.join('')}</svg>`;
}
