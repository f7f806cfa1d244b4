/**
 * The Content-Security-Policy additions a build writes into its settings (`.folio-site.json` `csp`)
 * for `folio serve`: the integrations' origins and hashes (render's `integrationCsp`), font files on
 * other hosts, and the stylesheets the repository's own `.css` files `@import` from other hosts (a
 * Google Fonts stylesheet, with Google's font host). The repository's `.js`/`.css` files themselves
 * are the site's own (`'self'`). What a configured service needs beyond that is left out, one
 * `BUILD_CSP_LEFT_OUT` warning each.
 */
import { readFile } from 'node:fs/promises';
import { realPathInside, type Diagnostic } from '../shared/index.js';
import type { CspDirective, CspSources, IntegrationCsp } from '../render/index.js';
import { buildProblem } from './codes.js';

/** `@import url("https://…")`, `@import "https://…"` and `@import url(https://…)`: the URL. */
const IMPORT = /@import\s+(?:url\(\s*)?["']?(https:\/\/[^"')\s;]+)/gi;
const ORIGIN = /^https:\/\/[a-z0-9.-]+(:\d+)?$/i;

/** Origins of the stylesheets `css` imports from other hosts. */
export function cssImportOrigins(css: string): string[] {
  const out = new Set<string>();
  for (const m of css.matchAll(IMPORT)) {
    try {
      const origin = new URL(m[1]!).origin;
      if (ORIGIN.test(origin)) out.add(origin);
    } catch {
      // Not a URL: the browser will not load it either.
    }
  }
  return [...out];
}

/** Google Fonts' stylesheets (`fonts.googleapis.com`) load their font files from this host. */
const GOOGLE_FONT_FILES: Record<string, string> = { 'https://fonts.googleapis.com': 'https://fonts.gstatic.com' };

/** The CSP sources of the build, and its warnings about what they leave out. */
export async function buildCspOf(site: { root: string; index: { custom?: { css: { file: string }[] } } }, csp: IntegrationCsp, diagnostics: Diagnostic[]): Promise<CspSources> {
  const add = new Map<CspDirective, Set<string>>();
  for (const [d, list] of Object.entries(csp.sources) as [CspDirective, string[]][]) add.set(d, new Set(list));
  const put = (d: CspDirective, s: string) => add.set(d, (add.get(d) ?? new Set()).add(s));
  for (const { file } of site.index.custom?.css ?? []) {
    const real = await realPathInside(site.root, file);
    // A stylesheet that leads out of the root is reported (and not published) by copyCustomFiles.
    if (!real.ok) continue;
    for (const origin of cssImportOrigins(await readFile(real.path, 'utf8'))) {
      put('style-src', origin);
      const fonts = GOOGLE_FONT_FILES[origin];
      if (fonts) put('font-src', fonts);
    }
  }
  for (const what of csp.leftOut) {
    diagnostics.push(buildProblem('BUILD_CSP_LEFT_OUT', `Integration ${what}. Hosted sites send a Content-Security-Policy; the rest of the service loads.`));
  }
  const out: CspSources = {};
  for (const [d, set] of [...add].sort((a, b) => a[0].localeCompare(b[0]))) out[d] = [...set].sort();
  return out;
}
