/**
 * The site's stylesheet and client bundle (esbuild, minified), each named by a hash of its
 * contents so hosts can cache them forever. The build writes them; the dev server serves them.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENDPOINT_CSS } from './endpoint/index.js';
import { iconCss } from './icons.js';
import { COMPONENTS_CSS } from './styles-components.js';
import { SITE_CSS } from './styles.js';
import { SEARCH_CSS } from './styles-search.js';
import { ASSISTANT_CSS } from './styles-assistant.js';
import { FEEDBACK_CSS } from './styles-feedback.js';
import { THEMES_CSS } from './styles-themes.js';
import { uiIconCss } from './ui-icons.js';
import { defaultFonts } from './fonts.js';

/** esbuild, loaded at the first bundle: most processes that import the renderer (tests, folio serve) never bundle. */
const esbuild = () => import('esbuild');

export interface BuiltAsset {
  /** URL path under the site base, e.g. `assets/site.3f2a9c1b.js`. */
  file: string;
  contents: string;
}

let clientBundle: Promise<string> | null = null;

/** A client entry (`main`, `playground/main`, `search-dialog`): TypeScript sources when running from `src/`, compiled JS under `dist/`. */
function clientEntry(name = 'main'): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const ext of ['.ts', '.js']) {
    const candidate = path.join(here, '..', 'client', name + ext);
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`client sources not found next to ${here}; run \`npm run build\``);
}

/** Bundle the browser islands into one minified ES module (memoised per process). */
export function bundleClient(): Promise<string> {
  clientBundle ??= bundleEntry(clientEntry());
  return clientBundle;
}

let playgroundBundle: Promise<string> | null = null;

/** The API playground island, loaded by the main bundle only on endpoint pages. */
export function bundlePlayground(): Promise<string> {
  playgroundBundle ??= bundleEntry(clientEntry('playground/main'));
  return playgroundBundle;
}

let searchBundle: Promise<string> | null = null;

/** The search dialog island, loaded by the main bundle on the first search shortcut or click. */
export function bundleSearch(): Promise<string> {
  searchBundle ??= bundleEntry(clientEntry('search-dialog'));
  return searchBundle;
}

let assistantBundle: Promise<string> | null = null;

/** The assistant panel island, loaded by the main bundle when a reader first opens the assistant (only on servers with a model). */
export function bundleAssistant(): Promise<string> {
  assistantBundle ??= bundleEntry(clientEntry('assistant'));
  return assistantBundle;
}

const beaconBundles = new Map<boolean, Promise<string>>();

/**
 * The analytics beacon and feedback widget (`client/beacon.ts`), not part of the build: `folio serve`
 * serves it at `/__folio/beacon.js`, so a static host (where nothing would receive its events) never
 * loads it. `dry`: `folio dev`'s copy, which shows the widget and sends nothing.
 */
export function bundleBeacon({ dry = false }: { dry?: boolean } = {}): Promise<string> {
  let bundle = beaconBundles.get(dry);
  if (!bundle) {
    bundle = bundleEntry(clientEntry('beacon'), { FOLIO_BEACON_DRY: String(dry) });
    beaconBundles.set(dry, bundle);
  }
  return bundle;
}

async function bundleEntry(entry: string, define: Record<string, string> = {}): Promise<string> {
  const { build } = await esbuild();
  return build({
    define,
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    target: ['es2020'],
    write: false,
    legalComments: 'none',
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0]!.text);
}

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 10);

/** The stylesheet, minified by esbuild. */
async function minifiedCss(): Promise<string> {
  const { build } = await esbuild();
  const result = await build({ stdin: { contents: defaultFonts().css + SITE_CSS + THEMES_CSS + COMPONENTS_CSS + ENDPOINT_CSS + SEARCH_CSS + ASSISTANT_CSS + FEEDBACK_CSS + iconCss() + uiIconCss(), loader: 'css' }, minify: true, write: false, logLevel: 'silent' });
  return result.outputFiles[0]!.text;
}

let cssBundle: Promise<string> | null = null;

/** Produce the hashed CSS and JS assets (not yet written). */
export async function siteAssets(): Promise<{ css: BuiltAsset; js: BuiltAsset; playground: BuiltAsset; search: BuiltAsset; assistant: BuiltAsset }> {
  cssBundle ??= minifiedCss();
  const [css, js, playground, search, assistant] = await Promise.all([cssBundle, bundleClient(), bundlePlayground(), bundleSearch(), bundleAssistant()]);
  // One hash for the scripts: the main one finds its islands by its own name (`site.` → `playground.`, `search.`, `assistant.`).
  const scripts = hashOf(js + playground + search + assistant);
  return {
    css: { file: `assets/site.${hashOf(css)}.css`, contents: css },
    js: { file: `assets/site.${scripts}.js`, contents: js },
    playground: { file: `assets/playground.${scripts}.js`, contents: playground },
    search: { file: `assets/search.${scripts}.js`, contents: search },
    assistant: { file: `assets/assistant.${scripts}.js`, contents: assistant },
  };
}
