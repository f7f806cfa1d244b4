/**
 * The dashboard's browser code, bundled by esbuild from `src/client/dashboard/` (or its compiled
 * `.js` in `dist/`): the main script every page loads, and the islands a page loads on demand
 * (the chart: uPlot; the range calendar: cally). Each is an ES module named by its content hash.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DASHBOARD_TARGETS } from './styles.js';

export const SCRIPT_NAMES = ['main', 'chart', 'calendar'] as const;
export type ScriptName = (typeof SCRIPT_NAMES)[number];

export interface DashboardScript {
  code: string;
  /** First 10 hex digits of the code's SHA-256. */
  hash: string;
}

function entry(name: ScriptName): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const ext of ['.ts', '.js']) {
    const candidate = path.join(here, '..', '..', 'client', 'dashboard', name + ext);
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`dashboard client sources not found next to ${here}; run \`npm run build\``);
}

/** Bundle one script (minified ESM, no legal comments: the packages' licences ship in node_modules). */
export async function bundleDashboardScript(name: ScriptName): Promise<DashboardScript> {
  // Loaded at first use: most processes that import the dashboard never bundle (about 0.1 s of CPU to import).
  const { build } = await import('esbuild');
  const result = await build({ entryPoints: [entry(name)], bundle: true, minify: true, format: 'esm', target: DASHBOARD_TARGETS, write: false, legalComments: 'none', logLevel: 'silent' });
  const code = result.outputFiles[0]!.text;
  return { code, hash: createHash('sha256').update(code).digest('hex').slice(0, 10) };
}
