import path from 'node:path';
import type { Command } from 'commander';
import { loadDocsConfig } from '../../config/index.js';
import { buildPageIndex } from '../../content/index.js';
import { navigationToJson, resolveSiteModel, siteModelToText } from '../../navigation/index.js';
import { collectOpenApiSources, loadOpenApiSpecs } from '../../openapi/index.js';
import { type Diagnostic, formatDiagnostic, sortDiagnostics } from '../../shared/diagnostics.js';

/** `folio nav [dir] [--json]`: print the resolved navigation; exit 1 on errors, 2 when unreadable. */
export function registerNav(program: Command): void {
  program
    .command('nav')
    .description('Print the resolved navigation: sections, sidebars and hidden pages (--json: docs.json shape with pages resolved)')
    .argument('[dir]', 'docs root', '.')
    .option('--json', 'print the navigation in the docs.json shape, each page as { href, title, sidebarTitle? }')
    .option('--no-openapi', 'do not read OpenAPI specs; endpoint entries stay unresolved')
    .action(async (dir: string, opts: { json?: boolean; openapi: boolean }) => {
      const root = path.resolve(dir);
      const loaded = await loadDocsConfig(root);
      const diagnostics: Diagnostic[] = [...loaded.diagnostics];
      if (!loaded.config) {
        report(diagnostics);
        process.exitCode = loaded.unreadable ? 2 : 1;
        return;
      }
      const index = await buildPageIndex(root, { variables: loaded.config.variables ?? {} });
      diagnostics.push(...index.diagnostics);
      const openapi = opts.openapi ? await loadOpenApiSpecs(root, collectOpenApiSources(loaded.config)) : undefined;
      const resolveOptions = { locate: loaded.locate, ...(openapi ? { openapi: openapi.provider } : {}) };
      const { model, diagnostics: found } = resolveSiteModel(loaded.config, index, resolveOptions);
      diagnostics.push(...found);
      if (openapi) diagnostics.push(...openapi.diagnostics, ...openapi.provider.diagnostics());
      if (opts.json) {
        process.stdout.write(`${JSON.stringify(navigationToJson(loaded.config.navigation, index, openapi?.provider), null, 2)}\n`);
      } else {
        process.stdout.write(siteModelToText(model));
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
