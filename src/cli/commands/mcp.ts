import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { Command } from 'commander';

/**
 * `folio mcp [dir]`: the docs of a local repository as an MCP server over stdio (for editors and
 * coding agents). Builds the site's Markdown into a cache folder first (incremental on later runs);
 * stdout carries only the protocol, everything else goes to stderr.
 */
export function registerMcp(program: Command): void {
  program
    .command('mcp')
    .description('Serve the docs of a local repository to AI tools as an MCP server over stdio (tools: search, get_page)')
    .argument('[dir]', 'docs root (holds docs.json or mint.json)', '.')
    .action(async (dir: string) => {
      process.env.NODE_ENV ??= 'production';
      const root = path.resolve(dir);
      const [{ buildSite }, { docsMcpServer, loadDocsIndex }, { StdioServerTransport }] = await Promise.all([
        import('../../site-build/index.js'),
        import('../../markdown/index.js'),
        import('@modelcontextprotocol/sdk/server/stdio.js'),
      ]);
      const outDir = path.join(os.tmpdir(), `folio-mcp-${createHash('sha256').update(root).digest('hex').slice(0, 16)}`);
      const result = await buildSite({ root, outDir, search: false });
      const errors = result.diagnostics.filter((d) => d.severity === 'error').length;
      process.stderr.write(`folio mcp: ${result.pages} pages of ${root} (${errors} page error(s); run folio build to see them)\n`);
      const index = await loadDocsIndex(outDir);
      if (!index) {
        process.stderr.write('folio mcp: no usable docs.json or mint.json in this folder; nothing to serve\n');
        process.exitCode = 1;
        return;
      }
      const server = docsMcpServer(index, { name: index.name, description: index.description });
      await server.connect(new StdioServerTransport());
    });
}
