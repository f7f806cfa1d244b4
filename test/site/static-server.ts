/**
 * A minimal static file server for built sites in tests: `/a/b` → `a/b/index.html`, else 404.html.
 * `{ gzip: true }` compresses text for clients that take it, as the hosts sites are published on do
 * (and `folio serve`): what `npm run look` measures page weight and Lighthouse scores with.
 */
import { createServer, type Server } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { resolveInside } from '../../src/shared/paths.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.css': 'text/css', '.js': 'text/javascript', '.mjs': 'text/javascript', '.svg': 'image/svg+xml',
  '.json': 'application/json', '.xml': 'application/xml', '.txt': 'text/plain', '.wasm': 'application/wasm',
};

export async function serveStatic(dir: string, options: { gzip?: boolean } = {}): Promise<{ url: string; close(): Promise<void>; server: Server }> {
  const server = createServer(async (req, res) => {
    const pathname = decodeURIComponent((req.url ?? '/').split('?')[0]!);
    const candidates = [pathname, path.posix.join(pathname, 'index.html'), `${pathname}.html`];
    for (const c of candidates) {
      const file = resolveInside(dir, c);
      const info = file ? await stat(file).catch(() => null) : null;
      if (file && info?.isFile()) {
        const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
        const body = await readFile(file);
        if (options.gzip && type !== 'application/octet-stream' && body.length >= 1024 && /\bgzip\b/.test(String(req.headers['accept-encoding']))) {
          res.writeHead(200, { 'content-type': type, 'content-encoding': 'gzip', vary: 'Accept-Encoding' });
          res.end(gzipSync(body));
          return;
        }
        res.writeHead(200, { 'content-type': type });
        res.end(body);
        return;
      }
    }
    res.writeHead(404, { 'content-type': TYPES['.html']! });
    res.end(await readFile(path.join(dir, '404.html')).catch(() => 'not found'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, server, close: () => new Promise((r) => server.close(() => r())) };
}
