/**
 * `folio export pdf`: the site (or a tab, group or page of it) as one PDF. The site is built as
 * `folio build` builds it (into a cache folder kept between runs, so a second export compiles only
 * what changed), or a built output folder is reused; then one document is assembled in headless
 * Chromium from the built pages' articles and printed once, so links between included pages are
 * links inside the PDF. Chromium reads the output folder through request interception: nothing
 * outside the folder is served. Chromium runs as a browser server on the loopback address (its
 * control socket only) so its stderr, exit and memory are at hand: a failed print names its cause.
 */
import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { resolveInside } from '../shared/index.js';
import { loadSite } from '../site/index.js';
import { buildSite, htmlFileFor } from '../site-build/index.js';
import { findChromium } from './chromium.js';
import { PdfError } from './codes.js';
import { planPdf, type PdfSelection } from './plan.js';
import { builtBasePath, folderFiles, printPages } from './print-pages.js';

export interface PdfExportOptions {
  /** The docs repository (holds docs.json or mint.json). */
  root: string;
  /** The PDF file to write. */
  output: string;
  selection?: PdfSelection;
  /** A folder `folio build` wrote for this repository, printed as it is instead of building. */
  built?: string | undefined;
  /** Where to build when `built` is not given; a cache folder under the system's temporary folder by default. */
  buildDir?: string | undefined;
  /** The site's public URL: links to pages the PDF leaves out point there (they lose their link without it). */
  siteUrl?: string | undefined;
  /** Longest the print may take (default 10 minutes). */
  timeoutMs?: number;
  log?: (line: string) => void;
}

export interface PdfExportResult {
  file: string;
  /** Pages of the site in the PDF. */
  pages: number;
  /** Size of the PDF file. */
  bytes: number;
  buildMs: number;
  printMs: number;
  /** Pages of the selection the build did not write (a page that failed), left out. */
  missing: string[];
}

export async function exportPdf(options: PdfExportOptions): Promise<PdfExportResult> {
  const log = options.log ?? (() => {});
  const root = path.resolve(options.root);
  // No Chromium: said before a build that would be for nothing.
  findChromium();
  const loaded = await loadSite(root);
  if (!loaded.site) {
    const first = loaded.diagnostics.find((d) => d.severity === 'error');
    throw new PdfError('PDF_NO_SITE', `No site to print in ${root}${first ? `: ${first.file}:${first.line}:${first.column} ${first.message}` : ''}. Run folio validate there.`);
  }
  const site = loaded.site;
  const plan = planPdf(site.model, options.selection);
  const started = Date.now();
  let outDir: string;
  if (options.built) {
    outDir = path.resolve(options.built);
  } else {
    outDir = options.buildDir ?? path.join(os.tmpdir(), `folio-pdf-${createHash('sha256').update(root).digest('hex').slice(0, 16)}`);
    log(`Building ${root} into ${outDir}`);
    const result = await buildSite({ root, outDir, search: false, markdown: false });
    const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
    if (errors) log(`${errors} page error(s) in the build; run folio build to see them`);
  }
  const buildMs = Date.now() - started;
  const present = await Promise.all(plan.pages.map((p) => isFile(resolveInside(outDir, htmlFileFor(p.href)))));
  const missing = plan.pages.filter((_, i) => !present[i]).map((p) => p.href);
  if (options.built && missing.length) {
    throw new PdfError('PDF_NOT_BUILT', `${missing.length} page(s) of the selection are not in ${outDir} (first: ${missing[0]}). Build the site there again with folio build, or leave out --built.`);
  }
  for (const href of missing) log(`${href} was not built; it is left out`);

  const included = plan.pages.filter((_, i) => present[i]);
  const kept = { ...plan, pages: included, chapters: plan.chapters.map((c) => ({ ...c, pages: c.pages.filter((p) => !missing.includes(p.href)) })).filter((c) => c.pages.length) };
  const files = folderFiles(outDir);
  const printed = await printPages({
    site,
    plan: kept,
    files,
    basePath: await builtBasePath(files),
    output: options.output,
    siteUrl: options.siteUrl ?? null,
    timeoutMs: options.timeoutMs,
    log,
  });
  return { file: options.output, pages: printed.pages, bytes: printed.bytes, buildMs, printMs: printed.printMs, missing: [...missing, ...printed.unread] };
}

async function isFile(file: string | null): Promise<boolean> {
  if (!file) return false;
  const info = await stat(file).catch(() => null);
  return info?.isFile() ?? false;
}
