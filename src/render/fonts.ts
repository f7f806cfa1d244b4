/**
 * Self-hosted fonts (issue 31: text fell back to DejaVu Sans where the platform shows Inter, and
 * named fonts came from Google's CDN). Fonts come from Fontsource's npm packages, made for
 * self-hosting: `@fontsource-variable/<family>` (one variable file per script subset), else
 * `@fontsource/<family>`. Their `@font-face` rules keep `unicode-range`, so a reader's browser
 * downloads only the subsets a page uses (Inter's latin file: 48 KB). Files are copied into the
 * site's `assets/fonts/`; nothing is fetched from another host.
 *
 * Inter is the default body font of every theme (linden: JetBrains Mono) and is part of the shared
 * stylesheet; other families (docs.json `fonts`, a theme's own) are set per site.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

export interface FontFile {
  /** File name under `assets/fonts/`. */
  name: string;
  /** Absolute path of the package's file. */
  source: string;
}

export interface BundledFont {
  /** The family name the rules declare. */
  family: string;
  /** `@font-face` rules (normal style, every weight), their URLs made by `url(name)`. */
  faces(url: (name: string) => string): string;
  files: FontFile[];
}

/** Family names whose Fontsource package is named differently. */
const ALIASES: Record<string, string> = { 'geist sans': 'geist', 'gt america': '' };

/** Every font file ever resolved, by its name under `assets/fonts/` (the dev server serves from here). */
const knownFiles = new Map<string, string>();
const resolved = new Map<string, BundledFont | null>();

function packageCss(pkg: string): { css: string; dir: string } | null {
  for (const entry of ['wght.css', 'index.css']) {
    try {
      const file = require.resolve(`${pkg}/${entry}`);
      return { css: readFileSync(file, 'utf8'), dir: path.dirname(file) };
    } catch {
      // not this entry or not installed
    }
  }
  return null;
}

/**
 * The Fontsource package of a family (`"Albert Sans"` → `@fontsource-variable/albert-sans`), or null
 * when none is installed. `as` names the family in the rules (what docs.json and the stylesheet say).
 */
export function bundledFont(family: string, as = family): BundledFont | null {
  const key = `${family}\u0000${as}`;
  if (resolved.has(key)) return resolved.get(key)!;
  const lower = family.trim().toLowerCase();
  const slug = ALIASES[lower] ?? lower.replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  let found: BundledFont | null = null;
  if (slug) {
    for (const pkg of [`@fontsource-variable/${slug}`, `@fontsource/${slug}`]) {
      const loaded = packageCss(pkg);
      if (!loaded) continue;
      // Normal style only: italics are synthesised, as most docs sites never set italic runs long enough to matter.
      const blocks = [...loaded.css.matchAll(/@font-face\s*\{[^}]*\}/g)].map((m) => m[0]).filter((b) => !/font-style:\s*italic/.test(b));
      const files: FontFile[] = [];
      for (const block of blocks) {
        for (const m of block.matchAll(/url\(\.\/files\/([\w.-]+\.woff2?)\)/g)) {
          const name = m[1]!;
          const source = path.join(loaded.dir, 'files', name);
          files.push({ name, source });
          knownFiles.set(name, source);
        }
      }
      if (files.length === 0) continue;
      const familyCss = `"${as.replace(/["\\<\n]/g, '')}"`;
      found = {
        family: as,
        files,
        faces: (url) => blocks.map((b) => b.replace(/font-family:\s*[^;]+;/, `font-family:${familyCss};`).replace(/url\(\.\/files\/([\w.-]+\.woff2?)\)/g, (_m, name: string) => `url(${url(name)})`)).join('').replace(/\s*([{};:])\s*/g, '$1'),
      };
      break;
    }
  }
  resolved.set(key, found);
  return found;
}

/** Where a font file named `name` (under `assets/fonts/`) comes from, for servers that serve on request. */
export function fontFileSource(name: string): string | undefined {
  if (knownFiles.size === 0) defaultFonts();
  return knownFiles.get(name);
}

/** The default body font every site's stylesheet declares: Inter, relative to the stylesheet (`assets/`). */
export function defaultFonts(): { css: string; files: FontFile[] } {
  const inter = bundledFont('Inter');
  return inter ? { css: inter.faces((name) => `fonts/${name}`), files: inter.files } : { css: '', files: [] };
}

/**
 * The file of `font` a page of Latin text needs first (the basic Latin subset, regular weight or the
 * variable file): what a page preloads, so the font arrives with the stylesheet instead of after it,
 * and text is not drawn twice (fallback, then the font) with everything below it moving.
 */
export function latinFileOf(font: BundledFont): string | undefined {
  const names = font.files.map((f) => f.name);
  return names.find((n) => /-latin-wght-normal\.woff2$/.test(n)) ?? names.find((n) => /-latin-400-normal\.woff2$/.test(n));
}
