import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Command } from 'commander';
import { formatDiagnostic, type Diagnostic } from '../../shared/index.js';

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
    .action(async (dir: string, flags: { strict?: boolean }) => {
      process.env.NODE_ENV ??= 'production';
      const { buildSite } = await import('../../site-build/index.js');
      const out = await mkdtemp(path.join(os.tmpdir(), 'folio-check-'));
      try {
        const result = await buildSite({ root: path.resolve(dir), outDir: out, cache: false, search: false });
        const findings = checkFindings(result.diagnostics);
        for (const d of findings) process.stdout.write(formatDiagnostic(d) + '\n');
        const byCode = new Map<string, number>();
        for (const d of findings) byCode.set(d.code, (byCode.get(d.code) ?? 0) + 1);
        const summary = [...byCode].map(([code, n]) => `${code} ×${n}`).join(', ');
        process.stderr.write(`checked ${result.pages} pages: ${findings.length} finding(s)${summary ? ` (${summary})` : ''}\n`);
        const errors = findings.some((d) => d.severity === 'error');
        process.exitCode = errors || (flags.strict && findings.length > 0) ? 1 : 0;
      } finally {
        await rm(out, { recursive: true, force: true });
      }
    });
}
