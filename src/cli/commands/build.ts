import path from 'node:path';
import type { Command } from 'commander';
import { formatDiagnostic } from '../../shared/diagnostics.js';

interface BuildFlags {
  out: string;
  siteUrl?: string;
  cache: boolean;
  search: boolean;
  threads?: string;
}

/** `folio build [dir] --out <dir>`: write the static site; exit 1 when any page has an error. */
export function registerBuild(program: Command): void {
  program
    .command('build')
    .description('Build a static site: one HTML file per page, assets, 404, sitemap, robots.txt, redirects, search index')
    .argument('[dir]', 'docs root (holds docs.json or mint.json)', '.')
    .option('-o, --out <dir>', 'output directory', 'dist-site')
    .option('--site-url <url>', 'absolute site URL used in sitemap.xml and robots.txt')
    .option('--no-cache', 'ignore and rewrite the build cache (<out>/.folio-cache)')
    .option('--no-search', 'skip the Pagefind search index')
    .option('--threads <n>', 'worker threads for MDX (default: all cores)')
    .action(async (dir: string, flags: BuildFlags) => {
      // React's development build is several times slower at rendering; load the build layer
      // (and with it React) only after choosing production mode. Workers inherit the variable.
      const threads = flags.threads === undefined ? undefined : Number(flags.threads);
      if (threads !== undefined && (!Number.isInteger(threads) || threads < 1)) {
        process.stderr.write(`--threads must be a whole number of at least 1, got "${flags.threads}"\n`);
        process.exitCode = 2;
        return;
      }
      process.env.NODE_ENV ??= 'production';
      const { buildSite } = await import('../../build/index.js');
      const tty = process.stderr.isTTY;
      let lastDraw = 0;
      const result = await buildSite({
        root: path.resolve(dir),
        outDir: path.resolve(flags.out),
        siteUrl: flags.siteUrl,
        cache: flags.cache,
        search: flags.search,
        threads,
        progress: tty
          ? (done, total) => {
              const now = Date.now();
              if (now - lastDraw < 80 && done !== total) return;
              lastDraw = now;
              process.stderr.write(`\r\x1b[2Krendering ${done}/${total} pages`);
            }
          : undefined,
      });
      if (tty) process.stderr.write('\r\x1b[2K');
      for (const d of result.diagnostics) process.stdout.write(formatDiagnostic(d) + '\n');
      const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
      const warnings = result.diagnostics.length - errors;
      const s = result.stats;
      const detail = s ? ` (${s.compiled} compiled, ${s.skipped} unchanged)` : '';
      process.stderr.write(
        `${result.ok ? 'built' : 'build failed:'} ${result.pages} pages${detail} in ${(result.durationMs / 1000).toFixed(2)} s, ` +
          `${errors} error(s), ${warnings} warning(s) → ${path.relative(process.cwd(), path.resolve(flags.out)) || '.'}\n`,
      );
      process.exitCode = result.ok ? 0 : 1;
    });
}
