/**
 * The dashboard's stylesheet: `dashboard.css` (tokens and components) compiled by Tailwind 4 with the
 * utilities the dashboard's own source files name, Inter's `@font-face` rules (self-hosted from
 * Fontsource, served under `assets/fonts/`), minified by esbuild. Compiled once per process, on the
 * first dashboard request (about 0.3 s), so a server that never opens the dashboard never pays for it.
 */
import { readFile, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FontFile } from '../../render/index.js';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));

/** Browsers the dashboard supports: the ones with `light-dark()` (2024 on). */
export const DASHBOARD_TARGETS = ['chrome123', 'firefox120', 'safari17.5'];

/**
 * Every token of the dashboard's source files (views and routes, `.tsx` in the sources, `.js` once
 * compiled): Tailwind keeps the ones that are utilities and ignores the rest, as its own scanner does.
 */
async function sourceCandidates(): Promise<string[]> {
  const dashboardDir = path.dirname(here);
  const tokens = new Set<string>();
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const abs = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(abs);
      else if (/\.(tsx?|js)$/.test(entry.name) && !/\.test\./.test(entry.name)) {
        for (const token of (await readFile(abs, 'utf8')).split(/[\s"'`{}();,<>=]+/)) if (token.length > 1 && token.length < 80) tokens.add(token);
      }
    }
  };
  await walk(dashboardDir);
  return [...tokens];
}

/** `@import`s of Tailwind's own sheets and of packages' CSS (uPlot's), read from node_modules. */
async function loadStylesheet(id: string, base: string) {
  const file = /^[./]/.test(id) ? path.resolve(base, id) : require.resolve(id);
  return { path: file, base: path.dirname(file), content: await readFile(file, 'utf8') };
}

export interface DashboardStyles {
  css: string;
  /** Font files the sheet names, by file name under `assets/fonts/`. */
  fonts: Map<string, FontFile>;
}

/** Compile the stylesheet (see the module comment). */
export async function compileDashboardStyles(): Promise<DashboardStyles> {
  const { compile } = await import('tailwindcss');
  const input = await readFile(path.join(here, 'dashboard.css'), 'utf8');
  const compiler = await compile(input, { base: here, loadStylesheet });
  const { bundledFont } = await import('../../render/index.js');
  const inter = bundledFont('Inter');
  const faces = inter ? inter.faces((name) => `fonts/${name}`) : '';
  const css = faces + compiler.build(await sourceCandidates());
  const { build } = await import('esbuild');
  const result = await build({ stdin: { contents: css, loader: 'css' }, minify: true, write: false, logLevel: 'silent', target: DASHBOARD_TARGETS });
  return { css: result.outputFiles[0]!.text, fonts: new Map((inter?.files ?? []).map((f) => [f.name, f])) };
}
