import type { AddressInfo, Socket } from 'node:net';
import { serve } from '@hono/node-server';

export interface ListeningServer {
  port: number;
  url: string;
  close(): Promise<void>;
}

/** Open connections one client address may hold; more are closed at once. */
export const MAX_CONNECTIONS_PER_CLIENT = 256;

/**
 * Slow or idle clients give their connection back: headers within 10 s (checked every 2 s),
 * a whole request within 60 s, 5 s of keep-alive between requests.
 */
const SERVER_OPTIONS = { headersTimeout: 10_000, requestTimeout: 60_000, keepAliveTimeout: 5_000, connectionsCheckingInterval: 2_000 };

/** Close connections beyond `MAX_CONNECTIONS_PER_CLIENT` from one address, so one client cannot use up the descriptors. */
function capConnectionsPerClient(server: { on(event: 'connection', listener: (socket: Socket) => void): unknown }): void {
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = (open.get(address) ?? 0) + 1;
    if (count > MAX_CONNECTIONS_PER_CLIENT) return void socket.destroy();
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

/** Serve a fetch handler on `host:port` (port 0 picks a free one). */
export function listen(fetch: (request: Request) => Response | Promise<Response>, { port = 3000, host = '127.0.0.1' } = {}): Promise<ListeningServer> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port, hostname: host, serverOptions: SERVER_OPTIONS }, (info: AddressInfo) => {
      const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
      resolve({
        port: info.port,
        url: `http://${shown}:${info.port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            // Keep-alive sockets (pollers) would hold close() open.
            (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
          }),
      });
    });
    capConnectionsPerClient(server);
    server.once('error', reject);
  });
}
