/**
 * The dashboard's assets, made once per process on the first dashboard request (`dashboardAssets`,
 * awaited by a middleware) and named by content hash afterwards (`assetUrl`), so pages link
 * `app.css?v=<hash>` and every asset is cached for a year.
 */
import { createHash } from 'node:crypto';
import { bundleDashboardScript, SCRIPT_NAMES, type DashboardScript, type ScriptName } from './scripts.js';
import { compileDashboardStyles, type DashboardStyles } from './styles.js';

export interface DashboardAssets extends DashboardStyles {
  cssHash: string;
  scripts: Record<ScriptName, DashboardScript>;
}

let made: Promise<DashboardAssets> | null = null;
let ready: DashboardAssets | null = null;

/** The compiled stylesheet and bundled scripts (made on the first call; a failure is retried on the next). */
export function dashboardAssets(): Promise<DashboardAssets> {
  made ??= (async () => {
    const [styles, ...scripts] = await Promise.all([compileDashboardStyles(), ...SCRIPT_NAMES.map(bundleDashboardScript)]);
    const assets: DashboardAssets = {
      ...styles,
      cssHash: createHash('sha256').update(styles.css).digest('hex').slice(0, 10),
      scripts: Object.fromEntries(SCRIPT_NAMES.map((n, i) => [n, scripts[i]!])) as Record<ScriptName, DashboardScript>,
    };
    ready = assets;
    return assets;
  })().catch((error: unknown) => {
    made = null;
    throw error;
  });
  return made;
}

/**
 * The versioned URL of an asset under `<base>/assets/`: `app.css`, or a script by name (`app.js` is
 * `main`). Pages are rendered after `dashboardAssets()` resolved; before, the URL has no version.
 */
export function assetUrl(base: string, asset: 'app.css' | ScriptName): string {
  if (asset === 'app.css') return `${base}/assets/app.css${ready ? `?v=${ready.cssHash}` : ''}`;
  const file = asset === 'main' ? 'app' : asset;
  return `${base}/assets/${file}.js${ready ? `?v=${ready.scripts[asset].hash}` : ''}`;
}

/** The stylesheet's content hash ('' before the first `dashboardAssets()` resolved). */
export function stylesVersion(): string {
  return ready?.cssHash ?? '';
}

/** The font file every page draws its first text with (Inter's Latin subset): pages preload it, so text is not drawn twice with everything below it moving. */
export function firstFontUrl(base: string): string | null {
  const name = ready ? [...ready.fonts.keys()].find((n) => /-latin-wght-normal\.woff2$/.test(n)) : undefined;
  return name ? `${base}/assets/fonts/${name}` : null;
}
