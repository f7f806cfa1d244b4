/**
 * Assets written into the site: the hashed stylesheet and client bundle (made by
 * `render/site-assets.ts`), KaTeX's stylesheet and fonts, and Mermaid's browser build.
 */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { BuiltAsset } from '../render/index.js';
import { copyFileInside, makeDirInside, writeFileInside } from '../shared/index.js';

/** Write assets under `outDir`. */
export async function writeAssets(outDir: string, assets: BuiltAsset[]): Promise<void> {
  await makeDirInside(outDir, 'assets');
  await Promise.all(assets.map((a) => writeFileInside(outDir, a.file, a.contents)));
}

/**
 * Copy the files of an installed package folder to `rel` under `outDir`, creating folders and files
 * without following links (a link planted in the output folder must not carry the copy out of it).
 */
async function copyTree(from: string, outDir: string, rel: string, keep: (file: string) => boolean = () => true): Promise<void> {
  const entries = await readdir(from, { recursive: true, withFileTypes: true });
  await makeDirInside(outDir, rel);
  for (const entry of entries) {
    const source = path.join(entry.parentPath, entry.name);
    const target = path.join(rel, path.relative(from, source));
    if (entry.isDirectory()) await makeDirInside(outDir, target);
    else if (entry.isFile() && keep(source)) await copyFileInside(source, outDir, target);
  }
}

/** Copy font files (`render/fonts.ts`: the default Inter and the site's own families) to `assets/fonts/`, each once per output dir. */
export async function copyFontFiles(outDir: string, files: { name: string; source: string }[]): Promise<void> {
  if (files.length === 0) return;
  await makeDirInside(outDir, 'assets/fonts');
  await Promise.all(files.filter((f) => !existsSync(path.join(outDir, 'assets', 'fonts', f.name))).map((f) => copyFileInside(f.source, outDir, `assets/fonts/${f.name}`)));
}

/** Copy KaTeX's stylesheet and fonts to `assets/katex/` (once per output dir); returns its URL path or null. */
export async function copyKatexAssets(outDir: string): Promise<string | null> {
  const { createRequire } = await import('node:module');
  let dist: string;
  try {
    dist = path.dirname(createRequire(import.meta.url).resolve('katex/dist/katex.min.css'));
  } catch {
    // KaTeX is not installed: pages keep their math without its stylesheet and fonts.
    return null;
  }
  const target = path.join(outDir, 'assets', 'katex');
  if (!existsSync(path.join(target, 'katex.min.css'))) {
    await copyTree(path.join(dist, 'fonts'), outDir, 'assets/katex/fonts');
    await copyFileInside(path.join(dist, 'katex.min.css'), outDir, 'assets/katex/katex.min.css');
  }
  return 'assets/katex/katex.min.css';
}

const MERMAID_MODULE = 'mermaid/dist/mermaid.esm.min.mjs';

/** Where pages load Mermaid from, or null when the package is missing (diagrams stay code). */
export async function mermaidAssetPath(): Promise<string | null> {
  const { createRequire } = await import('node:module');
  try {
    createRequire(import.meta.url).resolve(MERMAID_MODULE);
    return 'assets/mermaid/mermaid.esm.min.mjs';
  } catch {
    // Not installed: diagrams stay code blocks.
    return null;
  }
}

/**
 * Copy Mermaid's browser build into the site, once: called after rendering when a page drew a
 * diagram, so sites without one do not carry its 3.6 MB.
 */
export async function copyMermaidAssets(outDir: string): Promise<void> {
  const { createRequire } = await import('node:module');
  const entry = createRequire(import.meta.url).resolve(MERMAID_MODULE);
  const dist = path.dirname(entry);
  const target = path.join(outDir, 'assets', 'mermaid');
  if (existsSync(path.join(target, 'mermaid.esm.min.mjs'))) return;
  await copyFileInside(entry, outDir, 'assets/mermaid/mermaid.esm.min.mjs');
  // The ESM build loads its diagram types lazily from a sibling chunks folder (3.6 MB of
  // modules; their source maps, another 13 MB, stay behind).
  const chunks = path.join(dist, 'chunks', 'mermaid.esm.min');
  if (existsSync(chunks)) await copyTree(chunks, outDir, 'assets/mermaid/chunks/mermaid.esm.min', (source) => !source.endsWith('.map'));
}
