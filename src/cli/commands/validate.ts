import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { loadDocsConfig } from '../../config/index.js';
import { type Diagnostic, formatDiagnostic } from '../../shared/index.js';

const pick = ({ file, line, column, path: p, code, message }: Diagnostic) => ({ file, line, column, path: p, code, message });

/**
 * `folio validate [dir]`: check docs.json (or mint.json); exit 0 valid, 1 invalid, 2 unreadable.
 * Warnings (what the site builds despite) leave it valid; `--strict` turns each into an error.
 */
export function registerValidate(program: Command): void {
  program
    .command('validate')
    .description('Check docs.json (or legacy mint.json): schema, navigation structure, referenced files')
    .argument('[dir]', 'docs root (or the docs.json / mint.json file itself)', '.')
    .option('--json', 'print { valid, errors, warnings } as JSON')
    .option('--strict', 'treat every warning as an error (exit 1), for CI gates')
    .action(async (dir: string, opts: { json?: boolean; strict?: boolean }) => {
      // Accept the file itself too: `folio validate site/docs.json`.
      const target = path.resolve(dir);
      const base = path.basename(target);
      const isConfigFile = (base === 'docs.json' || base === 'mint.json') && fs.statSync(target, { throwIfNoEntry: false })?.isFile();
      const loaded = isConfigFile
        ? await loadDocsConfig(path.dirname(target), { source: base as 'docs.json' | 'mint.json' })
        : await loadDocsConfig(target);
      const diagnostics = opts.strict ? loaded.diagnostics.map((d): Diagnostic => ({ ...d, severity: 'error' })) : loaded.diagnostics;
      const errors = diagnostics.filter((d) => d.severity === 'error');
      const warnings = diagnostics.filter((d) => d.severity === 'warning');
      if (opts.json) {
        process.stdout.write(JSON.stringify({ valid: errors.length === 0, errors: errors.map(pick), warnings: warnings.map(pick) }, null, 2) + '\n');
      } else {
        for (const d of diagnostics) process.stdout.write(formatDiagnostic(d) + '\n');
        const verdict = errors.length ? 'invalid' : 'valid';
        const strict = opts.strict && loaded.diagnostics.some((d) => d.severity === 'warning') ? ' (--strict: warnings count as errors)' : '';
        process.stderr.write(`${loaded.source} is ${verdict}: ${errors.length} error(s), ${warnings.length} warning(s)${strict}\n`);
      }
      process.exitCode = loaded.unreadable ? 2 : errors.length ? 1 : 0;
    });
}
