import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { loadDocsConfig } from '../../config/index.js';
import { formatDiagnostic } from '../../shared/index.js';

/** `folio upgrade [dir]`: convert a legacy mint.json into docs.json and validate the result. */
export function registerUpgrade(program: Command): void {
  program
    .command('upgrade')
    .description('Convert a legacy mint.json into the equivalent docs.json, then validate it')
    .argument('[dir]', 'docs root', '.')
    .option('--force', 'overwrite an existing docs.json')
    .action(async (dir: string, opts: { force?: boolean }) => {
      const root = path.resolve(dir);
      const target = path.join(root, 'docs.json');
      if (!fs.existsSync(path.join(root, 'mint.json'))) {
        process.stderr.write(`no mint.json in ${root}; nothing to upgrade\n`);
        process.exitCode = 2;
        return;
      }
      if (fs.existsSync(target) && !opts.force) {
        process.stderr.write(`${target} already exists; pass --force to overwrite it\n`);
        process.exitCode = 1;
        return;
      }
      // Ask for mint.json explicitly: with --force an existing docs.json would win otherwise.
      const loaded = await loadDocsConfig(root, { source: 'mint.json' });
      for (const d of loaded.diagnostics) process.stdout.write(formatDiagnostic(d) + '\n');
      if (!loaded.config) {
        process.stderr.write('mint.json could not be converted; fix the errors above and run `folio upgrade` again\n');
        process.exitCode = loaded.unreadable ? 2 : 1;
        return;
      }
      fs.writeFileSync(target, JSON.stringify(loaded.config, null, 2) + '\n');
      const check = await loadDocsConfig(root, { source: 'docs.json' });
      for (const d of check.diagnostics) process.stdout.write(formatDiagnostic(d) + '\n');
      const errors = check.diagnostics.filter((d) => d.severity === 'error').length;
      process.stderr.write(`wrote ${path.relative(process.cwd(), target) || 'docs.json'}: ${errors ? `${errors} error(s) remain` : 'valid'}\n`);
      process.exitCode = errors ? 1 : 0;
    });
}
