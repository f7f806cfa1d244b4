/**
 * Site assets: the client bundle (esbuild, minified) and the stylesheet, each written once per
 * build under a content hash so hosts can cache them forever.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { SITE_CSS } from '../render/styles.js';
import { COMPONENTS_CSS } from '../render/styles-components.js';
import { iconCss } from '../render/icons.js';
import { ENDPOINT_CSS } from '../render/endpoint/index.js';

export interface BuiltAsset {
  /** URL path under the site base, e.g. `assets/site.3f2a9c1b.js`. */
  file: string;
  contents: string;
}

let clientBundle: Promise<string> | null = null;

/** The client entry: TypeScript sources when running from `src/`, compiled JS under `dist/`. */
function clientEntry(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const name of ['main.ts', 'main.js']) {
    const candidate = path.join(here, '..', 'client', name);
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`client sources not found next to ${here}; run \`npm run build\``);
}

/** Bundle the browser islands into one minified ES module (memoised per process). */
export function bundleClient(): Promise<string> {
  clientBundle ??= build({
    entryPoints: [clientEntry()],
    bundle: true,
    minify: true,
    format: 'esm',
    target: ['es2020'],
    write: false,
    legalComments: 'none',
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0]!.text);
  return clientBundle;
}

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 10);

/** The stylesheet, minified by esbuild. */
async function minifiedCss(): Promise<string> {
  const result = await build({ stdin: { contents: SITE_CSS + COMPONENTS_CSS + ENDPOINT_CSS + iconCss(), loader: 'css' }, minify: true, write: false, logLevel: 'silent' });
  return result.outputFiles[0]!.text;
}

let cssBundle: Promise<string> | null = null;

/** Produce the hashed CSS and JS assets (not yet written). */
export async function siteAssets(): Promise<{ css: BuiltAsset; js: BuiltAsset }> {
  cssBundle ??= minifiedCss();
  const [css, js] = await Promise.all([cssBundle, bundleClient()]);
  return {
    css: { file: `assets/site.${hashOf(css)}.css`, contents: css },
    js: { file: `assets/site.${hashOf(js)}.js`, contents: js },
  };
}

/** Write assets under `outDir`. */
export async function writeAssets(outDir: string, assets: BuiltAsset[]): Promise<void> {
  await mkdir(path.join(outDir, 'assets'), { recursive: true });
  await Promise.all(assets.map((a) => writeFile(path.join(outDir, a.file), a.contents)));
}

/** Copy KaTeX's stylesheet and fonts to `assets/katex/` (once per output dir); returns its URL path or null. */
export async function copyKatexAssets(outDir: string): Promise<string | null> {
  const { createRequire } = await import('node:module');
  const { cp } = await import('node:fs/promises');
  let dist: string;
  try {
    dist = path.dirname(createRequire(import.meta.url).resolve('katex/dist/katex.min.css'));
  } catch {
    return null;
  }
  const target = path.join(outDir, 'assets', 'katex');
  if (!existsSync(path.join(target, 'katex.min.css'))) {
    await mkdir(target, { recursive: true });
    await cp(path.join(dist, 'katex.min.css'), path.join(target, 'katex.min.css'));
    await cp(path.join(dist, 'fonts'), path.join(target, 'fonts'), { recursive: true });
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
    return null;
  }
}

/**
 * Copy Mermaid's browser build into the site, once: called after rendering when a page drew a
 * diagram, so sites without one do not carry its 3.6 MB.
 */
export async function copyMermaidAssets(outDir: string): Promise<void> {
  const { createRequire } = await import('node:module');
  const { cp } = await import('node:fs/promises');
  const entry = createRequire(import.meta.url).resolve(MERMAID_MODULE);
  const dist = path.dirname(entry);
  const target = path.join(outDir, 'assets', 'mermaid');
  if (existsSync(path.join(target, 'mermaid.esm.min.mjs'))) return;
  await mkdir(target, { recursive: true });
  await cp(entry, path.join(target, 'mermaid.esm.min.mjs'));
  // The ESM build loads its diagram types lazily from a sibling chunks folder (3.6 MB of
  // modules; their source maps, another 13 MB, stay behind).
  const chunks = path.join(dist, 'chunks', 'mermaid.esm.min');
  if (existsSync(chunks)) await cp(chunks, path.join(target, 'chunks', 'mermaid.esm.min'), { recursive: true, filter: (source) => !source.endsWith('.map') });
}
