import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';

export interface ListeningServer {
  port: number;
  url: string;
  close(): Promise<void>;
}

/** Serve a fetch handler on `host:port` (port 0 picks a free one). */
export function listen(fetch: (request: Request) => Response | Promise<Response>, { port = 3000, host = '127.0.0.1' } = {}): Promise<ListeningServer> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port, hostname: host }, (info: AddressInfo) => {
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
    server.once('error', reject);
  });
}
