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
import { createRequire } from 'node:module';
import { stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { resolveInside } from '../shared/index.js';
import { loadSite } from '../site/index.js';
import { buildSite, htmlFileFor } from '../site-build/index.js';
import { assemblePages, type AssembleInput } from './assemble.js';
import { ChromiumLog, findChromium, launchChromium } from './chromium.js';
import { PdfError } from './codes.js';
import { planPdf, type PdfSelection } from './plan.js';
import { pageId, printDocument } from './print-document.js';

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

/** The origin the print page and the built files are served under (interception only; `.invalid` never resolves). */
const ORIGIN = 'http://folio-pdf.invalid';
const DOCUMENT_PATH = '/__folio-pdf';
/** Folio's own Mermaid build, served to the print page from its package (never from the output folder, which a repository fills). */
const MERMAID_PATH = '/__folio-pdf-mermaid/';

/** The folder of Mermaid's browser build in Folio's dependencies, or null when it is not installed. */
function mermaidDir(): string | null {
  try {
    return path.dirname(createRequire(import.meta.url).resolve('mermaid/dist/mermaid.esm.min.mjs'));
  } catch {
    return null;
  }
}

export async function exportPdf(options: PdfExportOptions): Promise<PdfExportResult> {
  const log = options.log ?? (() => {});
  const root = path.resolve(options.root);
  const executable = findChromium();
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
  const language = site.model.sectionsById.get(included[0] ? site.model.pages.get(included[0].href)!.sectionId : site.model.defaultSectionId)?.trail.find((d) => d.kind === 'language')?.label;
  const html = printDocument({ name: site.config.name, description: site.config.description, language, date: new Date().toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }) }, kept);
  const input: AssembleInput = {
    pages: included.map((p, i) => ({ href: p.href, id: pageId(i), url: `${ORIGIN}/${htmlFileFor(p.href)}` })),
    siteUrl: options.siteUrl ?? null,
    mermaid: mermaidDir() ? `${ORIGIN}${MERMAID_PATH}mermaid.esm.min.mjs` : null,
  };

  const printStarted = Date.now();
  let unread: string[] = [];
  const chromiumLog = new ChromiumLog();
  const { browser, close } = await launchChromium(executable, chromiumLog);
  let crashed = false;
  const sampler = setInterval(() => chromiumLog.sample(), 1000);
  sampler.unref();
  let step = 'opening the print page';
  try {
    const context = await browser.newContext({ colorScheme: 'light' });
    const page = await context.newPage();
    page.on('crash', () => (crashed = true));
    page.setDefaultTimeout(options.timeoutMs ?? 600_000);
    await serveOutput(page, outDir, html);
    // tsx and vitest compile with esbuild's keepNames, which wraps functions in a `__name` helper that
    // the print page lacks; `assemblePages` crosses into it as source text.
    await page.addInitScript('globalThis.__name ??= (f) => f');
    await page.goto(ORIGIN + DOCUMENT_PATH);
    log(`Assembling ${included.length} page(s)`);
    step = 'assembling';
    const assembled = await page.evaluate(assemblePages, input);
    unread = assembled.missing;
    await page.emulateMedia({ media: 'print', colorScheme: 'light' });
    log(`Printing to ${options.output}`);
    step = 'printing';
    await page.pdf({
      path: options.output,
      format: 'A4',
      printBackground: true,
      // No `outline`/`tagged`: Chromium makes the outline only from a tagged PDF, and tagging took
      // Folio's own docs (93 pages, 326 sheets) from 58 s to 122 s of printing and 8.1 MB to 11.8 MB.
      // The table of contents' links do the outline's work.
      displayHeaderFooter: true,
      headerTemplate: '<span></span>',
      footerTemplate: '<div style="font-size:8px;width:100%;text-align:center;color:#777"><span class="pageNumber"></span> / <span class="totalPages"></span></div>',
      margin: { top: '16mm', bottom: '18mm', left: '15mm', right: '15mm' },
    });
  } catch (error) {
    if (error instanceof PdfError) throw error;
    await new Promise((r) => setTimeout(r, 200));
    const why = failureCause(chromiumLog, crashed);
    for (const line of chromiumLog.lines.slice(-15)) log(`chromium: ${line}`);
    throw new PdfError('PDF_PRINT_FAILED', `Chromium could not print the document (${step} ${included.length} page(s), after ${((Date.now() - printStarted) / 1000).toFixed(0)} s): ${error instanceof Error ? error.message.split('\n')[0] : String(error)}. ${why} Try a smaller selection (--tab, --group).`);
  } finally {
    clearInterval(sampler);
    await close();
  }
  log(`Chromium's memory at most ${chromiumLog.peak.sum.toFixed(0)} MB in all, ${chromiumLog.peak.max.toFixed(0)} MB in its largest process`);
  const bytes = (await stat(options.output)).size;
  return { file: options.output, pages: included.length - unread.length, bytes, buildMs, printMs: Date.now() - printStarted, missing: [...missing, ...unread] };
}

/** Why Chromium stopped, from what it showed: a renderer crash, the browser's exit (a signal: killed from outside), its last error line, its peak memory. */
function failureCause(chromium: ChromiumLog, crashed: boolean): string {
  const memory = chromium.peak.max ? ` Its largest process had reached ${chromium.peak.max.toFixed(0)} MB (${chromium.peak.sum.toFixed(0)} MB in all).` : '';
  const lastError = chromium.lines.filter((l) => /ERROR|FATAL|Check failed|Out of memory|OOM/i.test(l)).at(-1);
  const said = lastError ? ` Chromium's last error: ${lastError}` : '';
  if (crashed) return `The page's renderer crashed.${memory}${said}`;
  if (chromium.exit) {
    const signal = /signal=(\w+)/.exec(chromium.exit)?.[1];
    if (signal && signal !== 'null') return `The browser process was ended by ${signal} (from outside Chromium: an out-of-memory killer, a limit, or another program).${memory}${said}`;
    return `The browser process exited (${chromium.exit}).${memory}${said}`;
  }
  return `${memory.trim()}${said}`.trim();
}

async function isFile(file: string | null): Promise<boolean> {
  if (!file) return false;
  const info = await stat(file).catch(() => null);
  return info?.isFile() ?? false;
}

/** Answer the print page's requests under ORIGIN: the document itself, and files of the output folder (as a static host would). */
async function serveOutput(page: Page, outDir: string, html: string): Promise<void> {
  await page.route(`${ORIGIN}/**`, async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === DOCUMENT_PATH) return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html });
    const mermaid = url.pathname.startsWith(MERMAID_PATH) ? mermaidDir() : null;
    if (mermaid) {
      const file = resolveInside(mermaid, url.pathname.slice(MERMAID_PATH.length));
      if (file && file.endsWith('.mjs') && (await isFile(file))) return route.fulfill({ path: file, contentType: 'text/javascript' });
      return route.fulfill({ status: 404, body: 'Not found' });
    }
    let wanted: string;
    try {
      wanted = decodeURIComponent(url.pathname).replace(/^\/+/, '');
    } catch {
      return route.fulfill({ status: 404, body: 'Not found' });
    }
    const clean = wanted.replace(/\/+$/, '');
    for (const candidate of wanted.endsWith('/') || wanted === '' ? [`${clean}/index.html`.replace(/^\//, '')] : [clean, `${clean}/index.html`, `${clean}.html`]) {
      const file = resolveInside(outDir, candidate);
      if (file && (await isFile(file))) return route.fulfill({ path: file });
    }
    return route.fulfill({ status: 404, body: 'Not found' });
  });
}
