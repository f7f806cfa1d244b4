import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Command } from 'commander';
import { type Diagnostic, formatDiagnostic } from '../../shared/index.js';
import type { BuildOptions, BuildResult } from '../../site-build/index.js';

interface BuildFlags {
  out: string;
  siteUrl?: string;
  cache: boolean;
  search: boolean;
  threads?: string;
  watch?: boolean;
  llmsFullMax?: string;
  strict?: boolean;
  untrusted?: boolean;
  sandbox?: boolean;
  pageTimeout?: string;
  base?: string;
  ogImages?: boolean;
  ogImagesMax?: string;
}

/** `folio build [dir] --out <dir>`: write the static site; exit 1 when any page has an error (with `--strict`, any warning too). */
export function registerBuild(program: Command): void {
  program
    .command('build')
    .description('Build a static site: one HTML file per page, assets, 404, sitemap, robots.txt, redirects, search index')
    .argument('[dir]', 'docs root (holds docs.json or mint.json)', '.')
    .option('-o, --out <dir>', 'output directory', 'dist-site')
    .option('--site-url <url>', 'absolute site URL used in sitemap.xml and robots.txt')
    .option('--base <path>', 'serve the site under this path (/docs, behind a reverse proxy): every link, asset, search and sitemap URL gets it')
    .option('--no-cache', 'ignore and rewrite the build cache (<out>/.folio-cache)')
    .option('--no-search', 'skip the Pagefind search index')
    .option('--threads <n>', 'MDX threads (default: this thread alone below 4 cores, else all cores but one)')
    .option('--llms-full-max <bytes>', 'split llms-full.txt into one file per section past this size (default 8000000)')
    .option('--watch', 'stay running and rebuild what changed whenever a file of the docs root changes')
    .option('--strict', 'treat every warning as an error (exit 1), for CI gates; the site is still written')
    .option('--untrusted', "build a repository you do not trust: none of its code runs (MDX expressions, exports, components' bodies), raw HTML is sanitised, each page renders in an isolated worker under a time limit")
    .option('--sandbox', 'implies --untrusted: run the whole build in the sandboxed child process folio serve builds in (no network, the repository read-only, only the output folder writable, where the kernel allows user namespaces); no progress line, not with --watch')
    .option('--og-images', 'draw a social image (PNG, 1200×630) per page from docs.json `thumbnails` and name it as og:image; unchanged pages are not drawn again')
    .option('--og-images-max <n>', 'with --og-images: draw at most this many images per build (default 1000); the rest get the site image until a later build')
    .option('--page-timeout <seconds>', 'with --untrusted: stop a page that takes longer than this to render (default 10)')
    .action(async (dir: string, flags: BuildFlags) => {
      // React's development build is several times slower at rendering; load the build layer
      // (and with it React) only after choosing production mode. Workers inherit the variable.
      const threads = flags.threads === undefined ? undefined : Number(flags.threads);
      if (threads !== undefined && (!Number.isInteger(threads) || threads < 1)) {
        process.stderr.write(`--threads must be a whole number of at least 1, got "${flags.threads}"\n`);
        process.exitCode = 2;
        return;
      }
      const llmsFullMaxBytes = flags.llmsFullMax === undefined ? undefined : Number(flags.llmsFullMax);
      if (llmsFullMaxBytes !== undefined && (!Number.isInteger(llmsFullMaxBytes) || llmsFullMaxBytes < 1)) {
        process.stderr.write(`--llms-full-max must be a whole number of bytes, got "${flags.llmsFullMax}"\n`);
        process.exitCode = 2;
        return;
      }
      const pageTimeout = flags.pageTimeout === undefined ? undefined : Number(flags.pageTimeout);
      if (pageTimeout !== undefined && !(pageTimeout > 0 && pageTimeout <= 3600)) {
        process.stderr.write(`--page-timeout must be a number of seconds between 0 and 3600, got "${flags.pageTimeout}"\n`);
        process.exitCode = 2;
        return;
      }
      const ogMax = flags.ogImagesMax === undefined ? undefined : Number(flags.ogImagesMax);
      if (ogMax !== undefined && (!Number.isInteger(ogMax) || ogMax < 0)) {
        process.stderr.write(`--og-images-max must be a whole number, got "${flags.ogImagesMax}"\n`);
        process.exitCode = 2;
        return;
      }
      if (flags.sandbox && flags.watch) {
        process.stderr.write('--sandbox builds once; --watch rebuilds in this process (use --untrusted --watch)\n');
        process.exitCode = 2;
        return;
      }
      process.env.NODE_ENV ??= 'production';
      const { buildSite, WatchBuild } = await import('../../site-build/index.js');
      const root = path.resolve(dir);
      const outDir = path.resolve(flags.out);
      const tty = process.stderr.isTTY;
      let lastDraw = 0;
      const options: Parameters<typeof buildSite>[0] = {
        root,
        outDir,
        siteUrl: flags.siteUrl,
        basePath: flags.base,
        cache: flags.cache,
        search: flags.search,
        threads,
        llmsFullMaxBytes,
        untrusted: flags.untrusted || flags.sandbox,
        ogImages: flags.ogImages || ogMax !== undefined ? { max: ogMax } : undefined,
        pageTimeoutMs: pageTimeout === undefined ? undefined : Math.round(pageTimeout * 1000),
        progress: tty
          ? (done, total) => {
              const now = Date.now();
              if (now - lastDraw < 80 && done !== total) return;
              lastDraw = now;
              process.stderr.write(`\r\x1b[2Krendering ${done}/${total} pages`);
            }
          : undefined,
      };
      // Under --watch, a body-only page edit rebuilds that page alone (`WatchBuild`).
      const watcher = flags.watch ? new WatchBuild(options) : null;
      const build = () => (flags.sandbox ? sandboxed(options) : buildSite(options));
      const once = async (verb: string, failed: string, changed?: string[]) => {
        lastDraw = 0;
        const result = watcher ? await watcher.build(changed) : await build();
        if (tty) process.stderr.write('\r\x1b[2K');
        const diagnostics = flags.strict ? strictly(result.diagnostics) : result.diagnostics;
        for (const d of diagnostics) process.stdout.write(formatDiagnostic(d) + '\n');
        const errors = diagnostics.filter((d) => d.severity === 'error').length;
        const warnings = diagnostics.filter((d) => d.severity === 'warning').length;
        const notes = diagnostics.length - errors - warnings;
        const ok = result.ok && errors === 0;
        const s = result.stats;
        const og = s?.og ? `, ${s.og.drawn} social images drawn (${s.og.reused} kept) in ${(s.og.ms / 1000).toFixed(2)} s` : '';
        const detail = s ? ` (${s.compiled} compiled, ${s.skipped} unchanged${og})` : '';
        process.stderr.write(
          `${ok ? verb : failed} ${result.pages} pages${detail} in ${(result.durationMs / 1000).toFixed(2)} s, ` +
            `${errors} error(s), ${warnings} warning(s)${notes ? `, ${notes} note(s)` : ''} → ${path.relative(process.cwd(), outDir) || '.'}\n`,
        );
        if (diagnostics.length > 0) process.stderr.write(`by code: ${countByCode(diagnostics)}\n`);
        return ok;
      };
      const ok = await once('built', 'build failed:');
      process.exitCode = ok ? 0 : 1;
      if (flags.watch) await watch(root, outDir, (changed) => once('rebuilt', 'rebuild failed:', changed));
    });
}

/**
 * `--sandbox`: the build in the sandboxed child process `folio serve` builds repositories in
 * (`buildSiteIsolated`: no network, the repository read-only and only the output folder writable
 * where the kernel allows user namespaces), reading the git repository around the docs root (its
 * history dates the pages). No progress line: the child reports only its result. Not the default of
 * `--untrusted`: under namespaces a link in the docs root whose target is outside shows as a
 * dangling one, so a linked folder of pages is not reported as such (`CONTENT_SYMLINK_SKIPPED`).
 */
async function sandboxed(options: BuildOptions): Promise<BuildResult> {
  const { buildSiteIsolated } = await import('../../site-build/index.js');
  const { progress: _drawn, untrusted: _always, ...data } = options;
  return buildSiteIsolated({ ...data, threads: data.threads ?? os.availableParallelism(), checkout: repositoryAround(data.root), log: (line) => process.stderr.write(`${line}\n`) });
}

/** The folder of the git repository `root` is in (the nearest holding `.git`), or `root` itself. */
function repositoryAround(root: string): string {
  for (let dir = root; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, '.git'))) return dir;
    if (path.dirname(dir) === dir) return root;
  }
}

/**
 * Rebuild on every change under `root` (the output folder excepted) until SIGINT or SIGTERM.
 * Changes that arrive during a build are collected into one more build after it.
 */
async function watch(root: string, outDir: string, rebuild: (changed: string[]) => Promise<boolean>): Promise<void> {
  const { watchTree } = await import('../../dev/index.js');
  let running: Promise<void> | null = null;
  const pending = new Set<string>();
  const run = (files: string[]) => {
    for (const f of files) pending.add(f);
    if (running) return;
    const changed = [...pending];
    pending.clear();
    running = rebuild(changed)
      .then((ok) => void (process.exitCode = ok ? 0 : 1))
      .finally(() => {
        running = null;
        if (pending.size) run([]);
      });
  };
  const stop = watchTree(root, run, { ignore: [outDir] });
  process.stderr.write('watching for changes (Ctrl+C to stop)\n');
  // A first build served from the cache loaded no MDX pipeline; load it now (a throwaway page
  // with a code block) so the first edit is as quick as the later ones (~0.35 s → ~0.14 s).
  const { runMdxJob } = await import('../../render/index.js');
  await runMdxJob({ id: 0, file: 'folio-warm-up.mdx', source: '# Warm up\n\n```ts\nconst ready = true;\n```\n', lineOffset: 0 }, root, {});
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  stop();
  await running;
}

/** `--strict`: every warning (a degradation the build forgave) becomes an error, so CI can refuse it. */
export function strictly(list: readonly Diagnostic[]): Diagnostic[] {
  return list.map((d) => (d.severity === 'warning' ? { ...d, severity: 'error' } : d));
}

/** `MDX_UNDEFINED_EXPRESSION warning ×3, MDX_PARSE_ERROR error ×1`: problems counted by code, most first. */
export function countByCode(list: readonly Diagnostic[]): string {
  const counts = new Map<string, number>();
  for (const d of list) counts.set(`${d.code} ${d.severity}`, (counts.get(`${d.code} ${d.severity}`) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([k, n]) => `${k} ×${n}`).join(', ');
}
