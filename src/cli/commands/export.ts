import path from 'node:path';
import type { Command } from 'commander';
import { reportCliError } from '../support.js';

interface PdfFlags {
  output?: string;
  tab?: string;
  group?: string;
  page?: string;
  language?: string;
  built?: string;
  siteUrl?: string;
}

/**
 * `folio export pdf [dir]`: the site, or a tab, group or page of it, as one PDF with a title page and
 * a table of contents (`src/pdf/`). Printed by headless Chromium (`CHROMIUM_PATH`).
 */
export function registerExport(program: Command): void {
  const exporter = program.command('export').description('Export the docs in another format');
  exporter
    .command('pdf')
    .description('Print the site (or a tab, group or page of it) to one PDF with a title page and a table of contents, through headless Chromium')
    .argument('[dir]', 'docs root (holds docs.json or mint.json)', '.')
    .option('-o, --output <file>', 'the PDF to write (default: <docs folder name>.pdf in the current folder)')
    .option('--tab <name>', 'only the pages of this tab')
    .option('--group <name>', 'only the pages of this navigation group')
    .option('--page <path>', 'only this page (e.g. guides/setup)')
    .option('--language <code>', 'the language to print (default: the default one; all for every language)')
    .option('--built <folder>', 'print this folio build output folder as it is instead of building')
    .option('--site-url <url>', 'public URL of the site, for links to pages the PDF leaves out')
    .action(async (dir: string, flags: PdfFlags) => {
      process.env.NODE_ENV ??= 'production';
      try {
        const { exportPdf } = await import('../../pdf/index.js');
        const root = path.resolve(dir);
        const output = path.resolve(flags.output ?? `${path.basename(root) || 'docs'}.pdf`);
        const result = await exportPdf({
          root,
          output,
          selection: { tab: flags.tab, group: flags.group, page: flags.page, language: flags.language },
          built: flags.built,
          siteUrl: flags.siteUrl,
          log: (line) => process.stderr.write(`${line}\n`),
        });
        process.stdout.write(`${result.file}: ${result.pages} page(s), ${(result.bytes / 1024).toFixed(0)} KB (build ${(result.buildMs / 1000).toFixed(1)} s, print ${(result.printMs / 1000).toFixed(1)} s)\n`);
        if (result.missing.length) process.stderr.write(`Left out (not built): ${result.missing.join(', ')}\n`);
      } catch (error) {
        reportCliError(error);
      }
    });
}
