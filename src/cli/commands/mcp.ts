import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { Command } from 'commander';

/**
 * `folio mcp [dir]`: the docs of a local repository as an MCP server over stdio (for editors and
 * coding agents). Builds the site's Markdown into a cache folder first (incremental on later runs),
 * then watches the repository: each change rebuilds (only what changed) and the server answers from
 * the new build. stdout carries only the protocol, everything else goes to stderr.
 */
export function registerMcp(program: Command): void {
  program
    .command('mcp')
    .description('Serve the docs of a local repository to AI tools as an MCP server over stdio (tools: search, get_page); rebuilds on change')
    .argument('[dir]', 'docs root (holds docs.json or mint.json)', '.')
    .option('--no-watch', 'serve the first build only, without watching the repository')
    .action(async (dir: string, options: { watch: boolean }) => {
      process.env.NODE_ENV ??= 'production';
      const root = path.resolve(dir);
      const [{ buildSite }, { docsMcpServer, loadDocsIndex }, { indexOfStream, pageRankerOf, RETRIEVAL_FILE }, { createReadStream }, { watchTree }, { StdioServerTransport }] = await Promise.all([
        import('../../site-build/index.js'),
        import('../../markdown/index.js'),
        import('../../retrieval/index.js'),
        import('node:fs'),
        import('../../dev/index.js'),
        import('@modelcontextprotocol/sdk/server/stdio.js'),
      ]);
      const outDir = path.join(os.tmpdir(), `folio-mcp-${createHash('sha256').update(root).digest('hex').slice(0, 16)}`);
      const build = async () => {
        const result = await buildSite({ root, outDir, search: false });
        const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
        process.stderr.write(`folio mcp: ${result.pages} pages of ${root} (${errors} page error(s); run folio build to see them)\n`);
        const pages = await loadDocsIndex(outDir, { fresh: true });
        // Search ranks as the discovery API does: retrieval's index of the same build.
        const sections = await indexOfStream(createReadStream(path.join(outDir, RETRIEVAL_FILE))).catch(() => null);
        return pages && sections ? pages.withRanker(pageRankerOf(sections)) : pages;
      };
      let index = await build();
      if (!index) {
        process.stderr.write('folio mcp: no usable docs.json or mint.json in this folder; nothing to serve\n');
        process.exitCode = 1;
        return;
      }
      const server = await docsMcpServer(() => index!, { name: index.name, description: index.description });
      await server.connect(new StdioServerTransport());
      if (!options.watch) return;
      // One rebuild at a time; changes during a rebuild start one more after it.
      let running: Promise<void> | null = null;
      let again = false;
      const rebuild = (): void => {
        if (running) {
          again = true;
          return;
        }
        running = build()
          .then((next) => {
            // A broken docs.json keeps the last good index.
            if (next) index = next;
          })
          .catch((error: unknown) => void process.stderr.write(`folio mcp: rebuild failed: ${error instanceof Error ? error.message : String(error)}\n`))
          .finally(() => {
            running = null;
            if (again) {
              again = false;
              rebuild();
            }
          });
      };
      const stop = watchTree(root, rebuild, { delayMs: 150 });
      // The client went away: stop watching so the process can end.
      process.stdin.once('end', stop);
      process.stdin.once('close', stop);
    });
}
