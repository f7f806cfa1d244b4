/**
 * `folio build --og-images`: one social image per page (`assets/og/<path>.png`, 1200×630), drawn
 * from SVG (`og-image.ts`) to PNG by resvg, with no browser and no network. Cached by content:
 * `.folio-cache/og-images.json` keeps each file's key (a hash of its SVG and fonts), and a page
 * whose key is unchanged is not drawn again. Cost is capped: at most `max` images are drawn per
 * build; pages past the cap get the site's own image (its name and description) this time and
 * their own on a later build. Pages whose frontmatter names an `og:image`, and every page when
 * `seo.metatags` names one, get none.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ogImageFile } from '../render/index.js';
import { hashText, realPathInside, removeFileInside, writeFileInside, type Diagnostic } from '../shared/index.js';
import type { Site } from '../site/index.js';
import { buildProblem } from './codes.js';
import { ogFont, type OgFont } from './og-font.js';
import { imageMime, ogImageSvg, type EmbeddedImage, type OgImageInput } from './og-image.js';

/** Bump when the drawing changes (`og-image.ts`, `og-font.ts`), to draw every image again: keys hash the inputs, not the picture. */
const OG_FORMAT = 'og-2';
/** Default cap on images drawn by one build. */
export const OG_IMAGES_MAX = 1000;

export interface OgImagesOptions {
  /** At most this many images are drawn per build (default 1000). */
  max?: number;
  /** Images drawn at once (default: the machine's cores). */
  concurrency?: number;
}

export interface OgImagesStats {
  /** Pages with a generated image. */
  pages: number;
  /** Images drawn by this build. */
  drawn: number;
  /** Images kept from an earlier build (same key, file present). */
  reused: number;
  /** Pages given the site's image because the cap was reached. */
  capped: number;
  ms: number;
}

interface Manifest {
  format: string;
  /** Output file → key of what it shows. */
  files: Record<string, string>;
}

/** A site file named in docs.json (`/logo/light.svg`), as an embeddable image; undefined for URLs and unreadable files. */
async function siteImage(site: Site, ref: string | undefined): Promise<EmbeddedImage | undefined> {
  if (!ref || /^[a-z][a-z0-9+.-]*:/i.test(ref) || ref.startsWith('//')) return undefined;
  const mime = imageMime(ref);
  if (!mime) return undefined;
  const found = await realPathInside(site.root, ref.replace(/^\/+/, ''));
  if (!found.ok) return undefined;
  try {
    return { mime, data: await readFile(found.path) };
  } catch {
    // Not a readable file: `folio check` reports missing logo and background files.
    return undefined;
  }
}

/** Frontmatter string value, trimmed, or undefined. */
const fmString = (fm: Record<string, unknown>, key: string) => (typeof fm[key] === 'string' && (fm[key] as string).trim() ? (fm[key] as string).trim() : undefined);

/** Draw the social images of every page of `site` that needs one into `outDir`. */
export async function writeOgImages(site: Site, outDir: string, cacheDir: string, diagnostics: Diagnostic[], options: OgImagesOptions = {}): Promise<OgImagesStats> {
  const started = performance.now();
  const stats: OgImagesStats = { pages: 0, drawn: 0, reused: 0, capped: 0, ms: 0 };
  const { config } = site;
  const manifestFile = path.join(cacheDir, 'og-images.json');
  const previous = await readManifest(manifestFile);
  const next: Manifest = { format: OG_FORMAT, files: {} };
  const finish = async () => {
    // Images of pages that are gone (or now name their own image) are deleted.
    for (const file of Object.keys(previous.files)) if (!(file in next.files)) await removeFileInside(outDir, file);
    await writeFileInside(cacheDir, 'og-images.json', JSON.stringify(next));
    stats.ms = Math.round(performance.now() - started);
    return stats;
  };
  if (config.seo?.metatags?.['og:image']) return finish();

  const thumbnails = config.thumbnails ?? {};
  const { font, found } = ogFont(thumbnails.fonts?.family);
  if (!found) diagnostics.push(buildProblem('BUILD_OG_FONT_MISSING', `Social images: the font "${thumbnails.fonts?.family}" (thumbnails.fonts.family) is not installed on this machine, so ${font.family} draws the text. Folio downloads no fonts: install the family's .ttf/.otf files (e.g. under /usr/share/fonts) to use it.`));
  const logoRef = typeof config.logo === 'string' ? config.logo : thumbnails.appearance === 'dark' ? config.logo?.dark : config.logo?.light;
  const logo = await siteImage(site, logoRef);
  const background = await siteImage(site, thumbnails.background);
  if (thumbnails.background && !background) diagnostics.push(buildProblem('BUILD_OG_BACKGROUND_UNUSABLE', `Social images: thumbnails.background "${thumbnails.background}" is not a PNG, JPEG, GIF, WebP or SVG file of the docs root (URLs are not fetched), so the images are drawn without it.`));
  const base = { siteName: config.name, appearance: thumbnails.appearance, colors: config.colors, logo, background, font };
  // A page's key: the drawing's version, the site-wide inputs (hashed once) and the page's own text. The SVG
  // itself is made only for the images drawn (a rebuild of 1,000 unchanged pages makes none).
  const siteKey = hashText(OG_FORMAT, font.regular, font.bold, JSON.stringify([config.name, thumbnails.appearance ?? '', config.colors]), logo?.mime ?? '', logo?.data.toString('base64') ?? '', background?.mime ?? '', background?.data.toString('base64') ?? '');

  // Plan: every page's key; unchanged files are kept.
  const todo: { file: string; key: string; input: OgImageInput }[] = [];
  for (const route of site.model.pages.values()) {
    const fm = (route.kind === 'page' ? site.index.pages.get(route.path)?.frontmatter : undefined) ?? {};
    if (fmString(fm, 'og:image')) continue;
    const text = { title: fmString(fm, 'og:title') ?? route.title, description: fmString(fm, 'og:description') ?? route.description ?? config.description };
    const file = ogImageFile(route.href);
    const key = hashText(siteKey, text.title, '\u0000', text.description ?? '');
    stats.pages++;
    next.files[file] = key;
    if (previous.files[file] === key && existsSync(path.join(outDir, file))) stats.reused++;
    else todo.push({ file, key, input: { ...base, ...text } });
  }

  // Draw, at most `max`; past it, the site's image stands in (its key marks the file for drawing next time).
  const max = options.max ?? OG_IMAGES_MAX;
  const drawn = new Map<string, Buffer>();
  let siteImagePng: Promise<Buffer> | undefined;
  const siteImageOf = () => (siteImagePng ??= draw(ogImageSvg({ ...base, title: config.name, description: config.description }), font));
  let at = 0;
  const worker = async () => {
    while (at < todo.length) {
      const job = todo[at++]!;
      let png = drawn.get(job.key);
      if (!png) {
        if (stats.drawn >= max) {
          png = await siteImageOf();
          next.files[job.file] = 'capped';
          stats.capped++;
        } else {
          stats.drawn++;
          png = await draw(ogImageSvg(job.input), font);
          drawn.set(job.key, png);
        }
      }
      await writeFileInside(outDir, job.file, png);
    }
  };
  const concurrency = Math.max(1, options.concurrency ?? Math.min(4, os.availableParallelism()));
  await Promise.all(Array.from({ length: concurrency }, worker));
  if (stats.capped) diagnostics.push(buildProblem('BUILD_OG_IMAGES_CAPPED', `Social images: ${stats.capped} pages got the site's image because this build drew its limit of ${max}; the next builds draw the rest (raise --og-images-max to draw more at once).`));
  return finish();
}

/** SVG → PNG in libuv's thread pool (several draw at once). resvg (a native module) loads only for builds that draw. */
async function draw(svg: string, font: OgFont): Promise<Buffer> {
  const { renderAsync } = await import('@resvg/resvg-js');
  const image = await renderAsync(svg, { font: { fontFiles: [font.regular, font.bold], loadSystemFonts: false, defaultFontFamily: font.family }, logLevel: 'off' });
  return image.asPng();
}

async function readManifest(file: string): Promise<Manifest> {
  try {
    const parsed = JSON.parse(await readFile(file, 'utf8')) as Manifest;
    if (parsed.format === OG_FORMAT && parsed.files && typeof parsed.files === 'object') return parsed;
  } catch {
    // No manifest yet (first build with images) or an unreadable one: every image is drawn.
  }
  return { format: OG_FORMAT, files: {} };
}
