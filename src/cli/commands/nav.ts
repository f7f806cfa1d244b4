import type { Command } from 'commander';
import { navigationToJson, siteModelToText } from '../../navigation/index.js';
import { type Diagnostic, formatDiagnostic, sortDiagnostics } from '../../shared/index.js';
import { loadSite } from '../../site/index.js';

/** `folio nav [dir] [--json]`: print the resolved navigation; exit 1 on errors, 2 when unreadable. */
export function registerNav(program: Command): void {
  program
    .command('nav')
    .description('Print the resolved navigation: sections, sidebars and hidden pages (--json: docs.json shape with pages resolved)')
    .argument('[dir]', 'docs root', '.')
    .option('--json', 'print the navigation in the docs.json shape, each page as { href, title, sidebarTitle? }')
    .option('--no-openapi', 'do not read OpenAPI specs; endpoint entries stay unresolved')
    .action(async (dir: string, opts: { json?: boolean; openapi: boolean }) => {
      const { site, diagnostics, unreadable } = await loadSite(dir, { openapi: opts.openapi });
      if (!site) {
        report(diagnostics);
        process.exitCode = unreadable ? 2 : 1;
        return;
      }
      if (opts.json) {
        process.stdout.write(`${JSON.stringify(navigationToJson(site.config.navigation, site.index, site.openapi?.provider), null, 2)}\n`);
      } else {
        process.stdout.write(siteModelToText(site.model));
      }
      const errors = report(diagnostics);
      process.exitCode = errors > 0 ? 1 : 0;
    });
}

/** Problems to stderr in `folio validate`'s line format, duplicates removed; returns the error count. */
function report(list: readonly Diagnostic[]): number {
  const seen = new Set<string>();
  let errors = 0;
  for (const d of sortDiagnostics(list)) {
    const line = formatDiagnostic(d);
    if (seen.has(line)) continue;
    seen.add(line);
    if (d.severity === 'error') errors++;
    process.stderr.write(`${line}\n`);
  }
  return errors;
}
