/**
 * The dashboard's PDF exports as background work: each prints a project's LIVE published build (its
 * already built and sanitised HTML; no repository code runs) in headless Chromium with no network,
 * the files handed to it by interception (`src/pdf`'s `printPages`, `offline`). The pages and their
 * order come from the navigation of the published checkout the build was made from. One export per
 * project at a time (the `pdf_exports` table's index), at most `concurrent` prints per server process
 * (the others wait their turn), each with a time limit; the PDF is kept in its row for `keepMs`, and
 * refused past `maxBytes`. A heartbeat every few seconds lets another server tell a print whose
 * server stopped (its row is then recorded as interrupted).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { failPdfExport, finishPdfExport, notePdfExportProgress, startPdfExport, type Database, type PdfExportRow, type PdfExportScope, type ProjectRow } from '../../db/index.js';
import type { BuildFiles, PdfCode, PdfSelection } from '../../pdf/index.js';
import { htmlFileFor } from '../../shared/index.js';

export interface PdfExportLimits {
  /** Longest one print may take. */
  timeoutMs: number;
  /** How long a finished PDF is kept for download. */
  keepMs: number;
  /** Largest PDF kept; a larger one fails with PDF_EXPORT_TOO_LARGE. */
  maxBytes: number;
  /** Prints at once in this server process. */
  concurrent: number;
}

export const DEFAULT_PDF_EXPORT_LIMITS: PdfExportLimits = { timeoutMs: 15 * 60_000, keepMs: 24 * 3_600_000, maxBytes: 64 * 2 ** 20, concurrent: 1 };

/** How often a running export writes its progress (its heartbeat); four missed beats and another server may call it interrupted. */
const HEARTBEAT_MS = 5_000;
export const STALE_MS = 4 * HEARTBEAT_MS + 30_000;

export interface PdfExportRequest {
  scope: PdfExportScope;
  target: string | null;
  language: string | null;
}

export interface PdfExportSources {
  /** The docs root of the project's published checkout (its navigation), or null. */
  checkout: (project: ProjectRow) => string | null;
  /** The live build's files, or null before the project's first publish. */
  files: (project: ProjectRow) => Promise<BuildFiles | null>;
}

export class PdfExportJobs {
  private readonly running = new Set<Promise<void>>();
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly db: Database,
    private readonly sources: PdfExportSources,
    readonly limits: PdfExportLimits,
    private readonly log: (line: string) => void = () => {},
  ) {}

  /** Record and start an export; null when one of the project's is running already. */
  async start(project: ProjectRow, request: PdfExportRequest, startedBy: string | null, siteUrl: string | null): Promise<PdfExportRow | null> {
    const row = await startPdfExport(this.db, { projectId: project.id, ...request, startedBy, staleBefore: new Date(Date.now() - STALE_MS) });
    if (!row) return null;
    const work = this.run(row, project, request, siteUrl).catch((error: unknown) => this.log(`pdf export ${row.id}: ${error instanceof Error ? error.message : String(error)}`));
    this.running.add(work);
    void work.finally(() => this.running.delete(work));
    return row;
  }

  /** Resolves once every export this process started has ended. */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running]);
  }

  private async run(row: PdfExportRow, project: ProjectRow, request: PdfExportRequest, siteUrl: string | null): Promise<void> {
    // The PDF and site layers (Chromium's driver, the MDX stack) load with the first export, not with the dashboard.
    const [{ builtBasePath, PdfError, planPdf, printPages }, { loadSite }] = await Promise.all([import('../../pdf/index.js'), import('../../site/index.js')]);
    let progress = 'Starting';
    const note = (line: string) => {
      progress = line;
      void notePdfExportProgress(this.db, row.id, line).catch(() => {});
    };
    const beat = setInterval(() => void notePdfExportProgress(this.db, row.id, progress).catch(() => {}), HEARTBEAT_MS);
    beat.unref();
    let dir: string | null = null;
    let holding = false;
    try {
      if (this.active >= this.limits.concurrent) {
        note('Waiting for another export on this server to finish');
        await new Promise<void>((resume) => this.waiting.push(resume));
      } else this.active++;
      holding = true;
      const [root, files] = [this.sources.checkout(project), await this.sources.files(project)];
      if (!root || !files) throw new PdfError('PDF_EXPORT_NO_BUILD', 'This project has no published site yet: run an update on the Updates page, then export again.');
      note('Reading the navigation');
      const loaded = await loadSite(root);
      if (!loaded.site) throw new PdfError('PDF_NO_SITE', 'The published checkout has no usable docs.json; the Updates page shows the last update’s problems.');
      const plan = planPdf(loaded.site.model, selectionOf(request));
      const present = await Promise.all(plan.pages.map(async (p) => (await files(htmlFileFor(p.href)).catch(() => null)) !== null));
      const missing = plan.pages.filter((_, i) => !present[i]).map((p) => p.href);
      const pages = plan.pages.filter((_, i) => present[i]);
      if (pages.length === 0) throw new PdfError('PDF_NOT_BUILT', `None of the ${plan.pages.length} page(s) chosen is in the live build (first: ${plan.pages[0]?.href}). Run an update, then export again.`);
      const kept = { ...plan, pages, chapters: plan.chapters.map((c) => ({ ...c, pages: c.pages.filter((p) => !missing.includes(p.href)) })).filter((c) => c.pages.length) };
      dir = await mkdtemp(path.join(os.tmpdir(), 'folio-pdf-export-'));
      const output = path.join(dir, 'export.pdf');
      const printed = await printPages({ site: loaded.site, plan: kept, files, output, siteUrl, basePath: await builtBasePath(files), timeoutMs: this.limits.timeoutMs, offline: true, log: note });
      if (printed.bytes > this.limits.maxBytes) {
        throw new PdfError('PDF_EXPORT_TOO_LARGE', `The PDF came out at ${mb(printed.bytes)}, over the ${mb(this.limits.maxBytes)} exports may keep. Export a tab or a group instead.`);
      }
      const content = await readFile(output);
      const left = [...missing, ...printed.unread];
      const summary = `${printed.pages} page(s), ${mb(printed.bytes)}, printed in ${(printed.printMs / 1000).toFixed(0)} s${left.length ? `; ${left.length} page(s) not in the live build left out (first: ${left[0]})` : ''}`;
      await finishPdfExport(this.db, row.id, { content, fileName: fileNameOf(project, request, loaded.site.config.name), pages: printed.pages, progress: summary, expiresAt: new Date(Date.now() + this.limits.keepMs) });
    } catch (error) {
      const code: PdfCode = error instanceof PdfError ? error.code : 'PDF_PRINT_FAILED';
      const message = error instanceof Error ? error.message : String(error);
      await failPdfExport(this.db, row.id, code, message);
    } finally {
      clearInterval(beat);
      if (dir) await rm(dir, { recursive: true, force: true }).catch(() => {});
      if (holding) {
        const next = this.waiting.shift();
        if (next) next();
        else this.active--;
      }
    }
  }
}

const mb = (bytes: number) => (bytes >= 2 ** 20 ? `${(bytes / 2 ** 20).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

function selectionOf(request: PdfExportRequest): PdfSelection {
  const language = request.language ?? undefined;
  if (request.scope === 'tab') return { tab: request.target ?? '', language };
  if (request.scope === 'group') return { group: request.target ?? '', language };
  if (request.scope === 'page') return { page: request.target ?? '' };
  return { language };
}

/** `acme-docs-guides-2026-12-07.pdf`: the site, what was printed, the day; letters, digits and dashes only. */
function fileNameOf(project: ProjectRow, request: PdfExportRequest, siteName: string): string {
  const slug = (s: string) =>
    s
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40);
  const parts = [slug(siteName) || slug(project.id), request.target ? slug(request.target) : '', request.language ? slug(request.language) : '', new Date().toISOString().slice(0, 10)];
  return `${parts.filter(Boolean).join('-')}.pdf`;
}
