/**
 * The site-wide look docs.json asks for, decided once per site: the layout theme (an attribute the
 * stylesheet's theme rules key on), fonts, background and the dark-mode favicon. Pages get the
 * same head fragment. A font family without a `source` comes from its Fontsource package, copied
 * into the site (`fonts.ts`): never from a font CDN, so readers' addresses go to no third party.
 */
import type { DocsConfig } from '../config/index.js';
import { escapeHtml } from '../shared/index.js';
import { bundledFont, latinFileOf, type FontFile } from './fonts.js';

export interface SiteLook {
  /** `theme` of docs.json (`mint` when unset): `html[data-site-theme]`. */
  theme: string;
  /** Extra `<html>` attributes (`data-decoration`). */
  htmlAttrs: string[];
  /** CSS for the page's inline `<style>`: font variables and faces, background. */
  css: string;
  /** Tags for `<head>`: font stylesheet links, the dark-mode favicon. */
  head: string;
  /** docs.json `background.color`: the page backgrounds text colours are made readable on. */
  backgrounds: { light?: string; dark?: string };
  /** Font files the site's own families need, for `assets/fonts/`. */
  fontFiles: FontFile[];
  /** Families docs.json names that no installed Fontsource package provides (drawn in the fallback font). */
  missingFonts: string[];
}

type Face = { family?: string; weight?: number; source?: string; format?: string };

const cssString = (s: string) => `"${s.replace(/[\\"\n<]/g, '')}"`;
/** A CSS `url()` for a site path or http(s) URL; anything else (javascript:, data:) is refused. */
const cssUrl = (u: string) => (/^(https?:\/\/|\/)[^\s"'()\\<>]*$/.test(u) ? `url("${u}")` : null);

/** CSS generic families and system font keywords: named as they are, nothing to load. */
const GENERIC = /^(serif|sans-serif|monospace|cursive|fantasy|system-ui|ui-sans-serif|ui-serif|ui-monospace|ui-rounded|math|emoji|-apple-system|BlinkMacSystemFont)$/i;

interface FontWork {
  faces: string[];
  files: Map<string, FontFile>;
  missing: Set<string>;
  /** The body font's first file (a site path), preloaded by every page. */
  preload?: string;
}

/** `@font-face` for a repository's own font file, or the family's bundled Fontsource faces; `body` notes the file to preload. */
function fontFace(face: Face, work: FontWork, body = false): string | null {
  if (!face.family) return null;
  const family = face.family.trim();
  if (GENERIC.test(family)) return `${family},var(--font-fallback)`;
  const src = face.source ? cssUrl(face.source) : null;
  if (src) {
    const format = face.format ?? (face.source!.endsWith('.woff') ? 'woff' : 'woff2');
    work.faces.push(`@font-face{font-family:${cssString(family)};src:${src} format("${format}");font-weight:${face.weight ?? '100 900'};font-display:swap}`);
    // The site's own file (not another host's: a preload would send every reader there before the page is drawn).
    if (body && face.source!.startsWith('/') && format === 'woff2') work.preload ??= face.source;
  } else {
    const bundled = bundledFont(family);
    if (bundled) {
      if (!bundled.files.every((f) => work.files.has(f.name))) work.faces.push(bundled.faces((name) => `/assets/fonts/${name}`));
      for (const f of bundled.files) work.files.set(f.name, f);
      const first = body ? latinFileOf(bundled) : undefined;
      if (first) work.preload ??= `/assets/fonts/${first}`;
    } else work.missing.add(family);
  }
  return `${cssString(family)},var(--font-fallback)`;
}

/** The look of a site from its docs.json. */
export function siteLookOf(config: Pick<DocsConfig, 'theme' | 'fonts' | 'background' | 'favicon'>): SiteLook {
  const vars: string[] = [];
  const work: FontWork = { faces: [], files: new Map(), missing: new Set() };
  const faces = work.faces;
  const fonts = config.fonts;
  if (fonts) {
    const body = fontFace(fonts.body ?? fonts, work, true);
    const heading = fontFace(fonts.heading ?? fonts.body ?? fonts, work);
    if (body) vars.push(`--font:${body}`);
    if (heading) vars.push(`--font-heading:${heading}`);
    if (fonts.weight) vars.push(`--font-weight:${fonts.weight}`);
  } else if (config.theme === 'linden') {
    // Linden's terminal look: a monospace body font of its own.
    const mono = fontFace({ family: 'JetBrains Mono' }, work, true);
    if (mono) vars.push(`--font:${mono}`, `--font-heading:${mono}`, `--mono:${mono}`);
  }
  const css: string[] = [];
  const bg = config.background;
  const hex = (c: unknown) => (typeof c === 'string' && /^#[0-9a-f]{3,8}$/i.test(c) ? c : undefined);
  const color = bg?.color ? { light: hex(bg.color.light), dark: hex(bg.color.dark) } : undefined;
  if (vars.length) css.push(`:root{${vars.join(';')}}`);
  // Each mode's own colour: a light one must not reach dark mode (the inline rule comes after the stylesheet's).
  if (color?.light) css.push(`:root:not([data-theme=dark]){--bg:${color.light}}`);
  if (color?.dark) css.push(`[data-theme=dark]{--bg:${color.dark}}`);
  const image = typeof bg?.image === 'string' ? { light: bg.image, dark: bg.image } : bg?.image;
  const light = image?.light ? cssUrl(image.light) : null;
  const dark = image?.dark ? cssUrl(image.dark) : null;
  if (light) css.push(`body{background-image:${light};background-size:cover;background-attachment:fixed;background-position:top center}`);
  if (dark) css.push(`[data-theme=dark] body{background-image:${dark}}`);
  css.push(...faces);
  const head: string[] = [];
  // The stylesheet's own Inter when docs.json names no body font.
  if (!fonts && config.theme !== 'linden') {
    const inter = bundledFont('Inter');
    const first = inter ? latinFileOf(inter) : undefined;
    if (first) work.preload = `/assets/fonts/${first}`;
  }
  if (work.preload) head.push(`<link rel="preload" href="${escapeHtml(work.preload)}" as="font" type="font/woff2" crossorigin>`);
  const favicon = config.favicon;
  if (favicon && typeof favicon === 'object' && favicon.dark && favicon.dark !== favicon.light) {
    head.push(`<link rel="icon" href="${escapeHtml(favicon.dark)}" media="(prefers-color-scheme: dark)">`);
  }
  return {
    theme: config.theme ?? 'mint',
    htmlAttrs: bg?.decoration ? [`data-decoration="${escapeHtml(bg.decoration)}"`] : [],
    css: css.join(''),
    head: head.join(''),
    backgrounds: { light: color?.light, dark: color?.dark },
    fontFiles: [...work.files.values()],
    missingFonts: [...work.missing],
  };
}
