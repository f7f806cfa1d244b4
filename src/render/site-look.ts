/**
 * The site-wide look docs.json asks for, decided once per site: the layout theme (an attribute the
 * stylesheet's theme rules key on), fonts, background and the dark-mode favicon. Pages get the
 * same head fragment; nothing here is fetched at build time (fonts without a `source` are loaded
 * by the reader's browser from Google Fonts, as the platform does).
 */
import type { DocsConfig } from '../config/index.js';
import { escapeHtml } from '../shared/index.js';

export interface SiteLook {
  /** `theme` of docs.json (`mint` when unset): `html[data-site-theme]`. */
  theme: string;
  /** Extra `<html>` attributes (`data-decoration`). */
  htmlAttrs: string[];
  /** CSS for the page's inline `<style>`: font variables and faces, background. */
  css: string;
  /** Tags for `<head>`: font stylesheet links, the dark-mode favicon. */
  head: string;
}

type Face = { family?: string; weight?: number; source?: string; format?: string };

const cssString = (s: string) => `"${s.replace(/[\\"\n<]/g, '')}"`;
/** A CSS `url()` for a site path or http(s) URL; anything else (javascript:, data:) is refused. */
const cssUrl = (u: string) => (/^(https?:\/\/|\/)[^\s"'()\\<>]*$/.test(u) ? `url("${u}")` : null);

/** `@font-face` for a self-hosted font, or the Google Fonts stylesheet URL for a bare family. */
function fontFace(face: Face, faces: string[], google: Set<string>): string | null {
  if (!face.family) return null;
  const src = face.source ? cssUrl(face.source) : null;
  if (src) {
    const format = face.format ?? (face.source!.endsWith('.woff') ? 'woff' : 'woff2');
    faces.push(`@font-face{font-family:${cssString(face.family)};src:${src} format("${format}");font-weight:${face.weight ?? '100 900'};font-display:swap}`);
  } else if (/^[\w ]+$/.test(face.family)) {
    google.add(`family=${face.family.trim().replace(/ +/g, '+')}:wght@${face.weight ?? '400;500;600;700'}`);
  }
  return `${cssString(face.family)},var(--font-fallback)`;
}

/** The look of a site from its docs.json. */
export function siteLookOf(config: Pick<DocsConfig, 'theme' | 'fonts' | 'background' | 'favicon'>): SiteLook {
  const vars: string[] = [];
  const faces: string[] = [];
  const google = new Set<string>();
  const fonts = config.fonts;
  if (fonts) {
    const body = fontFace(fonts.body ?? fonts, faces, google);
    const heading = fontFace(fonts.heading ?? fonts.body ?? fonts, faces, google);
    if (body) vars.push(`--font:${body}`);
    if (heading) vars.push(`--font-heading:${heading}`);
    if (fonts.weight) vars.push(`--font-weight:${fonts.weight}`);
  }
  const css: string[] = [];
  const bg = config.background;
  const hex = (c: unknown) => (typeof c === 'string' && /^#[0-9a-f]{3,8}$/i.test(c) ? c : undefined);
  const color = bg?.color ? { light: hex(bg.color.light), dark: hex(bg.color.dark) } : undefined;
  if (color?.light) vars.push(`--bg:${color.light}`);
  if (vars.length) css.push(`:root{${vars.join(';')}}`);
  if (color?.dark) css.push(`[data-theme=dark]{--bg:${color.dark}}`);
  const image = typeof bg?.image === 'string' ? { light: bg.image, dark: bg.image } : bg?.image;
  const light = image?.light ? cssUrl(image.light) : null;
  const dark = image?.dark ? cssUrl(image.dark) : null;
  if (light) css.push(`body{background-image:${light};background-size:cover;background-attachment:fixed;background-position:top center}`);
  if (dark) css.push(`[data-theme=dark] body{background-image:${dark}}`);
  css.push(...faces);
  const head: string[] = [];
  if (google.size) {
    head.push('<link rel="preconnect" href="https://fonts.gstatic.com" crossorigin>');
    head.push(`<link rel="stylesheet" href="${escapeHtml(`https://fonts.googleapis.com/css2?${[...google].join('&')}&display=swap`)}">`);
  }
  const favicon = config.favicon;
  if (favicon && typeof favicon === 'object' && favicon.dark && favicon.dark !== favicon.light) {
    head.push(`<link rel="icon" href="${escapeHtml(favicon.dark)}" media="(prefers-color-scheme: dark)">`);
  }
  return {
    theme: config.theme ?? 'mint',
    htmlAttrs: bg?.decoration ? [`data-decoration="${escapeHtml(bg.decoration)}"`] : [],
    css: css.join(''),
    head: head.join(''),
  };
}
