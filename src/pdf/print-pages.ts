/**
 * Printing planned pages of a built site to one PDF in headless Chromium: the print document (title
 * page, contents) is opened under a reserved origin whose requests are answered from the build's files
 * by interception (`BuildFiles`: a folder for `folio export pdf`, a published build for the
 * dashboard's export), the pages' articles are assembled into it (`assemble.ts`) and it is printed.
 * `offline`: every other request is refused, so the print reaches no network at all.
 *
 * Chromium runs as a browser server on the loopback address (its control socket only) so its stderr,
 * exit and memory are at hand: a failed print names its cause. The whole print has a time limit; past
 * it the browser is closed and the print fails saying so.
 */
import { createRequire } from 'node:module';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { CONTENT_TYPES, resolveInside } from '../shared/index.js';
import type { Site } from '../site/index.js';
import { htmlFileFor, SITE_SETTINGS_FILE } from '../site-build/index.js';
import { assemblePages, type AssembleInput } from './assemble.js';
import { ChromiumLog, findChromium, launchChromium } from './chromium.js';
import { PdfError } from './codes.js';
import { numberContents } from './contents-numbers.js';
import type { PdfPlan } from './plan.js';
import { pageId, printDocument } from './print-document.js';

/** A built site's file by its path inside the build (`guide/intro.html`), or null when the build has none. */
export type BuildFiles = (relativePath: string) => Promise<Buffer | null>;

/** The files of a build output folder (nothing outside it: `resolveInside`). */
export function folderFiles(outDir: string): BuildFiles {
  return async (relativePath) => {
    const file = resolveInside(outDir, relativePath);
    if (!file) return null;
    const info = await stat(file).catch(() => null);
    return info?.isFile() ? readFile(file) : null;
  };
}

/** The base path a build was made for (`/docs`, from its `.folio-site.json`), `''` for none or when unreadable. */
export async function builtBasePath(files: BuildFiles): Promise<string> {
  try {
    const settings = JSON.parse((await files(SITE_SETTINGS_FILE))?.toString('utf8') ?? '{}') as { basePath?: unknown };
    const base = typeof settings.basePath === 'string' ? settings.basePath.replace(/\/+$/, '') : '';
    return /^\/[A-Za-z0-9._~\-/]*$/.test(base) ? base : '';
  } catch {
    return '';
  }
}

export interface PrintPagesOptions {
  /** The loaded site: its name, description and navigation (the title page, the document's language). */
  site: Pick<Site, 'config' | 'model'>;
  /** The pages to print, each present in `files`. */
  plan: PdfPlan;
  files: BuildFiles;
  output: string;
  /** The site's public URL for links to pages the PDF leaves out; they lose their link without it. */
  siteUrl: string | null;
  /** Longest the whole print may take (default 10 minutes). */
  timeoutMs?: number | undefined;
  /** The base path the build was made for (`/docs`): its pages' URLs start with it; `builtBasePath` reads it. */
  basePath?: string | undefined;
  /** Refuse every request outside the build's files (the dashboard's export of a hosted site). */
  offline?: boolean;
  log?: (line: string) => void;
}

export interface PrintPagesResult {
  /** Pages in the PDF. */
  pages: number;
  /** Pages of the plan the print page could not read, left out. */
  unread: string[];
  bytes: number;
  printMs: number;
}

/** The origin the print page and the built files are served under (interception only; `.invalid` never resolves). */
const ORIGIN = 'http://folio-pdf.invalid';
const DOCUMENT_PATH = '/__folio-pdf';
/** Folio's own Mermaid build, served to the print page from its package (never from the build's files, which a repository fills). */
const MERMAID_PATH = '/__folio-pdf-mermaid/';

/** The folder of Mermaid's browser build in Folio's dependencies, or null when it is not installed. */
function mermaidDir(): string | null {
  try {
    return path.dirname(createRequire(import.meta.url).resolve('mermaid/dist/mermaid.esm.min.mjs'));
  } catch {
    return null;
  }
}

export async function printPages(options: PrintPagesOptions): Promise<PrintPagesResult> {
  const log = options.log ?? (() => {});
  const { site, plan } = options;
  const executable = findChromium();
  const timeoutMs = options.timeoutMs ?? 600_000;
  const basePath = options.basePath ?? '';
  const included = plan.pages;
  const language = site.model.sectionsById.get(included[0] ? site.model.pages.get(included[0].href)!.sectionId : site.model.defaultSectionId)?.trail.find((d) => d.kind === 'language')?.label;
  const html = printDocument({ name: site.config.name, description: site.config.description, language, date: new Date().toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }) }, plan);
  const input: AssembleInput = {
    pages: included.map((p, i) => ({ href: p.href, id: pageId(i), url: `${ORIGIN}${basePath}/${htmlFileFor(p.href)}`, title: p.title })),
    siteUrl: options.siteUrl,
    basePath,
    mermaid: mermaidDir() ? `${ORIGIN}${MERMAID_PATH}mermaid.esm.min.mjs` : null,
  };

  const printStarted = Date.now();
  let unread: string[] = [];
  const chromiumLog = new ChromiumLog();
  const { browser, close } = await launchChromium(executable, chromiumLog);
  let crashed = false;
  let timedOut = false;
  const sampler = setInterval(() => chromiumLog.sample(), 1000);
  sampler.unref();
  // Neither `evaluate` nor `pdf` has a time limit of its own: past the limit the browser is closed, which ends both.
  const limit = setTimeout(() => {
    timedOut = true;
    void close();
  }, timeoutMs);
  let step = 'opening the print page';
  try {
    const context = await browser.newContext({ colorScheme: 'light', serviceWorkers: 'block' });
    const page = await context.newPage();
    page.on('crash', () => (crashed = true));
    page.setDefaultTimeout(timeoutMs);
    await serveFiles(page, options.files, html, options.offline ?? false, basePath);
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
    const seconds = ((Date.now() - printStarted) / 1000).toFixed(0);
    if (timedOut) {
      throw new PdfError('PDF_PRINT_TIMEOUT', `The print took longer than its limit of ${formatLimit(timeoutMs)} (${step} ${included.length} page(s)) and was stopped. Print a smaller selection (a tab or a group), or give it a longer limit.`);
    }
    await new Promise((r) => setTimeout(r, 200));
    const why = failureCause(chromiumLog, crashed);
    for (const line of chromiumLog.lines.slice(-15)) log(`chromium: ${line}`);
    throw new PdfError('PDF_PRINT_FAILED', `Chromium could not print the document (${step} ${included.length} page(s), after ${seconds} s): ${error instanceof Error ? error.message.split('\n')[0] : String(error)}. ${why} Try a smaller selection (--tab, --group).`);
  } finally {
    clearTimeout(limit);
    clearInterval(sampler);
    await close();
  }
  log(`Chromium's memory at most ${chromiumLog.peak.sum.toFixed(0)} MB in all, ${chromiumLog.peak.max.toFixed(0)} MB in its largest process`);
  if (included.length > 1) {
    const numbered = await numberContents(options.output);
    log(`Numbered ${numbered.entries} entr${numbered.entries === 1 ? 'y' : 'ies'} of the contents`);
  }
  const bytes = (await stat(options.output)).size;
  return { pages: included.length - unread.length, unread, bytes, printMs: Date.now() - printStarted };
}

const formatLimit = (ms: number) => (ms >= 60_000 ? `${Math.round(ms / 60_000)} minute(s)` : `${Math.round(ms / 1000)} s`);

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


/**
 * Answer the print page's requests under ORIGIN: the document itself, Folio's Mermaid, and the
 * build's files (as a static host would: `a`, `a.html`, `a/index.html`). Offline, any other request
 * is refused.
 */
async function serveFiles(page: Page, files: BuildFiles, html: string, offline: boolean, basePath: string): Promise<void> {
  if (offline) await page.context().route((url) => !url.href.startsWith(`${ORIGIN}/`), (route) => route.abort('blockedbyclient'));
  await page.route(`${ORIGIN}/**`, async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === DOCUMENT_PATH) return route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html });
    const mermaid = url.pathname.startsWith(MERMAID_PATH) ? mermaidDir() : null;
    if (mermaid) {
      const file = resolveInside(mermaid, url.pathname.slice(MERMAID_PATH.length));
      if (file && file.endsWith('.mjs') && (await stat(file).catch(() => null))?.isFile()) return route.fulfill({ path: file, contentType: 'text/javascript' });
      return route.fulfill({ status: 404, body: 'Not found' });
    }
    let wanted: string;
    try {
      // Under a base path the build's own links start with it; its files are at the build's root.
      const inside = basePath && (url.pathname === basePath || url.pathname.startsWith(`${basePath}/`)) ? url.pathname.slice(basePath.length) : url.pathname;
      wanted = decodeURIComponent(inside).replace(/^\/+/, '');
    } catch {
      return route.fulfill({ status: 404, body: 'Not found' });
    }
    const clean = wanted.replace(/\/+$/, '');
    for (const candidate of wanted.endsWith('/') || wanted === '' ? [`${clean}/index.html`.replace(/^\//, '')] : [clean, `${clean}/index.html`, `${clean}.html`]) {
      // The build's own bookkeeping is never served.
      if (candidate.startsWith('.folio')) continue;
      const body = await files(candidate).catch(() => null);
      if (body) return route.fulfill({ status: 200, body, contentType: CONTENT_TYPES[path.extname(candidate).toLowerCase()] ?? 'application/octet-stream' });
    }
    return route.fulfill({ status: 404, body: 'Not found' });
  });
}
