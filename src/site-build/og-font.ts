/**
 * Fonts of the social images: which font files draw them, and how wide a run of text is in a
 * font (read from its own `cmap` and `hmtx` tables), so titles wrap where they will be drawn.
 * No font is downloaded: a `thumbnails.fonts.family` is used when a file of that family is
 * installed; otherwise a common system sans (DejaVu, Liberation, Noto), else the sans serif that
 * KaTeX ships with Folio, so there is always one.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/** Advance widths of one font, in em. */
export interface FontMetrics {
  /** Width of `text` at `size` px. */
  width(text: string, size: number): number;
}

export interface OgFont {
  /** The family name written in the SVG (as the font file names itself). */
  family: string;
  regular: string;
  bold: string;
  metrics: { regular: FontMetrics; bold: FontMetrics };
}

/** Advance widths from a TrueType/OpenType file; code points it lacks count as 0.6 em. */
export function fontMetrics(data: Buffer): FontMetrics {
  const tables = new Map<string, number>();
  const count = data.readUInt16BE(4);
  for (let i = 0; i < count; i++) {
    const at = 12 + i * 16;
    tables.set(data.toString('latin1', at, at + 4), data.readUInt32BE(at + 8));
  }
  const head = tables.get('head');
  const hhea = tables.get('hhea');
  const hmtx = tables.get('hmtx');
  const cmap = tables.get('cmap');
  if (head === undefined || hhea === undefined || hmtx === undefined || cmap === undefined) return { width: (t, s) => [...t].length * 0.6 * s };
  const unitsPerEm = data.readUInt16BE(head + 18);
  const metricsCount = data.readUInt16BE(hhea + 34);
  const advance = (glyph: number) => data.readUInt16BE(hmtx + 4 * Math.min(glyph, metricsCount - 1)) / unitsPerEm;
  const glyphOf = cmapLookup(data, cmap);
  const cache = new Map<number, number>();
  const em = (cp: number): number => {
    let w = cache.get(cp);
    if (w === undefined) {
      const g = glyphOf(cp);
      w = g ? advance(g) : 0.6;
      cache.set(cp, w);
    }
    return w;
  };
  return {
    width(text, size) {
      let sum = 0;
      for (const ch of text) sum += em(ch.codePointAt(0) ?? 0);
      return sum * size;
    },
  };
}

/** Code point → glyph id from the best Unicode subtable (format 12, else 4); 0 when absent. */
function cmapLookup(data: Buffer, cmap: number): (cp: number) => number {
  const n = data.readUInt16BE(cmap + 2);
  let f4 = -1;
  let f12 = -1;
  for (let i = 0; i < n; i++) {
    const rec = cmap + 4 + i * 8;
    const platform = data.readUInt16BE(rec);
    const encoding = data.readUInt16BE(rec + 2);
    const sub = cmap + data.readUInt32BE(rec + 4);
    const format = data.readUInt16BE(sub);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode) continue;
    if (format === 12 && f12 < 0) f12 = sub;
    if (format === 4 && f4 < 0) f4 = sub;
  }
  if (f12 >= 0) {
    const groups = data.readUInt32BE(f12 + 12);
    return (cp) => {
      let lo = 0;
      let hi = groups - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const g = f12 + 16 + mid * 12;
        const start = data.readUInt32BE(g);
        const end = data.readUInt32BE(g + 4);
        if (cp < start) hi = mid - 1;
        else if (cp > end) lo = mid + 1;
        else return data.readUInt32BE(g + 8) + (cp - start);
      }
      return 0;
    };
  }
  if (f4 < 0) return () => 0;
  const segX2 = data.readUInt16BE(f4 + 6);
  const ends = f4 + 14;
  const starts = ends + segX2 + 2;
  const deltas = starts + segX2;
  const offsets = deltas + segX2;
  return (cp) => {
    if (cp > 0xffff) return 0;
    for (let s = 0; s < segX2; s += 2) {
      if (cp > data.readUInt16BE(ends + s)) continue;
      const start = data.readUInt16BE(starts + s);
      if (cp < start) return 0;
      const delta = data.readUInt16BE(deltas + s);
      const offset = data.readUInt16BE(offsets + s);
      if (offset === 0) return (cp + delta) & 0xffff;
      const at = offsets + s + offset + 2 * (cp - start);
      const glyph = data.readUInt16BE(at);
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
    }
    return 0;
  };
}

/** The family name a font file gives itself (`name` table, id 1), or undefined. */
export function fontFamilyName(data: Buffer): string | undefined {
  const count = data.readUInt16BE(4);
  for (let i = 0; i < count; i++) {
    const at = 12 + i * 16;
    if (data.toString('latin1', at, at + 4) !== 'name') continue;
    const table = data.readUInt32BE(at + 8);
    const records = data.readUInt16BE(table + 2);
    const strings = table + data.readUInt16BE(table + 4);
    for (let r = 0; r < records; r++) {
      const rec = table + 6 + r * 12;
      if (data.readUInt16BE(rec + 6) !== 1) continue;
      const platform = data.readUInt16BE(rec);
      const length = data.readUInt16BE(rec + 8);
      const start = strings + data.readUInt16BE(rec + 10);
      const raw = data.subarray(start, start + length);
      if (platform === 3 || platform === 0) return Buffer.from(raw).swap16().toString('utf16le');
      return raw.toString('latin1');
    }
  }
  return undefined;
}

const FONT_DIRS = ['/usr/share/fonts', '/usr/local/share/fonts', path.join(os.homedir(), '.fonts'), path.join(os.homedir(), '.local/share/fonts')];

/** Every .ttf/.otf file under the system font folders (file name → path), read once. */
let systemFonts: Map<string, string> | undefined;
function listSystemFonts(): Map<string, string> {
  if (systemFonts) return systemFonts;
  systemFonts = new Map();
  const walk = (dir: string, depth: number) => {
    if (depth > 4) return;
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      // No such folder on this machine.
      return;
    }
    for (const e of entries) {
      const abs = path.join(dir, e.name);
      if (e.isDirectory()) walk(abs, depth + 1);
      else if (/\.(ttf|otf)$/i.test(e.name)) systemFonts!.set(e.name.toLowerCase(), abs);
    }
  };
  for (const dir of FONT_DIRS) walk(dir, 0);
  return systemFonts;
}

/** Regular and bold files of a family, by the usual file names (`Open Sans` → `OpenSans-Regular.ttf`, `OpenSans-Bold.ttf`). */
function familyFiles(family: string): { regular: string; bold: string } | undefined {
  const fonts = listSystemFonts();
  const base = family.replace(/\s+/g, '').toLowerCase();
  const pick = (suffixes: string[]) => {
    for (const s of suffixes) for (const ext of ['.ttf', '.otf']) {
      const hit = fonts.get(base + s + ext);
      if (hit) return hit;
    }
    return undefined;
  };
  const regular = pick(['-regular', '', '-book', 'regular']);
  const bold = pick(['-bold', 'bold', '-semibold', '-medium']) ?? regular;
  return regular && bold ? { regular, bold } : undefined;
}

function katexFiles(): { regular: string; bold: string } {
  const dir = path.join(path.dirname(createRequire(import.meta.url).resolve('katex/package.json')), 'dist', 'fonts');
  return { regular: path.join(dir, 'KaTeX_SansSerif-Regular.ttf'), bold: path.join(dir, 'KaTeX_SansSerif-Bold.ttf') };
}

const cache = new Map<string, { font: OgFont; found: boolean }>();

/**
 * The font of the social images: `family` when its files are installed (`found: true`), else the
 * first installed common sans, else KaTeX's (`found: false` when a family was asked for).
 */
export function ogFont(family: string | undefined): { font: OgFont; found: boolean } {
  const key = family ?? '';
  const hit = cache.get(key);
  if (hit) return hit;
  const wanted = family ? familyFiles(family) : undefined;
  const files = wanted ?? familyFiles('DejaVu Sans') ?? familyFiles('Liberation Sans') ?? familyFiles('Noto Sans') ?? katexFiles();
  const regular = readFileSync(files.regular);
  const bold = existsSync(files.bold) ? readFileSync(files.bold) : regular;
  const font: OgFont = {
    family: fontFamilyName(bold) ?? family ?? 'sans-serif',
    regular: files.regular,
    bold: files.bold,
    metrics: { regular: fontMetrics(regular), bold: fontMetrics(bold) },
  };
  const result = { font, found: !family || wanted !== undefined };
  cache.set(key, result);
  return result;
}
