import { execFileSync, spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';

const BACKEND = path.join(execFileSync('git', ['--exec-path'], { encoding: 'utf8' }).trim(), 'git-http-backend');

export interface HttpGitServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Every Authorization header received, in order (null when a request had none). */
  authorizations: Array<string | null>;
  /** Resolves with the first request under `/hang/` (never answered), and its socket. */
  hung: Promise<Socket>;
  close(): Promise<void>;
}

/**
 * Smart HTTP git over `root` through git's own `git http-backend` (CGI). Reads are open (unless
 * `readsNeedToken`: a private repository); pushes need Basic auth with `pushToken` as the password (as
 * GitHub does for a public repository). Requests under `/hang/` are read and never answered, like a
 * remote that stopped responding.
 */
export async function startHttpGitServer(root: string, pushToken: string, { readsNeedToken = false } = {}): Promise<HttpGitServer> {
  const authorizations: Array<string | null> = [];
  let onHang: (s: Socket) => void = () => {};
  const hung = new Promise<Socket>((resolve) => (onHang = resolve));
  const sockets = new Set<Socket>();

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    authorizations.push(req.headers.authorization ?? null);
    if (url.pathname.startsWith('/hang/')) {
      onHang(req.socket);
      return;
    }
    const push = url.pathname.endsWith('/git-receive-pack') || url.searchParams.get('service') === 'git-receive-pack';
    let user = '';
    if (push || readsNeedToken) {
      const [scheme, encoded] = (req.headers.authorization ?? '').split(' ');
      const [name, password] = Buffer.from(encoded ?? '', 'base64').toString('utf8').split(':');
      if (scheme !== 'Basic' || password !== pushToken) {
        res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="docs"', 'Content-Type': 'text/plain' });
        res.end('authentication required');
        return;
      }
      user = name ?? 'user';
    }
    const child = spawn(BACKEND, [], {
      env: {
        GIT_PROJECT_ROOT: root,
        GIT_HTTP_EXPORT_ALL: '1',
        PATH_INFO: url.pathname,
        QUERY_STRING: url.search.slice(1),
        REQUEST_METHOD: req.method ?? 'GET',
        CONTENT_TYPE: req.headers['content-type'] ?? '',
        HTTP_CONTENT_ENCODING: req.headers['content-encoding'] ?? '',
        HTTP_GIT_PROTOCOL: String(req.headers['git-protocol'] ?? ''),
        REMOTE_ADDR: '127.0.0.1',
        ...(user ? { REMOTE_USER: user } : {}),
      },
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    req.pipe(child.stdin);
    const out: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.on('close', () => {
      const all = Buffer.concat(out);
      const split = all.indexOf('\r\n\r\n');
      const head = all.subarray(0, split).toString('utf8');
      const headers: Record<string, string> = {};
      let status = 200;
      for (const line of head.split('\r\n')) {
        const colon = line.indexOf(':');
        const name = line.slice(0, colon).trim();
        const value = line.slice(colon + 1).trim();
        if (name.toLowerCase() === 'status') status = Number(value.split(' ')[0]);
        else if (name) headers[name] = value;
      }
      res.writeHead(status, headers);
      res.end(all.subarray(split + 4));
    });
  };

  const server = createServer(handle);
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    authorizations,
    hung,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
