import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Command } from 'commander';
import { formatDiagnostic, type Diagnostic } from '../../shared/index.js';
import { describeBehind, loadSite, readTranslationReport, type TranslationReport } from '../../site/index.js';

/** Codes `folio check` is about: what readers would hit as broken links, images or redirects. */
export const CHECK_CODES = new Set([
  'BUILD_LINK_BROKEN',
  'BUILD_ANCHOR_MISSING',
  'BUILD_ASSET_MISSING',
  'BUILD_REDIRECT_TARGET_MISSING',
  'BUILD_REDIRECT_CHAIN',
  'BUILD_REDIRECT_SHADOWED',
  'BUILD_REDIRECT_UNSAFE',
  'CONFIG_ASSET_NOT_FOUND',
  'NAV_LINK_NOT_FOUND',
  'BUILD_EXTERNAL_LINK_BROKEN',
  'BUILD_EXTERNAL_LINK_MOVED',
]);

/** The findings of a check: errors of any kind, and warnings with a check code. */
export function checkFindings(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.filter((d) => d.severity === 'error' || CHECK_CODES.has(d.code));
}

/** `folio check [dir] [--strict]`: render every page (nothing kept) and report broken links, anchors, images, logo files and redirects. */
export function registerCheck(program: Command): void {
  program
    .command('check')
    .description('Find broken internal links and anchors, missing images, logo or favicon files, and redirects to nowhere (renders every page; writes nothing)')
    .argument('[dir]', 'docs root (holds docs.json or mint.json)', '.')
    .option('--strict', 'exit 1 when anything is found, not only on errors')
    .option('--base <path>', 'check the site as served under this path (/docs), as folio build --base builds it: links and redirects that begin with it are full paths')
    .option('--external', 'also ask every external http(s) link and image (HEAD, else GET), 8 at a time, 0.5 s apart per host, answers cached a day in ~/.cache/folio')
    .option('--timeout <seconds>', 'with --external: time limit of one request (default 10)')
    .option('--concurrency <n>', 'with --external: requests in flight at once (default 8)')
    .option('--translations', 'instead: which translations lag behind their source page (current / stale / missing per language; renders nothing)')
    .option('--json', 'with --translations: print the whole report as JSON')
    .action(async (dir: string, flags: { strict?: boolean; base?: string; external?: boolean; timeout?: string; concurrency?: string; translations?: boolean; json?: boolean }) => {
      if (flags.translations) {
        process.exitCode = await checkTranslations(path.resolve(dir), { strict: flags.strict === true, json: flags.json === true });
        return;
      }
      const timeout = flags.timeout === undefined ? undefined : Number(flags.timeout);
      const concurrency = flags.concurrency === undefined ? undefined : Number(flags.concurrency);
      if ((timeout !== undefined && !(timeout > 0 && timeout <= 300)) || (concurrency !== undefined && !(Number.isInteger(concurrency) && concurrency >= 1 && concurrency <= 64))) {
        process.stderr.write('--timeout must be 0-300 seconds and --concurrency a whole number from 1 to 64\n');
        process.exitCode = 2;
        return;
      }
      process.env.NODE_ENV ??= 'production';
      const { buildSite } = await import('../../site-build/index.js');
      const out = await mkdtemp(path.join(os.tmpdir(), 'folio-check-'));
      try {
        const externalLinks = flags.external ? { timeoutMs: timeout === undefined ? undefined : timeout * 1000, concurrency } : undefined;
        const result = await buildSite({ root: path.resolve(dir), outDir: out, cache: false, search: false, externalLinks, basePath: flags.base });
        const findings = checkFindings(result.diagnostics);
        for (const d of findings) process.stdout.write(formatDiagnostic(d) + '\n');
        const byCode = new Map<string, number>();
        for (const d of findings) byCode.set(d.code, (byCode.get(d.code) ?? 0) + 1);
        const summary = [...byCode].map(([code, n]) => `${code} ×${n}`).join(', ');
        const ext = result.stats?.external;
        const asked = ext ? `, ${ext.checked} external link(s) asked (${ext.fromCache} from the cache)` : '';
        process.stderr.write(`checked ${result.pages} pages${asked}: ${findings.length} finding(s)${summary ? ` (${summary})` : ''}\n`);
        const errors = findings.some((d) => d.severity === 'error');
        process.exitCode = errors || (flags.strict && findings.length > 0) ? 1 : 0;
      } finally {
        await rm(out, { recursive: true, force: true });
      }
    });
}

/** The lines `folio check --translations` prints: counts per language, then each stale translation. */
export function translationReportText(report: TranslationReport): string {
  const lines = report.languages.map((l) => `${l.code}: ${l.counts.current} current, ${l.counts.stale} stale, ${l.counts.missing} missing${l.unpaired.length ? `, ${l.unpaired.length} without a source page` : ''}`);
  for (const e of report.entries) if (e.state === 'stale' && e.translation) lines.push(`${e.translation.file}: stale, ${describeBehind(e.behind)} (source ${e.source.file})`);
  return lines.join('\n') + '\n';
}

/** Where `checkTranslations` writes: the report, and the summary and problems. */
export interface CheckOutput {
  out(text: string): void;
  err(text: string): void;
}

const processOutput: CheckOutput = { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t) };

/** `folio check --translations`: 0, or 1 with `strict` when a translation is stale or missing; 2 when there is no site. */
export async function checkTranslations(root: string, { strict = false, json = false }: { strict?: boolean; json?: boolean } = {}, output: CheckOutput = processOutput): Promise<number> {
  const loaded = await loadSite(root, { openapi: false });
  if (!loaded.site) {
    for (const d of loaded.diagnostics) output.err(formatDiagnostic(d) + '\n');
    return 2;
  }
  const report = await readTranslationReport(loaded.site);
  if (json) output.out(JSON.stringify(report, null, 2) + '\n');
  else output.out(translationReportText(report));
  const totals = { current: 0, stale: 0, missing: 0 };
  for (const l of report.languages) for (const k of ['current', 'stale', 'missing'] as const) totals[k] += l.counts[k];
  if (report.defaultLanguage === null) output.err('docs.json declares no languages (navigation.languages): nothing to compare\n');
  else output.err(`${report.languages.length} language(s) beside ${report.defaultLanguage}: ${totals.current} current, ${totals.stale} stale, ${totals.missing} missing${report.history ? '' : ' (no git history: translations without a translatedFrom record count as current)'}\n`);
  return strict && totals.stale + totals.missing > 0 ? 1 : 0;
}
